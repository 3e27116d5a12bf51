-- A hot on-sale's purchase limit (decision 304): while a session's queue is on, one buyer holds at
-- most session_demand.ticket_limit of its tickets in live orders, counted per account, device,
-- delivery address and payment card. Each live order's keys are rows here, inserted by a guarded
-- INSERT … SELECT in the batch that places it (the card's when its payment is approved) and
-- deleted when it gives its tickets back. Keys are SHA-256 hashes, never an address or a card.
CREATE TABLE `session_purchase_keys` (
	`order_id` integer NOT NULL REFERENCES `orders`(`id`),
	`key_kind` text NOT NULL CHECK (`key_kind` IN ('account', 'device', 'address', 'card')),
	`session_id` integer NOT NULL REFERENCES `sessions`(`id`),
	`key_hash` text NOT NULL,
	`tickets` integer NOT NULL CHECK (`tickets` > 0),
	PRIMARY KEY (`order_id`, `key_kind`)
);
--> statement-breakpoint
CREATE INDEX `session_purchase_keys_key` ON `session_purchase_keys` (`session_id`,`key_kind`,`key_hash`);
