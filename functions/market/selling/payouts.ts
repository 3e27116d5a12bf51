/**
 * What a provider is paid, and when. Per paid order: the ticket price less the marketplace fee
 * (5% of it; the buyer's fees and any coupon are the marketplace's), paid once the event is two
 * days past, the delivery is complete and no after-sales case is open; support can hold it
 * (a hold lasts until support releases it, whatever happens to the case). Computed at read time
 * from the order, its delivery, its cases and holds, so it is right at every instant.
 *
 * A delivery voided because the buyer resold the tickets here (fan-resale.ts) counts as
 * complete: the seller delivered; the tickets simply changed hands.
 *
 * A seller with a profile is paid into the payout account they give before their first payout,
 * not with the profile (decision 251): until they give one, a payable payout waits for it
 * (awaiting_account), and support's recording it paid refuses. A staff provider with no
 * profile is paid as agreed outside the platform (decision 99) and never waits.
 *
 * Money out of an order never exceeds money in: an after-sales case that granted the buyer a
 * refund or compensation stops the seller's payout for good (status refunded), and the payout
 * leaves the platform only by support recording it paid (payout_releases), one guarded INSERT
 * that re-checks every rule against the live rows; an approval of a case refuses once it has
 * (aftersales/decide.ts). D1 runs batches one at a time, so of a payout and an approval sent at
 * once exactly one happens.
 */
