import { beforeAll, expect, test } from "vitest";
import type { DemoCatalog } from "../../functions/seed";
import { tourDetail, type TourDetail } from "../../functions/market/catalog/tour-detail";
import { MarketError } from "../../functions/market/errors";
import { ticketPrice } from "../../functions/market/money/ticket-price";
import { convert } from "../../functions/market/money";
import { api, page } from "./support/api";
import { catalogContext as context, seedCatalogNow } from "./support/catalog";

let catalog: DemoCatalog;
let seededAt: number;

beforeAll(async () => {
  ({ catalog, seededAt } = await seedCatalogNow());
});

type ShowRow = DemoCatalog["shows"][number];

/** The first tour with shows in every one of these statuses. */
function tourWith(...statuses: ShowRow["status"][]): number {
  const tour = catalog.tours.find((row) =>
    statuses.every((status) => catalog.shows.some((show) => show.tourId === row.id && show.status === status))
  );
  if (!tour) throw new Error(`the demo catalog has no tour with ${statuses.join(", ")} shows`);
  return tour.id!;
}

function sessionsOf(tourId: number, status?: ShowRow["status"]) {
  const shows = catalog.shows.filter((show) => show.tourId === tourId && (!status || show.status === status));
  return catalog.sessions.filter((session) => shows.some((show) => show.id === session.showId));
}

const upcomingIds = (tour: TourDetail) => tour.upcoming.flatMap((group) => group.sessions.map((session) => session.sessionId));

test("upcoming sessions are grouped by city, cities in the order of their first date, sessions soonest first", async () => {
  const tourId = tourWith("ONSALE", "PENDING");
  const tour = await tourDetail(context(seededAt), tourId);
  expect(tour.upcoming.length).toBeGreaterThan(1);
  const firsts = tour.upcoming.map((group) => group.sessions[0]!.startsAt);
  expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
  for (const group of tour.upcoming) {
    expect(group.sessions.every((session) => session.city.code === group.city.code)).toBe(true);
    const starts = group.sessions.map((session) => session.startsAt);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  }
  expect(new Set(tour.upcoming.map((group) => group.city.code)).size).toBe(tour.upcoming.length);
});

test("an on-sale session carries its lowest all-in price in the viewer's currency", async () => {
  const tourId = tourWith("ONSALE");
  const tour = await tourDetail(context(seededAt, { currency: "USD" }), tourId);
  const rate = (code: string) => catalog.currencies.find((row) => row.code === code)!;
  const onSale = tour.upcoming.flatMap((group) => group.sessions).filter((session) => session.status === "ONSALE");
  expect(onSale.length).toBeGreaterThan(0);
  for (const session of onSale) {
    const listings = catalog.listings.filter((listing) => listing.sessionId === session.sessionId && listing.quantity > 0);
    if (listings.length === 0) {
      expect(session.lowestPrice).toBeNull();
      continue;
    }
    const lowest = Math.min(
      ...listings.map((listing) => convert(ticketPrice(listing.priceMinor, listing.currencyCode).allIn, rate(listing.currencyCode), rate("USD")))
    );
    expect(session.lowestPrice?.allIn).toEqual({ amount: lowest, currency: "USD" });
  }
});

test("a pending show's sessions say when sales open and carry no price", async () => {
  const tourId = tourWith("PENDING");
  const tour = await tourDetail(context(seededAt), tourId);
  const pending = tour.upcoming.flatMap((group) => group.sessions).filter((session) => session.status === "PENDING");
  const expected = sessionsOf(tourId, "PENDING").filter((session) => session.startsAt > seededAt);
  expect(pending.map((session) => session.sessionId).sort()).toEqual(expected.map((session) => session.id).sort());
  for (const session of pending) {
    const show = catalog.shows.find((row) => row.id === session.showId)!;
    expect(session.saleStartsAt).toBe(show.saleStartsAt);
    expect(session.lowestPrice).toBeNull();
  }
});

test("a cancelled show's sessions are marked cancelled", async () => {
  const tourId = tourWith("CANCEL");
  const tour = await tourDetail(context(seededAt), tourId);
  const shown = [...tour.upcoming.flatMap((group) => group.sessions), ...tour.past];
  const cancelled = sessionsOf(tourId, "CANCEL").map((session) => session.id);
  expect(cancelled.length).toBeGreaterThan(0);
  for (const id of cancelled) expect(shown.find((session) => session.sessionId === id)?.status).toBe("CANCEL");
});

