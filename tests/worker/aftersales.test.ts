import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, test } from "vitest";
import {
  afterSaleSummaryFor,
  applyForAfterSale,
  decideCase,
  decideSchema,
  getApplyContext,
  getCaseForSupport,
  getMyCase,
  listCases,
  listMyCases,
  recordCompensationPaid,
  settleAfterSaleRefunds,
  settleCaseRefund,
  withdrawCase,
  type DecideInput,
} from "../../functions/market/aftersales";
import { CODES } from "../../functions/market/errors";
import worker from "../../functions/worker";
import { expectConsoleError } from "../support/console-guard";
import {
  ALIPAY_EMAIL,
  ALIPAY_MOBILE,
  CARD_NUMBER,
  caseRow,
  CNY_ACCOUNT,
  countingProvider,
  DAY,
  eventKinds,
  mailsTo,
  paidOrder,
  parsedApplication,
  refusal,
  supportOn,
} from "./support/after-sales";
import { makeBuyer, marketFor } from "./support/buying";

const PAGE = { page: 1, pageSize: 20 };
const decision = (input: DecideInput) => decideSchema.parse(input);

/** A paid order with a submitted case, and a support account on the same clock. */
async function submittedCase(overrides: Record<string, unknown> = {}) {
  const bought = await paidOrder();
  const opened = await applyForAfterSale(bought.buyer, parsedApplication(bought.order.id, overrides));
  const support = await supportOn(bought.clock);
  return { ...bought, opened, support };
}

test("the apply context of a paid order allows applying for up to what was paid", async () => {
  const { buyer, order } = await paidOrder();
  const context = await getApplyContext(buyer, order.id);
  expect(context).toMatchObject({
    allowed: true,
    refusal: null,
    openCaseId: null,
    currency: "HKD",
    minorUnits: 2,
    maxRefundAmount: order.price.total,
    maxCompensationAmount: order.price.total,
    order: { id: order.id, orderNo: order.orderNo, total: order.price.total, status: "paid" },
    accountCurrencies: ["CNY", "HKD"],
  });
  expect(context.reasons.refund).toContain("changed_plans");
  expect(context.reasons.after_sale).toContain("tickets_not_received");
});

test("applying opens a submitted case with its first event, the bank card masked", async () => {
  const { clock, buyer, order } = await paidOrder();
  clock.advance(60_000);
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: "128.50", description: "Can't make it" }));
  expect(opened).toMatchObject({
    status: "submitted",
    kind: "refund",
    reason: "changed_plans",
    description: "Can't make it",
    refundAmount: 12_850,
    compensationAmount: 0,
    currency: "HKD",
    approvedRefundAmount: null,
    account: { currency: "HKD", recipientName: "Chan Tai Man", cardNumber: "**** **** **** 1234", swiftCode: "HSBCHKHHHKH", bankCode: "004" },
    order: { id: order.id },
    actions: { withdraw: true },
    refundArrival: null,
    createdAt: clock.now(),
  });
  expect(opened.caseNo).toMatch(/^AS\d{16}$/);
  expect(opened.events).toEqual([{ kind: "submitted", actor: "buyer", note: null, amount: null, createdAt: clock.now() }]);
  expect(JSON.stringify(opened)).not.toContain(CARD_NUMBER);
  // Stored whole, for finance.
  expect((await caseRow(opened.id))?.card_number).toBe(CARD_NUMBER);
});

