CREATE TABLE `account_roles` (
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`seller_id` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `role`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `deliveries` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`method` text NOT NULL,
	`state` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`due_at` integer,
	`pickup_code` text,
	`pickup_at` integer,
	`pickup_location` text,
	`pickup_remark` text,
	`provider_phone` text,
	`carrier` text,
	`tracking_no` text,
	`transfer_to` text,
	`transfer_ref` text,
	`redemption_code` text,
	`voucher_code` text,
	`voucher_code_expires_at` integer,
	`voucher_revealed_at` integer,
	`state_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deliveries_order` ON `deliveries` (`order_id`);--> statement-breakpoint
CREATE INDEX `deliveries_due` ON `deliveries` (`state`,`due_at`);--> statement-breakpoint
CREATE TABLE `delivery_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`delivery_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`from_state` text,
	`to_state` text NOT NULL,
	`actor` text NOT NULL,
	`actor_user_id` integer,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`delivery_id`) REFERENCES `deliveries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `delivery_events_order` ON `delivery_events` (`order_id`,`id`);--> statement-breakpoint
CREATE TABLE `delivery_files` (
	`id` integer PRIMARY KEY NOT NULL,
	`delivery_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`r2_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`uploaded_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`delivery_id`) REFERENCES `deliveries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_files_key` ON `delivery_files` (`r2_key`);--> statement-breakpoint
CREATE INDEX `delivery_files_delivery` ON `delivery_files` (`delivery_id`);--> statement-breakpoint
CREATE TABLE `after_sale_cases` (
	`id` integer PRIMARY KEY NOT NULL,
	`case_no` text NOT NULL,
	`order_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`reason` text NOT NULL,
	`description` text,
	`refund_amount` integer DEFAULT 0 NOT NULL,
	`compensation_amount` integer DEFAULT 0 NOT NULL,
	`currency_code` text NOT NULL,
	`approved_refund_amount` integer,
	`approved_compensation_amount` integer,
	`account_currency` text NOT NULL,
	`recipient_name` text NOT NULL,
	`alipay_account` text,
	`bank_name` text,
	`bank_code` text,
	`swift_code` text,
	`card_number` text,
	`account_opening_area` text,
	`decision_reason` text,
	`decided_by` integer,
	`decided_at` integer,
	`provider_refund_id` text,
	`refunded_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `after_sale_cases_case_no` ON `after_sale_cases` (`case_no`);--> statement-breakpoint
CREATE INDEX `after_sale_cases_user` ON `after_sale_cases` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `after_sale_cases_order` ON `after_sale_cases` (`order_id`);--> statement-breakpoint
CREATE INDEX `after_sale_cases_status` ON `after_sale_cases` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `after_sale_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`case_id` integer NOT NULL,
	`kind` text NOT NULL,
	`actor` text NOT NULL,
	`actor_user_id` integer,
	`note` text,
	`amount` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`case_id`) REFERENCES `after_sale_cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `after_sale_events_case` ON `after_sale_events` (`case_id`,`id`);