test("a disabled show appears nowhere on its tour's page", async () => {
  const tourId = tourWith("DISABLED");
  const tour = await tourDetail(context(seededAt), tourId);
  const disabled = new Set(sessionsOf(tourId, "DISABLED").map((session) => session.id));
  const shown = [...upcomingIds(tour), ...tour.past.map((session) => session.sessionId)];
  expect(disabled.size).toBeGreaterThan(0);
  expect(shown.some((id) => disabled.has(id))).toBe(false);
  expect(shown).toHaveLength(sessionsOf(tourId).length - disabled.size);
});

test("sessions that have started are past events, most recent first, and closed", async () => {
  const tourId = tourWith("CLOSE", "ONSALE");
  const tour = await tourDetail(context(seededAt), tourId);
  expect(tour.past.length).toBeGreaterThan(0);
  expect(tour.past.every((session) => session.startsAt <= seededAt)).toBe(true);
  expect(tour.past.every((session) => session.status === "CLOSE" || session.status === "CANCEL")).toBe(true);
  const starts = tour.past.map((session) => session.startsAt);
  expect(starts).toEqual([...starts].sort((a, b) => b - a));
  expect(tour.upcoming.flatMap((group) => group.sessions).every((session) => session.startsAt > seededAt)).toBe(true);
});

test("moving the clock past a session moves it to past events", async () => {
  const tourId = tourWith("ONSALE");
  const before = await tourDetail(context(seededAt), tourId);
  const first = before.upcoming.flatMap((group) => group.sessions).sort((a, b) => a.startsAt - b.startsAt)[0]!;
  const after = await tourDetail(context(first.startsAt + 60_000), tourId);
  expect(upcomingIds(after)).not.toContain(first.sessionId);
  expect(after.past.find((session) => session.sessionId === first.sessionId)?.status).toBe("CLOSE");
});

test("a session whose sales have ended but has not started says sales are closed", async () => {
  const tourId = tourWith("ONSALE");
  const before = await tourDetail(context(seededAt), tourId);
  const first = before.upcoming.flatMap((group) => group.sessions).find((session) => session.status === "ONSALE")!;
  const row = catalog.sessions.find((session) => session.id === first.sessionId)!;
  const after = await tourDetail(context(row.saleEndsAt + 60_000), tourId);
  const same = after.upcoming.flatMap((group) => group.sessions).find((session) => session.sessionId === first.sessionId);
  expect(same?.status).toBe("CLOSE");
  expect(same?.lowestPrice).toBeNull();
});

test("the page is in the viewer's language", async () => {
  const tourId = tourWith("ONSALE");
  const row = catalog.tours.find((tour) => tour.id === tourId)!;
  const tour = await tourDetail(context(seededAt, { language: "zh-HK" }), tourId);
  expect(tour.title).toBe(row.titleZh);
  expect(tour.description).toBe(row.descriptionZh);
  expect(tour.posterUrl).toContain(`/media/poster/${tourId}.svg`);
});

test("a tour that does not exist is not found", async () => {
  await expect(tourDetail(context(seededAt), 999_999)).rejects.toSatisfy((error) => error instanceof MarketError && error.status === 404);
});

test("the API answers a tour's page in the envelope", async () => {
  const tourId = tourWith("ONSALE");
  const { status, body } = await api<TourDetail>(`/pub/tour/v1/detail?id=${tourId}`);
  expect(status).toBe(200);
  expect(body.statusCode).toBe(200);
  expect(body.data.id).toBe(tourId);
  expect(body.data.upcoming.length).toBeGreaterThan(0);
});

test("the API answers an unknown tour with a 404 envelope", async () => {
  const { status, body } = await api("/pub/tour/v1/detail?id=999999");
  expect(status).toBe(404);
  expect(body.statusCode).toBe(404);
});

test("the API refuses a malformed id as invalidParam naming id", async () => {
  const { body } = await api("/pub/tour/v1/detail?id=abc");
  expect(body.statusCode).toBe(12308);
  expect(body.message).toContain("id");
});

test("the web page of an unknown tour is a 404", async () => {
  const response = await page("/tourDetail?id=999999");
  expect(response.status).toBe(404);
  await response.body?.cancel();
});

test("the web page of a tour shows its dates and the entry guarantee", async () => {
  const tourId = tourWith("ONSALE", "CLOSE");
  const response = await page(`/tourDetail?id=${tourId}`, { headers: { cookie: "language=en-US" } });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(catalog.tours.find((tour) => tour.id === tourId)!.titleEn);
  expect(html).toContain("100% entry guarantee");
  expect(html).toContain("Past events");
  expect(html).toMatch(/\/pick-seat\?sessionId=\d+/);
});