test("an Alipay account is masked in every view, buyer's and support's, by email or by mobile", async () => {
  const byEmail = await submittedCase(CNY_ACCOUNT);
  const byMobile = await paidOrder();
  const mobileCase = await applyForAfterSale(byMobile.buyer, parsedApplication(byMobile.order.id, { ...CNY_ACCOUNT, alipayAccount: `+86 ${ALIPAY_MOBILE}` }));
  expect(byEmail.opened.account).toEqual({ currency: "CNY", recipientName: "陳美玲", alipayAccount: "m***@example.com" });
  expect(mobileCase.account).toEqual({ currency: "CNY", recipientName: "陳美玲", alipayAccount: "138****5678" });

  const support = byEmail.support.market;
  const views = [
    await getMyCase(byEmail.buyer, byEmail.opened.id),
    await listMyCases(byEmail.buyer, PAGE),
    await getCaseForSupport(support, byEmail.opened.id),
    await listCases(support, { paging: { page: 1, pageSize: 50 } }),
    await getMyCase(byMobile.buyer, mobileCase.id),
    await getCaseForSupport(support, mobileCase.id),
  ];
  for (const view of views) {
    const json = JSON.stringify(view);
    expect(json).not.toContain(ALIPAY_EMAIL);
    expect(json).not.toContain(ALIPAY_MOBILE);
    expect(json).not.toContain(CARD_NUMBER);
  }
});

test("650033: an order that is not paid cannot take an application", async () => {
  const { buyer, order } = await paidOrder({ paid: false });
  expect((await getApplyContext(buyer, order.id)).refusal).toBe("not_paid");
  const error = await refusal(applyForAfterSale(buyer, parsedApplication(order.id)));
  expect(error.code).toBe(CODES.aftersaleApply);
  expect(error.data).toEqual({ refusal: "not_paid" });
});

test("650033: a refund over what was paid, or compensation over it, is refused", async () => {
  const { buyer, order } = await paidOrder();
  const over = ((order.price.total + 1) / 100).toFixed(2);
  const refund = await refusal(applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: over })));
  expect(refund).toMatchObject({ code: CODES.aftersaleApply, data: { refusal: "refund_over_paid" } });
  const compensation = await refusal(applyForAfterSale(buyer, parsedApplication(order.id, { kind: "after_sale", reason: "late_delivery", refundAmount: "", compensationAmount: over })));
  expect(compensation).toMatchObject({ code: CODES.aftersaleApply, data: { refusal: "compensation_over_paid" } });
  // Exactly what was paid is fine.
  const whole = await applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: (order.price.total / 100).toFixed(2) }));
  expect(whole.refundAmount).toBe(order.price.total);
});

test("650033: an amount finer than the order's currency is refused (yen has no decimals)", async () => {
  const { buyer, order } = await paidOrder({ currencyCode: "JPY", priceMinor: 12_000 });
  const error = await refusal(applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: "100.5" })));
  expect(error).toMatchObject({ code: CODES.aftersaleApply, data: { refusal: "amount_precision" } });
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: "100" }));
  expect(opened).toMatchObject({ refundAmount: 100, currency: "JPY", minorUnits: 0 });
});

test("650033: applications close 30 days after the show starts", async () => {
  const { clock, buyer, order } = await paidOrder({ startsInMs: DAY });
  clock.advance(DAY + 30 * DAY - 1);
  expect((await getApplyContext(buyer, order.id)).allowed).toBe(true);
  clock.advance(1);
  expect((await getApplyContext(buyer, order.id)).refusal).toBe("window_closed");
  const error = await refusal(applyForAfterSale(buyer, parsedApplication(order.id)));
  expect(error).toMatchObject({ code: CODES.aftersaleApply, data: { refusal: "window_closed" } });
});

test("650033: an order whose payment was refunded or whose delivery was voided cannot take an application", async () => {
  const refunded = await paidOrder();
  await env.DB.prepare("UPDATE payments SET status = 'refunded' WHERE order_id = ? AND status = 'succeeded'").bind(refunded.order.id).run();
  expect(await refusal(applyForAfterSale(refunded.buyer, parsedApplication(refunded.order.id)))).toMatchObject({
    code: CODES.aftersaleApply,
    data: { refusal: "voided" },
  });

  const voided = await paidOrder();
  await env.DB.prepare(
    `INSERT INTO deliveries (order_id, method, state, version, created_at, updated_at, state_at)
     VALUES (?, 'E_TICKET', 'voided', 1, ?, ?, ?)
     ON CONFLICT (order_id) DO UPDATE SET state = 'voided'`,
  )
    .bind(voided.order.id, voided.clock.now(), voided.clock.now(), voided.clock.now())
    .run();
  expect((await getApplyContext(voided.buyer, voided.order.id)).refusal).toBe("voided");
  expect((await refusal(applyForAfterSale(voided.buyer, parsedApplication(voided.order.id)))).code).toBe(CODES.aftersaleApply);
});

