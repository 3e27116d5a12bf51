import { SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import type { DemoCatalog } from "../../functions/seed";
import type { EventList } from "../../functions/market/catalog/events";
import type { HomeFloor, HomeFloors } from "../../functions/market/catalog/floors";
import type { CategoryCount, TagCount } from "../../functions/market/catalog/tags";
import type { TourList } from "../../functions/market/catalog/tours";
import { ticketPrice } from "../../functions/market/money/ticket-price";
import { convert } from "../../functions/market/money";
import { api, ORIGIN, page } from "./support/api";
import { seedCatalog } from "./support/catalog";

let catalog: DemoCatalog;
let seededAt: number;

beforeAll(async () => {
  // Seeded from now, as the Worker's clock is the real one: there are shows this weekend and next month.
  seededAt = Date.now();
  catalog = await seedCatalog(new Date(seededAt));
});

const HK_CITIES = ["HKG"];

/** Tours with an ONSALE or PENDING show in the cities that has a session still to start, as the catalog says. */
function liveTourIds(cities: string[], now = Date.now()) {
  const live = new Set<number>();
  for (const show of catalog.shows) {
    if (!cities.includes(show.cityCode) || (show.status !== "ONSALE" && show.status !== "PENDING")) continue;
    if (catalog.sessions.some((session) => session.showId === show.id && session.startsAt > now)) live.add(show.tourId);
  }
  return live;
}

/** The lowest all-in price of a tour's shows in these cities, in a currency, worked out from the catalog's rows. */
function expectedLowest(tourId: number, currency: string, cities: string[], now = Date.now()): number | null {
  const rate = (code: string) => catalog.currencies.find((row) => row.code === code)!;
  let best: number | null = null;
  for (const listing of catalog.listings) {
    const session = catalog.sessions.find((row) => row.id === listing.sessionId)!;
    const show = catalog.shows.find((row) => row.id === session.showId)!;
    if (show.tourId !== tourId || !cities.includes(show.cityCode) || show.status !== "ONSALE" || session.startsAt <= now || session.saleEndsAt <= now || listing.quantity <= 0) continue;
    const allIn = convert(ticketPrice(listing.priceMinor, listing.currencyCode).allIn, rate(listing.currencyCode), rate(currency));
    if (best === null || allIn < best) best = allIn;
  }
  return best;
}

function floorOf<K extends HomeFloor["kind"]>(home: HomeFloors, kind: K) {
  return home.floors.find((floor) => floor.kind === kind) as Extract<HomeFloor, { kind: K }> | undefined;
}

test("home's floors for Hong Kong lead with the five most popular tours on sale", async () => {
  const { body } = await api<HomeFloors>("/pub/home/v1/floors", { headers: { lc: "HK" } });
  expect(body.statusCode).toBe(200);
  const hero = floorOf(body.data, "hero")!;
  expect(hero.tours).toHaveLength(5);
  expect(hero.tours.every((tour) => tour.status.headline === "ONSALE")).toBe(true);
  const popularity = hero.tours.map((tour) => catalog.tours.find((row) => row.id === tour.id)!.popularity!);
  expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
  expect(body.data.floors[0]!.kind).toBe("hero");
  expect(body.data.floors.at(-1)!.kind).toBe("topPicks");
});

test("top picks are the live tours of the viewer's location, most popular first, 20 to a page", async () => {
  const { body } = await api<HomeFloors>("/pub/home/v1/floors", { headers: { lc: "HK" } });
  const topPicks = floorOf(body.data, "topPicks")!;
  const live = liveTourIds(HK_CITIES);
  expect(topPicks.page.total).toBe(live.size);
  expect(topPicks.page.list).toHaveLength(Math.min(20, live.size));
  expect(topPicks.page.hasMore).toBe(live.size > 20);
  const expected = catalog.tours
    .filter((tour) => live.has(tour.id!))
    .sort((a, b) => b.popularity! - a.popularity! || a.id! - b.id!)
    .slice(0, 20)
    .map((tour) => tour.id);
  expect(topPicks.page.list.map((tour) => tour.id)).toEqual(expected);
});

test("every floor carries its title in the viewer's language", async () => {
  type Titled = Omit<HomeFloors, "floors"> & { floors: (HomeFloor & { title: string })[] };
  const english = await api<Titled>("/pub/home/v1/floors", { headers: { lan: "en-US" } });
  const chinese = await api<Titled>("/pub/home/v1/floors", { headers: { lan: "zh-HK" } });
  expect(english.body.data.floors.find((floor) => floor.kind === "topPicks")!.title).toBe("Top Picks");
  expect(chinese.body.data.floors.find((floor) => floor.kind === "topPicks")!.title).toBe("熱門推介");
  const concerts = chinese.body.data.floors.find((floor) => floor.kind === "category" && floor.category.slug === "concerts");
  expect(concerts?.title).toBe("演唱會");
});

test("this weekend's floor holds only tours with a session on sale between Saturday and Monday in Hong Kong", async () => {
  const { body } = await api<HomeFloors>("/pub/home/v1/floors", { headers: { lc: "HK" } });
  const weekend = floorOf(body.data, "weekend");
  if (!weekend) return expect(liveTourIds(HK_CITIES).size).toBeGreaterThan(0);
  for (const tour of weekend.tours) {
    const inRange = catalog.shows.some(
      (show) =>
        show.tourId === tour.id &&
        show.status === "ONSALE" &&
        show.cityCode === "HKG" &&
        catalog.sessions.some((session) => session.showId === show.id && session.startsAt >= weekend.range.from && session.startsAt < weekend.range.to),
    );
    expect(inRange, tour.title).toBe(true);
  }
});

test("coming soon lists tours whose shows here are all still pending, with their sale date", async () => {
  const { body } = await api<HomeFloors>("/pub/home/v1/floors", { headers: { lc: "HK" } });
  const comingSoon = floorOf(body.data, "comingSoon");
  const pendingOnly = [...liveTourIds(HK_CITIES)].filter((id) => {
    const here = catalog.shows.filter((show) => show.tourId === id && show.cityCode === "HKG");
    return here.some((show) => show.status === "PENDING") && !here.some((show) => show.status === "ONSALE" && catalog.sessions.some((s) => s.showId === show.id && s.startsAt > Date.now()));
  });
  expect(new Set(comingSoon?.tours.map((tour) => tour.id) ?? [])).toEqual(new Set(pendingOnly.slice(0, 10)));
  for (const tour of comingSoon?.tours ?? []) expect(tour.status.saleStartsAt).toEqual(expect.any(Number));
});

test("the tour list pages through every live tour once, in the same order as top picks", async () => {
  const first = await api<TourList>("/pub/tour/v1/list?page=1&pageSize=20", { headers: { lc: "HK" } });
  const second = await api<TourList>("/pub/tour/v1/list?page=2&pageSize=20", { headers: { lc: "HK" } });
  const live = liveTourIds(HK_CITIES);
  expect(first.body.data).toMatchObject({ page: 1, pageSize: 20, total: live.size, hasMore: true });
  expect(second.body.data).toMatchObject({ page: 2, pageSize: 20, total: live.size, hasMore: false });
  const ids = [...first.body.data.list, ...second.body.data.list].map((tour) => tour.id);
  expect(new Set(ids)).toEqual(live);
  expect(ids).toHaveLength(live.size);
});

test("a page past the end of the tour list is empty, not an error", async () => {
  const { body } = await api<TourList>("/pub/tour/v1/list?page=9", { headers: { lc: "HK" } });
  expect(body.statusCode).toBe(200);
  expect(body.data).toMatchObject({ list: [], page: 9, hasMore: false });
  expect(body.data.total).toBeGreaterThan(0);
});

test.each([
  ["page=0", "page"],
  ["page=two", "page"],
  ["pageSize=51", "pageSize"],
  ["categoryId=-3", "categoryId"],
  ["categoryId=999", "categoryId"],
  ["tag=Not%20A%20Tag", "tag"],
  ["tag=no-such-tag", "tag"],
  ["cityCode=hk", "cityCode"],
  ["cityCode=XYZ", "cityCode"],
])("the tour list refuses %s with invalidParam naming %s", async (query, field) => {
  const { status, body } = await api(`/pub/tour/v1/list?${query}`);
  expect(status).toBe(200);
  expect(body.statusCode).toBe(12308);
  expect(body.message).toContain(field);
});

test("the tour list narrowed to a category holds only that category's tours", async () => {
  const concerts = catalog.categories.find((category) => category.slug === "concerts")!;
  const { body } = await api<TourList>(`/pub/tour/v1/list?categoryId=${concerts.id}&pageSize=50`, { headers: { lc: "HK" } });
  const expected = [...liveTourIds(HK_CITIES)].filter((id) => catalog.tours.find((tour) => tour.id === id)!.categoryId === concerts.id);
  expect(body.data.list.map((tour) => tour.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  expect(body.data.list.every((tour) => tour.category.slug === "concerts")).toBe(true);
});

test("the tour list narrowed to a tag holds only tours with that tag", async () => {
  const kpop = catalog.tags.find((tag) => tag.slug === "k-pop")!;
  const tagged = new Set(catalog.tourTags.filter((row) => row.tagId === kpop.id).map((row) => row.tourId));
  const { body } = await api<TourList>("/pub/tour/v1/list?tag=k-pop&pageSize=50", { headers: { lc: "HK" } });
  expect(body.data.total).toBeGreaterThan(0);
  expect(body.data.list.every((tour) => tagged.has(tour.id))).toBe(true);
  expect(body.data.total).toBe([...liveTourIds(HK_CITIES)].filter((id) => tagged.has(id)).length);
});

test("a cityCode points the tour list at another city, and ALL at everywhere", async () => {
  const tokyo = await api<TourList>("/pub/tour/v1/list?cityCode=TYO&pageSize=50", { headers: { lc: "HK" } });
  expect(new Set(tokyo.body.data.list.map((tour) => tour.id))).toEqual(liveTourIds(["TYO"]));
  expect(tokyo.body.data.scope).toMatchObject({ kind: "city", code: "TYO", name: "Tokyo" });
  const everywhere = await api<TourList>("/pub/tour/v1/list?cityCode=ALL&pageSize=50");
  const allCities = [...new Set(catalog.shows.map((show) => show.cityCode))];
  expect(everywhere.body.data.total).toBe(liveTourIds(allCities).size);
});

test("the viewer's location scopes the list: Japan's viewer sees Tokyo's tours", async () => {
  const { body } = await api<TourList>("/pub/tour/v1/list?pageSize=50", { headers: { lc: "JP" } });
  expect(body.data.scope).toMatchObject({ kind: "region", code: "JP", cityCodes: ["TYO"] });
  expect(new Set(body.data.list.map((tour) => tour.id))).toEqual(liveTourIds(["TYO"]));
});

test("a tour's 'from' price is its lowest all-in price here, converted into the currency of the cc header", async () => {
  for (const currency of ["HKD", "USD", "JPY"]) {
    const { body } = await api<TourList>("/pub/tour/v1/list?pageSize=8", { headers: { lc: "HK", cc: currency } });
    for (const tour of body.data.list) {
      const expected = expectedLowest(tour.id, currency, HK_CITIES);
      if (expected === null) expect(tour.lowestPrice).toBeNull();
      else expect(tour.lowestPrice?.allIn).toEqual({ amount: expected, currency });
    }
  }
});

test("the face value beside a 'from' price is in the viewer's currency too", async () => {
  const { body } = await api<TourList>("/pub/tour/v1/list?pageSize=5", { headers: { cc: "GBP" } });
  const priced = body.data.list.filter((tour) => tour.lowestPrice);
  expect(priced.length).toBeGreaterThan(0);
  for (const tour of priced) {
    expect(tour.lowestPrice!.faceValue.currency).toBe("GBP");
    expect(["below", "at", "above"]).toContain(tour.lowestPrice!.comparedToFace);
  }
});

test("with lan zh-HK tours come with their Chinese titles, artists, categories and city names", async () => {
  const { body } = await api<TourList>("/pub/tour/v1/list?pageSize=10", { headers: { lan: "zh-HK" } });
  for (const tour of body.data.list) {
    const row = catalog.tours.find((candidate) => candidate.id === tour.id)!;
    expect(tour.title).toBe(row.titleZh);
    expect(tour.artist).toBe(row.artistZh);
    expect(tour.posterUrl).toMatch(new RegExp(`^/media/poster/${tour.id}\\.svg\\?lan=zh-HK&v=\\w+$`));
  }
  expect(body.data.list[0]!.cities.map((city) => city.name)).toContain("香港");
  expect(body.data.scope.name).toBe("香港");
});

test("everywhere, a tour's 'from' price is the lowest over all its cities", async () => {
  const allCities = [...new Set(catalog.shows.map((show) => show.cityCode))];
  const { body } = await api<TourList>("/pub/tour/v1/list?pageSize=8&cityCode=ALL", { headers: { cc: "USD" } });
  for (const tour of body.data.list) {
    expect(tour.lowestPrice?.allIn.amount ?? null).toBe(expectedLowest(tour.id, "USD", allCities));
  }
});

test("a tour summary's dates are the first and last upcoming sessions of its live shows here, and here leads its cities", async () => {
  const { body } = await api<TourList>("/pub/tour/v1/list?pageSize=10", { headers: { lc: "HK" } });
  const now = Date.now();
  for (const tour of body.data.list) {
    expect(tour.cities[0]?.code).toBe("HKG");
    const starts = catalog.shows
      .filter((show) => show.tourId === tour.id && show.cityCode === "HKG" && (show.status === "ONSALE" || show.status === "PENDING"))
      .flatMap((show) => catalog.sessions.filter((session) => session.showId === show.id && session.startsAt > now))
      .map((session) => session.startsAt);
    expect(tour.firstSession?.at).toBe(Math.min(...starts));
    expect(tour.lastSession?.at).toBe(Math.max(...starts));
  }
});

test("events list every ONSALE show here that still sells, soonest first, with its month", async () => {
  const now = Date.now();
  const expected = catalog.shows.filter(
    (show) => show.cityCode === "HKG" && show.status === "ONSALE" && catalog.sessions.some((s) => s.showId === show.id && s.startsAt > now && s.saleEndsAt > now),
  );
  const first = await api<EventList>("/pub/tour/v1/event/list?pageSize=20", { headers: { lc: "HK" } });
  const rest = await api<EventList>("/pub/tour/v1/event/list?page=2&pageSize=50", { headers: { lc: "HK" } });
  expect(first.body.data.total).toBe(expected.length);
  // Page 2 of 50 is past the end: total stays, the list is empty.
  expect(rest.body.data.list).toEqual([]);
  const all = await api<EventList>("/pub/tour/v1/event/list?pageSize=50", { headers: { lc: "HK" } });
  const items = all.body.data.list;
  expect(new Set(items.map((item) => item.showId))).toEqual(new Set(expected.map((show) => show.id)));
  const starts = items.map((item) => item.firstSession.at);
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
  for (const item of items) {
    const local = new Intl.DateTimeFormat("en-CA", { timeZone: item.firstSession.timeZone, year: "numeric", month: "2-digit" }).format(item.firstSession.at);
    expect(item.month).toBe(local.slice(0, 7));
  }
  expect(first.body.data.list).toEqual(items.slice(0, 20));
});

test("events refuse a malformed page size with invalidParam", async () => {
  const { body } = await api("/pub/tour/v1/event/list?pageSize=lots");
  expect(body.statusCode).toBe(12308);
});

test("categories count the live tours of each in the viewer's location", async () => {
  const { body } = await api<CategoryCount[]>("/pub/home/v1/category/list", { headers: { lc: "HK" } });
  expect(body.data.map((category) => category.slug)).toEqual(catalog.categories.map((category) => category.slug));
  const total = body.data.reduce((sum, category) => sum + category.tourCount, 0);
  expect(total).toBe(liveTourIds(HK_CITIES).size);
});

test("categories are named in Traditional Chinese with lan zh-HK", async () => {
  const { body } = await api<CategoryCount[]>("/pub/home/v1/category/list", { headers: { lan: "zh-HK" } });
  expect(body.data.find((category) => category.slug === "musicals")?.name).toBe("音樂劇");
});

test("tags of a category are those its live tours carry, most tours first", async () => {
  const concerts = catalog.categories.find((category) => category.slug === "concerts")!;
  const { body } = await api<TagCount[]>(`/pub/home/v1/tag/list?categoryId=${concerts.id}`, { headers: { lc: "HK" } });
  expect(body.data.length).toBeGreaterThan(0);
  const counts = body.data.map((tag) => tag.tourCount);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  const concertTours = new Set(catalog.tours.filter((tour) => tour.categoryId === concerts.id).map((tour) => tour.id));
  for (const tag of body.data) {
    expect(catalog.tourTags.some((row) => row.tagId === tag.id && concertTours.has(row.tourId))).toBe(true);
  }
});

test("the tag list refuses a category id that is not a number", async () => {
  const { body } = await api("/pub/home/v1/tag/list?categoryId=rock");
  expect(body.statusCode).toBe(12308);
});

test("a poster is SVG with a long cache life and an ETag that answers 304 when unchanged", async () => {
  const response = await SELF.fetch(`${ORIGIN}/media/poster/1.svg?lan=en-US`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
  expect(response.headers.get("cache-control")).toMatch(/max-age=\d{6,}/);
  const svg = await response.text();
  expect(svg).toMatch(/^<svg/);
  const etag = response.headers.get("etag")!;
  expect(etag).toMatch(/^".+"$/);
  const again = await SELF.fetch(`${ORIGIN}/media/poster/1.svg?lan=en-US`, { headers: { "if-none-match": etag } });
  expect(again.status).toBe(304);
  await again.arrayBuffer();
});

test("a poster is drawn with the title in the language the address names", async () => {
  const tour = catalog.tours[0]!;
  const english = await (await SELF.fetch(`${ORIGIN}/media/poster/${tour.id}.svg?lan=en-US`)).text();
  const chinese = await (await SELF.fetch(`${ORIGIN}/media/poster/${tour.id}.svg?lan=zh-HK`)).text();
  expect(english).not.toEqual(chinese);
  expect(chinese).toContain(`aria-label="${tour.titleZh}"`);
});

test("the poster of a tour that does not exist is a 404", async () => {
  const response = await SELF.fetch(`${ORIGIN}/media/poster/99999.svg`);
  expect(response.status).toBe(404);
  await response.arrayBuffer();
  const malformed = await SELF.fetch(`${ORIGIN}/media/poster/abc.svg`);
  expect(malformed.status).toBe(404);
  await malformed.arrayBuffer();
});

test("home's page names Top Picks and the most popular tour in Traditional Chinese for a zh-HK visitor", async () => {
  const response = await page("/", { headers: { cookie: "language=zh-HK" } });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("熱門推介");
  const top = [...catalog.tours].sort((a, b) => b.popularity! - a.popularity! || a.id! - b.id!)[0]!;
  expect(html).toContain(top.titleZh);
  expect(html).toContain('href="/tourList?page=2"');
});

test("the tour list's page drops a query value it cannot read with a redirect", async () => {
  const response = await page("/tourList?page=zero&categoryId=1");
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/tourList?categoryId=1");
});

test("the Tags view of a category we do not list is not found", async () => {
  const response = await page("/tags?category=opera-on-ice");
  expect(response.status).toBe(404);
  await response.arrayBuffer();
});

test("the Tags view of a category lists its tours most popular first", async () => {
  const response = await page("/tags?category=musicals");
  expect(response.status).toBe(200);
  const html = await response.text();
  const musicals = catalog.categories.find((category) => category.slug === "musicals")!;
  const expected = catalog.tours
    .filter((tour) => tour.categoryId === musicals.id && liveTourIds(HK_CITIES).has(tour.id!))
    .sort((a, b) => b.popularity! - a.popularity! || a.id! - b.id!)
    .map((tour) => `/tourDetail?id=${tour.id}`);
  const linked = [...html.matchAll(/href="(\/tourDetail\?id=\d+)"/g)].map((match) => match[1]);
  expect(linked).toEqual(expected);
});
