import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { openSession } from "../../functions/market/accounts/sessions";
import { claimCoupon, couponIsFree, couponsForOrder, listMyCoupons, quoteCoupon, releaseCoupon, reserveCoupon } from "../../functions/market/coupons";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { CODES } from "../../functions/market/errors";
import { prepare } from "../../functions/market/context/statements";
import { SESSION_COOKIE } from "../../functions/web/session";
import { sql } from "drizzle-orm";
import { api, page } from "./support/api";
import { postForm } from "./support/accounts";
import { clockAt, makeBuyer, makeListing, marketFor, T0, testDb } from "./support/buying";
import { makeCoupon } from "./support/coupons";
import { refusal as refusalOf } from "./support/refusal";

const DAY = 24 * 60 * 60_000;

async function buyer() {
  const userId = await makeBuyer();
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return { userId, headers: { "access-token": session.token }, cookie: `${SESSION_COOKIE}=${session.token}` };
}

/** An order row for `userId`, as the orders domain leaves it. */
async function makeOrder(userId: number, listingId: number, state: { status: "pending_payment" | "paid" | "canceled"; expiresAt?: number; paidAt?: number | null }) {
  const [listing] = await testDb.select().from(schema.listings).where(sql`${schema.listings.id} = ${listingId}`);
  const [order] = await testDb
    .insert(schema.orders)
    .values({
      orderNo: `OV${crypto.randomUUID().slice(0, 12)}`,
      userId,
      listingId,
      sessionId: listing.sessionId,
      quantity: 1,
      status: state.status,
      deliveryMethod: "E_TICKET",
      contactEmail: "buyer@example.com",
      contactPhoneCode: "852",
      contactPhone: "91234567",
      channel: "web",
      currencyCode: "HKD",
      unitPrice: 100_000,
      ticketAmount: 100_000,
      serviceFee: 0,
      vat: 0,
      shippingFee: 0,
      additionalFees: 0,
      paymentGatewayFee: 0,
      totalAmount: 100_000,
      displayCurrencyCode: "HKD",
      displayTotalAmount: 100_000,
      exchangeRate: "1.00000",
      tradePerUsdMicros: 7_800_000,
      displayPerUsdMicros: 7_800_000,
      createdAt: T0,
      expiresAt: state.expiresAt ?? T0 + 10 * 60_000,
      paidAt: state.paidAt ?? null,
    })
    .returning();
  return order;
}

test("a guest is asked to sign in before reading coupons", async () => {
  const { body } = await api("/user/coupon/v1/list");
  expect(body.statusCode).toBe(CODES.notLogin);
});

test("a demo code typed in lower case with spaces is claimed once and listed as available", async () => {
  const { headers } = await buyer();
  const { body } = await api<{ code: string; state: string }>("/user/coupon/v1/claim", { headers, body: { code: " encore 10 " } });
  expect(body.statusCode).toBe(200);
  expect(body.data).toMatchObject({ code: "ENCORE10", state: "available" });
  const listed = await api<{ code: string }[]>("/user/coupon/v1/list", { headers });
  expect(listed.body.data.map((coupon) => coupon.code)).toEqual(["ENCORE10"]);
});

for (const [language, messages] of [
  [
    "en-US",
    {
      unknown: "This promo code doesn't exist. Please check and try again.",
      alreadyClaimed: "You've already added this coupon.",
      expired: "This promo code has expired.",
      newUserOnly: "This coupon is for new users only.",
    },
  ],
  ["zh-HK", { unknown: "此優惠碼不存在，請檢查後再試。", alreadyClaimed: "你已新增此優惠券。", expired: "此優惠碼已過期。", newUserOnly: "此優惠券只限新用戶使用。" }],
] as const) {
  test(`in ${language}, an unknown code is refused with '${messages.unknown}'`, async () => {
    const { headers } = await buyer();
    const { body } = await api("/user/coupon/v1/claim", { headers: { ...headers, lan: language }, body: { code: "NOSUCHCODE" } });
    expect(body.statusCode).toBe(CODES.clientOperateFail);
    expect(body.message).toBe(messages.unknown);
  });

  test(`in ${language}, claiming a code twice is refused with '${messages.alreadyClaimed}'`, async () => {
    const { headers } = await buyer();
    await api("/user/coupon/v1/claim", { headers, body: { code: "BIGNIGHT150" } });
    const { body } = await api("/user/coupon/v1/claim", { headers: { ...headers, lan: language }, body: { code: "BIGNIGHT150" } });
    expect(body.statusCode).toBe(CODES.clientOperateFail);
    expect(body.message).toBe(messages.alreadyClaimed);
  });

  test(`in ${language}, an expired code is refused with '${messages.expired}'`, async () => {
    const { headers } = await buyer();
    const { body } = await api("/user/coupon/v1/claim", { headers: { ...headers, lan: language }, body: { code: "SUMMER25" } });
    expect(body.statusCode).toBe(CODES.clientOperateFail);
    expect(body.message).toBe(messages.expired);
  });

  test(`in ${language}, a new-user code is refused to an account that has paid before with '${messages.newUserOnly}'`, async () => {
    const { userId, headers } = await buyer();
    const { listingId } = await makeListing();
    await makeOrder(userId, listingId, { status: "paid", paidAt: T0 });
    const { body } = await api("/user/coupon/v1/claim", { headers: { ...headers, lan: language }, body: { code: "WELCOME50" } });
    expect(body.statusCode).toBe(CODES.clientOperateFail);
    expect(body.message).toBe(messages.newUserOnly);
  });
}