test("650033: an order refunded in full by an earlier case takes no further application", async () => {
  const { buyer, order, clock } = await paidOrder();
  const support = await supportOn(clock);
  const first = await applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: (order.price.total / 100).toFixed(2) }));
  await decideCase(support.market, first.id, decision({ decision: "approve", reason: "Event canceled by the organiser" }), countingProvider().deps);
  expect(await getApplyContext(buyer, order.id)).toMatchObject({ allowed: false, refusal: "nothing_left", maxRefundAmount: 0 });
  const error = await refusal(applyForAfterSale(buyer, parsedApplication(order.id, { kind: "after_sale", reason: "late_delivery", refundAmount: "1" })));
  expect(error).toMatchObject({ code: CODES.aftersaleApply, data: { refusal: "nothing_left" } });
});

test("a second case may ask only for what earlier refunds left", async () => {
  const { buyer, order, clock } = await paidOrder();
  const support = await supportOn(clock);
  const first = await applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: "100" }));
  await decideCase(support.market, first.id, decision({ decision: "approve", reason: "Partly refunded" }), countingProvider().deps);
  const left = order.price.total - 10_000;
  expect((await getApplyContext(buyer, order.id)).maxRefundAmount).toBe(left);
  const over = await refusal(applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: ((left + 1) / 100).toFixed(2) })));
  expect(over.data).toEqual({ refusal: "refund_over_paid" });
  const second = await applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: (left / 100).toFixed(2) }));
  expect(second.refundAmount).toBe(left);
});

test("650036: a recipient name that breaks the rule is refused, and nothing is opened", async () => {
  const { buyer, order } = await paidOrder();
  for (const recipientName of ["A", "Chan Tai Man 2", "mei@example.com", "x".repeat(61), "李"]) {
    const error = await refusal(applyForAfterSale(buyer, parsedApplication(order.id, { recipientName })));
    expect(error.code, recipientName).toBe(CODES.aftersaleApplyName);
  }
  expect((await listMyCases(buyer, PAGE)).total).toBe(0);
  for (const recipientName of ["陳大文", "O'Neil Mary-Ann", "Zoë Ünal"]) {
    const opened = await applyForAfterSale(buyer, parsedApplication(order.id, { recipientName }));
    expect(opened.account.recipientName).toBe(recipientName);
    await withdrawCase(buyer, opened.id);
  }
});

test("aftersaleAlreadyOpen: one open case per order, even when two applications arrive at once", async () => {
  const { buyer, order } = await paidOrder();
  const results = await Promise.allSettled([1, 2, 3].map(() => applyForAfterSale(buyer, parsedApplication(order.id))));
  const opened = results.filter((result) => result.status === "fulfilled");
  const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason as { code: number }] : []));
  expect(opened).toHaveLength(1);
  expect(refused.map((error) => error.code)).toEqual([CODES.aftersaleAlreadyOpen, CODES.aftersaleAlreadyOpen]);
  const context = await getApplyContext(buyer, order.id);
  expect(context).toMatchObject({ allowed: false, refusal: "case_open" });
  expect(context.openCaseId).toBe((opened[0] as PromiseFulfilledResult<{ id: number }>).value.id);
  expect((await refusal(applyForAfterSale(buyer, parsedApplication(order.id)))).data).toEqual({ caseId: context.openCaseId });
});

test("another account's order and case are not found", async () => {
  const { buyer, order, opened } = await submittedCase();
  const stranger = marketFor(await makeBuyer(), { now: () => Date.now() });
  expect((await refusal(getApplyContext(stranger, order.id))).code).toBe(CODES.notFound);
  expect((await refusal(applyForAfterSale(stranger, parsedApplication(order.id)))).code).toBe(CODES.notFound);
  expect((await refusal(getMyCase(stranger, opened.id))).code).toBe(CODES.notFound);
  expect((await refusal(withdrawCase(stranger, opened.id))).code).toBe(CODES.notFound);
  expect((await listMyCases(stranger, PAGE)).total).toBe(0);
  expect((await afterSaleSummaryFor(stranger, [order.id])).size).toBe(0);
  expect((await getMyCase(buyer, opened.id)).status).toBe("submitted");
});

