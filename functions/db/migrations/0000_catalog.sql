CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name_en` text NOT NULL,
	`name_zh` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE TABLE `currencies` (
	`code` text PRIMARY KEY NOT NULL,
	`name_en` text NOT NULL,
	`name_zh` text NOT NULL,
	`symbol` text NOT NULL,
	`minor_units` integer NOT NULL,
	`per_usd_micros` integer NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `languages` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `listings` (
	`id` integer PRIMARY KEY NOT NULL,
	`session_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`section_id` integer NOT NULL,
	`row_label` text,
	`seat_from` integer,
	`seats_together` integer DEFAULT true NOT NULL,
	`quantity` integer NOT NULL,
	`price_minor` integer NOT NULL,
	`face_value_minor` integer NOT NULL,
	`currency_code` text NOT NULL,
	`delivery_method` text NOT NULL,
	`split_rule` text NOT NULL,
	`e_ticket_ready` integer DEFAULT false NOT NULL,
	`listed_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`section_id`) REFERENCES `venue_sections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `listings_session` ON `listings` (`session_id`,`price_minor`);--> statement-breakpoint
CREATE INDEX `listings_section` ON `listings` (`section_id`);--> statement-breakpoint
CREATE TABLE `locations` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`name_en` text NOT NULL,
	`name_zh` text NOT NULL,
	`parent_code` text,
	`phone_code` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`client_hidden` integer DEFAULT false NOT NULL,
	`currency_code` text NOT NULL,
	`language_code` text NOT NULL,
	`time_zone` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `locations_code_unique` ON `locations` (`code`);--> statement-breakpoint
CREATE TABLE `sellers` (
	`id` integer PRIMARY KEY NOT NULL,
	`nickname` text NOT NULL,
	`phone` text NOT NULL,
	`rating_x10` integer DEFAULT 50 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` integer PRIMARY KEY NOT NULL,
	`show_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`sale_ends_at` integer NOT NULL,
	FOREIGN KEY (`show_id`) REFERENCES `shows`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sessions_show` ON `sessions` (`show_id`);--> statement-breakpoint
CREATE INDEX `sessions_starts` ON `sessions` (`starts_at`);--> statement-breakpoint
CREATE TABLE `shows` (
	`id` integer PRIMARY KEY NOT NULL,
	`tour_id` integer NOT NULL,
	`venue_id` integer NOT NULL,
	`city_code` text NOT NULL,
	`status` text NOT NULL,
	`sale_starts_at` integer NOT NULL,
	FOREIGN KEY (`tour_id`) REFERENCES `tours`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`venue_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `shows_tour` ON `shows` (`tour_id`);--> statement-breakpoint
CREATE INDEX `shows_city` ON `shows` (`city_code`,`status`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name_en` text NOT NULL,
	`name_zh` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_slug_unique` ON `tags` (`slug`);--> statement-breakpoint
CREATE TABLE `ticket_alerts` (
	`id` integer PRIMARY KEY NOT NULL,
	`tour_id` integer NOT NULL,
	`email` text NOT NULL,
	`language` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tour_id`) REFERENCES `tours`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_alerts_tour_email` ON `ticket_alerts` (`tour_id`,`email`);--> statement-breakpoint
CREATE TABLE `tour_tags` (
	`tour_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`tour_id`, `tag_id`),
	FOREIGN KEY (`tour_id`) REFERENCES `tours`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `tours` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`category_id` integer NOT NULL,
	`title_en` text NOT NULL,
	`title_zh` text NOT NULL,
	`artist_en` text NOT NULL,
	`artist_zh` text NOT NULL,
	`description_en` text NOT NULL,
	`description_zh` text NOT NULL,
	`poster_seed` integer NOT NULL,
	`poster_palette` text NOT NULL,
	`popularity` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tours_slug_unique` ON `tours` (`slug`);--> statement-breakpoint
CREATE INDEX `tours_category` ON `tours` (`category_id`);--> statement-breakpoint
CREATE TABLE `venue_sections` (
	`id` integer PRIMARY KEY NOT NULL,
	`venue_id` integer NOT NULL,
	`code` text NOT NULL,
	`name_en` text NOT NULL,
	`name_zh` text NOT NULL,
	`zone` text NOT NULL,
	`path` text NOT NULL,
	`label_x` integer NOT NULL,
	`label_y` integer NOT NULL,
	`obstructed` integer DEFAULT false NOT NULL,
	`general_admission` integer DEFAULT false NOT NULL,
	`rows` integer NOT NULL,
	`seats_per_row` integer NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`venue_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `venue_sections_code` ON `venue_sections` (`venue_id`,`code`);--> statement-breakpoint
CREATE TABLE `venues` (
	`id` integer PRIMARY KEY NOT NULL,
	`city_code` text NOT NULL,
	`name_en` text NOT NULL,
	`name_zh` text NOT NULL,
	`address_en` text NOT NULL,
	`address_zh` text NOT NULL,
	`time_zone` text NOT NULL,
	`kind` text NOT NULL,
	`capacity` integer NOT NULL,
	`lat_e6` integer NOT NULL,
	`lng_e6` integer NOT NULL,
	`map_width` integer NOT NULL,
	`map_height` integer NOT NULL
);
