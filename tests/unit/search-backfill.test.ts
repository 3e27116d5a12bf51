/** A catalog seeded before search's index gets the index of its own rows (functions/seed/search-backfill.ts). */
import { expect, test } from "vitest";
import { searchBackfillScript } from "../../functions/seed/search-backfill";

test("the catalog's rows, read back, become index rows: names in both languages, their word keys and bigrams, and nothing else", () => {
  const { script, names } = searchBackfillScript({
    tours: [{ id: 1, titleEn: "Afterglow", titleZh: "餘暉", artistEn: "NOVA SEVEN", artistZh: "" }],
    venues: [{ id: 2, nameEn: "Hong Kong Coliseum", nameZh: "香港體育館", nicknameEn: null, nicknameZh: "紅館", addressEn: null, addressZh: null }],
    locations: [
      { id: 11, kind: "city", nameEn: "Hong Kong", nameZh: "香港" },
      { id: 1, kind: "region", nameEn: "Asia", nameZh: "亞洲" },
    ],
    categories: [{ id: 3, nameEn: "Bossa Bossa", nameZh: "" }],
  });
  // Title in two languages, the artist in one, the venue's name in two and its nickname in one, the city in two, the category in one.
  expect(names).toBe(9);
  expect(script).toContain(`INSERT INTO "search_names" ("id", "kind", "entity_id", "field", "language", "name", "folded", "grams") VALUES`);
  expect(script).toContain(`(10, 'tour', 1, 'title', 'en', 'Afterglow', 'afterglow', 8)`);
  expect(script).toContain(`(12, 'tour', 1, 'artist', 'en', 'NOVA SEVEN', 'nova seven', 8)`);
  expect(script).toContain(`'venue', 2, 'nickname', 'zh', '紅館', '红馆', 1)`);
  expect(script).toContain(`INSERT INTO "search_words" ("word", "name_id", "place") VALUES`);
  // Each word key with where it sits: the whole name (0), the name's start (1), a later word (2).
  expect(script).toContain(`('hongkongcoliseum', 42949672984, 0)`);
  expect(script).toContain(`('kongcoliseum', 42949672984, 2)`);
  expect(script).toContain(`('novaseven', 12, 0)`);
  expect(script).toContain(`('afterglow', 10, 0)`);
  // A later word's key that also starts the name is kept once, at the name's start.
  expect(script).toContain(`('bossabossa', 128849018914, 0)`);
  expect(script).toContain(`('bossa', 128849018914, 1)`);
  expect(script).not.toContain(`('bossa', 128849018914, 2)`);
  expect(script).toContain(`INSERT INTO "search_grams" ("gram", "name_id") VALUES`);
  expect(script).not.toContain("亚洲");
  expect(script).not.toMatch(/INSERT INTO "(tours|venues|locations|categories)"/);
});
