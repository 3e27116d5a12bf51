-- The stadium on-sale (market/demand): a session's draw is committed before its pre-queue opens
-- (the seed's SHA-256 published, the seed revealed at opening), the room is sized from the
-- arrivals support expects, and a buyer may take at most ticket_limit tickets of the session,
-- counted per account, device, delivery address and payment card.
ALTER TABLE `session_demand` ADD COLUMN `seed` text;
ALTER TABLE `session_demand` ADD COLUMN `seed_hash` text;
ALTER TABLE `session_demand` ADD COLUMN `expected_arrivals` integer;
ALTER TABLE `session_demand` ADD COLUMN `ticket_limit` integer NOT NULL DEFAULT 4;
