import { env, SELF } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { openSession } from "../../functions/market/accounts/sessions";
import { claimCoupon } from "../../functions/market/coupons";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { CODES, MarketError } from "../../functions/market/errors";
import { cancelOrder, createOrder, HOLD_MS, tidyExpiredOrders } from "../../functions/market/orders";
import { SESSION_COOKIE } from "../../functions/web/session";
import { api } from "./support/api";
import { clockAt, CONTACT, makeBuyer, makeListing, marketFor, T0, testDb } from "./support/buying";
import { makeCoupon } from "./support/coupons";
import { refusal } from "./support/refusal";

const DAY = 24 * 60 * 60_000;

const order = (listingId: number, couponId?: number, quantity = 1) => ({ listingId, quantity, ...CONTACT, couponId });

/** A buyer who has claimed a fresh coupon: their id, the clock, and the claimed coupon's id. */
async function buyerWithCoupon(terms: Partial<typeof schema.coupons.$inferInsert> = {}) {
  const clock = clockAt();
  const userId = await makeBuyer();
  const claimed = await claimCoupon(marketFor(userId, clock), (await makeCoupon(terms)).code);
  return { userId, clock, ctx: marketFor(userId, clock), userCouponId: claimed.id };
}

async function orderRow(orderId: number) {
  const [row] = await testDb.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  return row;
}

async function couponOrderId(userCouponId: number) {
  const [row] = await testDb.select({ orderId: schema.userCoupons.orderId }).from(schema.userCoupons).where(eq(schema.userCoupons.id, userCouponId));
  return row.orderId;
}

async function ordersOf(userId: number) {
  return testDb.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.userId, userId));
}

test("an order placed with a coupon charges its all-in total less the coupon's discount", async () => {
  const { ctx, userCouponId } = await buyerWithCoupon({ amountOff: 5_000 });
  const { listingId } = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const placed = await createOrder(ctx, order(listingId, userCouponId));
  const row = await orderRow(placed.id);
  const allIn = row.ticketAmount + row.serviceFee + row.vat + row.paymentGatewayFee + row.additionalFees + row.shippingFee;
  expect(row.ticketAmount).toBe(100_000);
  expect(row.couponDiscountMinor).toBe(5_000);
  expect(row.userCouponId).toBe(userCouponId);
  expect(row.totalAmount).toBe(allIn - 5_000);
  expect(row.displayTotalAmount).toBe(allIn - 5_000);
  expect(placed.price.total).toBe(allIn - 5_000);
  expect(await couponOrderId(userCouponId)).toBe(placed.id);
});

test("a coupon worth more than the tickets takes off only the ticket amount, never the fees", async () => {
  const { ctx, userCouponId } = await buyerWithCoupon({ amountOff: 900_000 });
  const { listingId } = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const row = await orderRow((await createOrder(ctx, order(listingId, userCouponId))).id);
  expect(row.couponDiscountMinor).toBe(100_000);
  expect(row.totalAmount).toBe(row.serviceFee + row.vat + row.paymentGatewayFee + row.additionalFees + row.shippingFee);
});

test("an order placed without a coupon records no discount", async () => {
  const clock = clockAt();
  const { listingId } = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const row = await orderRow((await createOrder(marketFor(await makeBuyer(), clock), order(listingId))).id);
  expect(row.couponDiscountMinor).toBe(0);
  expect(row.userCouponId).toBeNull();
  expect(row.totalAmount).toBe(row.ticketAmount + row.serviceFee + row.vat + row.paymentGatewayFee + row.additionalFees + row.shippingFee);
});

test("of two orders placed at once with the same coupon, exactly one gets it and the other is told it is used", async () => {
  const { ctx, userId, userCouponId } = await buyerWithCoupon();
  const first = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const second = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const results = await Promise.allSettled([createOrder(ctx, order(first.listingId, userCouponId)), createOrder(ctx, order(second.listingId, userCouponId))]);
  const placed = results.filter((result) => result.status === "fulfilled");
  const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
  expect(placed).toHaveLength(1);
  expect(refused).toHaveLength(1);
  expect(refused[0].reason).toBeInstanceOf(MarketError);
  expect((refused[0].reason as MarketError).code).toBe(CODES.clientOperateFail);
  expect((refused[0].reason as MarketError).data).toEqual({ reason: "used" });
  expect(await ordersOf(userId)).toHaveLength(1);
});

test("canceling an order gives its coupon back and it can be spent on the next order", async () => {
  const { ctx, userCouponId } = await buyerWithCoupon({ amountOff: 5_000 });
  const { listingId } = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const first = await createOrder(ctx, order(listingId, userCouponId));
  await cancelOrder(ctx, first.id);
  expect(await couponOrderId(userCouponId)).toBeNull();
  const again = await createOrder(ctx, order(listingId, userCouponId));
  expect((await orderRow(again.id)).couponDiscountMinor).toBe(5_000);
  expect(await couponOrderId(userCouponId)).toBe(again.id);
});

test("a coupon held by an unpaid order cannot be spent on another until that order is canceled", async () => {
  const { ctx, userCouponId } = await buyerWithCoupon();
  const first = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const second = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  await createOrder(ctx, order(first.listingId, userCouponId));
  const error = await refusal(createOrder(ctx, order(second.listingId, userCouponId)));
  expect(error.code).toBe(CODES.clientOperateFail);
  expect(error.data).toEqual({ reason: "used" });
});

