/** GET /pub/home/v1/search and /search/popular: SPEC's envelope, and every bad input refused by name, never a 500. */
import { beforeAll, expect, test } from "vitest";
import type { PopularSearches, SearchResults } from "../../functions/market/search/results";
import { api } from "./support/api";
import { seedCatalogNow } from "./support/catalog";

beforeAll(async () => {
  await seedCatalogNow();
});

test("a search answers in SPEC's envelope, named in the lan header's language", async () => {
  const { status, body } = await api<SearchResults>("/pub/home/v1/search?keyword=%E7%B4%85%E9%A4%A8&pageSize=2", { headers: { lan: "zh-HK" } });
  expect(status).toBe(200);
  expect(body.statusCode).toBe(200);
  expect(body.data.keyword).toBe("紅館");
  expect(body.data.venues.list).toMatchObject([{ id: 3, name: "香港體育館", match: "exact" }]);
  expect(body.data.shows).toMatchObject({ total: 5, pageSize: 2, hasMore: true });
});

const REFUSED: [string, string][] = [
  ["keyword=", "keyword"],
  ["", "keyword"],
  [`keyword=${"a".repeat(1000)}`, "keyword"],
  [`keyword=${"a".repeat(101)}`, "keyword"],
  ["keyword=a%00b", "keyword"],
  ["keyword=a%07", "keyword"],
  ["keyword=a%09b", "keyword"],
  ["keyword=a%0Ab", "keyword"],
  ["keyword=a&keyword=b", "keyword"],
  ["keyword=a&foo=1", "foo"],
  ["keyword=a&type=everything", "type"],
  ["keyword=a&type=shows&type=venues", "type"],
  ["keyword=a&page=0", "page"],
  ["keyword=a&pageSize=51", "pageSize"],
];

for (const [query, field] of REFUSED) {
  test(`?${query.slice(0, 40)} is invalidParam naming ${field}`, async () => {
    const { status, body } = await api(`/pub/home/v1/search?${query}`);
    expect(status).toBe(200);
    expect(body.statusCode).toBe(12308);
    expect(body.message).toBe(`${field} is invalid.`);
  });
}

const SEARCHED: [string, number][] = [
  ["%22nova%22", 6],
  ["nova%27", 6],
  ["*", 0],
  ["(", 0],
  ["nova)", 6],
  ["NEAR", 0],
  ["nova%20NEAR%20seven", 0],
  ["-", 0],
  ["-nova", 6],
  ["%25", 0],
  ["_", 0],
  ["%5C", 0],
  ["%F0%9F%8E%A4", 0],
  ["nova%F0%9F%8E%A4", 6],
];

for (const [keyword, shows] of SEARCHED) {
  test(`?keyword=${keyword} is searched as text: ${shows} shows`, async () => {
    const { status, body } = await api<SearchResults>(`/pub/home/v1/search?keyword=${keyword}`);
    expect(status).toBe(200);
    expect(body.statusCode).toBe(200);
    expect(body.data.shows.total).toBe(shows);
  });
}

test("OR is a word like any other: names starting with it, then a word starting with it (two letters are not looked for inside words)", async () => {
  const { body } = await api<SearchResults>("/pub/home/v1/search?keyword=OR&type=artists");
  expect(body.data.artists.list.map((artist) => [artist.name, artist.match])).toEqual([
    ["Original West End Company", "prefix"],
    ["Midnight Harbour Jazz Orchestra", "word"],
    ["Midnight Harbour Jazz Orchestra and guests", "word"],
  ]);
});

test("popular searches answer in the envelope, and take no parameter", async () => {
  const { body } = await api<PopularSearches>("/pub/home/v1/search/popular");
  expect(body.data.keywords.slice(0, 2)).toEqual(["NOVA SEVEN", "VIVRE"]);
  const refused = await api("/pub/home/v1/search/popular?keyword=a");
  expect(refused.body).toMatchObject({ statusCode: 12308, message: "keyword is invalid." });
});

test("artists are paged as the other lists: a page past the end is empty and still says how many there are", async () => {
  const second = await api<SearchResults>("/pub/home/v1/search?keyword=n&type=artists&pageSize=2&page=2");
  expect(second.body.data.artists.list.map((artist) => artist.name)).toEqual(["Thirty DJs, two nights", "Twelve national teams"]);
  expect(second.body.data.artists).toMatchObject({ total: 4, page: 2, pageSize: 2, hasMore: false });
  const past = await api<SearchResults>("/pub/home/v1/search?keyword=n&type=artists&pageSize=2&page=3");
  expect(past.body.data.artists).toMatchObject({ list: [], total: 4, page: 3, pageSize: 2, hasMore: false });
});

test("an artist with two tours is one artist, shown by its soonest tour", async () => {
  const { body } = await api<SearchResults>("/pub/home/v1/search?keyword=harbour%20repertory&type=artists");
  // A Winter in Sheung Wan (19) opens before Sails of Jade (17).
  expect(body.data.artists.list.map((artist) => [artist.name, artist.tourId, artist.tours, artist.match])).toEqual([["Harbour Repertory", 19, 2, "exact"]]);
});
