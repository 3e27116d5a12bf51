/**
 * Search over the seeded catalog (functions/market/search): what each keyword finds, in which
 * order, in each language and script. The catalog is seeded from TEST_ANCHOR, so ids and
 * statuses are the same on every run.
 */
import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { candidateNames, searchCatalog, popularSearches } from "../../functions/market/search/search";
import { rankOf, searchKey } from "../../functions/market/search/match";
import { searchQuerySchema } from "../../functions/market/search/query";
import type { SearchResults } from "../../functions/market/search/results";
import type { Viewer } from "../../functions/market/context/viewer";
import { catalogContext, seedCatalog, TEST_ANCHOR } from "./support/catalog";

const DAY_MS = 86_400_000;
const seededAt = TEST_ANCHOR.getTime();

beforeAll(async () => {
  await seedCatalog();
});

function search(query: Record<string, unknown>, viewer: Partial<Viewer> = {}, at = seededAt): Promise<SearchResults> {
  return searchCatalog(catalogContext(at, viewer), searchQuerySchema.parse(query));
}

const showIds = (results: SearchResults) => results.shows.list.map((show) => show.showId);

test("a Latin prefix finds NOVA SEVEN's tour first: its shows by date, the one not yet on sale after them, the past one (closed) last", async () => {
  const results = await search({ keyword: "nov" });
  expect(showIds(results)).toEqual([2, 3, 4, 5, 6, 1]);
  expect(results.shows.list.map((show) => [show.tourId, show.status, show.match])).toEqual([
    [1, "ONSALE", "prefix"],
    [1, "ONSALE", "prefix"],
    [1, "ONSALE", "prefix"],
    [1, "ONSALE", "prefix"],
    [1, "PENDING", "prefix"],
    [1, "PAST", "prefix"],
  ]);
  expect(results.shows.list[5]).toMatchObject({ venue: { name: "KSPO Dome" }, sessions: 0, lowestPrice: null });
  expect(results.shows.list[0]).toMatchObject({ title: "NOVA SEVEN World Tour: AFTERGLOW", venue: { id: 1, name: "Kai Tak Stadium" }, city: { code: "HKG", name: "Hong Kong" } });
  expect(results.artists.list).toMatchObject([{ name: "NOVA SEVEN", tourId: 1, tours: 1, match: "prefix" }]);
  // A show not yet on sale has nothing to buy; one on sale has Explore's 'from' price.
  expect(results.shows.list[4].lowestPrice).toBeNull();
  expect(results.shows.list[0].lowestPrice?.allIn.currency).toBe("HKD");
});

test("a zh-HK viewer typing Latin finds NOVA SEVEN, named in Chinese", async () => {
  const results = await search({ keyword: "nova" }, { language: "zh-HK" });
  expect(showIds(results)).toEqual([2, 3, 4, 5, 6, 1]);
  expect(results.shows.list[0]).toMatchObject({ title: "NOVA SEVEN 世界巡迴演唱會《AFTERGLOW》", venue: { name: "啟德主場館" }, city: { name: "香港" } });
});

test("one typing mistake in a word of five letters or more is forgiven, ranked as anywhere", async () => {
  const swapped = await search({ keyword: "chreyl" });
  expect(showIds(swapped)).toEqual([15, 16, 17]);
  expect(swapped.artists.list).toMatchObject([{ name: "Cheryl Mak", tourId: 4, match: "anywhere" }]);
  const substituted = await search({ keyword: "afterglwo" });
  expect(showIds(substituted)).toEqual([2, 3, 4, 5, 6, 1]);
  expect(substituted.shows.list.every((show) => show.match === "anywhere")).toBe(true);
});

test("a four-letter word is not forgiven a mistake", async () => {
  const results = await search({ keyword: "nvoa" });
  expect(results.shows.total).toBe(0);
});

test("Chinese is matched without spaces: an artist and title typed as one run", async () => {
  const results = await search({ keyword: "麥芷晴霓虹海港" });
  expect(showIds(results)).toEqual([15, 16, 17]);
  expect(results.shows.list[0].match).toBe("prefix");
});

test("a venue's nickname finds its shows: 紅館 is the Hong Kong Coliseum", async () => {
  const results = await search({ keyword: "紅館" });
  expect(results.venues.list).toMatchObject([{ id: 3, name: "Hong Kong Coliseum", upcomingShows: 5, match: "exact" }]);
  expect(showIds(results)).toEqual([15, 14, 18, 86, 90]);
});

