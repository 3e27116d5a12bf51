/** Search's index (search_names, search_words, search_grams) against the catalog it copies. */
import { env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { reindex } from "../../functions/market/search/catalog-index";
import { searchCatalog } from "../../functions/market/search/search";
import { searchQuerySchema } from "../../functions/market/search/query";
import { catalogContext, seedCatalog, TEST_ANCHOR } from "./support/catalog";

beforeAll(async () => {
  await seedCatalog();
});

async function count(query: string): Promise<number> {
  return (await env.DB.prepare(query).first<{ n: number }>())!.n;
}

test("the seed writes the index with the catalog: a name per entity, field and language", async () => {
  const kinds = await env.DB.prepare("SELECT kind, count(*) AS n FROM search_names GROUP BY kind ORDER BY kind").all<{ kind: string; n: number }>();
  // 34 tours × title and artist × 2; 9 cities × 2; 7 categories × 2; 17 venues × name and
  // address × 2, and 6 nicknames × 2.
  expect(kinds.results).toEqual([
    { kind: "category", n: 14 },
    { kind: "city", n: 18 },
    { kind: "tour", n: 136 },
    { kind: "venue", n: 80 },
  ]);
  expect(await count("SELECT count(*) AS n FROM search_words")).toBe(665);
  expect(await count("SELECT count(*) AS n FROM search_grams WHERE length(gram) = 2")).toBe(2945);
  expect(await count("SELECT count(*) AS n FROM search_grams WHERE length(gram) = 3")).toBe(2786);
});

test("every indexed name is the catalog's own, as written", async () => {
  expect(await count("SELECT count(*) AS n FROM tours t JOIN search_names n ON n.kind = 'tour' AND n.entity_id = t.id AND n.field = 'title' AND n.language = 'zh' AND n.name = t.title_zh")).toBe(34);
  expect(await count("SELECT count(*) AS n FROM tours t JOIN search_names n ON n.kind = 'tour' AND n.entity_id = t.id AND n.field = 'artist' AND n.language = 'en' AND n.name = t.artist_en")).toBe(34);
  expect(await count("SELECT count(*) AS n FROM venues v JOIN search_names n ON n.kind = 'venue' AND n.entity_id = v.id AND n.field = 'nickname' AND n.language = 'zh' AND n.name = v.nickname_zh")).toBe(6);
  expect(await count("SELECT count(*) AS n FROM locations l JOIN search_names n ON n.kind = 'city' AND n.entity_id = l.id AND n.language = 'en' AND n.name = l.name_en")).toBe(9);
  expect(await env.DB.prepare("SELECT folded FROM search_names WHERE kind = 'venue' AND entity_id = 3 ORDER BY id").all()).toMatchObject({
    results: [
      { folded: "hong kong coliseum" },
      { folded: "香港体育馆" },
      { folded: "hung hom coliseum" },
      { folded: "红馆" },
      { folded: "9 cheong wan road hung hom kowloon" },
      { folded: "九龙红磡畅运道 9 号" },
    ],
  });
  // Every word and gram belongs to a name.
  expect(await count("SELECT count(*) AS n FROM search_grams WHERE name_id NOT IN (SELECT id FROM search_names)")).toBe(0);
  expect(await count("SELECT count(*) AS n FROM search_words WHERE name_id NOT IN (SELECT id FROM search_names)")).toBe(0);
});

test("re-indexing an entity replaces its rows: a nickname taken away is no longer found", async () => {
  const ctx = catalogContext(TEST_ANCHOR.getTime());
  const before = await searchCatalog(ctx, searchQuerySchema.parse({ keyword: "紅館" }));
  expect(before.venues.total).toBe(1);
  await reindex(ctx.db, [{ kind: "venue", entityId: 3, names: { name: { en: "Hong Kong Coliseum", zh: "香港體育館" }, nickname: { en: "The Coliseum", zh: null } } }]);
  expect(await count("SELECT count(*) AS n FROM search_names WHERE kind = 'venue' AND entity_id = 3")).toBe(3);
  expect(await count("SELECT count(*) AS n FROM search_grams WHERE gram = '红馆'")).toBe(0);
  // 248 names, less the venue's 6, plus the 3 it now has.
  expect(await count("SELECT count(*) AS n FROM search_names")).toBe(245);
  const after = await searchCatalog(ctx, searchQuerySchema.parse({ keyword: "紅館" }));
  expect([after.venues.total, after.shows.total]).toEqual([0, 0]);
  const renamed = await searchCatalog(ctx, searchQuerySchema.parse({ keyword: "the coliseum" }));
  expect(renamed.venues.list).toMatchObject([{ id: 3, match: "exact" }]);
});

test("migration 0021 places an existing index's word keys as the writer does", async () => {
  const migration = env.TEST_MIGRATIONS.find((each) => each.name.startsWith("0021_"));
  const update = migration!.queries.find((query) => query.startsWith("UPDATE"))!;
  const written = await env.DB.prepare("SELECT word, name_id, place FROM search_words ORDER BY word, name_id").all();
  expect(written.results.filter((row) => row.place === 0).length).toBeGreaterThan(0);
  expect(written.results.filter((row) => row.place === 1).length).toBeGreaterThan(0);
  await env.DB.prepare("UPDATE search_words SET place = 2").run();
  await env.DB.prepare(update).run();
  const migrated = await env.DB.prepare("SELECT word, name_id, place FROM search_words ORDER BY word, name_id").all();
  expect(migrated.results).toEqual(written.results);
  // NOVA SEVEN's artist is its whole name, its title starts with it.
  expect(migrated.results.filter((row) => row.word === "novaseven")).toEqual([
    { word: "novaseven", name_id: 12, place: 0 },
    { word: "novaseven", name_id: 13, place: 0 },
  ]);
});

test("migration 0021 gives an existing index the trigrams the writer gives it", async () => {
  const migration = env.TEST_MIGRATIONS.find((each) => each.name.startsWith("0021_"));
  const insert = migration!.queries.find((query) => query.includes("INSERT OR IGNORE INTO `search_grams`"))!;
  const trigramsOf = async () =>
    (await env.DB.prepare("SELECT gram, name_id FROM search_grams WHERE length(gram) = 3 ORDER BY gram, name_id").all()).results;
  const written = await trigramsOf();
  await env.DB.prepare("DELETE FROM search_grams WHERE length(gram) = 3").run();
  await env.DB.prepare(insert).run();
  expect(await trigramsOf()).toEqual(written);
  // NOVA SEVEN's artist name (12): "novaseven".
  expect(written.filter((row) => row.name_id === 12).map((row) => row.gram)).toEqual(["ase", "eve", "nov", "ova", "sev", "ven", "vas"].sort());
});
