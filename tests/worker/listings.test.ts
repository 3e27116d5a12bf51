import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { MarketError } from "../../functions/market/errors";
import { listingDetail } from "../../functions/market/listings/listing-detail";
import { sessionSeatMap } from "../../functions/market/listings/seat-map";
import { sessionListings, sessionListingsQuerySchema } from "../../functions/market/listings/session-listings";
import { api, page } from "./support/api";
import { clockAt, makeListing, marketFor, T0, testDb, type ListingOptions } from "./support/buying";

const guest = (viewer: Parameters<typeof marketFor>[2] = {}) => marketFor(null, clockAt(), viewer);
const query = (input: Record<string, unknown>) => sessionListingsQuerySchema.parse(input);

/** A session with listings made from `options` (the first creates the session). */
async function sessionWith(...options: ListingOptions[]) {
  const first = await makeListing(options[0]);
  const ids = [first.listingId];
  for (const more of options.slice(1)) ids.push((await makeListing({ ...more, sessionId: first.sessionId })).listingId);
  return { sessionId: first.sessionId, listingIds: ids };
}

async function setSection(listingId: number, values: Partial<typeof schema.venueSections.$inferInsert>) {
  const [row] = await testDb.select({ sectionId: schema.listings.sectionId }).from(schema.listings).where(eq(schema.listings.id, listingId));
  await testDb.update(schema.venueSections).set(values).where(eq(schema.venueSections.id, row!.sectionId));
}

test("listings are sorted by all-in price low to high by default and high to low on request", async () => {
  const { sessionId, listingIds } = await sessionWith({ priceMinor: 90_000 }, { priceMinor: 50_000 }, { priceMinor: 120_000 });
  const low = await sessionListings(guest(), query({ sessionId }));
  expect(low.listings.map((listing) => listing.listingId)).toEqual([listingIds[1], listingIds[0], listingIds[2]]);
  expect(low.listings.map((listing) => listing.allIn.amount)).toEqual([56_375, 101_475, 135_300]);
  const high = await sessionListings(guest(), query({ sessionId, sort: "price_desc" }));
  expect(high.listings.map((listing) => listing.listingId)).toEqual([listingIds[2], listingIds[0], listingIds[1]]);
});

test("best section puts the closest zone first and an obstructed view after a clear one", async () => {
  const { sessionId, listingIds } = await sessionWith({ priceMinor: 50_000 }, { priceMinor: 200_000 }, { priceMinor: 150_000 });
  await setSection(listingIds[0]!, { zone: "upper" });
  await setSection(listingIds[1]!, { zone: "floor", obstructed: true });
  await setSection(listingIds[2]!, { zone: "floor" });
  const best = await sessionListings(guest(), query({ sessionId, sort: "best_section" }));
  expect(best.listings.map((listing) => listing.listingId)).toEqual([listingIds[2], listingIds[1], listingIds[0]]);
});

test("filters keep only listings in the price range, delivery method, zone and section asked for", async () => {
  const { sessionId, listingIds } = await sessionWith(
    { priceMinor: 50_000, deliveryMethod: "E_TICKET" },
    { priceMinor: 90_000, deliveryMethod: "EXPRESS" },
    { priceMinor: 150_000, deliveryMethod: "E_TICKET" },
  );
  await setSection(listingIds[2]!, { zone: "vip" });
  const inRange = await sessionListings(guest(), query({ sessionId, minPrice: "600", maxPrice: "1100" }));
  expect(inRange.listings.map((listing) => listing.listingId)).toEqual([listingIds[1]]);
  const eTickets = await sessionListings(guest(), query({ sessionId, delivery: "E_TICKET" }));
  expect(eTickets.listings.map((listing) => listing.listingId)).toEqual([listingIds[0], listingIds[2]]);
  const vip = await sessionListings(guest(), query({ sessionId, zone: "vip" }));
  expect(vip.listings.map((listing) => listing.listingId)).toEqual([listingIds[2]]);
  const section = await sessionListings(guest(), query({ sessionId, section: vip.listings[0]!.section.code }));
  expect(section.listings.map((listing) => listing.listingId)).toEqual([listingIds[2]]);
  expect(section.unfilteredCount).toBe(3);
});

test("seats together leaves out listings whose seats are apart", async () => {
  const { sessionId, listingIds } = await sessionWith({}, {});
  await testDb.update(schema.listings).set({ seatsTogether: false }).where(eq(schema.listings.id, listingIds[0]!));
  const together = await sessionListings(guest(), query({ sessionId, together: "1" }));
  expect(together.listings.map((listing) => listing.listingId)).toEqual([listingIds[1]]);
});

