import { beforeAll, expect, test } from "vitest";
import type { DemoCatalog } from "../../functions/seed";
import { addDays, datePresetRange, isoWeekday, zonedDate, zonedStartOfDate, type DatePreset } from "../../functions/market/calendar";
import { listShows, showListQuerySchema, type ShowList, type ShowListItem } from "../../functions/market/catalog/show-list";
import type { Viewer } from "../../functions/market/context/viewer";
import { ticketPrice } from "../../functions/market/money/ticket-price";
import { convert } from "../../functions/market/money";
import { api } from "./support/api";
import { catalogContext as context, seedCatalogNow } from "./support/catalog";

const DAY_MS = 86_400_000;
let catalog: DemoCatalog;
let seededAt: number;

beforeAll(async () => {
  ({ catalog, seededAt } = await seedCatalogNow());
});

/** Every page of the list for a query, joined. */
async function everything(at: number, query: Record<string, unknown>, viewer: Partial<Viewer> = {}): Promise<ShowListItem[]> {
  const items: ShowListItem[] = [];
  for (let page = 1; ; page++) {
    const result = await listShows(context(at, viewer), showListQuerySchema.parse({ cityCode: "ALL", pageSize: 50, ...query, page }));
    items.push(...result.list);
    if (!result.hasMore) return items;
  }
}

/** Sessions the catalog says Explore lists at `at`: upcoming, still selling, of a listed show. */
function listable(at: number) {
  return catalog.sessions.filter((session) => {
    const show = catalog.shows.find((row) => row.id === session.showId)!;
    return ["ONSALE", "PENDING", "CANCEL"].includes(show.status) && session.startsAt > at && session.saleEndsAt > at;
  });
}

const PRESETS: DatePreset[] = ["7d", "30d", "60d", "weekend", "week", "month"];

for (const preset of PRESETS) {
  test(`the ${preset} preset lists exactly the sessions inside its range in the viewer's time zone`, async () => {
    const range = datePresetRange(preset, seededAt, "Asia/Hong_Kong");
    const items = await everything(seededAt, { preset }, { timeZone: "Asia/Hong_Kong" });
    const expected = listable(seededAt).filter((session) => session.startsAt >= range.from && session.startsAt < range.to);
    expect(items.map((item) => item.sessionId).sort((a, b) => a - b)).toEqual(expected.map((session) => session.id!).sort((a, b) => a - b));
    expect(items.every((item) => item.startsAt >= range.from && item.startsAt < range.to)).toBe(true);
  });
}

test("this weekend is computed on the viewer's own calendar: Los Angeles and Hong Kong differ", async () => {
  const inHongKong = datePresetRange("weekend", seededAt, "Asia/Hong_Kong");
  const inLosAngeles = datePresetRange("weekend", seededAt, "America/Los_Angeles");
  const items = await everything(seededAt, { preset: "weekend" }, { timeZone: "America/Los_Angeles" });
  expect(inLosAngeles.to).not.toBe(inHongKong.to);
  expect(items.every((item) => item.startsAt >= inLosAngeles.from && item.startsAt < inLosAngeles.to)).toBe(true);
  const expected = listable(seededAt).filter((session) => session.startsAt >= inLosAngeles.from && session.startsAt < inLosAngeles.to);
  expect(items).toHaveLength(expected.length);
});

test("a clock moved to Saturday afternoon lists this weekend's sessions still to start, and none that have begun", async () => {
  // The coming Saturday (the seed's "this weekend"), 15:00 in Hong Kong.
  let saturday = zonedDate(seededAt, "Asia/Hong_Kong");
  do saturday = addDays(saturday, 1);
  while (isoWeekday(saturday) !== 6);
  const saturdayAfternoon = zonedStartOfDate(saturday, "Asia/Hong_Kong") + 15 * 3_600_000;
  const items = await everything(saturdayAfternoon, { preset: "weekend" });
  const range = datePresetRange("weekend", saturdayAfternoon, "Asia/Hong_Kong");
  expect(items.length).toBeGreaterThan(0);
  expect(items.every((item) => item.startsAt > saturdayAfternoon && item.startsAt < range.to)).toBe(true);
  expect(items).toHaveLength(listable(saturdayAfternoon).filter((session) => session.startsAt < range.to).length);
});

test("a custom range includes both of its days, from the start of the first to the end of the last", async () => {
  const first = new Date(seededAt + 10 * DAY_MS);
  const last = new Date(seededAt + 16 * DAY_MS);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const from = zonedStartOfDate({ year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: first.getUTCDate() }, "Asia/Hong_Kong");
  const to = zonedStartOfDate({ year: last.getUTCFullYear(), month: last.getUTCMonth() + 1, day: last.getUTCDate() + 1 }, "Asia/Hong_Kong");
  const items = await everything(seededAt, { from: day(first), to: day(last) });
  const expected = listable(seededAt).filter((session) => session.startsAt >= from && session.startsAt < to);
  expect(expected.length).toBeGreaterThan(0);
  expect(items.map((item) => item.sessionId).sort((a, b) => a - b)).toEqual(expected.map((session) => session.id!).sort((a, b) => a - b));
});

