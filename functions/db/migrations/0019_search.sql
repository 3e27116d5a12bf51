-- Search (decisions 290-292): venues' nicknames, and an index of the catalog's names of our own
-- (folded names, their word starts and bigrams) rather than FTS5: D1 cannot export a database
-- holding virtual tables, and FTS5's trigrams cannot match a two-character Chinese keyword.
-- Written by market/search/catalog-index.ts in the same write as the catalog rows it copies.
ALTER TABLE `venues` ADD `nickname_en` text;
ALTER TABLE `venues` ADD `nickname_zh` text;
CREATE TABLE `search_names` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`entity_id` integer NOT NULL,
	`field` text NOT NULL,
	`language` text NOT NULL,
	`name` text NOT NULL,
	`folded` text NOT NULL,
	`grams` integer NOT NULL
);
CREATE TABLE `search_words` (
	`word` text NOT NULL,
	`name_id` integer NOT NULL,
	PRIMARY KEY (`word`, `name_id`)
) WITHOUT ROWID;
CREATE INDEX `search_words_name` ON `search_words` (`name_id`);
CREATE TABLE `search_grams` (
	`gram` text NOT NULL,
	`name_id` integer NOT NULL,
	PRIMARY KEY (`gram`, `name_id`)
) WITHOUT ROWID;
CREATE INDEX `search_grams_name` ON `search_grams` (`name_id`);
