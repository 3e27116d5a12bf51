-- How often buyers opened each listing, shown to its seller; the seller's own visits are not counted.
CREATE TABLE `listing_views` (
	`listing_id` integer PRIMARY KEY NOT NULL,
	`views` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE no action
);
