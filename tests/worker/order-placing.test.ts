/**
 * What placing an order answers and records, now that the answer is built from the two batches
 * that place it rather than read again: it must be the very order a later read shows.
 */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { createOrder, getOrder } from "../../functions/market/orders";
import { recordLowestPrice } from "../../functions/market/demand/price-history";
import { CONTACT, T0, clockAt, makeBuyer, makeListing, marketFor } from "./support/buying";
import { twoPricedSession } from "./support/demand";

const MINUTE = 60_000;

async function pricePoints(sessionId: number) {
  const { results } = await env.DB.prepare("SELECT at, all_in_minor AS amount FROM session_price_points WHERE session_id = ? ORDER BY id")
    .bind(sessionId)
    .all<{ at: number; amount: number | null }>();
  return results;
}

test("the order answered on placing is the order its buyer reads back, seats and prices included", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 4, priceMinor: 100_000 });
  const buyer = marketFor(await makeBuyer(), clock);

  const placed = await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });

  expect(placed).toEqual(await getOrder(buyer, placed.id));
  expect(placed.status).toBe("pending_payment");
  expect(placed.payWithinMs).toBe(10 * MINUTE);
  expect(placed.expiresAt).toBe(T0 + 10 * MINUTE);
  expect(placed.tickets).toMatchObject({ listingId, section: "Section A", rowLabel: "F", seats: ["11", "12"], consecutiveNotGuaranteed: false });
  expect(placed.event).toMatchObject({ artist: "The Lanterns", venueName: "Harbour Arena", venueAddress: "1 Arena Road", timeZone: "Asia/Hong_Kong" });
  expect(placed.seller).toEqual({ nickname: "Ticket Fox" });
  expect(placed.price).toMatchObject({ currency: "HKD", unitPrice: 100_000, ticketPrice: 200_000 });
  expect(placed.actions).toEqual({ pay: true, cancel: true, buyAgain: false });
  expect(placed.notes).toEqual([]);
  expect(placed.delivery).toBeNull();
});

test("a Chinese-speaking buyer's answer on placing is in Chinese, as the read back is", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 2 });
  const buyer = marketFor(await makeBuyer(), clock, { language: "zh-HK" });

  const placed = await createOrder(buyer, { listingId, quantity: 1, ...CONTACT });

  expect(placed).toEqual(await getOrder(buyer, placed.id));
  expect(placed.event).toMatchObject({ artist: "燈籠樂隊", venueName: "海港體育館", venueAddress: "體育館道1號" });
});

test("an order that leaves tickets behind writes no price point; the one that takes the last tickets does", async () => {
  const { clock, listingId, sessionId, buyer: first } = await twoPricedSession(3);

  clock.advance(11 * MINUTE);
  await createOrder(first, { listingId, quantity: 2, ...CONTACT });
  expect(await pricePoints(sessionId)).toEqual([{ at: T0, amount: 112_750 }]);

  // Within the first order's hold, so its tickets are still taken.
  clock.advance(5 * MINUTE);
  await createOrder(marketFor(await makeBuyer(), clock), { listingId, quantity: 1, ...CONTACT });
  expect(await pricePoints(sessionId)).toEqual([
    { at: T0, amount: 112_750 },
    { at: T0 + 16 * MINUTE, amount: 169_125 },
  ]);
});

test("taking a listing's last tickets writes no price point while another of its session at that price or less still sells", async () => {
  const clock = clockAt();
  const { listingId: cheapest, sessionId } = await makeListing({ quantity: 3, priceMinor: 100_000 });
  const { listingId: dearer } = await makeListing({ sessionId, quantity: 2, priceMinor: 150_000 });
  const { listingId: samePrice } = await makeListing({ sessionId, quantity: 1, priceMinor: 100_000 });
  await recordLowestPrice(marketFor(await makeBuyer(), clock), sessionId);

  clock.advance(11 * MINUTE);
  await createOrder(marketFor(await makeBuyer(), clock), { listingId: dearer, quantity: 2, ...CONTACT });
  await createOrder(marketFor(await makeBuyer(), clock), { listingId: samePrice, quantity: 1, ...CONTACT });
  expect(await pricePoints(sessionId)).toEqual([{ at: T0, amount: 112_750 }]);

  // The last tickets of the last listing on sale: nothing is left to buy.
  await createOrder(marketFor(await makeBuyer(), clock), { listingId: cheapest, quantity: 3, ...CONTACT });
  expect(await pricePoints(sessionId)).toEqual([
    { at: T0, amount: 112_750 },
    { at: T0 + 11 * MINUTE, amount: null },
  ]);
});

test("a general-admission order is answered without seats, as it reads back", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 5 });
  await env.DB.prepare("UPDATE listings SET seat_from = NULL WHERE id = ?").bind(listingId).run();
  const buyer = marketFor(await makeBuyer(), clock);

  const placed = await createOrder(buyer, { listingId, quantity: 4, ...CONTACT });

  expect(placed).toEqual(await getOrder(buyer, placed.id));
  expect(placed.tickets.seats).toBeNull();
  expect(placed.tickets.consecutiveNotGuaranteed).toBe(true);
});
