/**
 * After-sales against resale and against itself: a refund is never applied for or approved while
 * the order's tickets are listed for resale or were resold; thirty applications sent at once
 * open one case; support sees the order's resale beside its case. The ledger (money out never
 * above money in) is checked after every test.
 */
import { env } from "cloudflare:test";
import { afterEach, expect, test } from "vitest";
import { applyForAfterSale, decideCase, decideSchema, getApplyContext, getCaseForSupport, listCases } from "../../functions/market/aftersales";
import { CODES } from "../../functions/market/errors";
import { createOrder } from "../../functions/market/orders";
import { resellOrder } from "../../functions/market/selling";
import { openSession } from "../../functions/market/accounts/sessions";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { SESSION_COOKIE } from "../../functions/web/session";
import { createMarketContext } from "../../functions/wiring";
import { api, page } from "./support/api";
import { countingProvider, HKD_ACCOUNT, parsedApplication, refusal } from "./support/after-sales";
import { clockAt, CONTACT, makeBuyer, marketFor, paySandbox, T0 } from "./support/buying";
import { DAY, supportOn, tokenHeaders } from "./support/delivery";
import { expectLedgerHolds } from "./support/ledger";
import { listFor, listingForm, sellerOn, sessionOnSale } from "./support/selling";

afterEach(expectLedgerHolds);

/** A fan who bought two e-tickets (face value HK$1,134.57 each, paid HK$1,134.57 each) on `at`'s clock. */
async function fanWithOrder(at = T0) {
  const clock = clockAt(at);
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: at + 30 * DAY });
  const { listingId } = await listFor(seller, listingForm(session, { faceValue: "1134.57", price: "1134.57", seats: "1-2" }));
  const fanId = await makeBuyer();
  const fan = marketFor(fanId, clock);
  const order = await createOrder(fan, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(fan, clock, order);
  const support = await supportOn(clock);
  return { clock, fan, fanId, order, seller, support };
}

const approve = decideSchema.parse({ decision: "approve", reason: "Refund granted" });

async function caseCount(orderId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM after_sale_cases WHERE order_id = ?").bind(orderId).first<{ n: number }>();
  return row!.n;
}

test("thirty refund applications for one order sent at once open exactly one case; the others are told one is open", async () => {
  const { fan, order } = await fanWithOrder();
  const results = await Promise.allSettled(Array.from({ length: 30 }, () => applyForAfterSale(fan, parsedApplication(order.id, { refundAmount: "1247.70" }))));

  expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
  expect(refused).toHaveLength(29);
  expect(new Set(refused.map((result) => result.reason.code))).toEqual(new Set([CODES.aftersaleAlreadyOpen]));
  expect(await caseCount(order.id)).toBe(1);
});

test("an order listed for resale cannot take an application until the listing is withdrawn", async () => {
  const { fan, order } = await fanWithOrder();
  const { listingId } = await resellOrder(fan, { orderId: order.id, price: "1000.05" });

  expect(await getApplyContext(fan, order.id)).toMatchObject({ allowed: false, refusal: "listed_for_resale" });
  const results = await Promise.allSettled(Array.from({ length: 30 }, () => applyForAfterSale(fan, parsedApplication(order.id, { refundAmount: "1247.70" }))));
  const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
  expect(refused).toHaveLength(30);
  for (const { reason } of refused) expect(reason).toMatchObject({ code: CODES.aftersaleApply, messageKey: "aftersale.listedForResale", data: { refusal: "listed_for_resale" } });
  expect(await caseCount(order.id)).toBe(0);

  await env.DB.prepare("UPDATE listing_terms SET withdrawn_at = ? WHERE listing_id = ?").bind(T0 + 1, listingId).run();
  const opened = await applyForAfterSale(fan, parsedApplication(order.id, { refundAmount: "1247.70" }));
  expect(opened).toMatchObject({ status: "submitted", refundAmount: 124_770 });
});

test("the guarded insert itself refuses while a live listing row exists, whatever the read before it saw", async () => {
  const { fan, order } = await fanWithOrder();
  // A listing made from the order appears between the buyer's read and the insert (as a resale racing the application would).
  await listingFromOrder(order.id);

  const error = await refusal(applyForAfterSale(fan, parsedApplication(order.id, { refundAmount: "99.99" })));
  expect(error).toMatchObject({ code: CODES.aftersaleApply, data: { refusal: "listed_for_resale" } });
  expect(await caseCount(order.id)).toBe(0);
});

test("a resold order cannot take an application: its tickets are someone else's", async () => {
  const { clock, fan, order } = await fanWithOrder();
  const { listingId } = await resellOrder(fan, { orderId: order.id, price: "1000.05" });
  const newBuyer = marketFor(await makeBuyer(), clock);
  await paySandbox(newBuyer, clock, await createOrder(newBuyer, { listingId, quantity: 2, ...CONTACT }));

  expect((await getApplyContext(fan, order.id)).refusal).toBe("resold");
  const error = await refusal(applyForAfterSale(fan, parsedApplication(order.id, { refundAmount: "1247.70" })));
  expect(error).toMatchObject({ code: CODES.aftersaleApply, messageKey: "aftersale.resold", data: { refusal: "resold" } });
});

