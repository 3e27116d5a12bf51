-- Web push (functions/db/schema/push.ts): the devices that allowed notifications, and the outbox
-- of notifications owed to them, one row per event and device (the unique index is what keeps an
-- event from reaching a device twice).
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`user_id` integer REFERENCES `users`(`id`),
	`language` text NOT NULL,
	`topics` text NOT NULL,
	`time_zone` text NOT NULL,
	`quiet_from` integer,
	`quiet_until` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint` ON `push_subscriptions` (`endpoint`);
--> statement-breakpoint
CREATE INDEX `push_subscriptions_user` ON `push_subscriptions` (`user_id`);
--> statement-breakpoint
CREATE TABLE `push_deliveries` (
	`id` integer PRIMARY KEY NOT NULL,
	`subscription_id` integer NOT NULL REFERENCES `push_subscriptions`(`id`) ON DELETE CASCADE,
	`event_key` text NOT NULL,
	`topic` text NOT NULL CHECK (`topic` IN ('queue', 'alerts', 'orders', 'messages', 'sales')),
	`payload` text NOT NULL,
	`urgency` text NOT NULL CHECK (`urgency` IN ('normal', 'high')),
	`status` text NOT NULL CHECK (`status` IN ('queued', 'sending', 'sent', 'failed', 'expired')),
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_deliveries_event` ON `push_deliveries` (`event_key`,`subscription_id`);
--> statement-breakpoint
CREATE INDEX `push_deliveries_due` ON `push_deliveries` (`status`,`next_attempt_at`);
