-- Selling: seller profiles, the terms a listing was listed on, every change made to it, the
-- seats each order got, support's payout holds, and the resale-law flags of venues and events.
CREATE TABLE `seller_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`seller_id` integer NOT NULL,
	`display_name` text NOT NULL,
	`kind` text NOT NULL,
	`trader_legal_name` text,
	`trader_address` text,
	`trader_email` text,
	`trader_phone` text,
	`trader_registration_no` text,
	`account_currency` text,
	`recipient_name` text,
	`alipay_account` text,
	`bank_name` text,
	`bank_code` text,
	`swift_code` text,
	`card_number` text,
	`account_opening_area` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seller_profiles_seller` ON `seller_profiles` (`seller_id`);--> statement-breakpoint
CREATE TABLE `listing_terms` (
	`listing_id` integer PRIMARY KEY NOT NULL,
	`created_by` integer NOT NULL,
	`seat_numbers` text,
	`proof_r2_key` text,
	`proof_file_name` text,
	`proof_content_type` text,
	`note` text,
	`delivery_details` text,
	`restriction` text,
	`ticket_numbers` text,
	`law_rule` text,
	`cap_minor` integer,
	`disclosures` text,
	`source_order_id` integer,
	`withdrawn_at` integer,
	`withdrawn_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`source_order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `listing_terms_source_order` ON `listing_terms` (`source_order_id`);--> statement-breakpoint
CREATE TABLE `listing_changes` (
	`id` integer PRIMARY KEY NOT NULL,
	`listing_id` integer NOT NULL,
	`actor_user_id` integer,
	`kind` text NOT NULL,
	`from_value` text,
	`to_value` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `listing_changes_listing` ON `listing_changes` (`listing_id`,`id`);--> statement-breakpoint
CREATE TABLE `order_seats` (
	`listing_id` integer NOT NULL,
	`position` integer NOT NULL,
	`order_id` integer NOT NULL,
	PRIMARY KEY(`listing_id`, `position`),
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_seats_order` ON `order_seats` (`order_id`);--> statement-breakpoint
CREATE TABLE `payout_holds` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`reason` text NOT NULL,
	`held_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`released_by` integer,
	`released_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payout_holds_order` ON `payout_holds` (`order_id`);--> statement-breakpoint
CREATE TABLE `venue_resale_flags` (
	`venue_id` integer PRIMARY KEY NOT NULL,
	`jurisdiction` text,
	`licensed_place` integer DEFAULT 0 NOT NULL,
	`designated_venue` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`venue_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `show_resale_flags` (
	`show_id` integer PRIMARY KEY NOT NULL,
	`designated_event` integer DEFAULT 0 NOT NULL,
	`resale_restricted` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`show_id`) REFERENCES `shows`(`id`) ON UPDATE no action ON DELETE no action
);
