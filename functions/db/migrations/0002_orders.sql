CREATE TABLE `order_notes` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`amount` integer,
	`currency_code` text,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_notes_dedupe` ON `order_notes` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `order_notes_order` ON `order_notes` (`order_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_no` text NOT NULL,
	`user_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`session_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`status` text NOT NULL,
	`cancel_reason` text,
	`delivery_method` text NOT NULL,
	`contact_email` text NOT NULL,
	`contact_phone_code` text NOT NULL,
	`contact_phone` text NOT NULL,
	`shipping_address` text,
	`channel` text NOT NULL,
	`currency_code` text NOT NULL,
	`unit_price` integer NOT NULL,
	`ticket_amount` integer NOT NULL,
	`service_fee` integer NOT NULL,
	`vat` integer NOT NULL,
	`shipping_fee` integer NOT NULL,
	`additional_fees` integer NOT NULL,
	`payment_gateway_fee` integer NOT NULL,
	`total_amount` integer NOT NULL,
	`display_currency_code` text NOT NULL,
	`display_total_amount` integer NOT NULL,
	`exchange_rate` text NOT NULL,
	`trade_per_usd_micros` integer NOT NULL,
	`display_per_usd_micros` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`paid_at` integer,
	`paid_payment_id` integer,
	`canceled_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_order_no` ON `orders` (`order_no`);--> statement-breakpoint
CREATE INDEX `orders_listing` ON `orders` (`listing_id`,`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `orders_user` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_user_unpaid` ON `orders` (`user_id`,`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `orders_expiry` ON `orders` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`provider_payment_id` text NOT NULL,
	`amount` integer,
	`currency_code` text,
	`delivery_token` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_events_provider_event` ON `payment_events` (`provider`,`event_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`provider_payment_id` text,
	`amount` integer NOT NULL,
	`currency_code` text NOT NULL,
	`pay_method` text,
	`status` text NOT NULL,
	`failure_reason` text,
	`provider_refund_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`succeeded_at` integer,
	`refunded_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_id` ON `payments` (`provider`,`provider_payment_id`);--> statement-breakpoint
CREATE INDEX `payments_order` ON `payments` (`order_id`);--> statement-breakpoint
CREATE INDEX `payments_status` ON `payments` (`status`);