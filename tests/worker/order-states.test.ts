/**
 * An order is in exactly one state, and every screen and answer shows that state: a resold,
 * refunded or voided order is not Ongoing, offers no 'Confirm receipt' and no resale, and its
 * timeline says what happened in the viewer's language, never a raw key.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeAll, expect, test } from "vitest";
import { applyForAfterSale, decideCase, decideSchema } from "../../functions/market/aftersales";
import { cancelOrder, createOrder, getOrder, listMyOrders } from "../../functions/market/orders";
import { resellOrder } from "../../functions/market/selling";
import { SESSION_COOKIE } from "../../functions/web/session";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { page } from "./support/api";
import { countingProvider, parsedApplication } from "./support/after-sales";
import { clockAt, CONTACT, makeBuyer, makeListing, marketFor, paySandbox, seedCurrencies } from "./support/buying";
import { DAY, supportOn } from "./support/delivery";
import { expectLedgerHolds } from "./support/ledger";
import { listFor, listingForm, sellerOn, sessionOnSale } from "./support/selling";

// Before any page loads (and keeps) the reference data, so yen orders convert.
beforeAll(seedCurrencies);
afterEach(expectLedgerHolds);

const PAGE = { page: 1, pageSize: 50 };

/** A fan with two paid e-tickets at HK$1,134.57, on the real clock (pages read it). */
async function fanWithOrder() {
  const clock = clockAt(Date.now());
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: clock.now() + 30 * DAY });
  const { listingId } = await listFor(seller, listingForm(session, { faceValue: "1134.57", price: "1134.57" }));
  const fanId = await makeBuyer();
  const fan = marketFor(fanId, clock);
  const order = await createOrder(fan, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(fan, clock, order);
  return { clock, fan, fanId, order };
}

async function resold() {
  const bought = await fanWithOrder();
  const { listingId } = await resellOrder(bought.fan, { orderId: bought.order.id, price: "1000.05" });
  const newBuyer = marketFor(await makeBuyer(), bought.clock);
  await paySandbox(newBuyer, bought.clock, await createOrder(newBuyer, { listingId, quantity: 2, ...CONTACT }));
  return bought;
}

async function orderPage(userId: number, orderId: number, language = "en-US") {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  const response = await page(`/order-detail?id=${orderId}`, { headers: { cookie: `${SESSION_COOKIE}=${session.token}; language=${language}` } });
  return response.text();
}

test("a paid order is paid and Ongoing, and offers its resale", async () => {
  const { fan, order } = await fanWithOrder();
  const view = await getOrder(fan, order.id);
  expect(view).toMatchObject({ status: "paid", state: "paid", tab: "ongoing", canResell: true });
  expect((await listMyOrders(fan, { section: "ongoing", paging: PAGE })).list.map((item) => item.id)).toEqual([order.id]);
});

test("a listed order offers no second resale; an order with an open case offers none either", async () => {
  const listed = await fanWithOrder();
  await resellOrder(listed.fan, { orderId: listed.order.id, price: "1000.05" });
  expect(await getOrder(listed.fan, listed.order.id)).toMatchObject({ state: "paid", canResell: false });

  const disputed = await fanWithOrder();
  await applyForAfterSale(disputed.fan, parsedApplication(disputed.order.id, { refundAmount: "1247.70" }));
  expect(await getOrder(disputed.fan, disputed.order.id)).toMatchObject({ state: "paid", canResell: false });
});

test("a resold order is resold and Closed, offers neither Confirm receipt nor resale, and its timeline is translated", async () => {
  const { fan, fanId, order } = await resold();
  const view = await getOrder(fan, order.id);
  expect(view).toMatchObject({ status: "paid", state: "resold", tab: "closed", canResell: false });
  expect(view.delivery).toMatchObject({ state: "voided", voidedBy: "resale", actions: [] });
  expect(view.delivery?.timeline.at(-1)).toMatchObject({ step: "voided", noteKey: "resold" });
  expect((await listMyOrders(fan, { section: "ongoing", paging: PAGE })).list).toEqual([]);
  expect((await listMyOrders(fan, { section: "closed", paging: PAGE })).list.map((item) => item.id)).toEqual([order.id]);

  const english = await orderPage(fanId, order.id);
  expect(english).not.toContain('data-testid="resell-link"');
  expect(english).toContain("Resold on Ovation to another fan");
  expect(english).toContain("You resold these tickets on Ovation");
  expect(english).not.toContain("Our support team stopped this delivery");
  expect(english).not.toContain(">resold<");
  const chinese = await orderPage(fanId, order.id, "zh-HK");
  expect(chinese).toContain("已在 Ovation 轉售給另一位樂迷");
  expect(chinese).not.toContain(">resold<");
});

