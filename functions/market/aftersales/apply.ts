/**
 * Applying for after-sales (SPEC §2 applyFor): what an order can still take, and opening a case.
 *
 * The rules are first checked against a fresh read, so a refusal names the rule that was broken;
 * then the case is inserted by ONE conditional INSERT … SELECT that re-checks every rule against
 * the live rows (paid, not voided, inside the window, no open case, amounts within what is left).
 * D1 runs each batch as one transaction, one at a time, so of two applications sent at once for
 * one order exactly one opens a case; the other is told a case is already open.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { afterSaleCases, afterSaleEvents, orders, sessions, RECEIVING_CURRENCIES } from "../../db/schema";
import { joinOrderEvent } from "../listings/listing-event";
import { loadReference } from "../reference";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { requireBuyer } from "../context/buyer";
import { prepare } from "../context/statements";
import { toMinorUnits } from "../money/minor-units";
import { REASONS_BY_KIND, type ApplyRequest } from "./apply-schema";
import { isAcceptableRecipientName } from "../money/receiving-account-fields";
import {
  getMyCase,
  orderSummaryColumns,
  orderSummaryOf,
  type AfterSaleCaseView,
  type ApplyContext,
  type ApplyRefusal,
  type OrderAfterSaleSummary,
  type OrderSummaryRow,
} from "./case-views";
import {
  AFTER_SALE_WINDOW_MS,
  applyRefusalOf,
  grantedSoFar,
  newCaseNo,
  OPEN_STATUSES,
  openCaseOf,
  orderVoided,
  refundedSoFar,
  resaleListed,
  resaleSold,
  type OrderFacts,
} from "./rules";

type FactsRow = OrderSummaryRow & {
  orderId: number;
  voided: number;
  refundedSoFar: number;
  grantedSoFar: number;
  openCaseId: number | null;
  listed: number;
  sold: number;
};

/** The viewer's orders among `orderIds`, with what decides whether they can take an application. */
async function readOrderFacts(ctx: MarketContext, buyerId: number, orderIds: readonly number[]): Promise<FactsRow[]> {
  if (orderIds.length === 0) return [];
  return joinOrderEvent(
    ctx.db
      .select({
        orderId: orders.id,
        ...orderSummaryColumns,
        voided: orderVoided(sql`${orders.id}`, sql`${orders.paidPaymentId}`).mapWith(Number),
        refundedSoFar: refundedSoFar(sql`${orders.id}`).mapWith(Number),
        grantedSoFar: grantedSoFar(sql`${orders.id}`).mapWith(Number),
        openCaseId: openCaseOf(sql`${orders.id}`),
        listed: resaleListed(sql`${orders.id}`).mapWith(Number),
        sold: resaleSold(sql`${orders.id}`).mapWith(Number),
      })
      .from(orders)
      .$dynamic(),
  ).where(and(inArray(orders.id, [...orderIds]), eq(orders.userId, buyerId)));
}

function factsOf(row: FactsRow): OrderFacts {
  return {
    status: row.orderStatus,
    totalAmount: row.totalAmount,
    startsAt: row.startsAt,
    voided: row.voided === 1,
    refundedSoFar: row.refundedSoFar,
    openCaseId: row.openCaseId,
    resale: row.sold === 1 ? "sold" : row.listed === 1 ? "listed" : null,
  };
}

/** What an order can still give back: what was paid less what its cases granted (refunds and compensation). */
function leftToGrant(row: FactsRow): number {
  return Math.max(0, row.totalAmount - row.grantedSoFar);
}

/** The refusal of an application, with the message that tells the buyer what to do about it. */
export function applyRefused(refusal: ApplyRefusal, caseId?: number | null): MarketError {
  if (refusal === "case_open") return new MarketError("aftersaleAlreadyOpen", caseId ? { data: { caseId } } : {});
  const messageKey = RESALE_MESSAGES[refusal as keyof typeof RESALE_MESSAGES];
  return new MarketError("aftersaleApply", { data: { refusal }, ...(messageKey ? { messageKey } : {}) });
}

/** The refusals a resale causes say what the buyer can do: withdraw the listing, or that the tickets were sold. */
const RESALE_MESSAGES = { listed_for_resale: "aftersale.listedForResale", resold: "aftersale.resold" } as const;