test("a lapsed hold frees its coupon at its deadline, and the tidy records it", async () => {
  const { ctx, clock, userCouponId } = await buyerWithCoupon();
  const first = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const second = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const lapsed = await createOrder(ctx, order(first.listingId, userCouponId));
  clock.advance(HOLD_MS);
  await tidyExpiredOrders(ctx);
  expect(await couponOrderId(userCouponId)).toBeNull();
  expect((await orderRow(lapsed.id)).status).toBe("canceled");
  const next = await createOrder(ctx, order(second.listingId, userCouponId));
  expect(await couponOrderId(userCouponId)).toBe(next.id);
});

test("a cancel that loses to the payment leaves the coupon spent on the paid order", async () => {
  const { ctx, userCouponId } = await buyerWithCoupon();
  const { listingId } = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const placed = await createOrder(ctx, order(listingId, userCouponId));
  await testDb.update(schema.orders).set({ status: "paid", paidAt: T0 }).where(eq(schema.orders.id, placed.id));
  expect((await refusal(cancelOrder(ctx, placed.id))).code).toBe(CODES.orderNotCancelable);
  expect(await couponOrderId(userCouponId)).toBe(placed.id);
});

test("another account canceling a buyer's order leaves the buyer's coupon spent on it", async () => {
  const { ctx, clock, userCouponId } = await buyerWithCoupon();
  const { listingId } = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const placed = await createOrder(ctx, order(listingId, userCouponId));
  const stranger = marketFor(await makeBuyer(), clock);
  expect((await refusal(cancelOrder(stranger, placed.id))).status).toBe(404);
  expect(await couponOrderId(userCouponId)).toBe(placed.id);
});

test("another account's coupon is not found and no order is placed", async () => {
  const owner = await buyerWithCoupon();
  const { listingId } = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const strangerId = await makeBuyer();
  const error = await refusal(createOrder(marketFor(strangerId, owner.clock), order(listingId, owner.userCouponId)));
  expect(error.status).toBe(404);
  expect(await ordersOf(strangerId)).toHaveLength(0);
  expect(await couponOrderId(owner.userCouponId)).toBeNull();
});

test("a coupon whose minimum spend the tickets do not reach is refused and no order is placed", async () => {
  const { ctx, userId, userCouponId } = await buyerWithCoupon({ amountOff: 5_000, minSpend: 150_000 });
  const { listingId } = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any" });
  const error = await refusal(createOrder(ctx, order(listingId, userCouponId)));
  expect(error.code).toBe(CODES.clientOperateFail);
  expect(error.data).toEqual({ reason: "minSpend" });
  expect(await ordersOf(userId)).toHaveLength(0);
  const placed = await createOrder(ctx, order(listingId, userCouponId, 2));
  expect((await orderRow(placed.id)).couponDiscountMinor).toBe(5_000);
});

test("the API places an order with a coupon and charges the total less its discount", async () => {
  const userId = await makeBuyer();
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  const now = Date.now();
  const claimed = await claimCoupon(marketFor(userId, { now: () => now }), (await makeCoupon({ amountOff: 5_000 }, now)).code);
  const { listingId } = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any", startsAt: now + 30 * DAY, saleEndsAt: now + 29 * DAY });
  const { body } = await api<{ id: number }>("/user/order/v1/create", {
    headers: { "access-token": session.token },
    body: { ...order(listingId, claimed.id) },
  });
  expect(body.statusCode).toBe(200);
  const row = await orderRow(body.data.id);
  expect(row.couponDiscountMinor).toBe(5_000);
  expect(row.totalAmount).toBe(row.ticketAmount + row.serviceFee + row.vat + row.paymentGatewayFee + row.additionalFees + row.shippingFee - 5_000);
});

test("the confirm page's total with a coupon chosen is what placing the order charges", async () => {
  const userId = await makeBuyer();
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  const cookie = `${SESSION_COOKIE}=${session.token}; language=en-US`;
  const now = Date.now();
  const claimed = await claimCoupon(marketFor(userId, { now: () => now }), (await makeCoupon({ amountOff: 5_000 }, now)).code);
  const { listingId } = await makeListing({ priceMinor: 100_000, quantity: 4, splitRule: "any", startsAt: now + 30 * DAY, saleEndsAt: now + 29 * DAY });
  const path = `/confirm-order?listingId=${listingId}&quantity=2&couponId=${claimed.id}`;
  const visit = (form?: Record<string, string>) =>
    SELF.fetch(`http://localhost${path}`, {
      method: form ? "POST" : "GET",
      headers: form ? { host: "localhost", cookie, origin: "http://localhost" } : { host: "localhost", cookie },
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
    });
  const html = await (await visit()).text();
  const shown = /data-testid="total">([^<]+)</.exec(html)?.[1] ?? "";
  const placed = await visit({ intent: "place-order", ...CONTACT });
  expect(placed.status).toBe(302);
  const orderId = Number(new URL(placed.headers.get("location")!, "http://localhost").searchParams.get("orderId"));
  const row = await orderRow(orderId);
  expect(row.couponDiscountMinor).toBe(5_000);
  expect(row.displayCurrencyCode).toBe("HKD");
  // HKD has two minor units; the page writes whole dollars without them.
  expect(Math.round(Number(shown.replace(/[^\d.]/g, "")) * 100)).toBe(row.displayTotalAmount);
  const [spent] = await testDb.select({ orderId: schema.userCoupons.orderId }).from(schema.userCoupons).where(sql`${schema.userCoupons.id} = ${claimed.id}`);
  expect(spent.orderId).toBe(orderId);
});