test("a percentage is taken from the ticket amount and stops at its cap", async () => {
  const userId = await makeBuyer();
  const ctx = marketFor(userId, clockAt());
  const coupon = await makeCoupon({ kind: "percent", amountOff: null, percentBps: 1_000, maxDiscount: 20_000 });
  const claimed = await claimCoupon(ctx, coupon.code);
  const { listingId } = await makeListing({ priceMinor: 100_000, quantity: 4 });
  expect(await quoteCoupon(ctx, { couponId: claimed.id, listingId, quantity: 1 })).toEqual({ couponId: claimed.id, discount: 10_000, currencyCode: "HKD" });
  expect((await quoteCoupon(ctx, { couponId: claimed.id, listingId, quantity: 3 })).discount).toBe(20_000);
});

test("a fixed amount applies only from its minimum spend and never exceeds the tickets", async () => {
  const userId = await makeBuyer();
  const ctx = marketFor(userId, clockAt());
  const big = await claimCoupon(ctx, (await makeCoupon({ amountOff: 15_000, minSpend: 150_000 })).code);
  const huge = await claimCoupon(ctx, (await makeCoupon({ amountOff: 900_000 })).code);
  const { listingId } = await makeListing({ priceMinor: 100_000, quantity: 4 });
  const refusal = await refusalOf(quoteCoupon(ctx, { couponId: big.id, listingId, quantity: 1 }));
  expect(refusal.messageKey).toBe("coupon:errors.minSpend");
  expect((await quoteCoupon(ctx, { couponId: big.id, listingId, quantity: 2 })).discount).toBe(15_000);
  expect((await quoteCoupon(ctx, { couponId: huge.id, listingId, quantity: 1 })).discount).toBe(100_000);
});

test("a coupon in Hong Kong dollars is converted to the listing's yen, rounded half up", async () => {
  const userId = await makeBuyer();
  const ctx = marketFor(userId, clockAt());
  const claimed = await claimCoupon(ctx, (await makeCoupon({ amountOff: 5_000, minSpend: 30_000 })).code);
  const { listingId } = await makeListing({ priceMinor: 20_000, currencyCode: "JPY" });
  // HK$50 at 7.8 HKD and 150 JPY per USD is ¥961.54; HK$300 minimum is ¥5,769.23, met by ¥20,000.
  expect(await quoteCoupon(ctx, { couponId: claimed.id, listingId, quantity: 1 })).toEqual({ couponId: claimed.id, discount: 962, currencyCode: "JPY" });
});

test("coupons for an order are split into usable ones, best first, and the rest with their reasons", async () => {
  const clock = clockAt();
  const userId = await makeBuyer();
  const ctx = marketFor(userId, clock);
  const small = await claimCoupon(ctx, (await makeCoupon({ amountOff: 2_000 })).code);
  const large = await claimCoupon(ctx, (await makeCoupon({ amountOff: 8_000 })).code);
  const unmet = await claimCoupon(ctx, (await makeCoupon({ amountOff: 8_000, minSpend: 500_000 })).code);
  const later = await claimCoupon(ctx, (await makeCoupon({ validFrom: T0 + DAY })).code);
  const { listingId } = await makeListing({ priceMinor: 100_000 });
  const found = await couponsForOrder(ctx, { listingId, quantity: 1 });
  expect(found.available.map((coupon) => [coupon.id, coupon.discount])).toEqual([
    [large.id, 8_000],
    [small.id, 2_000],
  ]);
  expect(Object.fromEntries(found.unavailable.map((coupon) => [coupon.id, coupon.state]))).toEqual({ [unmet.id]: "minSpend", [later.id]: "notStarted" });
});

