/**
 * The constants and pure rules of an order's life, shared by the statements that enforce them
 * and the views that show them.
 */
import type { CancelReason, OrderStatus } from "../../db/schema";

/** SPEC §9: an unpaid order holds its tickets for exactly 10 minutes from creation. */
export const HOLD_MS = 10 * 60_000;

/**
 * SPEC §4: 'a user with several unpaid orders must cancel them before a new one'. Several is two:
 * a buyer may hold one unpaid order while starting another for a different session, not a third.
 */
export const MAX_UNPAID_ORDERS = 2;

/** A paid order stays under 'Ongoing' until a day after its session starts, then is 'Closed'. */
export const ONGOING_AFTER_START_MS = 24 * 60 * 60_000;

export type OrderTab = "ongoing" | "closed";

/**
 * An order's status as its buyer sees it at `now`: an unpaid order whose deadline has passed is
 * canceled (reason `expired`) at that instant, whether or not the cron has recorded it yet.
 */
export function orderStatusAt(
  order: { status: OrderStatus; cancelReason: CancelReason | null; expiresAt: number },
  now: number,
): { status: OrderStatus; cancelReason: CancelReason | null } {
  if (order.status === "pending_payment" && order.expiresAt <= now) return { status: "canceled", cancelReason: "expired" };
  return { status: order.status, cancelReason: order.cancelReason };
}

/**
 * The one state an order is shown in, on every screen, mail and API answer: its status, except
 * that a paid order whose tickets were resold here, whose money went back (its payment refunded,
 * or refunded in full by after-sales), or whose delivery support voided, is in that outcome.
 */
export type OrderState = OrderStatus | "resold" | "refunded" | "voided";

/** What, beyond its status, decides a paid order's state (read by order-views.ts in one statement). */
export interface OrderOutcomeFacts {
  /** Its tickets were resold here (a paid order of a listing made from it). */
  resold: boolean;
  /** Its paying payment was refunded (owed or done). */
  paymentRefunded: boolean;
  /** After-sales refunds (pending or done) reach what was paid. */
  refundedInFull: boolean;
  /** Its delivery was voided. */
  deliveryVoided: boolean;
}

/** The order's state from its status and outcome facts, first rule that applies. Pure. */
export function orderStateOf(status: OrderStatus, facts: OrderOutcomeFacts): OrderState {
  if (status !== "paid") return status;
  if (facts.resold) return "resold";
  if (facts.paymentRefunded || facts.refundedInFull) return "refunded";
  if (facts.deliveryVoided) return "voided";
  return "paid";
}

/** Delivery states in which the tickets are already in the buyer's hands outside Ovation, or gone: no longer resellable. */
export const TICKETS_HANDED_OVER: ReadonlySet<string> = new Set(["picked_up", "collected", "received", "transfer_accepted", "redeemed", "voided"]);

/** Which My Orders tab (SPEC §2 myOrder) an order sits under at `now`: an order with an outcome is closed. */
export function orderTabAt(state: OrderState, sessionStartsAt: number, now: number): OrderTab {
  if (state === "pending_payment") return "ongoing";
  if (state !== "paid") return "closed";
  return sessionStartsAt + ONGOING_AFTER_START_MS > now ? "ongoing" : "closed";
}