async function readOneOrder(ctx: MarketContext, buyerId: number, orderId: number): Promise<FactsRow> {
  const [row] = await readOrderFacts(ctx, buyerId, [orderId]);
  if (!row) throw notFound("order");
  return row;
}

/**
 * What /apply-for shows for one of the viewer's orders: its summary, the most it can still ask
 * for, and whether it can apply now (and if not, why). Throws notLogin; notFound (missing or
 * another account's order). No side effects.
 */
export async function getApplyContext(ctx: MarketContext, orderId: number): Promise<ApplyContext> {
  const buyerId = requireBuyer(ctx);
  const [row, reference] = await Promise.all([readOneOrder(ctx, buyerId, orderId), loadReference(ctx)]);
  const minorUnits = reference.currencyByCode.get(row.orderCurrency)?.minorUnits ?? 2;
  const refusal = applyRefusalOf(factsOf(row), ctx.now());
  return {
    order: orderSummaryOf(ctx, row.orderId, row, minorUnits),
    currency: row.orderCurrency,
    minorUnits,
    maxRefundAmount: leftToGrant(row),
    maxCompensationAmount: leftToGrant(row),
    allowed: refusal === null,
    refusal,
    openCaseId: row.openCaseId,
    applyUntil: row.startsAt + AFTER_SALE_WINDOW_MS,
    reasons: REASONS_BY_KIND,
    accountCurrencies: RECEIVING_CURRENCIES,
  };
}

/**
 * Opens a case for one of the viewer's orders. Takes the parsed form (applySchema).
 *
 * Throws notLogin; notFound (missing or another account's order); aftersaleApply 650033 (the
 * order is not paid, its money went back another way, the window has closed, it has been
 * refunded in full, a refund over what is left, compensation over what was paid, or more
 * decimals than the currency has); aftersaleAlreadyOpen (a case is in progress for the order);
 * aftersaleApplyName 650036 (the recipient name breaks the rule, apply-schema.ts).
 *
 * Side effects: the case, status submitted, and its `submitted` event, in one batch.
 */
export async function applyForAfterSale(ctx: MarketContext, input: ApplyRequest): Promise<AfterSaleCaseView> {
  const buyerId = requireBuyer(ctx);
  const now = ctx.now();
  const [row, reference] = await Promise.all([readOneOrder(ctx, buyerId, input.orderId), loadReference(ctx)]);
  const refusal = applyRefusalOf(factsOf(row), now);
  if (refusal) throw applyRefused(refusal, row.openCaseId);

  const minorUnits = reference.currencyByCode.get(row.orderCurrency)?.minorUnits ?? 2;
  const refund = toMinorUnits(input.refundAmount, minorUnits);
  const compensation = toMinorUnits(input.compensationAmount, minorUnits);
  if (refund === null || compensation === null) throw new MarketError("aftersaleApply", { data: { refusal: "amount_precision" } });
  // Money out never exceeds money in: a refund and compensation together stay within what is left.
  if (refund > leftToGrant(row)) throw new MarketError("aftersaleApply", { data: { refusal: "refund_over_paid" } });
  if (refund + compensation > leftToGrant(row)) throw new MarketError("aftersaleApply", { data: { refusal: "compensation_over_paid" } });
  if (!isAcceptableRecipientName(input.recipientName)) throw new MarketError("aftersaleApplyName");

  const caseId = await openCase(ctx, input, { buyerId, now, refund, compensation });
  if (caseId === null) {
    // A rule broke between the read and the insert: say which, from a fresh read.
    const fresh = applyRefusalOf(factsOf(await readOneOrder(ctx, buyerId, input.orderId)), ctx.now());
    if (fresh) throw applyRefused(fresh);
    throw new MarketError("aftersaleApply", { data: { refusal: "refund_over_paid" } });
  }
  return getMyCase(ctx, caseId);
}

