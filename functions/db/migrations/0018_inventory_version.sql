-- What a session offers changes with every hold, order, payment, cancel and listing change: each
-- such batch also moves the session's inventory version (listings/inventory-version.ts), and the
-- listings and seat maps kept at the edge are keyed by it (docs/decisions.md 269). Not by trigger:
-- D1 counts a trigger's rows in a statement's changes, which the guarded writes decide by.
ALTER TABLE `sessions` ADD `inventory_version` integer DEFAULT 0 NOT NULL;