test("the quantities offered are exactly those the listings' split rules allow", async () => {
  const { sessionId, listingIds } = await sessionWith({ quantity: 4, splitRule: "pairs" }, { quantity: 3, splitRule: "all" });
  const offer = await sessionListings(guest(), query({ sessionId, quantity: "3" }));
  expect(offer.quantities).toEqual([2, 3, 4]);
  expect(offer.quantity).toBe(3);
  expect(offer.listings.map((listing) => listing.listingId)).toEqual([listingIds[1]]);
  const pairs = await sessionListings(guest(), query({ sessionId }));
  expect(pairs.quantity).toBe(2);
  expect(pairs.listings.map((listing) => listing.listingId)).toEqual([listingIds[0]]);
  expect(pairs.listings[0]!.quantities).toEqual([2, 4]);
});

test("a quantity no listing allows falls back to two tickets", async () => {
  const { sessionId } = await sessionWith({ quantity: 4, splitRule: "any" });
  const offer = await sessionListings(guest(), query({ sessionId, quantity: "9" }));
  expect(offer.quantity).toBe(2);
  expect(offer.quantities).toEqual([1, 2, 3, 4]);
});

test("a session whose show is not on sale is refused as not orderable", async () => {
  const { sessionId } = await makeListing({ showStatus: "PENDING" });
  await expect(sessionListings(guest(), query({ sessionId }))).rejects.toMatchObject({ code: 610001 });
  const answer = await api(`/pub/tour/v1/session/listings?sessionId=${sessionId}`);
  expect(answer.body.statusCode).toBe(610001);
  expect(answer.body.message).toBe("This session cannot be ordered temporarily!");
});

test("a session past its sale end is refused as not orderable", async () => {
  const { sessionId } = await makeListing({ startsAt: T0 + 2 * 60 * 60_000, saleEndsAt: T0 - 1 });
  await expect(sessionListings(guest(), query({ sessionId }))).rejects.toBeInstanceOf(MarketError);
});

test("the pick-seat page shows the session's refusal in the viewer's language", async () => {
  const { sessionId } = await makeListing({ showStatus: "PENDING" });
  const english = await page(`/pick-seat?sessionId=${sessionId}`);
  expect(english.status).toBe(200);
  expect(await english.text()).toContain("This session cannot be ordered temporarily!");
  const chinese = await page(`/pick-seat?sessionId=${sessionId}`, { headers: { cookie: "language=zh-HK" } });
  expect(await chinese.text()).toContain("此場次暫時無法下單！");
});

test("the pick-seat page lists an on-sale session's tickets linking to confirm-ticket", async () => {
  const { sessionId, listingIds } = await sessionWith({ quantity: 2 });
  const html = await (await page(`/pick-seat?sessionId=${sessionId}`)).text();
  expect(html).toContain(`/confirm-ticket?listingId=${listingIds[0]}&amp;quantity=2`);
  expect((await page(`/pick-seat?sessionId=999999999`)).status).toBe(404);
});

test("bad parameters are answered with invalidParam 12308", async () => {
  const { sessionId, listingIds } = await sessionWith({});
  for (const path of [
    "/pub/tour/v1/session/listings",
    "/pub/tour/v1/session/listings?sessionId=abc",
    `/pub/tour/v1/session/listings?sessionId=${sessionId}&sort=cheapest`,
    `/pub/tour/v1/session/listings?sessionId=${sessionId}&minPrice=500&maxPrice=100`,
    `/pub/tour/v1/session/listings?sessionId=${sessionId}&quantity=0`,
    `/pub/tour/v1/session/listings?sessionId=${sessionId}&delivery=PIGEON`,
    "/pub/tour/v1/session/seat-map?sessionId=-1",
    `/pub/tour/v1/listing/detail?listingId=${listingIds[0]}`,
  ]) {
    const answer = await api(path);
    expect(answer.body.statusCode, path).toBe(12308);
  }
});

