/**
 * The buyer's after-sales screens through the web door: /order-refund, /order-after-sale,
 * /apply-for and /process-list answer only their own buyer, speak SPEC's messages in the
 * viewer's language, keep what was typed on a refusal, and never show a whole account number.
 */
import { env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { applyForAfterSale, decideCase, decideSchema, getMyCase } from "../../functions/market/aftersales";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { SESSION_COOKIE } from "../../functions/web/session";
import enErrors from "../../functions/market/translations/locales/en-US/errors.json";
import zhErrors from "../../functions/market/translations/locales/zh-HK/errors.json";
import zhScreens from "../../functions/market/translations/locales/zh-HK/aftersales-screens.json";
import { ALIPAY_EMAIL, CARD_NUMBER, CNY_ACCOUNT, HKD_ACCOUNT, paidOrder, parsedApplication, supportOn } from "./support/after-sales";
import { makeBuyer, seedCurrencies } from "./support/buying";
import { page } from "./support/api";

// Pages read reference data through a per-isolate cache: fill the currencies before the first page does.
beforeAll(seedCurrencies);

/** A signed-in browser's cookie for `userId`, reading in `language`. */
async function cookieFor(userId: number, language = "en-US") {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return `${SESSION_COOKIE}=${session.token}; language=${language}`;
}

/** A buyer with a paid order, on the real clock the pages read, and their browser cookie. */
async function buyerWithPaidOrder(language = "en-US") {
  const bought = await paidOrder({ at: Date.now() });
  return { ...bought, cookie: await cookieFor(bought.buyerId, language) };
}

function get(path: string, cookie = "") {
  return page(path, { headers: { cookie } });
}

/** Posts a form the way a browser without JavaScript does. */
function post(path: string, cookie: string, fields: Record<string, string>) {
  return page(path, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
}

const applyPath = (orderId: number, kind = "after_sale") => `/apply-for?orderId=${orderId}&kind=${kind}`;

/** A complete after-sales form with an HKD bank account. */
function bankForm(overrides: Record<string, string> = {}) {
  return { reason: "tickets_not_received", description: "Nothing arrived.", refundAmount: "100", compensationAmount: "", ...HKD_ACCOUNT, ...overrides };
}

/** HTML text as the page writes it (React escapes quotes). */
const html = (text: string) => text.replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

test("a guest is sent to sign in and brought back to each after-sales screen", async () => {
  for (const path of ["/order-refund?id=1", "/order-after-sale?id=1", applyPath(1), "/process-list", "/process-list?id=1"]) {
    const response = await get(path);
    expect(response.status, path).toBe(302);
    const to = new URL(response.headers.get("location")!, "https://ovation.test");
    expect(to.pathname).toBe("/login");
    expect(to.searchParams.get("redirectTo")).toBe(path);
  }
});

test("another account's order is not found on every screen, and cannot take an application", async () => {
  const { order } = await buyerWithPaidOrder();
  const stranger = await cookieFor(await makeBuyer());
  for (const path of [`/order-refund?id=${order.id}`, `/order-after-sale?id=${order.id}`, applyPath(order.id)]) {
    const response = await get(path, stranger);
    expect(response.status, path).toBe(404);
    expect(await response.text()).not.toContain(order.orderNo);
  }
  const posted = await post(applyPath(order.id), stranger, bankForm());
  expect(posted.status).toBe(404);
});

test("another account's application is not found, and cannot be withdrawn", async () => {
  const { buyer, order } = await buyerWithPaidOrder();
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id));
  const stranger = await cookieFor(await makeBuyer());
  expect((await get(`/process-list?id=${opened.id}`, stranger)).status).toBe(404);
  expect((await post(`/process-list?id=${opened.id}`, stranger, { intent: "withdraw", caseId: String(opened.id) })).status).toBe(404);
  expect((await getMyCase(buyer, opened.id)).status).toBe("submitted");
});