test("a coupon that expires after it was claimed is unavailable as expired", async () => {
  const clock = clockAt();
  const userId = await makeBuyer();
  const ctx = marketFor(userId, clock);
  await claimCoupon(ctx, (await makeCoupon({ validTo: T0 + DAY })).code);
  clock.advance(DAY);
  expect((await listMyCoupons(ctx)).map((coupon) => coupon.state)).toEqual(["expired"]);
});

test("another account's coupon cannot be quoted", async () => {
  const owner = marketFor(await makeBuyer(), clockAt());
  const stranger = marketFor(await makeBuyer(), clockAt());
  const claimed = await claimCoupon(owner, (await makeCoupon()).code);
  const { listingId } = await makeListing();
  const refusal = await refusalOf(quoteCoupon(stranger, { couponId: claimed.id, listingId, quantity: 1 }));
  expect(refusal.code).toBe(CODES.notFound);
});

test("a coupon reserved on an unpaid order is used until the hold lapses, and returned when the order is canceled", async () => {
  const clock = clockAt();
  const userId = await makeBuyer();
  const ctx = marketFor(userId, clock);
  const claimed = await claimCoupon(ctx, (await makeCoupon()).code);
  const { listingId } = await makeListing();
  const free = async () => {
    const [row] = await testDb.select({ free: couponIsFree(claimed.id, userId, clock.now()) }).from(schema.users).limit(1);
    return Boolean(row.free);
  };
  const order = await makeOrder(userId, listingId, { status: "pending_payment", expiresAt: T0 + 10 * 60_000 });
  await env.DB.batch([reserveCoupon(ctx, { userCouponId: claimed.id, userId, orderNo: order.orderNo })]);
  expect((await listMyCoupons(ctx))[0]).toMatchObject({ state: "used", orderNo: order.orderNo });
  expect(await free()).toBe(false);

  clock.advance(10 * 60_000);
  expect((await listMyCoupons(ctx))[0]!.state).toBe("available");
  expect(await free()).toBe(true);

  clock.time = T0;
  await env.DB.batch([prepare(env.DB, sql`UPDATE orders SET status = 'canceled', cancel_reason = 'buyer', canceled_at = ${T0} WHERE id = ${order.id}`), releaseCoupon(ctx, order.id)]);
  const [row] = await testDb.select({ orderId: schema.userCoupons.orderId }).from(schema.userCoupons).where(sql`${schema.userCoupons.id} = ${claimed.id}`);
  expect(row.orderId).toBeNull();
  expect((await listMyCoupons(ctx))[0]!.state).toBe("available");
});

test("a coupon cannot be reserved on another account's order", async () => {
  const userId = await makeBuyer();
  const other = await makeBuyer();
  const ctx = marketFor(userId, clockAt());
  const claimed = await claimCoupon(ctx, (await makeCoupon()).code);
  const { listingId } = await makeListing();
  const order = await makeOrder(other, listingId, { status: "pending_payment" });
  await env.DB.batch([reserveCoupon(ctx, { userCouponId: claimed.id, userId, orderNo: order.orderNo })]);
  expect((await listMyCoupons(ctx))[0]!.state).toBe("available");
});

test("the coupon chooser lists a claimed code as usable and links back to the order with its id", async () => {
  const { headers, cookie } = await buyer();
  const claimed = await api<{ id: number }>("/user/coupon/v1/claim", { headers, body: { code: "ENCORE10" } });
  const { listingId } = await makeListing({ priceMinor: 100_000 });
  const returnTo = `/confirm-order?listingId=${listingId}&quantity=2`;
  const response = await page(`/select-coupon?${new URLSearchParams({ listingId: String(listingId), quantity: "2", returnTo })}`, {
    headers: { cookie: `${cookie}; language=en-US` },
  });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(`href="/confirm-order?listingId=${listingId}&amp;quantity=2&amp;couponId=${claimed.body.data.id}"`);
  expect(html).toContain("Saves HK$200");
});

test("claiming an unknown code without JavaScript shows the reason in Chinese", async () => {
  const { cookie } = await buyer();
  const response = await postForm("/promo-code-list", { code: "NOPE", intent: "claim" }, `${cookie}; language=zh-HK`);
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("此優惠碼不存在，請檢查後再試。");
});
