CREATE TABLE `addresses` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`full_name` text NOT NULL,
	`phone_code` text NOT NULL,
	`phone` text NOT NULL,
	`country_region` text NOT NULL,
	`province` text NOT NULL,
	`city` text NOT NULL,
	`district` text,
	`address` text NOT NULL,
	`address_remark` text,
	`postal_code` text,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `addresses_user` ON `addresses` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `addresses_one_default` ON `addresses` (`user_id`) WHERE "addresses"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`title_en` text NOT NULL,
	`title_zh` text NOT NULL,
	`details_en` text NOT NULL,
	`details_zh` text NOT NULL,
	`kind` text NOT NULL,
	`currency_code` text NOT NULL,
	`amount_off` integer,
	`percent_bps` integer,
	`max_discount` integer,
	`min_spend` integer DEFAULT 0 NOT NULL,
	`valid_from` integer NOT NULL,
	`valid_to` integer NOT NULL,
	`new_user_only` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code` ON `coupons` (`code`);--> statement-breakpoint
CREATE TABLE `user_coupons` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`coupon_id` integer NOT NULL,
	`claimed_at` integer NOT NULL,
	`order_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_coupons_user_coupon` ON `user_coupons` (`user_id`,`coupon_id`);--> statement-breakpoint
CREATE INDEX `user_coupons_order` ON `user_coupons` (`order_id`);--> statement-breakpoint
-- Demo coupons every environment starts with (docs/decisions.md): a new-user welcome, a capped
-- percentage, a big-spend fixed amount, and one already expired so the 'expired' refusal shows.
INSERT INTO `coupons` (`code`, `title_en`, `title_zh`, `details_en`, `details_zh`, `kind`, `currency_code`, `amount_off`, `percent_bps`, `max_discount`, `min_spend`, `valid_from`, `valid_to`, `new_user_only`, `created_at`) VALUES
	('WELCOME50', 'HK$50 off your first tickets', '首次購票減 HK$50', 'For accounts that have not bought tickets yet. Spend HK$300 or more on tickets.', '適用於未曾購票的帳戶。門票消費滿 HK$300 可用。', 'fixed', 'HKD', 5000, NULL, NULL, 30000, 1767225600000, 1830297600000, 1, 1767225600000),
	('ENCORE10', '10% off tickets', '門票九折', '10% off the ticket price, up to HK$200 off. No minimum spend.', '門票價錢九折，最多減 HK$200。不設最低消費。', 'percent', 'HKD', NULL, 1000, 20000, 0, 1767225600000, 1830297600000, 0, 1767225600000),
	('BIGNIGHT150', 'HK$150 off big nights', '大型演出減 HK$150', 'Spend HK$1,500 or more on tickets.', '門票消費滿 HK$1,500 可用。', 'fixed', 'HKD', 15000, NULL, NULL, 150000, 1767225600000, 1830297600000, 0, 1767225600000),
	('SUMMER25', 'HK$25 summer treat', '夏日優惠減 HK$25', 'Valid during summer 2025 only.', '只限 2025 年夏季使用。', 'fixed', 'HKD', 2500, NULL, NULL, 0, 1735689600000, 1767225600000, 0, 1735689600000);
