-- One live resale per source order, decided by the database: duplicates listed before the rule
-- are withdrawn first (the oldest of each order stays live, each withdrawal recorded as a change
-- by the system), then a partial unique index makes a second live resale of an order impossible.
-- The e-ticket a seller uploads with a listing is remembered, so its buyers receive that file.
INSERT INTO `listing_changes` (`listing_id`, `actor_user_id`, `kind`, `from_value`, `to_value`, `created_at`)
SELECT t.`listing_id`, NULL, 'withdrawn', NULL, NULL, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
FROM `listing_terms` t
WHERE t.`source_order_id` IS NOT NULL AND t.`withdrawn_at` IS NULL
  AND EXISTS (SELECT 1 FROM `listing_terms` older WHERE older.`source_order_id` = t.`source_order_id`
              AND older.`withdrawn_at` IS NULL AND older.`listing_id` < t.`listing_id`);
--> statement-breakpoint
UPDATE `listing_terms`
SET `withdrawn_at` = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER),
    `updated_at` = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
WHERE `source_order_id` IS NOT NULL AND `withdrawn_at` IS NULL
  AND EXISTS (SELECT 1 FROM `listing_terms` older WHERE older.`source_order_id` = `listing_terms`.`source_order_id`
              AND older.`withdrawn_at` IS NULL AND older.`listing_id` < `listing_terms`.`listing_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `listing_terms_live_resale` ON `listing_terms` (`source_order_id`) WHERE `source_order_id` IS NOT NULL AND `withdrawn_at` IS NULL;--> statement-breakpoint
ALTER TABLE `listing_terms` ADD `e_ticket_r2_key` text;
--> statement-breakpoint
UPDATE `listing_terms`
SET `e_ticket_r2_key` = substr(`proof_r2_key`, 1, length(`proof_r2_key`) - length('proof')) || 'e-ticket.pdf'
WHERE `source_order_id` IS NULL AND `proof_r2_key` LIKE 'listings/%/proof'
  AND `listing_id` IN (SELECT `id` FROM `listings` WHERE `e_ticket_ready` = 1);