/** The one statement that opens a case if every rule still holds, and its first event. Returns the case id or null. */
async function openCase(
  ctx: MarketContext,
  input: ApplyRequest,
  { buyerId, now, refund, compensation }: { buyerId: number; now: number; refund: number; compensation: number },
): Promise<number | null> {
  const caseNo = newCaseNo(now);
  const cny = input.accountCurrency === "CNY" ? input : null;
  const hkd = input.accountCurrency === "HKD" ? input : null;
  const open = sql.join(
    OPEN_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const insert = sql`
    INSERT INTO ${afterSaleCases} (
      case_no, order_id, user_id, kind, status, reason, description, refund_amount, compensation_amount, currency_code,
      account_currency, recipient_name, alipay_account, bank_name, bank_code, swift_code, card_number, account_opening_area,
      created_at, updated_at
    )
    SELECT
      ${caseNo}, o.id, o.user_id, ${input.kind}, 'submitted', ${input.reason}, ${input.description}, ${refund}, ${compensation}, o.currency_code,
      ${input.accountCurrency}, ${input.recipientName}, ${cny?.alipayAccount ?? null}, ${hkd?.bankName ?? null}, ${hkd?.bankCode ?? null},
      ${hkd?.swiftCode ?? null}, ${hkd?.cardNumber ?? null}, ${hkd?.accountOpeningArea ?? null},
      ${now}, ${now}
    FROM ${orders} AS o
    INNER JOIN ${sessions} AS s ON s.id = o.session_id
    WHERE o.id = ${input.orderId} AND o.user_id = ${buyerId} AND o.status = 'paid'
      AND s.starts_at + ${AFTER_SALE_WINDOW_MS} > ${now}
      AND NOT ${orderVoided(sql.raw("o.id"), sql.raw("o.paid_payment_id"))}
      AND NOT EXISTS (SELECT 1 FROM ${afterSaleCases} AS c WHERE c.order_id = o.id AND c.status IN (${open}))
      AND NOT ${resaleListed(sql.raw("o.id"))}
      AND NOT ${resaleSold(sql.raw("o.id"))}
      AND ${refund} + ${compensation} <= o.total_amount - ${grantedSoFar(sql.raw("o.id"))}
    RETURNING id`;
  const submitted = sql`
    INSERT INTO ${afterSaleEvents} (case_id, kind, actor, actor_user_id, created_at)
    SELECT id, 'submitted', 'buyer', ${buyerId}, ${now} FROM ${afterSaleCases} WHERE case_no = ${caseNo}`;
  const [inserted] = await ctx.d1.batch<{ id: number }>([prepare(ctx.d1, insert), prepare(ctx.d1, submitted)]);
  return inserted.results[0]?.id ?? null;
}

/**
 * After-sales per order, for the order screens: the open and newest case, whether the buyer may
 * apply now, and how much the order's cases refunded. Only the viewer's orders are answered
 * (others are left out of the map). Throws notLogin. No side effects.
 */
export async function afterSaleSummaryFor(ctx: MarketContext, orderIds: readonly number[]): Promise<Map<number, OrderAfterSaleSummary>> {
  const buyerId = requireBuyer(ctx);
  const unique = [...new Set(orderIds)];
  const [rows, cases] = await Promise.all([
    readOrderFacts(ctx, buyerId, unique),
    unique.length === 0
      ? Promise.resolve([])
      : ctx.db
          .select({ id: afterSaleCases.id, orderId: afterSaleCases.orderId, caseNo: afterSaleCases.caseNo, status: afterSaleCases.status })
          .from(afterSaleCases)
          .where(and(inArray(afterSaleCases.orderId, unique), eq(afterSaleCases.userId, buyerId)))
          .orderBy(desc(afterSaleCases.id)),
  ]);
  const now = ctx.now();
  const summaries = new Map<number, OrderAfterSaleSummary>();
  for (const row of rows) {
    const own = cases.filter((item) => item.orderId === row.orderId);
    const open = own.find((item) => OPEN_STATUSES.includes(item.status));
    const latest = own[0];
    summaries.set(row.orderId, {
      orderId: row.orderId,
      openCase: open ? { id: open.id, caseNo: open.caseNo, status: open.status } : null,
      latestCase: latest ? { id: latest.id, caseNo: latest.caseNo, status: latest.status } : null,
      canApply: applyRefusalOf(factsOf(row), now) === null,
      refundedAmount: row.refundedSoFar,
      refund: row.refundedSoFar <= 0 ? "none" : row.refundedSoFar >= row.totalAmount ? "full" : "partial",
    });
  }
  return summaries;
}
