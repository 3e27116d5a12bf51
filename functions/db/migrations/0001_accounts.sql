CREATE TABLE `email_codes` (
	`id` integer PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`salt` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE INDEX `email_codes_email` ON `email_codes` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`kind` text NOT NULL,
	`language` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_to` ON `mail_outbox` (`to_address`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_pending` ON `mail_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `sign_in_guards` (
	`email` text NOT NULL,
	`kind` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_started_at` integer NOT NULL,
	`locked_until` integer,
	PRIMARY KEY(`email`, `kind`)
);
--> statement-breakpoint
CREATE TABLE `support_requests` (
	`id` integer PRIMARY KEY NOT NULL,
	`issue_type` text NOT NULL,
	`order_no` text,
	`name` text NOT NULL,
	`contact_email` text NOT NULL,
	`phone` text,
	`message` text NOT NULL,
	`language` text NOT NULL,
	`user_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `support_requests_email` ON `support_requests` (`contact_email`,`created_at`);--> statement-breakpoint
CREATE INDEX `support_requests_user` ON `support_requests` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_identities` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`subject` text NOT NULL,
	`email` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_identities_subject` ON `user_identities` (`provider`,`subject`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_identities_user_provider` ON `user_identities` (`user_id`,`provider`);--> statement-breakpoint
CREATE TABLE `user_sessions` (
	`id` integer PRIMARY KEY NOT NULL,
	`public_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` integer NOT NULL,
	`registered` integer DEFAULT false NOT NULL,
	`channel` text NOT NULL,
	`device_id` text,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_sessions_token` ON `user_sessions` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_sessions_public` ON `user_sessions` (`public_id`);--> statement-breakpoint
CREATE INDEX `user_sessions_user` ON `user_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY NOT NULL,
	`email` text,
	`email_verified_at` integer,
	`phone` text,
	`nick_name` text,
	`first_name` text,
	`last_name` text,
	`avatar` text,
	`default_language` text DEFAULT 'en-US' NOT NULL,
	`password_hash` text,
	`channel` text DEFAULT 'web' NOT NULL,
	`disabled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone` ON `users` (`phone`);