test("a guest is asked to sign in", async () => {
  const { order, opened } = await submittedCase();
  const guest = marketFor(null, { now: () => Date.now() });
  const calls = [
    () => getApplyContext(guest, order.id),
    () => getMyCase(guest, opened.id),
    () => listMyCases(guest, PAGE),
    () => withdrawCase(guest, opened.id),
    () => afterSaleSummaryFor(guest, [order.id]),
    () => listCases(guest, { paging: PAGE }),
  ];
  for (const call of calls) expect((await refusal(call())).code).toBe(CODES.notLogin);
});

test("the buyer withdraws a case while it waits; after that it cannot be withdrawn or decided", async () => {
  const { clock, buyer, opened, support } = await submittedCase();
  clock.advance(5_000);
  const withdrawn = await withdrawCase(buyer, opened.id);
  expect(withdrawn).toMatchObject({ status: "withdrawn", actions: { withdraw: false } });
  expect(withdrawn.events.map((event) => event.kind)).toEqual(["submitted", "withdrawn"]);
  expect((await refusal(withdrawCase(buyer, opened.id))).code).toBe(CODES.aftersaleNotReviewable);
  const decided = await refusal(decideCase(support.market, opened.id, decision({ decision: "reject", reason: "No" })));
  expect(decided.code).toBe(CODES.aftersaleNotReviewable);
  // A withdrawn case frees the order for a new application.
  expect((await getApplyContext(buyer, opened.order.id)).allowed).toBe(true);
});

test("support's calls are not found for a buyer and ask a guest to sign in", async () => {
  const { buyer, opened } = await submittedCase();
  const calls = (ctx: typeof buyer) => [
    () => listCases(ctx, { paging: PAGE }),
    () => getCaseForSupport(ctx, opened.id),
    () => decideCase(ctx, opened.id, decision({ decision: "approve", reason: "ok" })),
    () => recordCompensationPaid(ctx, opened.id),
  ];
  for (const call of calls(buyer)) expect((await refusal(call())).code).toBe(CODES.notFound);
  for (const call of calls(marketFor(null, { now: () => Date.now() }))) expect((await refusal(call())).code).toBe(CODES.notLogin);
  expect((await getMyCase(buyer, opened.id)).status).toBe("submitted");
});

test("approving a refund refunds it through the payment port once, and the buyer is told 1-3 working days", async () => {
  const { clock, buyer, opened, support, contactEmail } = await submittedCase({ refundAmount: "300" });
  const provider = countingProvider();
  clock.advance(60_000);
  const decided = await decideCase(support.market, opened.id, decision({ decision: "approve", reason: "Refund approved" }), provider.deps);

  expect(decided).toMatchObject({
    status: "refunded",
    approvedRefundAmount: 30_000,
    approvedCompensationAmount: 0,
    decisionReason: "Refund approved",
    decidedBy: support.userId,
    refundedAt: clock.now(),
    refundArrival: { minWorkingDays: 1, maxWorkingDays: 3 },
    supportActions: { decide: false },
  });
  expect(provider.refunds).toEqual([{ providerPaymentId: expect.stringMatching(/^sbx_/), amount: 30_000, currency: "HKD", idempotencyKey: `after-sale-${opened.id}` }]);
  expect((await caseRow(opened.id))?.provider_refund_id).toBe(`sbx_re_after-sale-${opened.id}`);

  const seen = await getMyCase(buyer, opened.id);
  expect(seen.events.map((event) => [event.kind, event.actor, event.note, event.amount])).toEqual([
    ["submitted", "buyer", null, null],
    ["approved", "support", "Refund approved", null],
    ["refund_started", "system", null, 30_000],
    ["refunded", "system", null, 30_000],
  ]);
  const mails = await mailsTo(contactEmail);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({ kind: "after_sale_refunded" });
  expect(mails[0].text_body).toContain("HK$300");
  expect(mails[0].text_body).toContain("1-3 working days");
  expect((await afterSaleSummaryFor(buyer, [opened.order.id])).get(opened.order.id)).toMatchObject({ refund: "partial", refundedAmount: 30_000, openCase: null });

  // Settling again (the cron, a retry) changes nothing and tells nobody twice.
  expect(await settleCaseRefund(support.market, opened.id, provider.deps)).toBe(true);
  expect(await settleAfterSaleRefunds(support.market, provider.deps)).toBe(0);
  expect(await eventKinds(opened.id)).toEqual(["submitted", "approved", "refund_started", "refunded"]);
  expect(await mailsTo(contactEmail)).toHaveLength(1);
  expect(provider.refunds).toHaveLength(1);
});

