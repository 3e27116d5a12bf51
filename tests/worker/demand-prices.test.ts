import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { cancelOrder, createOrder } from "../../functions/market/orders";
import { priceHistory, recordLowestPrice, sampleLowestPrices } from "../../functions/market/demand/price-history";
import { sessionListings } from "../../functions/market/listings/session-listings";
import { CONTACT, T0, clockAt, makeBuyer, makeListing, marketFor } from "./support/buying";
import { twoPricedSession } from "./support/demand";

const MINUTE = 60_000;

async function pointsOf(sessionId: number) {
  const { results } = await env.DB.prepare("SELECT at, all_in_minor AS amount, currency_code AS currency FROM session_price_points WHERE session_id = ? ORDER BY id")
    .bind(sessionId)
    .all<{ at: number; amount: number | null; currency: string | null }>();
  return results;
}

test("an order taking the cheapest tickets records the next price, and the first price before it stays", async () => {
  const { clock, listingId, sessionId, buyer } = await twoPricedSession(2);
  clock.advance(11 * MINUTE);
  await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
  expect(await pointsOf(sessionId)).toEqual([
    { at: T0, amount: 112_750, currency: "HKD" },
    { at: T0 + 11 * MINUTE, amount: 169_125, currency: "HKD" },
  ]);
});

test("a hold canceled within ten minutes leaves no point behind", async () => {
  const { clock, listingId, sessionId, buyer } = await twoPricedSession(2);
  clock.advance(11 * MINUTE);
  const order = await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
  clock.advance(3 * MINUTE);
  await cancelOrder(buyer, order.id);
  expect(await pointsOf(sessionId)).toEqual([{ at: T0, amount: 112_750, currency: "HKD" }]);
});

test("the minute's sample records tickets coming back when a hold expires, and nothing when nothing changed", async () => {
  const clock = clockAt();
  const { listingId, sessionId } = await makeListing({ quantity: 2, priceMinor: 100_000 });
  const buyer = marketFor(await makeBuyer(), clock);
  await recordLowestPrice(buyer, sessionId);
  clock.advance(20 * MINUTE);
  await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
  clock.advance(10 * MINUTE);
  await sampleLowestPrices(buyer);
  clock.advance(MINUTE);
  await sampleLowestPrices(buyer);
  expect(await pointsOf(sessionId)).toEqual([
    { at: T0, amount: 112_750, currency: "HKD" },
    { at: T0 + 20 * MINUTE, amount: null, currency: null },
    { at: T0 + 30 * MINUTE, amount: 112_750, currency: "HKD" },
  ]);
});

test("the price history is shown in the viewer's currency, as steps over the last 30 days", async () => {
  const { clock, listingId, sessionId, buyer } = await twoPricedSession(2, { currency: "USD" });
  clock.advance(15 * MINUTE);
  await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
  const history = await priceHistory(buyer, [sessionId]);
  expect(history.currency).toBe("USD");
  expect(history.points).toEqual([
    { at: T0, amount: 14_455 },
    { at: T0 + 15 * MINUTE, amount: 21_683 },
  ]);
});

test("a tour's history is the lowest of its sessions at each moment", async () => {
  const clock = clockAt();
  const first = await makeListing({ quantity: 2, priceMinor: 100_000 });
  const second = await makeListing({ quantity: 2, priceMinor: 150_000 });
  const buyer = marketFor(await makeBuyer(), clock);
  await recordLowestPrice(buyer, first.sessionId);
  await recordLowestPrice(buyer, second.sessionId);
  clock.advance(15 * MINUTE);
  await createOrder(buyer, { listingId: first.listingId, quantity: 2, ...CONTACT });
  const history = await priceHistory(buyer, [first.sessionId, second.sessionId]);
  expect(history.points).toEqual([
    { at: T0, amount: 112_750 },
    { at: T0 + 15 * MINUTE, amount: 169_125 },
  ]);
});

test("pick-seat marks a listing well under its zone's middle price as a great price and one a little under as a good price", async () => {
  const clock = clockAt();
  const { sessionId } = await makeListing({ priceMinor: 100_000 });
  await makeListing({ sessionId, priceMinor: 100_000 });
  await makeListing({ sessionId, priceMinor: 100_000 });
  const great = await makeListing({ sessionId, priceMinor: 75_000 });
  const good = await makeListing({ sessionId, priceMinor: 88_000 });
  const offer = await sessionListings(marketFor(null, clock), { sessionId, sort: "best_deal", quantity: 2 });
  expect(offer.listings.map((listing) => [listing.listingId, listing.deal?.level ?? null, listing.deal?.percentBelow ?? null])).toEqual([
    [great.listingId, "great", 24],
    [good.listingId, "good", 12],
    [expect.any(Number), null, null],
    [expect.any(Number), null, null],
    [expect.any(Number), null, null],
  ]);
  expect(offer.listings[0].deal?.zoneMedian).toBe(112_750);
});

test("with fewer than two other listings in the zone no listing gets a deal signal", async () => {
  const clock = clockAt();
  const { sessionId } = await makeListing({ priceMinor: 100_000 });
  await makeListing({ sessionId, priceMinor: 50_000 });
  const offer = await sessionListings(marketFor(null, clock), { sessionId, sort: "price_asc", quantity: 2 });
  expect(offer.listings.map((listing) => listing.deal)).toEqual([null, null]);
});