test("seat-map section prices are the lowest all-in price converted into the cc currency", async () => {
  const { sessionId, listingIds } = await sessionWith({ priceMinor: 100_000 }, { priceMinor: 300_000 }, { priceMinor: 20_000, currencyCode: "JPY" });
  // The first two listings share a section, so the section's price is the cheaper of them.
  const [first] = await testDb.select({ sectionId: schema.listings.sectionId }).from(schema.listings).where(eq(schema.listings.id, listingIds[0]!));
  await testDb.update(schema.listings).set({ sectionId: first!.sectionId }).where(eq(schema.listings.id, listingIds[1]!));
  const map = await sessionSeatMap(guest({ currency: "USD" }), { sessionId });
  const shared = map.sections.find((section) => section.listingCount === 2)!;
  // HK$1,127.50 all-in (HK$1,000 + 10% fee + 2.5% gateway) at 7.8 HKD per USD is US$144.551…: US$144.55.
  expect(shared.lowestPrice).toEqual({ amount: 14_455, currency: "USD" });
  // ¥20,000 + ¥2,000 fee + ¥200 VAT + ¥555 gateway = ¥22,755, at 150 JPY per USD: US$151.70.
  const yen = map.sections.find((section) => section.lowestPrice?.amount === 15_170);
  expect(yen).toBeDefined();
  expect(map.bands[0]!.from.amount).toBe(Math.min(...map.sections.flatMap((section) => (section.lowestPrice ? [section.lowestPrice.amount] : []))));

  const answer = await api<{ sections: { lowestPrice: { currency: string } | null }[] }>(`/pub/tour/v1/session/seat-map?sessionId=${sessionId}`, { headers: { cc: "USD" } });
  expect(answer.body.statusCode).toBe(200);
  expect(answer.body.data.sections.filter((section) => section.lowestPrice).every((section) => section.lowestPrice!.currency === "USD")).toBe(true);
});

test("a section whose tickets are all sold is shown sold out without a price", async () => {
  const { sessionId, listingIds } = await sessionWith({}, {});
  await testDb.update(schema.listings).set({ quantity: 0 }).where(eq(schema.listings.id, listingIds[1]!));
  const map = await sessionSeatMap(guest(), { sessionId });
  const sold = map.sections.filter((section) => section.lowestPrice === null);
  expect(sold).toHaveLength(1);
  expect(sold[0]!.band).toBeNull();
  expect(sold[0]!.ticketsLeft).toBe(0);
  expect(map.sections.filter((section) => section.band === 0)).toHaveLength(1);
});

test("a session that is not on sale shows every section sold out on its map", async () => {
  const { sessionId } = await makeListing({ showStatus: "PENDING" });
  const map = await sessionSeatMap(guest(), { sessionId });
  expect(map.sections.length).toBeGreaterThan(0);
  expect(map.sections.every((section) => section.lowestPrice === null)).toBe(true);
  expect(map.bands).toEqual([]);
});

test("a listing's confirmation breaks the all-in total into its parts, with shipping for express", async () => {
  const { listingIds } = await sessionWith({ priceMinor: 100_000, deliveryMethod: "EXPRESS", quantity: 2 });
  const detail = await listingDetail(guest({ currency: "USD" }), { listingId: listingIds[0]!, quantity: 2 });
  expect(detail.trade).toMatchObject({
    currency: "HKD",
    ticketPrice: 200_000,
    serviceFee: 20_000,
    vat: 0,
    paymentGatewayFee: 5_500,
    shippingFee: 3_000,
    total: 228_500,
  });
  expect(detail.display.currency).toBe("USD");
  // HK$2,285.00 ÷ 7.8 = US$292.948…: US$292.95.
  expect(detail.display.total).toBe(29_295);
  expect(detail.exchangeRate).toBe("0.128205");
  expect(detail.allInPerTicket).toEqual({ amount: 14_455, currency: "USD" });
  expect(detail.consecutiveNotGuaranteed).toBe(false);
});

test("four tickets or more are told consecutive seating is not guaranteed", async () => {
  const { listingIds } = await sessionWith({ quantity: 4 });
  const detail = await listingDetail(guest(), { listingId: listingIds[0]!, quantity: 4 });
  expect(detail.consecutiveNotGuaranteed).toBe(true);
  const html = await (await page(`/confirm-ticket?listingId=${listingIds[0]}&quantity=4`)).text();
  expect(html).toContain("Consecutive seating is not guaranteed");
  expect(html).toContain("/confirm-order");
});

test("a quantity the split rule forbids is refused with the quantities allowed", async () => {
  const { listingIds } = await sessionWith({ quantity: 4, splitRule: "pairs" });
  await expect(listingDetail(guest(), { listingId: listingIds[0]!, quantity: 3 })).rejects.toMatchObject({ code: 610014, data: { allowed: [2, 4] } });
  const answer = await api(`/pub/tour/v1/listing/detail?listingId=${listingIds[0]}&quantity=3`);
  expect(answer.body.statusCode).toBe(610014);
});

test("more tickets than are left is told the ticket has been sold", async () => {
  const { listingIds } = await sessionWith({ quantity: 2 });
  const answer = await api(`/pub/tour/v1/listing/detail?listingId=${listingIds[0]}&quantity=3`);
  expect(answer.body.statusCode).toBe(610011);
  expect(answer.body.message).toBe("Oops! The ticket has been sold.");
  expect((await api(`/pub/tour/v1/listing/detail?listingId=999999999&quantity=1`)).status).toBe(404);
});