test("two decisions sent at once: one wins, the other is told it was decided, and the money moves once", async () => {
  const { opened, support, contactEmail } = await submittedCase({ refundAmount: "50" });
  const other = await supportOn({ now: () => support.market.now() });
  const provider = countingProvider();
  const results = await Promise.allSettled([
    decideCase(support.market, opened.id, decision({ decision: "approve", reason: "Approved" }), provider.deps),
    decideCase(other.market, opened.id, decision({ decision: "approve", reason: "Approved too" }), provider.deps),
    decideCase(other.market, opened.id, decision({ decision: "reject", reason: "Rejected" }), provider.deps),
  ]);
  const won = results.filter((result) => result.status === "fulfilled");
  const lost = results.flatMap((result) => (result.status === "rejected" ? [(result.reason as { code: number }).code] : []));
  expect(won).toHaveLength(1);
  expect(lost).toEqual([CODES.aftersaleNotReviewable, CODES.aftersaleNotReviewable]);
  const row = await caseRow(opened.id);
  const kinds = await eventKinds(opened.id);
  expect(kinds.filter((kind) => kind === "approved" || kind === "rejected")).toHaveLength(1);
  if (row?.status === "refunded") {
    expect(new Set(provider.refunds.map((refund) => refund.idempotencyKey))).toEqual(new Set([`after-sale-${opened.id}`]));
    expect(kinds.filter((kind) => kind === "refunded")).toHaveLength(1);
    expect(await mailsTo(contactEmail)).toHaveLength(1);
  } else {
    expect(row?.status).toBe("rejected");
    expect(provider.refunds).toHaveLength(0);
  }
});

test("the decision and the cron settling at once refund under one key and record it once", async () => {
  const { opened, support, contactEmail } = await submittedCase({ refundAmount: "50" });
  const failing = countingProvider({ failing: true });
  expectConsoleError();
  await decideCase(support.market, opened.id, decision({ decision: "approve", reason: "Approved" }), failing.deps);
  const provider = countingProvider({ holdUntil: 2 });
  const settled = await Promise.all([settleCaseRefund(support.market, opened.id, provider.deps), settleAfterSaleRefunds(support.market, provider.deps)]);
  expect(settled).toEqual([true, 1]);
  expect(provider.refunds.map((refund) => refund.idempotencyKey)).toEqual([`after-sale-${opened.id}`, `after-sale-${opened.id}`]);
  expect(await caseRow(opened.id)).toMatchObject({ status: "refunded", provider_refund_id: `sbx_re_after-sale-${opened.id}` });
  expect((await eventKinds(opened.id)).filter((kind) => kind === "refunded")).toHaveLength(1);
  expect(await mailsTo(contactEmail)).toHaveLength(1);
});

