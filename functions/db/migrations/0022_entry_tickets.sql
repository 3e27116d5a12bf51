-- Tickets at the gate (decision 299): Ovation-issued entry codes.
-- A listing may ask Ovation to issue its entry codes (the event's door scans with Ovation) in
-- place of handing over files; each paid ticket of it is one entry ticket with its own holder
-- secret, sealed at rest (functions/market/entry). Resale and transfer move the ticket and put a
-- new secret in the same batch; refunds void it.
ALTER TABLE `listings` ADD `entry_codes` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE `entry_tickets` (
	`id` integer PRIMARY KEY NOT NULL,
	`session_id` integer NOT NULL REFERENCES `sessions`(`id`),
	`issuer_seller_id` integer NOT NULL REFERENCES `sellers`(`id`),
	`order_id` integer NOT NULL REFERENCES `orders`(`id`),
	`holder_user_id` integer NOT NULL REFERENCES `users`(`id`),
	`holder_name` text,
	`seat_label` text,
	`version` integer DEFAULT 1 NOT NULL,
	`sealed_secret` text,
	`state` text DEFAULT 'valid' NOT NULL CHECK (`state` IN ('valid', 'void')),
	`admitted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `entry_tickets_holder` ON `entry_tickets` (`holder_user_id`,`state`);
--> statement-breakpoint
CREATE INDEX `entry_tickets_order` ON `entry_tickets` (`order_id`);
--> statement-breakpoint
CREATE INDEX `entry_tickets_session` ON `entry_tickets` (`session_id`,`issuer_seller_id`);
