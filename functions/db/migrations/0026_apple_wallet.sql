-- Apple Wallet (functions/db/schema/wallet.ts): the devices that added an entry ticket's pass,
-- registered through Apple's pass web service, and the ticket version each was last told of.
CREATE TABLE `apple_pass_registrations` (
	`device_library_id` text NOT NULL,
	`ticket_id` integer NOT NULL REFERENCES `entry_tickets`(`id`) ON DELETE CASCADE,
	`push_token` text NOT NULL,
	`told_version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY (`device_library_id`, `ticket_id`)
);
--> statement-breakpoint
CREATE INDEX `apple_pass_registrations_ticket` ON `apple_pass_registrations` (`ticket_id`);
