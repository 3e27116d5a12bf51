/**
 * 'Cancel the previous order and re-order': the cancel and the new order are one transaction. A
 * re-order that is refused leaves the held order exactly as it was (its seats, its coupon, its
 * deadline); one that succeeds leaves one unpaid order, however often it is sent at once.
 */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { createOrder, getOrder, reorder } from "../../functions/market/orders";
import { CODES, MarketError } from "../../functions/market/errors";
import { T0, CONTACT, clockAt, makeBuyer, makeListing, marketFor, ticketsLeftAt } from "./support/buying";

async function refusalCode(promise: Promise<unknown>): Promise<number | string> {
  return promise.then(
    () => "placed",
    (error: unknown) => (error instanceof MarketError ? error.code : `unexpected ${String(error)}`),
  );
}

async function heldSeats(orderId: number): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT position FROM order_seats WHERE order_id = ? ORDER BY position").bind(orderId).all<{ position: number }>();
  return results.map((row) => row.position);
}

test("a re-order refused for tickets it cannot have leaves the held order, its seats and its tickets as they were", async () => {
  const clock = clockAt();
  const { listingId, sessionId } = await makeListing({ quantity: 4, priceMinor: 123_457 });
  const { listingId: other } = await makeListing({ quantity: 2, priceMinor: 98_765, sessionId });
  const buyer = marketFor(await makeBuyer(), clock);
  const held = await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
  expect(await heldSeats(held.id)).toEqual([0, 1]);

  expect(await refusalCode(reorder(buyer, { previousOrderId: held.id, listingId: other, quantity: 3 }))).toBe(CODES.orderInventoryNotEnough);

  const after = await getOrder(buyer, held.id);
  expect(after.status).toBe("pending_payment");
  expect(after.expiresAt).toBe(T0 + 10 * 60_000);
  expect(await heldSeats(held.id)).toEqual([0, 1]);
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(2);
  expect(await ticketsLeftAt(other, clock.now())).toBe(2);
});

test("a re-order of the same listing may take the tickets the held order frees, and cancels it in the same step", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 3, priceMinor: 123_457 });
  const buyer = marketFor(await makeBuyer(), clock);
  const held = await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });

  const placed = await reorder(buyer, { previousOrderId: held.id, listingId, quantity: 3 });

  expect(placed.quantity).toBe(3);
  expect(placed.price.ticketPrice).toBe(370_371);
  expect((await getOrder(buyer, held.id)).status).toBe("canceled");
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(0);
});

test("thirty re-orders of one held order sent at once place exactly one order and cancel the held one once", async () => {
  const clock = clockAt();
  const { listingId, sessionId } = await makeListing({ quantity: 50, priceMinor: 100_001 });
  const buyerId = await makeBuyer();
  const buyer = marketFor(buyerId, clock);
  const held = await createOrder(buyer, { listingId, quantity: 1, ...CONTACT });

  const outcomes = await Promise.all(Array.from({ length: 30 }, () => refusalCode(reorder(buyer, { previousOrderId: held.id, listingId, quantity: 2 }))));

  expect(outcomes.filter((outcome) => outcome === "placed")).toHaveLength(1);
  expect(outcomes.filter((outcome) => outcome === CODES.orderUnpaidSameSession)).toHaveLength(29);
  const { results } = await env.DB.prepare("SELECT status, quantity FROM orders WHERE user_id = ? AND session_id = ? ORDER BY id")
    .bind(buyerId, sessionId)
    .all<{ status: string; quantity: number }>();
  expect(results).toEqual([
    { status: "canceled", quantity: 1 },
    { status: "pending_payment", quantity: 2 },
  ]);
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(48);
});

test("a paid order cannot be replaced by a re-order, and nothing new is placed", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 4 });
  const buyerId = await makeBuyer();
  const buyer = marketFor(buyerId, clock);
  const held = await createOrder(buyer, { listingId, quantity: 1, ...CONTACT });
  await env.DB.prepare("UPDATE orders SET status = 'paid', paid_at = ? WHERE id = ?").bind(T0, held.id).run();

  expect(await refusalCode(reorder(buyer, { previousOrderId: held.id, listingId, quantity: 1 }))).toBe(CODES.orderNotCancelable);
  expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ?").bind(buyerId).first<{ n: number }>())!.n).toBe(1);
});