import { and, desc, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import * as z from "zod";
import { afterSaleCases, deliveries, listings, listingTerms, orders, payments, payoutHolds, payoutReleases, sellerProfiles, sessions, tours } from "../../db/schema";
import { caseStopsPayout, grantedSoFar, OPEN_STATUSES, resaleSold } from "../aftersales/rules";
import { recordId } from "../input/fields";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { MACHINES } from "../delivery/machine";
import { notify } from "../notifications";
import { loadReference } from "../reference";
import { formatMoney } from "../money";
import type { Language } from "../context/viewer";
import { logError } from "../../observability";
import { requireRole } from "../staff";
import { sellingInvalid } from "./invalid-input";
import { requireSeller } from "./seller-profiles";
import { logStatement } from "./review-log";
import { prepare } from "../context/statements";
import { payoutHoldSchema, statementQuerySchema } from "./selling-schemas";
import { joinOrderEvent } from "../listings/listing-event";

/** The marketplace's fee on the seller's price, in basis points. */
export const MARKETPLACE_FEE_BPS = 500;
/** How long after the event starts a payout becomes due (time for a buyer to report a problem). */
export const PAYOUT_AFTER_EVENT_MS = 48 * 60 * 60_000;

export type PayoutStatus = "paid" | "refunded" | "held" | "case_open" | "awaiting_delivery" | "scheduled" | "awaiting_account" | "payable";

export interface PayoutView {
  orderId: number;
  orderNo: string;
  title: string;
  startsAt: number;
  quantity: number;
  currency: string;
  ticketAmount: number;
  fee: number;
  payout: number;
  status: PayoutStatus;
  /** When it is (or became) due: two days after the event starts. */
  payableAt: number;
  hold: { reason: string; at: number } | null;
  /** When support recorded the payout paid to the seller, and how much; null until then. */
  paidOut: { amount: number; at: number } | null;
}

/** The fee on a ticket amount, rounded half up. */
export function marketplaceFee(ticketAmount: number): number {
  return Math.floor((ticketAmount * MARKETPLACE_FEE_BPS + 5_000) / 10_000);
}

/**
 * SQL: marketplaceFee of `ticketAmount`. The constants are written in, not bound: D1 binds a JS
 * number as REAL, and only integers divide whole in SQLite, as Math.floor does here.
 */
function feeSql(ticketAmount: SQL): SQL<number> {
  return sql<number>`((${ticketAmount} * ${sql.raw(String(MARKETPLACE_FEE_BPS))} + 5000) / 10000)`;
}

const COMPLETE_STATES = new Set<string>(Object.values(MACHINES).map((machine) => machine.final));

export interface PayoutFacts {
  startsAt: number;
  deliveryState: string | null;
  resold: boolean;
  refunded: boolean;
  openCase: boolean;
  held: boolean;
  /** An after-sales case granted the buyer money (refund or compensation): the seller is not paid. */
  granted?: boolean;
  /** Support recorded the payout paid. */
  paidOut?: boolean;
  /** The seller has a profile but has not given a payout account yet. */
  accountMissing?: boolean;
}

/** The payout's status at `now`, from its facts, first rule that applies. Pure. */
export function payoutStatus(facts: PayoutFacts, now: number): PayoutStatus {
  if (facts.paidOut) return "paid";
  if (facts.refunded || facts.granted || (facts.deliveryState === "voided" && !facts.resold)) return "refunded";
  if (facts.held) return "held";
  if (facts.openCase) return "case_open";
  if (!facts.resold && !COMPLETE_STATES.has(facts.deliveryState ?? "")) return "awaiting_delivery";
  if (facts.startsAt + PAYOUT_AFTER_EVENT_MS > now) return "scheduled";
  return facts.accountMissing ? "awaiting_account" : "payable";
}

/** SQL: the seller of `listingId` has a profile with no payout account yet (a profile-less staff provider never waits). */
function accountMissingSql(listingId: SQL): SQL<number> {
  return sql<number>`EXISTS (SELECT 1 FROM ${sellerProfiles} sp INNER JOIN ${listings} sl ON sl.seller_id = sp.seller_id
                             WHERE sl.id = ${listingId} AND sp.account_currency IS NULL)`;
}

async function payoutRows(ctx: MarketContext, where: ReturnType<typeof and>) {
  const zh = ctx.viewer.language === "zh-HK";
  return joinOrderEvent(
    ctx.db
      .select({
        order: orders,
        title: zh ? tours.titleZh : tours.titleEn,
        startsAt: sessions.startsAt,
        deliveryState: deliveries.state,
        refunded: sql<number>`EXISTS (SELECT 1 FROM ${payments} p WHERE p.id = ${orders.paidPaymentId} AND p.status IN ('refund_pending', 'refunded'))`.mapWith(Boolean),
        resold: sql<number>`EXISTS (SELECT 1 FROM ${listingTerms} rt INNER JOIN ${orders} ro ON ro.listing_id = rt.listing_id
                                     WHERE rt.source_order_id = ${orders.id} AND ro.status = 'paid')`.mapWith(Boolean),
        openCase: sql<number>`EXISTS (SELECT 1 FROM ${afterSaleCases} c WHERE c.order_id = ${orders.id}
                                       AND c.status IN (${sql.join(OPEN_STATUSES.map((status) => sql`${status}`), sql`, `)}))`.mapWith(Boolean),
        granted: sql<number>`EXISTS (SELECT 1 FROM ${afterSaleCases} g WHERE g.order_id = ${orders.id}
                                      AND g.status IN ('approved', 'refund_pending', 'refunded', 'completed')
                                      AND COALESCE(g.approved_refund_amount, 0) + COALESCE(g.approved_compensation_amount, 0) > 0)`.mapWith(Boolean),
        accountMissing: accountMissingSql(sql`${orders.listingId}`).mapWith(Boolean),
        paidOutAmount: payoutReleases.amount,
        paidOutAt: payoutReleases.releasedAt,
        holdReason: sql<string | null>`(SELECT h.reason FROM ${payoutHolds} h WHERE h.order_id = ${orders.id} AND h.released_at IS NULL ORDER BY h.id DESC LIMIT 1)`,
        holdAt: sql<number | null>`(SELECT h.created_at FROM ${payoutHolds} h WHERE h.order_id = ${orders.id} AND h.released_at IS NULL ORDER BY h.id DESC LIMIT 1)`,
      })
      .from(orders)
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .$dynamic(),
  )
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .leftJoin(payoutReleases, eq(payoutReleases.orderId, orders.id))
    .where(and(eq(orders.status, "paid"), where))
    .orderBy(desc(sessions.startsAt), desc(orders.id));
}

function toView(row: Awaited<ReturnType<typeof payoutRows>>[number], now: number): PayoutView {
  const fee = marketplaceFee(row.order.ticketAmount);
  const held = row.holdReason !== null;
  return {
    orderId: row.order.id,
    orderNo: row.order.orderNo,
    title: row.title,
    startsAt: row.startsAt,
    quantity: row.order.quantity,
    currency: row.order.currencyCode,
    ticketAmount: row.order.ticketAmount,
    fee,
    payout: row.order.ticketAmount - fee,
    status: payoutStatus(
      {
        startsAt: row.startsAt,
        deliveryState: row.deliveryState,
        resold: row.resold,
        refunded: row.refunded,
        openCase: row.openCase,
        held,
        granted: row.granted,
        paidOut: row.paidOutAt !== null,
        accountMissing: row.accountMissing,
      },
      now,
    ),
    payableAt: row.startsAt + PAYOUT_AFTER_EVENT_MS,
    hold: held ? { reason: row.holdReason!, at: row.holdAt! } : null,
    paidOut: row.paidOutAt !== null ? { amount: row.paidOutAmount!, at: row.paidOutAt } : null,
  };
}

/** The viewer's payouts as a seller, one per paid order, latest event first (at most 200). Throws notLogin, sellerProfileRequired. */
export async function providerPayouts(ctx: MarketContext): Promise<PayoutView[]> {
  const seller = await requireSeller(ctx);
  const rows = await payoutRows(ctx, and(eq(listings.sellerId, seller.sellerId)));
  return rows.slice(0, 200).map((row) => toView(row, ctx.now()));
}

export interface PayoutStatement {
  month: string;
  lines: PayoutView[];
  /** Per currency: what the month's events earn, and how much of it is payable now. */
  totals: { currency: string; ticketAmount: number; fee: number; payout: number; payable: number; withheld: number }[];
}

/**
 * The seller's statement for a month (`YYYY-MM`, by the UTC date the event starts). Throws
 * notLogin, sellerProfileRequired, invalidParam. Reads only.
 */
export async function payoutStatement(ctx: MarketContext, input: { month: unknown }): Promise<PayoutStatement> {
  const seller = await requireSeller(ctx);
  const parsed = statementQuerySchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const [year, month] = parsed.data.month.split("-").map(Number);
  const from = Date.UTC(year, month - 1, 1);
  const to = Date.UTC(year, month, 1);
  const rows = await payoutRows(ctx, and(eq(listings.sellerId, seller.sellerId), gte(sessions.startsAt, from), lt(sessions.startsAt, to)));
  const lines = rows.map((row) => toView(row, ctx.now()));
  const totals = new Map<string, PayoutStatement["totals"][number]>();
  for (const line of lines) {
    const total = totals.get(line.currency) ?? { currency: line.currency, ticketAmount: 0, fee: 0, payout: 0, payable: 0, withheld: 0 };
    if (line.status !== "refunded") {
      total.ticketAmount += line.ticketAmount;
      total.fee += line.fee;
      total.payout += line.payout;
      if (line.status === "payable") total.payable += line.payout;
      if (line.status === "held" || line.status === "case_open" || line.status === "awaiting_account") total.withheld += line.payout;
    }
    totals.set(line.currency, total);
  }
  return { month: parsed.data.month, lines, totals: [...totals.values()] };
}

/** One order's payout as support sees it. Throws notLogin, notFound (no support role, or no such paid order). */
export async function supportPayout(ctx: MarketContext, orderId: number): Promise<PayoutView> {
  await requireRole(ctx, "support");
  const [row] = await payoutRows(ctx, and(eq(orders.id, orderId)));
  if (!row) throw notFound("order");
  return toView(row, ctx.now());
}

/**
 * Support holds an order's payout, with a reason. Throws notLogin, notFound, invalidParam,
 * clientOperateFail (already held). Side effects: one hold.
 */
export async function holdPayout(ctx: MarketContext, input: { orderId: unknown; reason: unknown }): Promise<PayoutView> {
  const staff = await requireRole(ctx, "support");
  const parsed = payoutHoldSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const current = await supportPayout(ctx, parsed.data.orderId);
  const [result] = await ctx.d1.batch([
    // One open hold per order: a second, however it races, inserts nothing.
    prepare(
      ctx.d1,
      sql`INSERT INTO ${payoutHolds} (order_id, reason, held_by, created_at)
          SELECT ${current.orderId}, ${parsed.data.reason}, ${staff.userId}, ${ctx.now()}
          WHERE NOT EXISTS (SELECT 1 FROM ${payoutHolds} WHERE ${payoutHolds.orderId} = ${current.orderId} AND ${payoutHolds.releasedAt} IS NULL)`,
    ),
    logStatement(ctx, { subject: "payout", subjectId: current.orderId, decision: "held", reason: parsed.data.reason, staffUserId: staff.userId }, sql`changes() > 0`),
  ]);
  if (result.meta.changes === 0) throw new MarketError("clientOperateFail", { data: { reason: "already_held" } });
  return supportPayout(ctx, current.orderId);
}

/** Orders whose payout support holds, or an open after-sales case holds, latest event first (at most 100). Support only. */
export async function heldPayouts(ctx: MarketContext): Promise<PayoutView[]> {
  await requireRole(ctx, "support");
  const rows = await payoutRows(
    ctx,
    and(
      sql`(EXISTS (SELECT 1 FROM ${payoutHolds} h WHERE h.order_id = ${orders.id} AND h.released_at IS NULL)
           OR EXISTS (SELECT 1 FROM ${afterSaleCases} c WHERE c.order_id = ${orders.id} AND c.status IN (${sql.join(OPEN_STATUSES.map((status) => sql`${status}`), sql`, `)})))`,
    ),
  );
  return rows.slice(0, 100).map((row) => toView(row, ctx.now()));
}


const payOutSchema = z.object({ orderId: recordId() });

/**
 * Support records an order's payout paid to its seller: money out of the order. One guarded
 * INSERT … SELECT re-checks, against the live rows, every rule that makes it payable (paid, its
 * money not gone back, delivered or resold, two days past the event, no hold, an account to pay
 * into) and that no
 * after-sales case is open or granted the buyer money, with payout and grants together within
 * what the buyer paid; the order's primary key makes a second payout impossible.
 *
 * Throws notLogin, notFound (not support; no such paid order), invalidParam, clientOperateFail
 * (`not_payable` with the payout's status, or `already_paid`). Side effects: one payout_releases row.
 */
export async function payOutSeller(ctx: MarketContext, input: { orderId: unknown }): Promise<PayoutView> {
  const staff = await requireRole(ctx, "support");
  const parsed = payOutSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const { orderId } = parsed.data;
  const now = ctx.now();
  const complete = sql.join(
    [...COMPLETE_STATES].map((state) => sql`${state}`),
    sql`, `,
  );
  const o = (column: string) => sql.raw(`o.${column}`);
  const paidOut = await ctx.db.run(sql`
    INSERT INTO ${payoutReleases} (order_id, amount, currency_code, released_by, released_at)
    SELECT o.id, o.ticket_amount - ${feeSql(o("ticket_amount"))}, o.currency_code, ${staff.userId}, ${now}
    FROM ${orders} AS o INNER JOIN ${sessions} AS s ON s.id = o.session_id
    LEFT JOIN ${deliveries} AS d ON d.order_id = o.id
    WHERE o.id = ${orderId} AND o.status = 'paid'
      AND s.starts_at + ${PAYOUT_AFTER_EVENT_MS} <= ${now}
      AND NOT EXISTS (SELECT 1 FROM ${payments} AS p WHERE p.id = o.paid_payment_id AND p.status IN ('refund_pending', 'refunded'))
      AND (${resaleSold(o("id"))} OR d.state IN (${complete}))
      AND NOT EXISTS (SELECT 1 FROM ${payoutHolds} AS h WHERE h.order_id = o.id AND h.released_at IS NULL)
      AND NOT ${accountMissingSql(o("listing_id"))}
      AND NOT ${caseStopsPayout(o("id"))}
      AND o.ticket_amount - ${feeSql(o("ticket_amount"))} + ${grantedSoFar(o("id"))} <= o.total_amount
    ON CONFLICT (order_id) DO NOTHING`);
  const view = await supportPayout(ctx, orderId);
  if (paidOut.meta.changes !== 1) {
    throw new MarketError("clientOperateFail", { data: view.status === "paid" ? { reason: "already_paid" } : { reason: "not_payable", status: view.status } });
  }
  await pushPayoutReleased(ctx, view);
  return view;
}

/** Tells the seller's devices that take sales news that the payout left (once per order). Never throws. */
async function pushPayoutReleased(ctx: MarketContext, view: PayoutView): Promise<void> {
  try {
    const [seller] = await ctx.db
      .select({ userId: sellerProfiles.userId })
      .from(orders)
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .innerJoin(sellerProfiles, eq(sellerProfiles.sellerId, listings.sellerId))
      .where(eq(orders.id, view.orderId))
      .limit(1);
    if (!seller || !view.paidOut) return;
    const reference = await loadReference(ctx);
    const currency = reference.currencyByCode.get(view.currency);
    const amount = (language: Language) => (currency ? formatMoney(view.paidOut!.amount, currency, language) : `${view.currency} ${view.paidOut!.amount}`);
    await notify(ctx, {
      key: `payout:${view.orderId}`,
      topic: "sales",
      to: { userIds: [seller.userId] },
      path: "/provider/payouts",
      text: (language) => ({ title: "payoutReleased.title", body: "payoutReleased.body", params: { amount: amount(language), orderNo: view.orderNo } }),
    });
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where: "pushPayoutReleased", orderId: view.orderId });
  }
}
