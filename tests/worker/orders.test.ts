import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { CODES, MarketError } from "../../functions/market/errors";
import { allowedQuantities, splitAllows } from "../../functions/market/listings/split-rules";
import { buyAgain, cancelOrder, createOrder, getOrder, HOLD_MS, listOrders, openOrder, tidyExpiredOrders } from "../../functions/market/orders";
import { prepare } from "../../functions/market/context/statements";
import { SPLIT_RULES } from "../../functions/db/schema";
import worker from "../../functions/worker";
import { ADDRESS, clockAt, CONTACT, makeBuyer, makeListing, marketFor, T0, ticketsLeftAt } from "./support/buying";
import { refusal } from "./support/refusal";

const order = (listingId: number, quantity = 1, extra: Record<string, unknown> = {}) => ({ listingId, quantity, ...CONTACT, ...extra });

/** A buyer's order for two tickets of a listing of `tickets`, placed and then canceled. */
async function canceledOrderOfTwo(tickets: number) {
  const buyer = marketFor(await makeBuyer(), clockAt());
  const { listingId } = await makeListing({ quantity: tickets });
  const previous = await createOrder(buyer, order(listingId, 2));
  await cancelOrder(buyer, previous.id);
  return { buyer, listingId, previous };
}

test("of fifty buyers at once for the last three tickets, exactly three get an order and forty-seven are told it has been sold", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 3, splitRule: "any" });
  const buyers = await Promise.all(Array.from({ length: 50 }, () => makeBuyer()));

  const results = await Promise.allSettled(buyers.map((buyer) => createOrder(marketFor(buyer, clock), order(listingId, 1))));

  const placed = results.filter((result) => result.status === "fulfilled");
  const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason as MarketError] : []));
  expect(placed).toHaveLength(3);
  expect(refused).toHaveLength(47);
  expect(refused.every((error) => error.code === CODES.orderInventoryNotEnough)).toBe(true);
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(0);
});

test("concurrent buyers of different quantities never take more tickets than the listing has", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 7, splitRule: "any" });
  const buyers = await Promise.all(Array.from({ length: 20 }, () => makeBuyer()));

  const results = await Promise.allSettled(
    buyers.map((buyer, i) => createOrder(marketFor(buyer, clock), order(listingId, (i % 3) + 1))),
  );

  const taken = results.reduce((sum, result) => sum + (result.status === "fulfilled" ? result.value.quantity : 0), 0);
  expect(taken).toBeLessThanOrEqual(7);
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(7 - taken);
});

test("an unpaid order holds its tickets until exactly 10 minutes after it was placed, with no cron running", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 2, splitRule: "any" });
  const first = await createOrder(marketFor(await makeBuyer(), clock), order(listingId, 2));
  const second = await makeBuyer();

  clock.time = first.createdAt + HOLD_MS - 1;
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(0);
  expect((await refusal(createOrder(marketFor(second, clock), order(listingId, 1)))).code).toBe(CODES.orderInventoryNotEnough);

  clock.time = first.createdAt + HOLD_MS;
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(2);
  const placed = await createOrder(marketFor(second, clock), order(listingId, 2));
  expect(placed.status).toBe("pending_payment");
});

test("an order's deadline is stored as 10 minutes after it was placed", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing();
  const placed = await createOrder(marketFor(await makeBuyer(), clock), order(listingId));
  expect(placed.createdAt).toBe(T0);
  expect(placed.expiresAt).toBe(T0 + 10 * 60_000);
  expect(placed.payWithinMs).toBe(10 * 60_000);
});

test("an unpaid order reads as canceled (expired) the instant its deadline passes, before any cron", async () => {
  const clock = clockAt();
  const buyer = await makeBuyer();
  const { listingId } = await makeListing();
  const placed = await createOrder(marketFor(buyer, clock), order(listingId));

  clock.time = placed.expiresAt - 1;
  expect((await getOrder(marketFor(buyer, clock), placed.id)).status).toBe("pending_payment");
  clock.time = placed.expiresAt;
  const expired = await getOrder(marketFor(buyer, clock), placed.id);
  expect(expired).toMatchObject({ status: "canceled", cancelReason: "expired", canceledAt: placed.expiresAt, payWithinMs: 0 });
  expect(expired.actions).toEqual({ pay: false, cancel: false, buyAgain: true });
});

