import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { CODES } from "../../functions/market/errors";
import { api } from "./support/api";
import { ALIPAY_EMAIL, application, CARD_NUMBER, CNY_ACCOUNT, HKD_ACCOUNT, paidOrder, supportOn } from "./support/after-sales";

/** An API call, with its answer's text for asserting what it never contains. */
async function call<T = any>(path: string, init: { headers?: Record<string, string>; body?: unknown } = {}) {
  const answer = await api<T>(path, init);
  return { ...answer, text: JSON.stringify(answer.body) };
}

async function headersFor(userId: number, language = "en-US") {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return { "access-token": session.token, lan: language };
}

/** A buyer signed in through the API with a paid order, placed and paid at the real time. */
async function buyerWithPaidOrder() {
  const bought = await paidOrder({ at: Date.now() });
  return { ...bought, headers: await headersFor(bought.buyerId) };
}

async function supportHeaders() {
  const support = await supportOn({ now: () => Date.now() });
  return headersFor(support.userId);
}

const REQUIRED = {
  CNY: ["orderId", "kind", "reason", "recipientName", "alipayAccount"],
  HKD: ["orderId", "kind", "reason", "recipientName", "bankName", "bankCode", "swiftCode", "cardNumber", "accountOpeningArea"],
} as const;

const LABELS: Record<string, string> = {
  orderId: "Order",
  kind: "Application type",
  reason: "Reason",
  recipientName: "Recipient name",
  alipayAccount: "Alipay account",
  bankName: "Bank",
  bankCode: "Bank code",
  swiftCode: "SWIFT code",
  cardNumber: "Card number",
  accountOpeningArea: "Account opening area",
  refundAmount: "Refund amount",
  description: "Description",
  accountCurrency: "Receiving currency",
};

test("'{field} is required' names each missing field of an Alipay (CNY) and a bank (HKD) account", async () => {
  const { headers, order } = await buyerWithPaidOrder();
  for (const [currency, account] of [
    ["CNY", CNY_ACCOUNT],
    ["HKD", HKD_ACCOUNT],
  ] as const) {
    const full = { orderId: order.id, kind: "refund", reason: "changed_plans", refundAmount: "100", ...account };
    for (const field of REQUIRED[currency]) {
      for (const missing of [undefined, ""]) {
        const { body } = await call("/user/after_sale/v1/apply", { headers, body: { ...full, [field]: missing } });
        expect(body, `${currency} ${field}`).toEqual({ statusCode: CODES.invalidParam, message: `${LABELS[field]} is required`, data: { field } });
      }
    }
  }
  const noCurrency = await call("/user/after_sale/v1/apply", { headers, body: { orderId: order.id, kind: "refund", reason: "changed_plans", refundAmount: "1" } });
  expect(noCurrency.body).toEqual({ statusCode: CODES.invalidParam, message: "Receiving currency is required", data: { field: "accountCurrency" } });
  const noRefund = await call("/user/after_sale/v1/apply", { headers, body: application(order.id, { refundAmount: "" }) });
  expect(noRefund.body).toEqual({ statusCode: CODES.invalidParam, message: "Refund amount is required", data: { field: "refundAmount" } });
  const other = await call("/user/after_sale/v1/apply", { headers, body: application(order.id, { reason: "other" }) });
  expect(other.body).toEqual({ statusCode: CODES.invalidParam, message: "Description is required", data: { field: "description" } });
  expect((await call("/user/after_sale/v1/list", { headers })).body.data.total).toBe(0);
});

test("the required message comes in the viewer's language", async () => {
  const { buyerId, order } = await buyerWithPaidOrder();
  const headers = await headersFor(buyerId, "zh-HK");
  const { body } = await call("/user/after_sale/v1/apply", { headers, body: application(order.id, { swiftCode: "" }) });
  expect(body).toEqual({ statusCode: CODES.invalidParam, message: "SWIFT 代碼為必填項", data: { field: "swiftCode" } });
});

test("a SWIFT code, card number, bank code and Alipay account are checked, naming the field", async () => {
  const { headers, order } = await buyerWithPaidOrder();
  const cases: [Record<string, unknown>, string, string][] = [
    [{ swiftCode: "HSBCHK" }, "swiftCode", "A SWIFT code has 8 or 11 letters and digits, e.g. HSBCHKHHHKH."],
    [{ swiftCode: "HSBCHKHHHK" }, "swiftCode", "A SWIFT code has 8 or 11 letters and digits, e.g. HSBCHKHHHKH."],
    [{ cardNumber: "4929-1234-ABCD" }, "cardNumber", "Enter the card or account number: 8 to 30 digits."],
    [{ cardNumber: "1234567" }, "cardNumber", "Enter the card or account number: 8 to 30 digits."],
    [{ bankCode: "0!" }, "bankCode", "Enter the bank code: 3 to 11 letters or digits, e.g. 004."],
    [{ ...CNY_ACCOUNT, alipayAccount: "not an account" }, "alipayAccount", "Enter the email or mainland mobile number of your Alipay account."],
    [{ refundAmount: "12.345" }, "refundAmount", "Enter an amount such as 128 or 128.50."],
    [{ kind: "refund", reason: "wrong_tickets" }, "reason", "Choose one of the reasons listed."],
  ];
  for (const [overrides, field, message] of cases) {
    const { body } = await call("/user/after_sale/v1/apply", { headers, body: application(order.id, overrides) });
    expect(body, JSON.stringify(overrides)).toEqual({ statusCode: CODES.invalidParam, message, data: { field } });
  }
  const eleven = await call("/user/after_sale/v1/apply", { headers, body: application(order.id, { swiftCode: "hsbc hk hh" }) });
  expect(eleven.body).toMatchObject({ statusCode: 200, data: { account: { swiftCode: "HSBCHKHH" } } });
});

