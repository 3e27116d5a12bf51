-- Search's speed (decision 290): a venue's shows were read by scanning every show (no index on
-- venue_id), and counting a venue's or a city's shows to come read each session's row for its
-- times. A venue's listed shows are now one range, and a show's session times are in the index.
CREATE INDEX `shows_venue` ON `shows` (`venue_id`,`status`);
CREATE INDEX `sessions_show_times` ON `sessions` (`show_id`,`starts_at`,`sale_ends_at`);
