-- Buyer insight: price history, ticket alerts that mail, and the waiting room's switch.
-- Ticket alerts may follow one session (0 = the whole tour) and carry a price the buyer set.
ALTER TABLE `ticket_alerts` ADD `session_id` integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE `ticket_alerts` ADD `price_below_minor` integer;--> statement-breakpoint
ALTER TABLE `ticket_alerts` ADD `price_currency` text;--> statement-breakpoint
ALTER TABLE `ticket_alerts` ADD `seen_available` integer;--> statement-breakpoint
ALTER TABLE `ticket_alerts` ADD `seen_below` integer;--> statement-breakpoint
ALTER TABLE `ticket_alerts` ADD `last_mailed_at` integer;--> statement-breakpoint
ALTER TABLE `ticket_alerts` ADD `unsubscribed_at` integer;--> statement-breakpoint
DROP INDEX `ticket_alerts_tour_email`;--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_alerts_scope_email` ON `ticket_alerts` (`tour_id`,`session_id`,`email`);--> statement-breakpoint
CREATE TABLE `session_price_points` (
	`id` integer PRIMARY KEY NOT NULL,
	`session_id` integer NOT NULL,
	`at` integer NOT NULL,
	`all_in_minor` integer,
	`currency_code` text,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `session_price_points_session` ON `session_price_points` (`session_id`,`at`);--> statement-breakpoint
CREATE TABLE `session_demand` (
	`session_id` integer PRIMARY KEY NOT NULL,
	`queue_on` integer NOT NULL,
	`marked_by` text NOT NULL,
	`staff_user_id` integer,
	`shards` integer NOT NULL,
	`admit_per_minute` integer NOT NULL,
	`opens_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `pick_seat_arrivals` (
	`session_id` integer NOT NULL,
	`minute` integer NOT NULL,
	`visitor` text NOT NULL,
	PRIMARY KEY(`session_id`, `minute`, `visitor`)
);
