/**
 * A hot on-sale's purchase limit (functions/market/orders/purchase-limits.ts): while a session's
 * queue is on, one buyer holds at most its ticket_limit tickets in live orders, counted per
 * account, device, delivery address and card, each refused with its own code and message; racing
 * orders are decided by the database; expired and canceled orders give their tickets back; a
 * session without the queue on has no limit; pick-seat and confirm-order state the limit.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import type { Viewer } from "../../functions/market/context/viewer";
import { signToken } from "../../functions/market/demand/signed-token";
import { MarketError } from "../../functions/market/errors";
import { messageOf } from "../../functions/market/messages";
import { cancelOrder, createOrder, tidyExpiredOrders, type CreateOrderInput, type OrderView } from "../../functions/market/orders";
import { completeSandboxCheckout, startPayment } from "../../functions/market/payments";
import type { MarketContext } from "../../functions/market/context";
import { admissionCookieHeader } from "../../app/server/demand.server";
import { ADDRESS, CONTACT, clockAt, makeBuyer, makeListing, marketFor, paySandbox, testDb, type ListingOptions } from "./support/buying";
import { cookieFor, visit } from "./support/chat";
import { BOT_CHECK } from "./support/queue";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ORIGIN = "http://localhost";

type Clock = ReturnType<typeof clockAt>;

/** A session of 40 tickets whose queue is on (or off) with `ticketLimit`, on a clock at T0. */
async function limitedSession(options: ListingOptions & { ticketLimit?: number; queueOn?: boolean; clock?: Clock } = {}) {
  const clock = options.clock ?? clockAt();
  const { listingId, sessionId } = await makeListing({ quantity: 40, ...options });
  await testDb.insert(schema.sessionDemand).values({
    sessionId,
    queueOn: options.queueOn ?? true,
    markedBy: "support",
    shards: 1,
    admitPerMinute: 300,
    opensAt: clock.now() - MINUTE,
    updatedAt: clock.now(),
    ticketLimit: options.ticketLimit ?? 4,
  });
  return { clock, listingId, sessionId };
}

/** A buyer admitted through the session's waiting room who passed the bot check at Place order: their context and admission. */
async function admittedBuyer(sessionId: number, clock: Clock, viewer: Partial<Viewer> = {}) {
  const userId = await makeBuyer();
  const market = marketFor(userId, clock, viewer);
  const admissionToken = await signToken(market, "admit", [sessionId, userId, clock.now() + 15 * MINUTE]);
  const order = (listingId: number, quantity: number, extra: Partial<CreateOrderInput> = {}) =>
    createOrder(market, { listingId, quantity, ...CONTACT, admissionToken, ...BOT_CHECK, ...extra });
  return { userId, market, order };
}

/** The refusal a call ends in: its code, HTTP status and message in both languages. */
async function refusalOf(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof MarketError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, status: error.status, en: await messageOf(error, "en-US"), zh: await messageOf(error, "zh-HK") };
}

/** Starts paying `order` and approves it on the sandbox's page with `card`. */
async function approveWithCard(market: MarketContext, order: OrderView, card: string) {
  const started = await startPayment(market, { orderId: order.id }, ORIGIN);
  const providerPaymentId = new URL(started.redirectUrl ?? "").searchParams.get("payment") ?? "";
  return completeSandboxCheckout(market, providerPaymentId, "succeeded", ORIGIN, card);
}

const statusOf = async (orderId: number) =>
  (await testDb.select({ status: schema.orders.status }).from(schema.orders).where(eq(schema.orders.id, orderId)))[0].status;

/** The one number a query reads, straight from D1. */
const oneNumber = async (query: string, ...binds: number[]) => Number(await env.DB.prepare(query).bind(...binds).raw().then((rows) => rows[0][0]));

const keyRowsOf = (orderId: number) => testDb.select().from(schema.sessionPurchaseKeys).where(eq(schema.sessionPurchaseKeys.orderId, orderId));

test("an account holds at most the session's limit, paid and unpaid together, refused in both languages", async () => {
  const { clock, listingId, sessionId } = await limitedSession();
  const buyer = await admittedBuyer(sessionId, clock);
  const first = await buyer.order(listingId, 3);
  await paySandbox(buyer.market, clock, first);

  expect(await refusalOf(buyer.order(listingId, 2))).toEqual({
    code: 610061,
    status: 400,
    en: "This session allows 4 tickets per buyer, and this account has already bought 3.",
    zh: "此場次每位買家最多可購買 4 張門票，而此帳戶已購買 3 張。",
  });
  const last = await buyer.order(listingId, 1);
  expect(last.quantity).toBe(1);
  expect(await refusalOf(buyer.order(listingId, 1))).toMatchObject({ code: 610012 });
});