test("the cron marks expired unpaid orders canceled at their deadline and leaves live holds alone", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 10 });
  const early = await makeBuyer();
  const late = await makeBuyer();
  const expiring = await createOrder(marketFor(early, clock), order(listingId));
  clock.advance(5 * 60_000);
  const live = await createOrder(marketFor(late, clock), order(listingId));

  clock.advance(5 * 60_000 + 30_000);
  const tidied = await tidyExpiredOrders(marketFor(null, clock));

  expect(tidied.expired).toBeGreaterThanOrEqual(1);
  const rows = await env.DB.prepare("SELECT id, status, cancel_reason, canceled_at FROM orders WHERE id IN (?, ?) ORDER BY id")
    .bind(expiring.id, live.id)
    .all<{ id: number; status: string; cancel_reason: string | null; canceled_at: number | null }>();
  expect(rows.results).toEqual([
    { id: expiring.id, status: "canceled", cancel_reason: "expired", canceled_at: expiring.expiresAt },
    { id: live.id, status: "pending_payment", cancel_reason: null, canceled_at: null },
  ]);
});

test("a no_single listing of three refuses two tickets and offers one or three", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 3, splitRule: "no_single" });
  const error = await refusal(createOrder(marketFor(await makeBuyer(), clock), order(listingId, 2)));
  expect(error.code).toBe(CODES.orderQuantityNotAllowed);
  expect(error.data).toEqual({ allowedQuantities: [1, 3] });
});

test("a pairs listing sells even quantities only and never leaves a single ticket", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 6, splitRule: "pairs" });
  expect((await refusal(createOrder(marketFor(await makeBuyer(), clock), order(listingId, 3)))).code).toBe(CODES.orderQuantityNotAllowed);
  expect((await refusal(createOrder(marketFor(await makeBuyer(), clock), order(listingId, 5)))).code).toBe(CODES.orderQuantityNotAllowed);
  await createOrder(marketFor(await makeBuyer(), clock), order(listingId, 4));
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(2);
});

test("an all listing sells only everything that is left", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 4, splitRule: "all" });
  const error = await refusal(createOrder(marketFor(await makeBuyer(), clock), order(listingId, 3)));
  expect(error.data).toEqual({ allowedQuantities: [4] });
  await createOrder(marketFor(await makeBuyer(), clock), order(listingId, 4));
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(0);
});

test("buyers of a no_single listing, in any order and at once, never leave exactly one ticket behind", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 9, splitRule: "no_single" });
  const buyers = await Promise.all(Array.from({ length: 12 }, () => makeBuyer()));
  await Promise.allSettled(buyers.map((buyer, i) => createOrder(marketFor(buyer, clock), order(listingId, [1, 2, 3, 4][i % 4]))));
  expect(await ticketsLeftAt(listingId, clock.now())).not.toBe(1);
});

test("the statement that takes tickets and the quantity picker agree on every split rule", async () => {
  const cases = SPLIT_RULES.flatMap((rule) =>
    Array.from({ length: 7 }, (_, left) => Array.from({ length: 8 }, (_, quantity) => ({ rule, left, quantity }))).flat(),
  );
  const answers = await env.DB.batch<{ allowed: number }>(
    cases.map(({ rule, left, quantity }) => prepare(env.DB, sql`SELECT ${splitAllows(sql`${rule}`, sql`${left}`, quantity)} AS allowed`)),
  );
  const fromSql = cases.map((c, i) => ({ ...c, allowed: answers[i].results[0].allowed === 1 }));
  const fromPicker = cases.map((c) => ({ ...c, allowed: allowedQuantities({ splitRule: c.rule }, c.left).includes(c.quantity) }));
  expect(fromSql).toEqual(fromPicker);
});

test("the quantity picker never offers a quantity that leaves one ticket unless the seller allows any split", () => {
  for (const splitRule of ["no_single", "pairs", "all"] as const) {
    for (let left = 1; left <= 12; left++) {
      for (const quantity of allowedQuantities({ splitRule }, left)) expect(left - quantity).not.toBe(1);
    }
  }
  expect(allowedQuantities({ splitRule: "any" }, 3)).toEqual([1, 2, 3]);
  expect(allowedQuantities({ splitRule: "pairs" }, 5)).toEqual([2, 5]);
});

test("another account's order is not found, whether read, canceled or bought again", async () => {
  const clock = clockAt();
  const owner = await makeBuyer();
  const stranger = marketFor(await makeBuyer(), clock);
  const { listingId } = await makeListing();
  const placed = await createOrder(marketFor(owner, clock), order(listingId));

  expect((await refusal(getOrder(stranger, placed.id))).code).toBe(CODES.notFound);
  expect((await refusal(cancelOrder(stranger, placed.id))).code).toBe(CODES.notFound);
  expect((await refusal(buyAgain(stranger, placed.id))).code).toBe(CODES.notFound);
  expect((await listOrders(stranger, { tab: "ongoing", paging: { page: 1, pageSize: 20 } })).total).toBe(0);
  expect((await getOrder(marketFor(owner, clock), placed.id)).status).toBe("pending_payment");
});