test("the refund page of a paid order says what it is for, how much can be asked and leads to the form", async () => {
  const { order, cookie } = await buyerWithPaidOrder();
  const response = await get(`/order-refund?id=${order.id}`, cookie);
  expect(response.status).toBe(200);
  const body = await response.text();
  expect(body).toContain("Get your money back for this order");
  expect(body).toContain("1-3 working days");
  expect(body).toContain('href="/refund"');
  expect(body).toMatch(/Refund up to HK\$[\d,.]+/);
  expect(body).toContain(`href="/apply-for?orderId=${order.id}&amp;kind=refund"`);

  const afterSale = await (await get(`/order-after-sale?id=${order.id}`, cookie)).text();
  expect(afterSale).toContain("Something wrong with your tickets?");
  expect(afterSale).toContain(`href="/apply-for?orderId=${order.id}&amp;kind=after_sale"`);
});

test("an unpaid order's refund page says why it cannot take an application, and offers no form", async () => {
  const bought = await paidOrder({ at: Date.now(), paid: false });
  const cookie = await cookieFor(bought.buyerId);
  const entry = await (await get(`/order-refund?id=${bought.order.id}`, cookie)).text();
  expect(entry).toContain('data-refusal="not_paid"');
  expect(entry).not.toContain('href="/apply-for?');
  const form = await (await get(applyPath(bought.order.id, "refund"), cookie)).text();
  expect(form).toContain('data-refusal="not_paid"');
  expect(form).not.toContain('name="recipientName"');
});

test("the form offers the kind's reasons and both receiving accounts, a refund starting from what can be refunded", async () => {
  const { order, cookie } = await buyerWithPaidOrder();
  const refund = await (await get(applyPath(order.id, "refund"), cookie)).text();
  expect(refund).toContain('value="changed_plans"');
  expect(refund).not.toContain('value="tickets_not_received"');
  expect(refund).toMatch(new RegExp(`<input[^>]*name="refundAmount"[^>]*value="${order.price.total / 100}"`));
  expect(refund).not.toContain('name="compensationAmount"');
  // Both account groups are in the page, so the currency switch works without JavaScript.
  for (const name of ["alipayAccount", "bankName", "bankCode", "swiftCode", "cardNumber", "accountOpeningArea"]) expect(refund).toContain(`name="${name}"`);

  const afterSale = await (await get(applyPath(order.id), cookie)).text();
  expect(afterSale).toContain('value="tickets_not_received"');
  expect(afterSale).toContain('name="compensationAmount"');
});

test("a bank account with fields missing is refused field by field in English, keeping what was typed", async () => {
  const { order, cookie } = await buyerWithPaidOrder();
  const response = await post(applyPath(order.id), cookie, bankForm({ bankName: "", cardNumber: "", recipientName: "Chan Tai Man" }));
  expect(response.status).toBe(400);
  const body = await response.text();
  expect(body).toContain("Bank is required");
  expect(body).toContain("Card number is required");
  expect(body).not.toContain("Alipay account is required");
  expect(body).toContain('value="Chan Tai Man"');
  expect(body).toContain('value="HSBCHKHHHKH"');
  expect(body).toContain("Nothing arrived.");
});

test("the same refusals read in Traditional Chinese to a zh-HK viewer", async () => {
  const { order, cookie } = await buyerWithPaidOrder("zh-HK");
  const body = await (await post(applyPath(order.id), cookie, bankForm({ bankName: "", reason: "" }))).text();
  expect(body).toContain(zhErrors.required.replace("{{field}}", "銀行"));
  expect(body).toContain(zhErrors.required.replace("{{field}}", "原因"));
  expect(body).toContain(zhScreens.apply.title.after_sale);
});

test("Alipay is the only account asked of a CNY receiver", async () => {
  const { order, cookie } = await buyerWithPaidOrder();
  const body = await (await post(applyPath(order.id), cookie, { ...bankForm(), accountCurrency: "CNY", bankName: "", alipayAccount: "" })).text();
  expect(body).toContain("Alipay account is required");
  expect(body).not.toContain("Bank is required");
});

test("650036: a recipient name that is not a name is a form error, and the form keeps every field", async () => {
  const { order, cookie } = await buyerWithPaidOrder();
  const response = await post(applyPath(order.id), cookie, bankForm({ recipientName: "R2-D2 4000" }));
  expect(response.status).toBe(400);
  const body = await response.text();
  expect(body).toContain(html(enErrors.aftersaleApplyName));
  expect(body).toMatch(/data-testid="form-error"/);
  expect(body).toContain('value="R2-D2 4000"');
  expect(body).toContain(`value="${CARD_NUMBER}"`);
});