test("support cannot approve a refund while the order is listed for resale, and sees the listing live, then withdrawn, on the case", async () => {
  const { fan, order, support } = await fanWithOrder();
  const opened = await applyForAfterSale(fan, parsedApplication(order.id, { refundAmount: "1247.70" }));
  // The resale that slipped in beside the open case (its own refusal is the resale side's).
  const { listingId } = await listingFromOrder(order.id);

  const seen = await getCaseForSupport(support.market, opened.id);
  expect(seen.resale).toEqual({ listingId, status: "live" });
  const listed = (await listCases(support.market, { paging: { page: 1, pageSize: 50 } })).list.find((item) => item.id === opened.id);
  expect(listed?.resale).toEqual({ listingId, status: "live" });
  const consolePage = await supportCasePage(support.userId, opened.id);
  expect(consolePage).toContain(`Listing #${listingId} · for sale now: withdraw it before approving a refund`);

  const { deps, refunds } = countingProvider();
  const refused = await Promise.allSettled(Array.from({ length: 30 }, () => decideCase(support.market, opened.id, approve, deps)));
  for (const result of refused) expect(result).toMatchObject({ status: "rejected", reason: { code: CODES.aftersaleApply, data: { refusal: "listed_for_resale" } } });
  expect(refunds).toHaveLength(0);
  expect((await getCaseForSupport(support.market, opened.id)).status).toBe("submitted");

  await env.DB.prepare("UPDATE listing_terms SET withdrawn_at = ? WHERE listing_id = ?").bind(T0 + 1, listingId).run();
  expect((await getCaseForSupport(support.market, opened.id)).resale).toEqual({ listingId, status: "withdrawn" });
  const decided = await decideCase(support.market, opened.id, approve, deps);
  expect(decided.status).toBe("refunded");
  expect(refunds.map((refund) => refund.amount)).toEqual([124_770]);
});

test("a refund and compensation together never exceed what is left of what was paid", async () => {
  const { fan, order, support } = await fanWithOrder();
  // Paid: 2 × HK$1,134.57 plus the buyer's fees.
  expect(order.price.total).toBe(255_846);
  const both = { kind: "after_sale", reason: "seats_not_as_described" };
  const over = await refusal(applyForAfterSale(fan, parsedApplication(order.id, { ...both, refundAmount: "2558.46", compensationAmount: "100" })));
  expect(over).toMatchObject({ code: CODES.aftersaleApply, data: { refusal: "compensation_over_paid" } });
  const first = await applyForAfterSale(fan, parsedApplication(order.id, { ...both, refundAmount: "1247.70", compensationAmount: "100" }));
  await decideCase(support.market, first.id, approve, countingProvider().deps);

  const context = await getApplyContext(fan, order.id);
  expect(context).toMatchObject({ allowed: true, maxRefundAmount: 121_076, maxCompensationAmount: 121_076 });
  const second = await refusal(applyForAfterSale(fan, parsedApplication(order.id, { ...both, refundAmount: "1210.76", compensationAmount: "0.01" })));
  expect(second).toMatchObject({ code: CODES.aftersaleApply, data: { refusal: "compensation_over_paid" } });
  const exact = await applyForAfterSale(fan, parsedApplication(order.id, { ...both, refundAmount: "1110.76", compensationAmount: "100" }));
  expect(exact).toMatchObject({ refundAmount: 111_076, compensationAmount: 10_000 });
});

test("the API tells the buyer, in either language, to withdraw the resale listing first", async () => {
  const { fan, fanId, order } = await fanWithOrder(Date.now());
  await resellOrder(fan, { orderId: order.id, price: "1000.05" });
  const body = { orderId: order.id, kind: "refund", reason: "changed_plans", refundAmount: "100", ...HKD_ACCOUNT };

  const english = await api("/user/after_sale/v1/apply", { headers: await tokenHeaders(fanId), body });
  expect(english.body).toMatchObject({
    statusCode: CODES.aftersaleApply,
    message: "This order is listed for resale. Withdraw the listing from the order page first, then apply for a refund.",
  });
  const chinese = await api("/user/after_sale/v1/apply", { headers: { ...(await tokenHeaders(fanId)), lan: "zh-HK" }, body });
  expect(chinese.body.message).toBe("此訂單正在轉售中。請先在訂單頁撤回轉售，再申請退款。");
});

/** Support's console page of a case, in English. */
async function supportCasePage(userId: number, caseId: number): Promise<string> {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return (await page(`/support/cases/${caseId}`, { headers: { cookie: `${SESSION_COOKIE}=${session.token}; language=en-US` } })).text();
}

/** A live listing whose source is `orderId`, made beside the order (as a racing resale would leave it). */
async function listingFromOrder(orderId: number) {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: T0 + 30 * DAY });
  const { listingId } = await listFor(seller, listingForm(session, { faceValue: "1134.57", price: "1134.57", seats: "1-2" }));
  await env.DB.prepare("UPDATE listing_terms SET source_order_id = ? WHERE listing_id = ?").bind(orderId, listingId).run();
  return { listingId };
}