test("a refund the provider fails stays pending, and the Worker's cron refunds it later", async () => {
  const { opened, support, buyer, contactEmail } = await submittedCase({ refundAmount: "75" });
  const failing = countingProvider({ failing: true });
  expectConsoleError();
  const decided = await decideCase(support.market, opened.id, decision({ decision: "approve", reason: "Approved" }), failing.deps);
  expect(decided).toMatchObject({ status: "refund_pending", refundedAt: null, refundArrival: { minWorkingDays: 1, maxWorkingDays: 3 } });
  expect(failing.refunds).toHaveLength(1);
  expect(await mailsTo(contactEmail)).toHaveLength(0);
  expect((await getMyCase(buyer, opened.id)).events.map((event) => event.kind)).toEqual(["submitted", "approved", "refund_started"]);

  const context = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), env, context);
  await waitOnExecutionContext(context);

  expect(await caseRow(opened.id)).toMatchObject({ status: "refunded", provider_refund_id: `sbx_re_after-sale-${opened.id}` });
  expect(await eventKinds(opened.id)).toEqual(["submitted", "approved", "refund_started", "refunded"]);
  expect(await mailsTo(contactEmail)).toHaveLength(1);
});

test("rejecting needs a reason, which the buyer sees; the order can be applied for again", async () => {
  const { clock, buyer, opened, support } = await submittedCase();
  expect(decideSchema.safeParse({ decision: "reject", reason: "  " }).success).toBe(false);
  clock.advance(1_000);
  const rejected = await decideCase(support.market, opened.id, decision({ decision: "reject", reason: "Tickets were delivered and used" }), countingProvider().deps);
  expect(rejected).toMatchObject({ status: "rejected", decisionReason: "Tickets were delivered and used", approvedRefundAmount: null, decidedAt: clock.now() });
  const seen = await getMyCase(buyer, opened.id);
  expect(seen).toMatchObject({ status: "rejected", decisionReason: "Tickets were delivered and used", refundArrival: null });
  expect(seen.events.at(-1)).toEqual({ kind: "rejected", actor: "support", note: "Tickets were delivered and used", amount: null, createdAt: clock.now() });
  expect("decidedBy" in seen).toBe(false);
  expect((await refusal(decideCase(support.market, opened.id, decision({ decision: "approve", reason: "Changed my mind" })))).code).toBe(CODES.aftersaleNotReviewable);
  expect((await getApplyContext(buyer, opened.order.id)).allowed).toBe(true);
});

test("support may grant less than asked, never more", async () => {
  const { opened, support } = await submittedCase({ kind: "after_sale", reason: "seats_not_as_described", refundAmount: "200", compensationAmount: "50" });
  const provider = countingProvider();
  const over = await refusal(decideCase(support.market, opened.id, decision({ decision: "approve", reason: "ok", approvedRefundAmount: "200.01" }), provider.deps));
  expect(over).toMatchObject({ code: CODES.invalidParam, messageKey: "aftersale.approvedOverAsked", params: { field: "approvedRefundAmount" } });
  const granted = await decideCase(support.market, opened.id, decision({ decision: "approve", reason: "Half", approvedRefundAmount: "100", approvedCompensationAmount: "20" }), provider.deps);
  expect(granted).toMatchObject({ status: "refunded", refundAmount: 20_000, approvedRefundAmount: 10_000, approvedCompensationAmount: 2_000 });
  expect(provider.refunds.map((refund) => refund.amount)).toEqual([10_000]);
});

test("compensation alone completes the case; support records it paid once", async () => {
  const { opened, support, buyer } = await submittedCase({ kind: "after_sale", reason: "late_delivery", refundAmount: "", compensationAmount: "80" });
  const provider = countingProvider();
  const decided = await decideCase(support.market, opened.id, decision({ decision: "approve", reason: "Sorry for the delay" }), provider.deps);
  expect(decided).toMatchObject({ status: "completed", approvedCompensationAmount: 8_000, approvedRefundAmount: 0, supportActions: { recordCompensationPaid: true } });
  expect(provider.refunds).toHaveLength(0);
  const paid = await recordCompensationPaid(support.market, opened.id, "Bank transfer FT123");
  expect(paid.events.map((event) => [event.kind, event.amount])).toEqual([
    ["submitted", null],
    ["approved", null],
    ["completed", null],
    ["compensation_paid", 8_000],
  ]);
  expect(paid.supportActions.recordCompensationPaid).toBe(false);
  expect((await refusal(recordCompensationPaid(support.market, opened.id))).code).toBe(CODES.aftersaleNotReviewable);
  expect((await getMyCase(buyer, opened.id)).events.at(-1)?.kind).toBe("compensation_paid");
});