test("a device holds at most the limit over every account signed in on it", async () => {
  const { clock, listingId, sessionId } = await limitedSession();
  const first = await admittedBuyer(sessionId, clock, { deviceId: "device-shared-1" });
  await first.order(listingId, 4);

  const second = await admittedBuyer(sessionId, clock, { deviceId: "device-shared-1" });
  expect(await refusalOf(second.order(listingId, 1))).toEqual({
    code: 610062,
    status: 400,
    en: "This session allows 4 tickets per buyer, and this device has already bought 4.",
    zh: "此場次每位買家最多可購買 4 張門票，而此裝置已購買 4 張。",
  });
  const elsewhere = await admittedBuyer(sessionId, clock, { deviceId: "device-other-2" });
  expect((await elsewhere.order(listingId, 4)).quantity).toBe(4);
});

test("a delivery address holds at most the limit, however its line is written", async () => {
  const { clock, listingId, sessionId } = await limitedSession({ deliveryMethod: "EXPRESS" });
  const first = await admittedBuyer(sessionId, clock);
  await first.order(listingId, 2, { shippingAddress: ADDRESS });

  const second = await admittedBuyer(sessionId, clock);
  const sameAddress = { ...ADDRESS, fullName: "Ka Ming Wong", address: "  1 QUEENS road,   Central. ", city: "HONG KONG" };
  expect(await refusalOf(second.order(listingId, 3, { shippingAddress: sameAddress }))).toEqual({
    code: 610063,
    status: 400,
    en: "This session allows 4 tickets per buyer, and this delivery address has already bought 2.",
    zh: "此場次每位買家最多可購買 4 張門票，而此送貨地址已購買 2 張。",
  });
  expect((await second.order(listingId, 2, { shippingAddress: sameAddress })).quantity).toBe(2);
  // Only hashes are kept: nothing of the address itself.
  const rows = await testDb.select().from(schema.sessionPurchaseKeys).where(eq(schema.sessionPurchaseKeys.sessionId, sessionId));
  expect(rows.filter((row) => row.keyKind === "address")).toHaveLength(2);
  expect(JSON.stringify(rows).toLowerCase()).not.toContain("queen");
});

test("a card pays for at most the limit: over it, the sandbox takes no money and another card may pay", async () => {
  const { clock, listingId, sessionId } = await limitedSession();
  const first = await admittedBuyer(sessionId, clock);
  const paid = await first.order(listingId, 3);
  expect((await approveWithCard(first.market, paid, "4242 4242 4242 4242")).outcome).toBe("paid");

  const second = await admittedBuyer(sessionId, clock);
  const held = await second.order(listingId, 2);
  expect(await refusalOf(approveWithCard(second.market, held, "4242-4242-4242-4242"))).toEqual({
    code: 610064,
    status: 400,
    en: "This session allows 4 tickets per buyer, and this card has already bought 3.",
    zh: "此場次每位買家最多可購買 4 張門票，而此付款卡已購買 3 張。",
  });
  expect(await statusOf(held.id)).toBe("pending_payment");
  expect(await refusalOf(approveWithCard(second.market, held, "4242 4242 4242 4241"))).toMatchObject({ code: 12308 });
  expect((await approveWithCard(second.market, held, "5555 5555 5555 4444")).outcome).toBe("paid");
  // The card's fingerprint is kept hashed, never its number.
  const cards = await testDb.select().from(schema.sessionPurchaseKeys).where(eq(schema.sessionPurchaseKeys.keyKind, "card"));
  expect(JSON.stringify(cards)).not.toMatch(/4242|5555/);
});

test("30 orders racing from one device over a limit of 4, one ticket each: exactly 4 are placed, 26 refused", async () => {
  const { clock, listingId, sessionId } = await limitedSession();
  const buyers = await Promise.all(Array.from({ length: 30 }, () => admittedBuyer(sessionId, clock, { deviceId: "device-race-30" })));
  const results = await Promise.allSettled(buyers.map((buyer) => buyer.order(listingId, 1)));
  const placed = results.filter((result) => result.status === "fulfilled");
  const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason as MarketError] : []));
  expect(placed).toHaveLength(4);
  expect(refused.map((error) => error.code)).toEqual(Array.from({ length: 26 }, () => 610062));
  expect(await oneNumber("SELECT COUNT(*) FROM orders WHERE session_id = ?1 AND status = 'pending_payment'", sessionId)).toBe(4);
});

