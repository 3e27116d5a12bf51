ALTER TABLE `orders` ADD `user_coupon_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_discount_minor` integer DEFAULT 0 NOT NULL;