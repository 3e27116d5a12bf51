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

/** Which My Orders tab (SPEC §2 myOrder) an order sits under at `now`. */
export function orderTabAt(status: OrderStatus, sessionStartsAt: number, now: number): OrderTab {
  if (status === "canceled") return "closed";
  if (status === "pending_payment") return "ongoing";
  return sessionStartsAt + ONGOING_AFTER_START_MS > now ? "ongoing" : "closed";
}
