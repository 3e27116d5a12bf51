/**
 * The constants and rules of a case's life, shared by the statements that enforce them and the
 * views that show them: which statuses are still open, what an order has already had refunded,
 * and whether an order can take an application at an instant.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterSaleCases, afterSaleEvents, deliveries, listingTerms, orders, payments, payoutReleases, type AfterSaleStatus } from "../../db/schema";
import { randomDigits } from "../context/crypto";

/** A case in progress: the one an order may have at a time. */
export const OPEN_STATUSES: readonly AfterSaleStatus[] = ["submitted", "approved", "refund_pending"];
/** Cases whose approved refund counts against what the order may still get back. */
export const REFUNDING_STATUSES: readonly AfterSaleStatus[] = ["refund_pending", "refunded"];
/** Decided cases whose granted refund and compensation are money out of the order. */
export const GRANTED_STATUSES: readonly AfterSaleStatus[] = ["approved", "refund_pending", "refunded", "completed"];

const DAY = 24 * 60 * 60_000;
/** Applications are taken until 30 days after the show starts (docs/decisions.md). */
export const AFTER_SALE_WINDOW_MS = 30 * DAY;

/** SPEC §4: an after-sales refund reaches the original payment method in 1-3 working days. */
export const REFUND_ARRIVAL = { minWorkingDays: 1, maxWorkingDays: 3 } as const;

/** `AS`, the UTC day (yymmdd), 10 random digits: read aloud like an order no., never a counter. */
export function newCaseNo(now: number): string {
  const day = new Date(now).toISOString().slice(2, 10).replace(/-/g, "");
  return `AS${day}${randomDigits(10)}`;
}

/** The idempotency key of a case's refund: asked any number of times, refunded once. */
export function refundKeyOf(caseId: number): string {
  return `after-sale-${caseId}`;
}

function statusList(statuses: readonly AfterSaleStatus[]): SQL {
  return sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );
}

/** SQL: what `orderId` has had (or is having) refunded by its cases, minor units. */
export function refundedSoFar(orderId: SQL | number): SQL<number> {
  return sql<number>`(SELECT COALESCE(SUM(rc.approved_refund_amount), 0) FROM ${afterSaleCases} AS rc
    WHERE rc.order_id = ${orderId} AND rc.status IN (${statusList(REFUNDING_STATUSES)}))`;
}

/** SQL: what `orderId`'s decided cases granted its buyer, refunds and compensation together, minor units. */
export function grantedSoFar(orderId: SQL | number): SQL<number> {
  return sql<number>`(SELECT COALESCE(SUM(COALESCE(gc.approved_refund_amount, 0) + COALESCE(gc.approved_compensation_amount, 0)), 0)
    FROM ${afterSaleCases} AS gc WHERE gc.order_id = ${orderId} AND gc.status IN (${statusList(GRANTED_STATUSES)}))`;
}

/** SQL: 1 when an after-sales case of `orderId` is open, or decided with money granted to its buyer: its seller is not paid. */
export function caseStopsPayout(orderId: SQL | number): SQL<number> {
  return sql<number>`EXISTS (SELECT 1 FROM ${afterSaleCases} AS pc WHERE pc.order_id = ${orderId}
    AND (pc.status IN (${statusList(OPEN_STATUSES)})
      OR (pc.status IN (${statusList(GRANTED_STATUSES)}) AND COALESCE(pc.approved_refund_amount, 0) + COALESCE(pc.approved_compensation_amount, 0) > 0)))`;
}

/** SQL: 1 when `orderId`'s seller has been paid out (payout_releases). */
export function payoutReleased(orderId: SQL | number): SQL<number> {
  return sql<number>`EXISTS (SELECT 1 FROM ${payoutReleases} AS pr WHERE pr.order_id = ${orderId})`;
}

/** SQL: 1 when `orderId` has a live resale listing (listed, not withdrawn). */
export function resaleListed(orderId: SQL | number): SQL<number> {
  return sql<number>`EXISTS (SELECT 1 FROM ${listingTerms} AS lt WHERE lt.source_order_id = ${orderId} AND lt.withdrawn_at IS NULL)`;
}

/** SQL: 1 when `orderId`'s tickets were resold here (a paid order of a listing made from it). */
export function resaleSold(orderId: SQL | number): SQL<number> {
  return sql<number>`EXISTS (SELECT 1 FROM ${listingTerms} AS st INNER JOIN ${orders} AS so ON so.listing_id = st.listing_id
    WHERE st.source_order_id = ${orderId} AND so.status = 'paid')`;
}