test("an order refunded in full by after-sales is refunded and Closed, with no Confirm receipt", async () => {
  const { fan, order } = await fanWithOrder();
  const support = await supportOn(clockAt(Date.now()));
  const opened = await applyForAfterSale(fan, parsedApplication(order.id, { refundAmount: "2558.46" }));
  await decideCase(support.market, opened.id, decideSchema.parse({ decision: "approve", reason: "Show moved" }), countingProvider().deps);

  const view = await getOrder(fan, order.id);
  expect(view).toMatchObject({ status: "paid", state: "refunded", tab: "closed", canResell: false });
  expect(view.delivery?.actions ?? []).not.toContain("confirmReceipt");
  expect(view.delivery?.actions).toEqual([]);
  expect((await listMyOrders(fan, { section: "ongoing", paging: PAGE })).list).toEqual([]);
});

test("a partly refunded order stays paid and Ongoing", async () => {
  const { fan, order } = await fanWithOrder();
  const support = await supportOn(clockAt(Date.now()));
  const opened = await applyForAfterSale(fan, parsedApplication(order.id, { refundAmount: "1247.70" }));
  await decideCase(support.market, opened.id, decideSchema.parse({ decision: "approve", reason: "Partial" }), countingProvider().deps);
  expect(await getOrder(fan, order.id)).toMatchObject({ state: "paid", tab: "ongoing" });
});

test("a failed payment's result page says it failed, never 'Paid in', and a charged-then-refunded payment says the money is on its way back", async () => {
  const clock = clockAt(Date.now());
  const buyerId = await makeBuyer();
  const buyer = marketFor(buyerId, clock);
  const { listingId } = await makeListing({ startsAt: clock.now() + 30 * DAY, saleEndsAt: clock.now() + 29 * DAY, currencyCode: "JPY", priceMinor: 12_345 });
  const order = await createOrder(buyer, { ...CONTACT, listingId, quantity: 2 });
  await cancelOrder(buyer, order.id);
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId: buyerId, registered: false });
  const result = async (language = "en-US") =>
    (await page(`/pay-success?orderId=${order.id}&orderType=ticket&channelId=web`, { headers: { cookie: `${SESSION_COOKIE}=${session.token}; language=${language}` } })).text();

  const failed = await result();
  expect(failed).toContain("Oops, payment failed… Try again!");
  expect(failed).not.toContain("Paid in");
  expect(failed).toContain("In JPY: ¥28,094");
  expect(failed).not.toContain('data-testid="pay-refunded"');

  // The payment arrived after the order closed: charged, and refunded in full (payments/apply-event.ts notes it).
  await env.DB.prepare("INSERT INTO order_notes (order_id, user_id, kind, dedupe_key, amount, currency_code, created_at) VALUES (?, ?, 'payment_refunded', ?, ?, 'JPY', ?)")
    .bind(order.id, buyerId, `refund:test-${order.id}`, order.price.total, clock.now())
    .run();
  const refunded = await result();
  expect(refunded).toContain("Oops, payment failed… Try again!");
  expect(refunded).toMatch(/data-testid="pay-refunded">Your payment of ¥28,094 reached us after the order had closed, so we refunded it: it is on its way back to your original payment method and arrives in 1-3 working days\./);
  const chinese = await result("zh-HK");
  expect(chinese).toContain("的付款在訂單關閉後才到達，我們已為你退款");
  expect(chinese).not.toContain("以 JPY 支付");
});