test("compensation cannot be recorded paid on a case that granted none or is undecided", async () => {
  const { opened, support } = await submittedCase();
  expect((await refusal(recordCompensationPaid(support.market, opened.id))).code).toBe(CODES.aftersaleNotReviewable);
  expect((await refusal(recordCompensationPaid(support.market, 999_999_999))).code).toBe(CODES.notFound);
  expect((await refusal(decideCase(support.market, 999_999_999, decision({ decision: "reject", reason: "x" })))).code).toBe(CODES.notFound);
});

test("support finds cases by case no., order no., buyer email and status", async () => {
  const { opened, support, order } = await submittedCase();
  const other = await paidOrder();
  const otherCase = await applyForAfterSale(other.buyer, parsedApplication(other.order.id));
  const email = (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(other.buyerId).first<{ email: string }>())?.email ?? "";
  const ids = async (query: Parameters<typeof listCases>[1]) => (await listCases(support.market, query)).list.map((item) => item.id);
  expect(await ids({ query: opened.caseNo.toLowerCase(), paging: PAGE })).toEqual([opened.id]);
  expect(await ids({ query: order.orderNo, paging: PAGE })).toEqual([opened.id]);
  expect(await ids({ query: email.toUpperCase(), paging: PAGE })).toEqual([otherCase.id]);
  await withdrawCase(other.buyer, otherCase.id);
  expect(await ids({ status: "withdrawn", query: email, paging: PAGE })).toEqual([otherCase.id]);
  expect(await ids({ status: "submitted", query: email, paging: PAGE })).toEqual([]);
  const view = await getCaseForSupport(support.market, otherCase.id);
  expect(view.buyer).toMatchObject({ userId: other.buyerId, email });
});

test("the order summary tells the order screens about open cases and refunds", async () => {
  const { buyer, order, clock } = await paidOrder();
  const unpaid = await paidOrder({ paid: false });
  const support = await supportOn(clock);
  expect((await afterSaleSummaryFor(buyer, [order.id])).get(order.id)).toEqual({
    orderId: order.id,
    openCase: null,
    latestCase: null,
    canApply: true,
    refundedAmount: 0,
    refund: "none",
  });
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: (order.price.total / 100).toFixed(2) }));
  expect((await afterSaleSummaryFor(buyer, [order.id, unpaid.order.id])).get(order.id)).toMatchObject({
    openCase: { id: opened.id, caseNo: opened.caseNo, status: "submitted" },
    canApply: false,
  });
  await decideCase(support.market, opened.id, decision({ decision: "approve", reason: "ok" }), countingProvider().deps);
  expect((await afterSaleSummaryFor(buyer, [order.id])).get(order.id)).toMatchObject({
    openCase: null,
    latestCase: { id: opened.id, status: "refunded" },
    canApply: false,
    refundedAmount: order.price.total,
    refund: "full",
  });
  expect((await afterSaleSummaryFor(unpaid.buyer, [unpaid.order.id])).get(unpaid.order.id)?.canApply).toBe(false);
});

test("the buyer's list is newest first with each case's timeline", async () => {
  const { buyer, order, clock } = await paidOrder();
  const first = await applyForAfterSale(buyer, parsedApplication(order.id));
  await withdrawCase(buyer, first.id);
  clock.advance(1_000);
  const second = await applyForAfterSale(buyer, parsedApplication(order.id, { kind: "after_sale", reason: "wrong_tickets", refundAmount: "10" }));
  const page = await listMyCases(buyer, { page: 1, pageSize: 1 });
  expect(page).toMatchObject({ total: 2, hasMore: true, list: [{ id: second.id, kind: "after_sale", events: [{ kind: "submitted" }] }] });
  expect((await listMyCases(buyer, { page: 2, pageSize: 1 })).list.map((item) => [item.id, item.status])).toEqual([[first.id, "withdrawn"]]);
});
