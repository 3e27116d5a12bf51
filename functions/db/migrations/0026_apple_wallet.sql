-- Apple Wallet (functions/db/schema/wallet.ts): the devices that added an entry ticket's pass,
-- registered through Apple's pass web service, and the ticket's last change each was told of.
CREATE TABLE `apple_pass_registrations` (
	`device_library_id` text NOT NULL,
	`ticket_id` integer NOT NULL REFERENCES `entry_tickets`(`id`) ON DELETE CASCADE,
	`push_token` text NOT NULL,
	`told_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY (`device_library_id`, `ticket_id`)
);
--> statement-breakpoint
CREATE INDEX `apple_pass_registrations_ticket` ON `apple_pass_registrations` (`ticket_id`);
--> statement-breakpoint
-- What a pass shows of its event changes with the event: a session's time, a show's status or
-- venue, a venue's name or place. Each such change marks the event's entry tickets as changed
-- (updated_at, which the pass web service reads), so their passes are fetched again. No app
-- statement sets these columns (the catalog comes from its import), so no guarded write's
-- change count ever includes these rows.
CREATE TRIGGER `entry_tickets_follow_session` AFTER UPDATE OF `starts_at` ON `sessions`
BEGIN
	UPDATE `entry_tickets` SET `updated_at` = max(`updated_at` + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
	WHERE `session_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `entry_tickets_follow_show` AFTER UPDATE OF `status`, `venue_id` ON `shows`
BEGIN
	UPDATE `entry_tickets` SET `updated_at` = max(`updated_at` + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
	WHERE `session_id` IN (SELECT `id` FROM `sessions` WHERE `show_id` = NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `entry_tickets_follow_venue` AFTER UPDATE OF `name_en`, `name_zh`, `lat_e6`, `lng_e6` ON `venues`
BEGIN
	UPDATE `entry_tickets` SET `updated_at` = max(`updated_at` + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
	WHERE `session_id` IN (SELECT `s`.`id` FROM `sessions` `s` INNER JOIN `shows` `sh` ON `sh`.`id` = `s`.`show_id` WHERE `sh`.`venue_id` = NEW.`id`);
END;