test("every after-sales code through the API, with the spec's messages", async () => {
  const unpaid = await paidOrder({ at: Date.now(), paid: false });
  const unpaidHeaders = await headersFor(unpaid.buyerId);
  const notPaid = await call("/user/after_sale/v1/apply", { headers: unpaidHeaders, body: application(unpaid.order.id) });
  expect(notPaid.body).toEqual({ statusCode: 650033, message: "Submission failed, Please check order detail.", data: { refusal: "not_paid" } });

  const { headers, order } = await buyerWithPaidOrder();
  const over = await call("/user/after_sale/v1/apply", { headers, body: application(order.id, { refundAmount: "999999" }) });
  expect(over.body).toMatchObject({ statusCode: 650033, message: "Submission failed, Please check order detail." });

  const name = await call("/user/after_sale/v1/apply", { headers, body: application(order.id, { recipientName: "Chan 123" }) });
  expect(name.body).toEqual({
    statusCode: 650036,
    message: "Please enter the recipient's name exactly as it appears on the receiving account.",
    data: null,
  });

  const opened = await call("/user/after_sale/v1/apply", { headers, body: application(order.id) });
  expect(opened.body.statusCode).toBe(200);
  const again = await call("/user/after_sale/v1/apply", { headers, body: application(order.id) });
  expect(again.body).toEqual({
    statusCode: CODES.aftersaleAlreadyOpen,
    message: "This order already has an after-sales application in progress.",
    data: { caseId: opened.body.data.id },
  });

  const support = await supportHeaders();
  const decide = { caseId: opened.body.data.id, decision: "reject", reason: "Tickets already used" };
  expect((await call("/support/v1/after_sale/decide", { headers: support, body: decide })).body).toMatchObject({ statusCode: 200, data: { status: "rejected" } });
  expect((await call("/support/v1/after_sale/decide", { headers: support, body: decide })).body).toEqual({
    statusCode: CODES.aftersaleNotReviewable,
    message: "This application has already been decided.",
    data: null,
  });
  const withdraw = await call("/user/after_sale/v1/withdraw", { headers, body: { caseId: opened.body.data.id } });
  expect(withdraw.body.statusCode).toBe(CODES.aftersaleNotReviewable);
});

test("apply, follow, and have support approve: the refund shows in the timeline, the card masked in every answer", async () => {
  const { headers, order } = await buyerWithPaidOrder();
  const answers: string[] = [];
  const keep = <T extends { text: string }>(answer: T) => {
    answers.push(answer.text);
    return answer;
  };

  const context = keep(await call(`/user/after_sale/v1/context?orderId=${order.id}`, { headers }));
  expect(context.body.data).toMatchObject({ allowed: true, maxRefundAmount: order.price.total, currency: "HKD" });

  const applied = keep(await call("/user/after_sale/v1/apply", { headers, body: application(order.id, { refundAmount: "250.50", cardNumber: "4929 1234 5678 1234" }) }));
  expect(applied.body.data).toMatchObject({ status: "submitted", refundAmount: 25_050, account: { cardNumber: "**** **** **** 1234" } });
  const caseId: number = applied.body.data.id;

  keep(await call("/user/after_sale/v1/list", { headers }));
  keep(await call(`/user/after_sale/v1/detail?caseId=${caseId}`, { headers }));
  const support = await supportHeaders();
  keep(await call(`/support/v1/after_sale/list?status=submitted&query=${applied.body.data.caseNo}`, { headers: support }));
  keep(await call(`/support/v1/after_sale/detail?caseId=${caseId}`, { headers: support }));
  const approved = keep(
    await call("/support/v1/after_sale/decide", { headers: support, body: { caseId, decision: "approve", reason: "Approved", approvedRefundAmount: "250.5" } }),
  );
  expect(approved.body.data).toMatchObject({ status: "refunded", approvedRefundAmount: 25_050 });

  const detail = keep(await call(`/user/after_sale/v1/detail?caseId=${caseId}`, { headers }));
  expect(detail.body.data).toMatchObject({ status: "refunded", refundArrival: { minWorkingDays: 1, maxWorkingDays: 3 }, decisionReason: "Approved" });
  expect(detail.body.data.events.map((event: { kind: string }) => event.kind)).toEqual(["submitted", "approved", "refund_started", "refunded"]);
  expect(detail.body.data).not.toHaveProperty("decidedBy");
  const summary = keep(await call("/user/after_sale/v1/summary", { headers, body: { orderIds: [order.id] } }));
  expect(summary.body.data[order.id]).toMatchObject({ refund: "partial", refundedAmount: 25_050 });

  expect(answers).toHaveLength(9);
  for (const text of answers) {
    expect(text).not.toContain(CARD_NUMBER);
    expect(text).not.toContain("4929 1234 5678 1234");
  }
});