test("650033: asking for more than was paid reads 'Submission failed, Please check order detail.'", async () => {
  const { order, cookie } = await buyerWithPaidOrder();
  const over = String(order.price.total / 100 + 1);
  const body = await (await post(applyPath(order.id), cookie, bankForm({ refundAmount: over }))).text();
  expect(body).toContain("Submission failed, Please check order detail.");
  expect(body).toContain(`value="${over}"`);
  expect(body).toContain(`href="/order-detail?id=${order.id}"`);
});

test("applying opens the case on /process-list with a toast, its bank card masked there and in the list", async () => {
  const { buyer, order, cookie } = await buyerWithPaidOrder();
  const response = await post(applyPath(order.id), cookie, bankForm());
  expect(response.status).toBe(302);
  const to = new URL(response.headers.get("location")!, "https://ovation.test");
  expect(to.pathname).toBe("/process-list");
  expect(response.headers.get("set-cookie")).toContain("toast=");
  const caseId = Number(to.searchParams.get("id"));
  expect((await getMyCase(buyer, caseId)).order.id).toBe(order.id);

  const detail = await (await get(`/process-list?id=${caseId}`, cookie)).text();
  expect(detail).toContain("**** **** **** 1234");
  expect(detail).not.toContain(CARD_NUMBER);
  expect(detail).toContain("Under review");
  expect(detail).toContain("Withdraw application");
  const list = await (await get("/process-list", cookie)).text();
  expect(list).toContain(`href="/process-list?id=${caseId}"`);
  expect(list).not.toContain(CARD_NUMBER);

  // One open case per order: a second application is refused with a way to the first.
  const again = await (await post(applyPath(order.id), cookie, bankForm())).text();
  expect(again).toContain(`href="/process-list?id=${caseId}"`);
});

test("an Alipay account is shown masked after submission", async () => {
  const { buyer, order, cookie } = await buyerWithPaidOrder();
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id, CNY_ACCOUNT));
  const detail = await (await get(`/process-list?id=${opened.id}`, cookie)).text();
  expect(detail).toContain("m***@example.com");
  expect(detail).not.toContain(ALIPAY_EMAIL);
});

test("an approved refund shows in the timeline with support's reason and the 1-3 working days", async () => {
  const { buyer, order, cookie, clock } = await buyerWithPaidOrder();
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: "100" }));
  const support = await supportOn(clock);
  await decideCase(support.market, opened.id, decideSchema.parse({ decision: "approve", reason: "Sorry the tickets never came." }));
  const detail = await (await get(`/process-list?id=${opened.id}`, cookie)).text();
  expect(detail).toContain("Approved by customer service");
  expect(detail).toContain("Sorry the tickets never came.");
  expect(detail).toContain("Refund started");
  expect(detail).toContain("Refunds go back to the original payment method in 1-3 working days.");
  expect(detail).toContain("HK$100");
  expect(detail).not.toContain("Withdraw application");
});

test("withdrawing a submitted application through the page ends it; a second withdraw is refused", async () => {
  const { buyer, order, cookie } = await buyerWithPaidOrder();
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id));
  const withdrawn = await post(`/process-list?id=${opened.id}`, cookie, { intent: "withdraw", caseId: String(opened.id) });
  expect(withdrawn.status).toBe(302);
  expect((await getMyCase(buyer, opened.id)).status).toBe("withdrawn");
  const again = await post(`/process-list?id=${opened.id}`, cookie, { intent: "withdraw", caseId: String(opened.id) });
  expect(again.status).toBe(400);
  expect(await again.text()).toContain(html(enErrors.aftersaleNotReviewable));
});

test("a buyer with no applications sees the empty state", async () => {
  const cookie = await cookieFor(await makeBuyer(), "zh-HK");
  const body = await (await get("/process-list", cookie)).text();
  expect(body).toContain('data-testid="empty"');
  expect(body).toContain(zhScreens.process.emptyTitle);
});