test("a Simplified keyword finds the Traditional name: 香港体育馆 is 香港體育館", async () => {
  const results = await search({ keyword: "香港体育馆" }, { language: "zh-HK" });
  expect(results.venues.list).toMatchObject([{ id: 3, name: "香港體育館", match: "exact" }]);
  expect(showIds(results)).toEqual([15, 14, 18, 86, 90]);
});

test("full-width and upper case fold: ＮＯＶＡ finds nova", async () => {
  const results = await search({ keyword: "ＮＯＶＡ　ＳＥＶＥＮ" });
  expect(showIds(results)).toEqual([2, 3, 4, 5, 6, 1]);
  expect(results.artists.list[0].match).toBe("exact");
});

test("an en-US viewer typing 演唱會 finds concerts: the category, and its shows soonest first", async () => {
  const results = await search({ keyword: "演唱會" });
  expect(results.categories).toEqual([{ id: 1, slug: "concerts", name: "Concerts" }]);
  // 47 to come, and 8 past.
  expect(results.shows.total).toBe(55);
  expect(showIds(results).slice(0, 5)).toEqual([23, 2, 37, 15, 13]);
  expect(results.shows.list.every((show) => show.categoryId === 1)).toBe(true);
});

test("ranking: exact name, then word start, then anywhere; within each, on sale before not yet on sale", async () => {
  const results = await search({ keyword: "巨蛋" }, { language: "zh-HK" });
  expect(results.venues.list.map((venue) => [venue.id, venue.name, venue.match])).toEqual([
    [13, "東京巨蛋", "exact"],
    [14, "首爾KSPO巨蛋", "word"],
    [9, "臺北小巨蛋", "anywhere"],
  ]);
  // Then past events, whatever their rank.
  expect(showIds(results)).toEqual([29, 79, 55, 5, 13, 83, 32, 103, 23, 102, 82, 3, 31, 48, 39, 11, 1, 7, 50]);
  expect(results.shows.list[15]).toMatchObject({ showId: 11, status: "PENDING", match: "anywhere" });
  expect(results.shows.list.at(-1)).toMatchObject({ showId: 50, status: "PAST", match: "word" });
});

test("ranking: a cancelled show comes after those on sale", async () => {
  const results = await search({ keyword: "last ferry" });
  expect(results.shows.list.map((show) => [show.showId, show.status, show.match])).toEqual([
    [72, "ONSALE", "word"],
    [73, "ONSALE", "word"],
    [74, "CANCEL", "word"],
  ]);
});

test("a show whose every session has passed comes last, marked PAST, with all its sessions' span", async () => {
  const results = await search({ keyword: "nov" }, {}, seededAt + 6 * DAY_MS);
  expect(results.shows.list.map((show) => [show.showId, show.status])).toEqual([
    [3, "ONSALE"],
    [4, "ONSALE"],
    [5, "ONSALE"],
    [6, "PENDING"],
    [2, "PAST"],
    [1, "PAST"],
  ]);
  const past = results.shows.list[4];
  expect(past.sessions).toBe(0);
  expect(past.lowestPrice).toBeNull();
  expect(past.lastStartsAt).toBeGreaterThan(past.firstStartsAt);
});

test("a district in a venue's address finds the venue, ranked as anywhere, and its shows", async () => {
  const kowloon = await search({ keyword: "kowloon" });
  expect(kowloon.venues.list.map((venue) => [venue.id, venue.name, venue.match])).toEqual([
    [5, "Hong Kong Cultural Centre Grand Theatre", "anywhere"],
    [4, "Lyric Theatre", "anywhere"],
    [3, "Hong Kong Coliseum", "anywhere"],
    [1, "Kai Tak Stadium", "anywhere"],
  ]);
  expect(kowloon.shows.total).toBe(30);
  const hungHom = await search({ keyword: "紅磡" });
  expect(hungHom.venues.list.map((venue) => [venue.id, venue.match])).toEqual([[3, "anywhere"]]);
  expect(hungHom.shows.list.every((show) => show.venue.id === 3)).toBe(true);
  // An address is never offered as a closest name.
  expect((await search({ keyword: "cheong wan roadd" })).closest).toEqual([]);
});

test("words in another order match loosely", async () => {
  const results = await search({ keyword: "seven nova" });
  expect(showIds(results)).toEqual([2, 3, 4, 5, 6, 1]);
  expect(results.artists.list).toMatchObject([{ name: "NOVA SEVEN", match: "anywhere" }]);
});

