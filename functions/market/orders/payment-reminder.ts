/**
 * The nudge before an unpaid order lets its tickets go: once its hold has PAYMENT_REMINDER_MS or
 * less left, the buyer's devices that take order news are told, once per order: the minute's look
 * skips orders already told, and the outbox's unique event key holds it if two looks overlap.
 */
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { orders, pushDeliveries, pushSubscriptions, sessions, shows, tours } from "../../db/schema";
import type { MarketContext } from "../context";
import { notify } from "../notifications";
import { logError } from "../../observability";

/** The event's key is this and the order's id. */
const EVENT_PREFIX = "order-expiring:";

/** How long before the hold ends the buyer is told. */
export const PAYMENT_REMINDER_MS = 5 * 60_000;

/** Tells buyers whose unpaid orders are about to expire, once each. Answers how many orders it told. */
export async function remindExpiringPayments(ctx: MarketContext, limit = 100): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ id: orders.id, orderNo: orders.orderNo, userId: orders.userId, expiresAt: orders.expiresAt, titleEn: tours.titleEn, titleZh: tours.titleZh })
    .from(orders)
    .innerJoin(sessions, eq(sessions.id, orders.sessionId))
    .innerJoin(shows, eq(shows.id, sessions.showId))
    .innerJoin(tours, eq(tours.id, shows.tourId))
    .where(
      and(
        eq(orders.status, "pending_payment"),
        gt(orders.expiresAt, now),
        lte(orders.expiresAt, now + PAYMENT_REMINDER_MS),
        // Only buyers with a device, and each order once: at an on-sale's thousands of holds, the
        // minute's look reaches the orders still owed a nudge instead of the same first hundred.
        sql`EXISTS (SELECT 1 FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${orders.userId})`,
        sql`NOT EXISTS (SELECT 1 FROM ${pushDeliveries} WHERE ${pushDeliveries.eventKey} = ${EVENT_PREFIX} || ${orders.id})`,
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  for (const order of due) {
    const minutes = Math.max(1, Math.ceil((order.expiresAt - now) / 60_000));
    await notify(ctx, {
      key: `${EVENT_PREFIX}${order.id}`,
      topic: "orders",
      to: { userIds: [order.userId] },
      path: `/order-detail?id=${order.id}`,
      text: (language) => ({ title: "orderExpiring.title", body: "orderExpiring.body", params: { minutes, orderNo: order.orderNo, show: language === "zh-HK" ? order.titleZh : order.titleEn } }),
      expiresAt: order.expiresAt,
      urgency: "high",
      tag: `order-${order.id}`,
    }).catch((error: unknown) => logError(error, { requestId: ctx.viewer.requestId, where: "remindExpiringPayments", orderId: order.id }));
  }
  return due.length;
}