test("a guest cannot place an order", async () => {
  const { listingId } = await makeListing();
  expect((await refusal(createOrder(marketFor(null, clockAt()), order(listingId)))).code).toBe(CODES.notLogin);
});

test("a second unpaid order for the same session is refused with the previous order's id", async () => {
  const clock = clockAt();
  const buyer = marketFor(await makeBuyer(), clock);
  const { listingId, sessionId } = await makeListing();
  const other = await makeListing({ sessionId });
  const previous = await createOrder(buyer, order(listingId));

  const error = await refusal(createOrder(buyer, order(other.listingId)));
  expect(error.code).toBe(CODES.orderUnpaidSameSession);
  expect(error.data).toEqual({ previousOrderId: previous.id, previousOrderNo: previous.orderNo });
});

test("canceling the previous unpaid order lets the buyer re-order the same session", async () => {
  const { buyer, listingId, previous } = await canceledOrderOfTwo(2);
  const again = await createOrder(buyer, order(listingId, 2));
  expect(again.status).toBe("pending_payment");
});

test("a buyer with two unpaid orders must cancel one before placing a third", async () => {
  const clock = clockAt();
  const buyer = marketFor(await makeBuyer(), clock);
  const [a, b, c] = await Promise.all([makeListing(), makeListing(), makeListing()]);
  const first = await createOrder(buyer, order(a.listingId));
  const second = await createOrder(buyer, order(b.listingId));

  const error = await refusal(createOrder(buyer, order(c.listingId)));
  expect(error.code).toBe(CODES.orderUnpaidTooMany);
  expect(error.data).toEqual({ orderIds: [first.id, second.id] });

  await cancelOrder(buyer, first.id);
  expect((await createOrder(buyer, order(c.listingId))).status).toBe("pending_payment");
});

test("a session whose show is not on sale cannot be ordered", async () => {
  const clock = clockAt();
  for (const showStatus of ["PENDING", "CANCEL", "DISABLED"] as const) {
    const { listingId } = await makeListing({ showStatus });
    const error = await refusal(createOrder(marketFor(await makeBuyer(), clock), order(listingId)));
    expect(error.code).toBe(CODES.orderSessionUnavailable);
  }
});

test("a session whose sales have ended answers saleOvertime", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ startsAt: T0 + 60 * 60_000, saleEndsAt: T0 - 1 });
  expect((await refusal(createOrder(marketFor(await makeBuyer(), clock), order(listingId)))).code).toBe(CODES.saleOvertime);
});

test("an unknown listing is not found", async () => {
  const error = await refusal(createOrder(marketFor(await makeBuyer(), clockAt()), order(987_654_321)));
  expect(error.code).toBe(CODES.notFound);
});

test("an order without a mobile number is refused with the spec's message", async () => {
  const { listingId } = await makeListing();
  const error = await refusal(createOrder(marketFor(await makeBuyer(), clockAt()), order(listingId, 1, { contactPhone: "" })));
  expect(error).toMatchObject({ code: CODES.invalidParam, messageKey: "order.phoneRequired" });
});

test("an express order needs a shipping address and is charged shipping once", async () => {
  const clock = clockAt();
  const buyer = marketFor(await makeBuyer(), clock);
  const { listingId } = await makeListing({ deliveryMethod: "EXPRESS", quantity: 4 });
  const error = await refusal(createOrder(buyer, order(listingId, 2)));
  expect(error).toMatchObject({ code: CODES.invalidParam, messageKey: "order.addressRequired" });

  const placed = await createOrder(buyer, order(listingId, 2, { shippingAddress: ADDRESS }));
  expect(placed.price.shippingFee).toBe(3_000);
  expect(placed.shippingAddress).toMatchObject({ fullName: "Mei Chan", district: null });
});

