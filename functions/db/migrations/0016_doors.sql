-- The doors: a partner's signed sign-in is single-use (each signature's nonce is kept until the
-- signature expires), and emailed codes are counted per requester as well as per address.
CREATE TABLE `channel_nonces` (
	`nonce` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `channel_nonces_expiry` ON `channel_nonces` (`expires_at`);--> statement-breakpoint
ALTER TABLE `email_codes` ADD `requester` text;--> statement-breakpoint
CREATE INDEX `email_codes_requester` ON `email_codes` (`requester`,`created_at`);