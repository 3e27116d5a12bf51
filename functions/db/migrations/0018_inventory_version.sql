-- What a session offers changes with every hold, order, payment, expiry, refund and listing change:
-- each bumps the session's inventory version in the same write, by trigger, so no write path can
-- forget it. Listings and seat maps kept at the edge are keyed by it (docs/decisions.md 269).
ALTER TABLE `sessions` ADD `inventory_version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `orders_inventory_insert` AFTER INSERT ON `orders` BEGIN
  UPDATE `sessions` SET `inventory_version` = `inventory_version` + 1 WHERE `id` = NEW.`session_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_inventory_update` AFTER UPDATE OF `status`, `quantity`, `expires_at`, `listing_id` ON `orders` BEGIN
  UPDATE `sessions` SET `inventory_version` = `inventory_version` + 1 WHERE `id` IN (OLD.`session_id`, NEW.`session_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `listings_inventory_insert` AFTER INSERT ON `listings` BEGIN
  UPDATE `sessions` SET `inventory_version` = `inventory_version` + 1 WHERE `id` = NEW.`session_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `listings_inventory_update` AFTER UPDATE ON `listings` BEGIN
  UPDATE `sessions` SET `inventory_version` = `inventory_version` + 1 WHERE `id` IN (OLD.`session_id`, NEW.`session_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `listings_inventory_delete` AFTER DELETE ON `listings` BEGIN
  UPDATE `sessions` SET `inventory_version` = `inventory_version` + 1 WHERE `id` = OLD.`session_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `listing_terms_inventory_insert` AFTER INSERT ON `listing_terms` BEGIN
  UPDATE `sessions` SET `inventory_version` = `inventory_version` + 1 WHERE `id` = (SELECT `session_id` FROM `listings` WHERE `id` = NEW.`listing_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `listing_terms_inventory_update` AFTER UPDATE ON `listing_terms` BEGIN
  UPDATE `sessions` SET `inventory_version` = `inventory_version` + 1 WHERE `id` = (SELECT `session_id` FROM `listings` WHERE `id` = NEW.`listing_id`);
END;