test("an order records its price details in the listing's currency and its total in the viewer's, with the rate", async () => {
  const clock = clockAt();
  const buyer = marketFor(await makeBuyer(), clock, { currency: "USD" });
  const { listingId } = await makeListing({ priceMinor: 100_000, currencyCode: "HKD" });
  const placed = await createOrder(buyer, order(listingId, 2));

  // HK$1,000 a ticket: 10% service fee, no VAT on HKD, 2.5% gateway fee on the rest.
  expect(placed.price).toEqual({
    currency: "HKD",
    unitPrice: 100_000,
    ticketPrice: 200_000,
    serviceFee: 20_000,
    vat: 0,
    shippingFee: 0,
    additionalFees: 0,
    paymentGatewayFee: 5_500,
    couponDiscount: 0,
    total: 225_500,
  });
  expect(placed.displayPrice.currency).toBe("USD");
  expect(placed.displayPrice.total).toBe(28_910); // 2,255.00 HKD ÷ 7.8 = 289.10 USD
  expect(placed.exchangeRate).toBe("0.128205");
});

test("canceling an unpaid order releases its tickets at once", async () => {
  const clock = clockAt();
  const buyer = marketFor(await makeBuyer(), clock);
  const { listingId } = await makeListing({ quantity: 2 });
  const placed = await createOrder(buyer, order(listingId, 2));
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(0);

  const canceled = await cancelOrder(buyer, placed.id);
  expect(canceled).toMatchObject({ status: "canceled", cancelReason: "buyer", canceledAt: T0 });
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(2);
});

test("canceling an order twice answers it canceled both times", async () => {
  const clock = clockAt();
  const buyer = marketFor(await makeBuyer(), clock);
  const { listingId } = await makeListing();
  const placed = await createOrder(buyer, order(listingId));
  await cancelOrder(buyer, placed.id);
  clock.advance(1_000);
  expect(await cancelOrder(buyer, placed.id)).toMatchObject({ status: "canceled", canceledAt: T0 });
});

test("buying again places a new order for the same tickets once the old one is canceled", async () => {
  const { buyer, listingId, previous } = await canceledOrderOfTwo(3);

  const again = await buyAgain(buyer, previous.id);
  expect(again.id).not.toBe(previous.id);
  expect(again).toMatchObject({ status: "pending_payment", quantity: 2, tickets: { listingId } });
});

test("my orders lists unpaid orders under Ongoing and canceled ones under Closed, newest first", async () => {
  const clock = clockAt();
  const buyer = marketFor(await makeBuyer(), clock);
  const [a, b] = await Promise.all([makeListing(), makeListing()]);
  const canceled = await createOrder(buyer, order(a.listingId));
  await cancelOrder(buyer, canceled.id);
  clock.advance(1_000);
  const live = await createOrder(buyer, order(b.listingId));

  const ongoing = await listOrders(buyer, { tab: "ongoing", paging: { page: 1, pageSize: 20 } });
  const closed = await listOrders(buyer, { tab: "closed", paging: { page: 1, pageSize: 20 } });
  expect(ongoing.list.map((o) => o.id)).toEqual([live.id]);
  expect(closed.list.map((o) => o.id)).toEqual([canceled.id]);

  clock.time = live.expiresAt;
  const later = await listOrders(buyer, { tab: "closed", paging: { page: 1, pageSize: 20 } });
  expect(later.list.map((o) => o.id)).toEqual([live.id, canceled.id]);
});

test("the Worker's minute cron records expired holds as canceled", async () => {
  const placedAt = Date.now() - HOLD_MS - 60_000;
  const clock = clockAt(placedAt);
  const { listingId } = await makeListing({ startsAt: Date.now() + 30 * 24 * 60 * 60_000 });
  const placed = await createOrder(marketFor(await makeBuyer(), clock), order(listingId));

  const context = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), env, context);
  await waitOnExecutionContext(context);

  const row = await env.DB.prepare("SELECT status, cancel_reason FROM orders WHERE id = ?").bind(placed.id).first();
  expect(row).toEqual({ status: "canceled", cancel_reason: "expired" });
});

test("opening an order answers in one call: the buyer's own with its view, another account's with nothing of it, or none", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ quantity: 2, splitRule: "any" });
  const owner = await makeBuyer();
  const other = await makeBuyer();
  const placed = await createOrder(marketFor(owner, clock), order(listingId, 2));

  const mine = await openOrder(marketFor(owner, clock), placed.id);
  expect(mine.whose).toBe("mine");
  expect(mine.whose === "mine" && mine.order.orderNo).toBe(placed.orderNo);
  expect(await openOrder(marketFor(other, clock), placed.id)).toEqual({ whose: "another" });
  expect(await openOrder(marketFor(other, clock), placed.id + 1_000_000)).toEqual({ whose: "none" });
  expect((await refusal(openOrder(marketFor(null, clock), placed.id))).code).toBe(12306);
});
