-- Money paid out of an order to its seller, once per order: the payout's release is recorded by
-- one guarded INSERT that refuses while the order has an open after-sales case or one that
-- granted the buyer money, and an after-sales approval refuses once the payout has left.
CREATE TABLE `payout_releases` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`amount` integer NOT NULL,
	`currency_code` text NOT NULL,
	`released_by` integer NOT NULL,
	`released_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