test("30 orders racing from one account that already bought 3 of 4: one more ticket is placed, 29 refused", async () => {
  const { clock, listingId, sessionId } = await limitedSession();
  const buyer = await admittedBuyer(sessionId, clock);
  await paySandbox(buyer.market, clock, await buyer.order(listingId, 3));
  const results = await Promise.allSettled(Array.from({ length: 30 }, () => buyer.order(listingId, 1)));
  expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  const held = "SELECT SUM(quantity) FROM orders WHERE session_id = ?1 AND user_id = ?2 AND status IN ('paid', 'pending_payment')";
  expect(await oneNumber(held, sessionId, buyer.userId)).toBe(4);
});

test("an order that expires unpaid gives its tickets back at its deadline, and the cron deletes its count", async () => {
  const { clock, listingId, sessionId } = await limitedSession();
  const buyer = await admittedBuyer(sessionId, clock);
  const expiring = await buyer.order(listingId, 4);
  expect(await keyRowsOf(expiring.id)).toHaveLength(1);
  clock.advance(10 * MINUTE + 1);
  const again = await buyer.order(listingId, 4);
  expect(again.quantity).toBe(4);
  await tidyExpiredOrders(buyer.market);
  expect(await keyRowsOf(expiring.id)).toHaveLength(0);
  expect(await keyRowsOf(again.id)).toHaveLength(1);
});

test("a canceled order gives its tickets back at once", async () => {
  const { clock, listingId, sessionId } = await limitedSession();
  const buyer = await admittedBuyer(sessionId, clock, { deviceId: "device-cancel-1" });
  const canceled = await buyer.order(listingId, 4);
  expect(await keyRowsOf(canceled.id)).toHaveLength(2);
  await cancelOrder(buyer.market, canceled.id);
  expect(await keyRowsOf(canceled.id)).toHaveLength(0);
  expect((await buyer.order(listingId, 4)).quantity).toBe(4);
});

test("a session without the queue on has no limit", async () => {
  const { clock, listingId } = await limitedSession({ queueOn: false });
  const buyer = marketFor(await makeBuyer(), clock, { deviceId: "device-free-1" });
  const order = await createOrder(buyer, { listingId, quantity: 6, ...CONTACT });
  expect(order.quantity).toBe(6);
  expect(await keyRowsOf(order.id)).toHaveLength(0);
  const unmarked = await makeListing({ quantity: 10 });
  expect((await createOrder(buyer, { listingId: unmarked.listingId, quantity: 8, ...CONTACT })).quantity).toBe(8);
});

test("pick-seat and confirm-order state the limit server-rendered, in both languages; without the queue they do not", async () => {
  const now = Date.now();
  const clock = clockAt(now);
  const { listingId, sessionId } = await limitedSession({ clock, startsAt: now + 30 * DAY, ticketLimit: 2 });
  const userId = await makeBuyer();
  const token = await signToken(marketFor(userId, clock), "admit", [sessionId, userId, now + 15 * MINUTE]);
  const admission = (await admissionCookieHeader(token)).split(";")[0];
  for (const [language, said] of [
    ["en-US", "Limit: 2 tickets per buyer for this session, counted per account, card, device and delivery address."],
    ["zh-HK", "限購：此場次每位買家最多 2 張門票，按帳戶、付款卡、裝置及送貨地址分別計算。"],
  ] as const) {
    const cookie = `${await cookieFor(userId, language)}; ${admission}`;
    const pickSeat = await visit(`/pick-seat?sessionId=${sessionId}`, cookie);
    expect(pickSeat.status).toBe(200);
    expect(await pickSeat.text()).toContain(said);
    const confirm = await visit(`/confirm-order?listingId=${listingId}&quantity=1`, cookie);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain(said);
  }
  const free = await makeListing({ startsAt: now + 30 * DAY });
  const page = await (await visit(`/confirm-order?listingId=${free.listingId}&quantity=1`, await cookieFor(userId))).text();
  expect(page).not.toContain("Limit:");
});