test("pages follow one another without gaps or repeats, soonest first", async () => {
  const ctx = context(seededAt);
  const first = await listShows(ctx, showListQuerySchema.parse({ cityCode: "ALL", pageSize: 7, page: 1 }));
  const second = await listShows(ctx, showListQuerySchema.parse({ cityCode: "ALL", pageSize: 7, page: 2 }));
  const both = await listShows(ctx, showListQuerySchema.parse({ cityCode: "ALL", pageSize: 14, page: 1 }));
  expect(first.list).toHaveLength(7);
  expect([...first.list, ...second.list].map((item) => item.sessionId)).toEqual(both.list.map((item) => item.sessionId));
  const starts = both.list.map((item) => item.startsAt);
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
  expect(first.total).toBe(listable(seededAt).length);
  expect(first.hasMore).toBe(true);
});

test("the last page says there is no more", async () => {
  const total = listable(seededAt).length;
  const lastPage = Math.ceil(total / 10);
  const result = await listShows(context(seededAt), showListQuerySchema.parse({ cityCode: "ALL", pageSize: 10, page: lastPage }));
  expect(result.list).toHaveLength(total - (lastPage - 1) * 10);
  expect(result.hasMore).toBe(false);
});

test("a category lists only its own tours' sessions", async () => {
  const concerts = catalog.categories.find((category) => category.slug === "concerts")!.id!;
  const items = await everything(seededAt, { categoryId: concerts });
  const concertTours = new Set(catalog.tours.filter((tour) => tour.categoryId === concerts).map((tour) => tour.id));
  const expected = listable(seededAt).filter((session) => concertTours.has(catalog.shows.find((show) => show.id === session.showId)!.tourId));
  expect(items.length).toBeGreaterThan(0);
  expect(items.every((item) => item.categoryId === concerts)).toBe(true);
  expect(items).toHaveLength(expected.length);
});

test("a city lists only sessions in that city", async () => {
  const items = await everything(seededAt, { cityCode: "TYO" });
  expect(items.length).toBeGreaterThan(0);
  expect(items.every((item) => item.city.code === "TYO")).toBe(true);
});

test("without a place the list is the viewer's location", async () => {
  const result = await listShows(context(seededAt, { location: "HK", city: null }), showListQuerySchema.parse({ pageSize: 50 }));
  expect(result.scope).toMatchObject({ kind: "region", code: "HK" });
  expect(result.list.length).toBeGreaterThan(0);
  expect(result.list.every((item) => item.city.code === "HKG")).toBe(true);
});

test("a cancelled show stays listed, marked cancelled, and a disabled one never appears", async () => {
  const items = await everything(seededAt, {});
  const statusOf = (sessionId: number) => {
    const session = catalog.sessions.find((row) => row.id === sessionId)!;
    return catalog.shows.find((row) => row.id === session.showId)!.status;
  };
  expect(items.some((item) => item.status === "CANCEL")).toBe(true);
  expect(items.every((item) => item.status === statusOf(item.sessionId))).toBe(true);
  expect(items.some((item) => statusOf(item.sessionId) === "DISABLED")).toBe(false);
});

test("the API converts each 'from' price into the currency of the cc header", async () => {
  const path = "/pub/home/v1/show/list?cityCode=ALL&preset=60d&pageSize=50";
  const [inDollars, inYen] = await Promise.all([api<ShowList>(path, { headers: { cc: "USD" } }), api<ShowList>(path, { headers: { cc: "JPY" } })]);
  expect(inDollars.body.statusCode).toBe(200);
  const rate = (code: string) => catalog.currencies.find((row) => row.code === code)!;
  const priced = inDollars.body.data.list.filter((item) => item.lowestPrice !== null);
  expect(priced.length).toBeGreaterThan(0);
  const now = Date.now();
  for (const item of priced) {
    const listings = catalog.listings.filter((listing) => listing.sessionId === item.sessionId && listing.quantity > 0);
    const lowest = (currency: string) =>
      Math.min(
        ...listings.map((listing) => convert(ticketPrice(listing.priceMinor, listing.currencyCode).allIn, rate(listing.currencyCode), rate(currency)))
      );
    expect(item.startsAt).toBeGreaterThan(now - 60_000);
    expect(item.lowestPrice!.allIn).toEqual({ amount: lowest("USD"), currency: "USD" });
    const same = inYen.body.data.list.find((other) => other.sessionId === item.sessionId)!;
    expect(same.lowestPrice!.allIn).toEqual({ amount: lowest("JPY"), currency: "JPY" });
  }
});

test("the API names the field it refuses: an unknown preset is invalidParam on preset", async () => {
  const { status, body } = await api("/pub/home/v1/show/list?preset=fortnight");
  expect(status).toBe(200);
  expect(body.statusCode).toBe(12308);
  expect(body.message).toContain("preset");
});

test("the API refuses a range that ends before it starts, naming to", async () => {
  const { body } = await api("/pub/home/v1/show/list?from=2026-12-20&to=2026-12-10");
  expect(body.statusCode).toBe(12308);
  expect(body.message).toContain("to");
});

test("the API answers titles in the language of the lan header", async () => {
  const { body } = await api<ShowList>("/pub/home/v1/show/list?cityCode=ALL&pageSize=5", { headers: { lan: "zh-HK" } });
  const first = body.data.list[0]!;
  expect(first.title).toBe(catalog.tours.find((tour) => tour.id === first.tourId)!.titleZh);
});