test("an Alipay account never comes back whole", async () => {
  const { headers, order } = await buyerWithPaidOrder();
  const applied = await call("/user/after_sale/v1/apply", { headers, body: application(order.id, CNY_ACCOUNT) });
  expect(applied.body.data.account).toEqual({ currency: "CNY", recipientName: "陳美玲", alipayAccount: "m***@example.com" });
  const support = await supportHeaders();
  for (const answer of [
    applied,
    await call(`/user/after_sale/v1/detail?caseId=${applied.body.data.id}`, { headers }),
    await call("/user/after_sale/v1/list", { headers }),
    await call(`/support/v1/after_sale/detail?caseId=${applied.body.data.id}`, { headers: support }),
    await call("/support/v1/after_sale/list", { headers: support }),
  ]) {
    expect(answer.body.statusCode).toBe(200);
    expect(answer.text).not.toContain(ALIPAY_EMAIL);
  }
});

test("support calls ask a guest to sign in and are not found for a buyer", async () => {
  const { headers, order } = await buyerWithPaidOrder();
  const opened = await call("/user/after_sale/v1/apply", { headers, body: application(order.id) });
  const caseId = opened.body.data.id;
  const calls: [string, unknown?][] = [
    ["/support/v1/after_sale/list"],
    [`/support/v1/after_sale/detail?caseId=${caseId}`],
    ["/support/v1/after_sale/decide", { caseId, decision: "approve", reason: "ok" }],
    ["/support/v1/after_sale/decide", {}],
    ["/support/v1/after_sale/compensation_paid", { caseId }],
  ];
  for (const [path, body] of calls) {
    const guest = await call(path, { body });
    expect(guest.body.statusCode, path).toBe(CODES.notLogin);
    const buyer = await call(path, { headers, body });
    expect([buyer.status, buyer.body.statusCode], path).toEqual([404, CODES.notFound]);
  }
  const open = (await call(`/user/after_sale/v1/detail?caseId=${caseId}`, { headers })).body.data;
  expect(open.status).toBe("submitted");
  // What comes next is the domain's, so the API says it as the screen does.
  expect(open.next.slice(0, 2)).toEqual([
    { step: "review", state: "current" },
    { step: "decision", state: "upcoming" },
  ]);
});

test("a guest is asked to sign in for the buyer's calls; another account's order and case are not found", async () => {
  const { headers, order } = await buyerWithPaidOrder();
  const opened = await call("/user/after_sale/v1/apply", { headers, body: application(order.id) });
  const caseId = opened.body.data.id;
  expect((await call(`/user/after_sale/v1/detail?caseId=${caseId}`)).body.statusCode).toBe(CODES.notLogin);
  expect((await call("/user/after_sale/v1/list")).body.statusCode).toBe(CODES.notLogin);

  const stranger = (await buyerWithPaidOrder()).headers;
  for (const [path, body] of [
    [`/user/after_sale/v1/context?orderId=${order.id}`],
    [`/user/after_sale/v1/detail?caseId=${caseId}`],
    ["/user/after_sale/v1/withdraw", { caseId }],
  ] as [string, unknown?][]) {
    const answer = await call(path, { headers: stranger, body });
    expect([answer.status, answer.body.statusCode], path).toEqual([404, CODES.notFound]);
  }
  const applied = await call("/user/after_sale/v1/apply", { headers: stranger, body: application(order.id) });
  expect(applied.body.statusCode).toBe(CODES.notFound);
  expect((await call("/user/after_sale/v1/summary", { headers: stranger, body: { orderIds: [order.id] } })).body.data).toEqual({});
});

test("support grants less than asked, never more; the field is named by its label", async () => {
  const { headers, order } = await buyerWithPaidOrder();
  const opened = await call("/user/after_sale/v1/apply", { headers, body: application(order.id, { refundAmount: "100" }) });
  const support = await supportHeaders();
  const caseId = opened.body.data.id;
  const over = await call("/support/v1/after_sale/decide", { headers: support, body: { caseId, decision: "approve", reason: "ok", approvedRefundAmount: "100.01" } });
  expect(over.body).toEqual({ statusCode: CODES.invalidParam, message: "Approved refund amount can't be more than the buyer asked for.", data: { field: "approvedRefundAmount" } });
  const noReason = await call("/support/v1/after_sale/decide", { headers: support, body: { caseId, decision: "reject", reason: "" } });
  expect(noReason.body).toEqual({ statusCode: CODES.invalidParam, message: "Reason is required", data: { field: "reason" } });
  const withdrawn = await call("/user/after_sale/v1/withdraw", { headers, body: { caseId } });
  expect(withdrawn.body.data).toMatchObject({ status: "withdrawn" });
});
