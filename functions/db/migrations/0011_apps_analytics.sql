-- Analytics collected by our own endpoint, order attribution, student certification.
CREATE TABLE `analytics_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`received_at` integer NOT NULL,
	`occurred_at` integer NOT NULL,
	`event` text NOT NULL,
	`channel` text NOT NULL,
	`campaign` text DEFAULT '' NOT NULL,
	`page` text,
	`device_id` text,
	`session_id` text,
	`user_id` text,
	`params` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_events_received` ON `analytics_events` (`received_at`);
--> statement-breakpoint
CREATE INDEX `analytics_events_funnel` ON `analytics_events` (`occurred_at`,`event`);
--> statement-breakpoint
CREATE TABLE `analytics_daily` (
	`day` text NOT NULL,
	`event` text NOT NULL,
	`channel` text NOT NULL,
	`campaign` text DEFAULT '' NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `event`, `channel`, `campaign`)
);
--> statement-breakpoint
CREATE TABLE `order_attributions` (
	`order_id` integer PRIMARY KEY NOT NULL REFERENCES `orders`(`id`),
	`campaign` text DEFAULT '' NOT NULL,
	`params` text NOT NULL,
	`captured_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `student_certifications` (
	`user_id` integer PRIMARY KEY NOT NULL REFERENCES `users`(`id`),
	`school_email` text NOT NULL,
	`status` text NOT NULL,
	`code_hash` text,
	`code_expires_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`verified_at` integer,
	`expires_at` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_certifications_school_email` ON `student_certifications` (`school_email`) WHERE `status` = 'verified';
--> statement-breakpoint
ALTER TABLE `listings` ADD `students_only` integer DEFAULT 0 NOT NULL;
