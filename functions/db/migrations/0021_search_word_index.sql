-- Search's speed at 10,000 tours (decision 297).
-- Where each word key sits in its name, so a keyword's exact, prefix and word ranks are read
-- from the word index alone, without the name. 0: the key is the whole name; 1: the key starts
-- the name; 2: a later word's start.
ALTER TABLE `search_words` ADD `place` integer DEFAULT 2 NOT NULL;
UPDATE `search_words` SET `place` = (
  SELECT CASE
    WHEN replace(n.folded, ' ', '') = search_words.word THEN 0
    WHEN substr(replace(n.folded, ' ', ''), 1, length(search_words.word)) = search_words.word THEN 1
    ELSE 2
  END
  FROM search_names n WHERE n.id = search_words.name_id
);
-- Each name's trigrams beside its bigrams (never equal: their lengths differ), so a keyword of
-- three characters is found anywhere by one gram, and a longer one by grams that few names share.
INSERT OR IGNORE INTO `search_grams` (`gram`, `name_id`)
WITH RECURSIVE at(name_id, compact, i) AS (
  SELECT id, replace(folded, ' ', ''), 1 FROM search_names WHERE length(replace(folded, ' ', '')) >= 3
  UNION ALL
  SELECT name_id, compact, i + 1 FROM at WHERE i + 3 <= length(compact)
)
SELECT substr(compact, i, 3), name_id FROM at;
-- A venue's or a city's shows in id order, so search reads the first 200 of Hong Kong's 20,000
-- and stops, where the (venue_id, status) and (city_code, status) indexes gave them to be sorted.
CREATE INDEX `shows_venue_order` ON `shows` (`venue_id`,`id`);
CREATE INDEX `shows_city_order` ON `shows` (`city_code`,`id`);
