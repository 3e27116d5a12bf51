-- Messages (issue 12): the per-user conversation index lives here; the messages themselves live
-- in each conversation's Durable Object (its own SQLite).
CREATE TABLE `conversations` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`buyer_user_id` integer NOT NULL REFERENCES `users`(`id`),
	`order_id` integer REFERENCES `orders`(`id`),
	`seller_id` integer REFERENCES `sellers`(`id`),
	`support_joined_at` integer,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`last_message_at` integer,
	`last_message_preview` text,
	`last_sender_user_id` integer,
	`oldest_message_at` integer,
	`waiting_since` integer,
	`created_at` integer NOT NULL
);
CREATE UNIQUE INDEX `conversations_order` ON `conversations` (`order_id`) WHERE `kind` = 'order';
CREATE UNIQUE INDEX `conversations_support_buyer` ON `conversations` (`buyer_user_id`) WHERE `kind` = 'support';
CREATE INDEX `conversations_waiting` ON `conversations` (`kind`, `waiting_since`);
CREATE INDEX `conversations_oldest` ON `conversations` (`oldest_message_at`);
CREATE TABLE `conversation_members` (
	`conversation_id` integer NOT NULL REFERENCES `conversations`(`id`),
	`user_id` integer NOT NULL REFERENCES `users`(`id`),
	`role` text NOT NULL,
	`unread_count` integer DEFAULT 0 NOT NULL,
	`first_unread_at` integer,
	`last_read_seq` integer DEFAULT 0 NOT NULL,
	`pinned_at` integer,
	`muted` integer DEFAULT false NOT NULL,
	`hidden_at` integer,
	`last_seen_at` integer,
	`notified_at` integer,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`conversation_id`, `user_id`)
);
CREATE INDEX `conversation_members_user` ON `conversation_members` (`user_id`, `pinned_at`);
CREATE INDEX `conversation_members_unread` ON `conversation_members` (`unread_count`, `first_unread_at`);
CREATE TABLE `message_sends` (
	`user_id` integer NOT NULL,
	`client_message_id` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `client_message_id`)
);
CREATE INDEX `message_sends_recent` ON `message_sends` (`user_id`, `sent_at`);
CREATE TABLE `message_reports` (
	`id` integer PRIMARY KEY NOT NULL,
	`conversation_id` integer NOT NULL REFERENCES `conversations`(`id`),
	`seq` integer NOT NULL,
	`reporter_user_id` integer NOT NULL REFERENCES `users`(`id`),
	`sender_user_id` integer,
	`reason` text NOT NULL,
	`excerpt` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL
);
CREATE UNIQUE INDEX `message_reports_once` ON `message_reports` (`conversation_id`, `seq`, `reporter_user_id`);