/** SQL: the id of `orderId`'s open case, or NULL. */
export function openCaseOf(orderId: SQL | number): SQL<number | null> {
  return sql<number | null>`(SELECT oc.id FROM ${afterSaleCases} AS oc
    WHERE oc.order_id = ${orderId} AND oc.status IN (${statusList(OPEN_STATUSES)}) ORDER BY oc.id DESC LIMIT 1)`;
}

/**
 * SQL: 1 when the order's money went back another way — its paying payment refunded (owed or
 * done) or its delivery voided by support's intervention — so no case can take more.
 */
export function orderVoided(orderId: SQL | number, paidPaymentId: SQL | number): SQL<number> {
  return sql<number>`(EXISTS (SELECT 1 FROM ${payments} AS vp WHERE vp.id = ${paidPaymentId} AND vp.status IN ('refund_pending', 'refunded'))
    OR EXISTS (SELECT 1 FROM ${deliveries} AS vd WHERE vd.order_id = ${orderId} AND vd.state = 'voided'))`;
}

/** SQL: 1 when a case already has an event of one of `kinds` (so a step records its event once). */
export function hasEvent(caseId: number, kinds: readonly string[]): SQL {
  return sql`EXISTS (SELECT 1 FROM ${afterSaleEvents} AS he WHERE he.case_id = ${caseId} AND he.kind IN (${sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  )}))`;
}

/** Why an order cannot take an application now. */
export type ApplyRefusal =
  /** Not paid (unpaid or canceled). */
  | "not_paid"
  /** Its money already went back another way (payment refunded, delivery voided). */
  | "voided"
  /** Listed for resale here: the listing must be withdrawn first (the tickets cannot be refunded and sold). */
  | "listed_for_resale"
  /** Its tickets were resold here: the new holder has them, the reseller is paid out instead. */
  | "resold"
  /** A case is in progress (openCaseId). */
  | "case_open"
  /** Its cases have refunded everything that was paid. */
  | "nothing_left"
  /** More than 30 days after the show started. */
  | "window_closed";

/** What decides whether an order can take an application. */
export interface OrderFacts {
  status: string;
  totalAmount: number;
  /** When the order's session starts. */
  startsAt: number;
  voided: boolean;
  refundedSoFar: number;
  openCaseId: number | null;
  /** Its resale here: listed (live), sold, or none. */
  resale?: "listed" | "sold" | null;
}

/** Why `order` cannot take an application at `now`, or null when it can. Pure. */
export function applyRefusalOf(order: OrderFacts, now: number): ApplyRefusal | null {
  if (order.status !== "paid") return "not_paid";
  // Resold before voided: a resale voids the old holder's delivery, and that is what happened.
  if (order.resale === "sold") return "resold";
  // Refunded in full before voided, likewise: a refund in full voids the delivery (refunds.ts).
  if (order.voided && order.refundedSoFar >= order.totalAmount) return "nothing_left";
  if (order.voided) return "voided";
  if (order.openCaseId !== null) return "case_open";
  if (order.resale === "listed") return "listed_for_resale";
  if (order.startsAt + AFTER_SALE_WINDOW_MS <= now) return "window_closed";
  if (order.refundedSoFar >= order.totalAmount) return "nothing_left";
  return null;
}

/** A step of a case still to come: the one being worked on now (current), or one after it (upcoming). */
export interface AfterSaleNextStep {
  step: "review" | "decision" | "refund";
  state: "current" | "upcoming";
}

/**
 * What comes next for a case (SPEC §4), from its status and the kinds of its events so far: a
 * submitted case is reviewed, decided and (when a refund was asked) refunded; an approved refund
 * not yet started is to come; a pending refund is under way until it has started. A closed case
 * has nothing to come.
 */
export function nextSteps(
  item: { status: AfterSaleStatus; refundAmount: number; approvedRefundAmount: number | null },
  eventKinds: readonly string[],
): AfterSaleNextStep[] {
  const refundStarted = eventKinds.includes("refund_started");
  switch (item.status) {
    case "submitted":
      return [
        { step: "review", state: "current" },
        { step: "decision", state: "upcoming" },
        ...(item.refundAmount > 0 ? [{ step: "refund", state: "upcoming" } as const] : []),
      ];
    case "approved":
      return (item.approvedRefundAmount ?? 0) > 0 && !refundStarted ? [{ step: "refund", state: "upcoming" }] : [];
    case "refund_pending":
      return refundStarted ? [] : [{ step: "refund", state: "current" }];
    default:
      return [];
  }
}