test("a city matches by name in either language, and brings its shows", async () => {
  const results = await search({ keyword: "香港" });
  expect(results.cities.list).toMatchObject([{ code: "HKG", name: "Hong Kong", locationCode: "HK", upcomingShows: 43, match: "exact" }]);
  // Its 43 shows to come, and 3 past.
  expect(results.shows.total).toBe(46);
});

test("type narrows to one group, paged; the others are empty", async () => {
  const shows = await search({ keyword: "nov", type: "shows", page: 2, pageSize: 2 });
  expect(showIds(shows)).toEqual([4, 5]);
  expect(shows.shows).toMatchObject({ total: 6, page: 2, pageSize: 2, hasMore: true });
  expect(shows.artists.total).toBe(0);
  const venues = await search({ keyword: "hong kong", type: "venues" });
  expect(venues.venues.list.map((venue) => [venue.id, venue.match])).toEqual([
    [5, "prefix"],
    [3, "prefix"],
    // On Hong Kong Island, by their addresses.
    [6, "anywhere"],
    [7, "anywhere"],
  ]);
  expect(venues.shows.total).toBe(0);
  expect(venues.cities.total).toBe(0);
});

test("an 'all' search previews five of each other group and says how many there are", async () => {
  const results = await search({ keyword: "n" });
  expect(results.artists.list.map((artist) => artist.name)).toEqual(["NOVA SEVEN", "Priya Nair", "Thirty DJs, two nights", "Twelve national teams"]);
  expect(results.artists).toMatchObject({ total: 4, page: 1, pageSize: 5, hasMore: false });
  // 21 to come and 2 past; a single letter is not looked for in addresses.
  expect(results.shows.total).toBe(23);
});

test("nothing matched: the closest names are offered instead", async () => {
  const results = await search({ keyword: "colosseum" });
  expect(results.shows.total).toBe(0);
  expect(results.closest).toEqual(["Hong Kong Coliseum", "Hung Hom Coliseum"]);
  const inChinese = await search({ keyword: "colosseum" }, { language: "zh-HK" });
  expect(inChinese.closest).toEqual(["香港體育館", "紅館"]);
});

test("a keyword of punctuation or emoji only finds nothing", async () => {
  for (const keyword of ['"', "*", "(", "-", "%", "_", "\\", "🎤"]) {
    const results = await search({ keyword });
    expect([results.shows.total, results.artists.total, results.venues.total, results.cities.total, results.categories.length, results.closest.length]).toEqual([0, 0, 0, 0, 0, 0]);
  }
});

test("popular searches: the most popular artists with shows to come, then cities, and every category", async () => {
  const popular = await popularSearches(catalogContext(seededAt));
  expect(popular.keywords).toEqual(["NOVA SEVEN", "VIVRE", "Mika Reyes", "Cheryl Mak", "Lin Yu-an", "30+ artists on three stages", "Hong Kong", "Macau", "Taipei", "Singapore"]);
  expect(popular.categories.map((category) => category.slug)).toEqual(["concerts", "musicals", "theatre", "sports", "comedy", "family", "festivals"]);
});

test("the ranks the index's statement tells at once are the ranks rankOf gives, keyword by keyword (and a long keyword is left to rankOf)", async () => {
  const ctx = catalogContext(seededAt);
  const ranksOf = async (keyword: string) => {
    const key = searchKey(keyword);
    const rows = await ctx.db.all<{ id: number; rank: number | null; folded: string | null }>(candidateNames(key));
    const names = new Map(
      (await ctx.db.all<{ id: number; folded: string }>(sql`SELECT id, folded FROM search_names`)).map((row) => [row.id, row.folded]),
    );
    return {
      told: rows.filter((row) => row.rank !== null).length,
      disagree: rows.filter((row) => row.rank !== null && row.rank !== rankOf(names.get(row.id)!, key)).length,
    };
  };
  const told: Record<string, number> = {};
  for (const keyword of ["n", "nova", "nova seven", "hong kong", "kong", "or", "紅", "紅館", "演唱會", "harbour repertory"]) {
    const { told: count, disagree } = await ranksOf(keyword);
    expect(disagree, keyword).toBe(0);
    told[keyword] = count;
  }
  // How many names the statement ranks itself, so the comparison above is not over nothing.
  expect(told).toMatchObject({ n: 17, nova: 4, "hong kong": 5, 紅館: 1 });
  // Longer than a word key (24 characters): the index's word match cannot vouch for it.
  expect((await ranksOf("Hong Kong Coliseum Hung Hom Kowloon")).told).toBe(0);
});
