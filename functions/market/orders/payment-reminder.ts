/**
 * The nudge before an unpaid order lets its tickets go: once its hold has PAYMENT_REMINDER_MS or
 * less left, the buyer's devices that take order news are told, once per order (the outbox's
 * unique event key makes the cron's every-minute look harmless).
 */
import { and, eq, gt, lte } from "drizzle-orm";
import { orders, sessions, shows, tours } from "../../db/schema";
import type { MarketContext } from "../context";
import { notify } from "../notifications";
import { logError } from "../../observability";

/** How long before the hold ends the buyer is told. */
export const PAYMENT_REMINDER_MS = 5 * 60_000;

/** Tells buyers whose unpaid orders are about to expire. Answers how many orders it looked at. */
export async function remindExpiringPayments(ctx: MarketContext, limit = 100): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ id: orders.id, orderNo: orders.orderNo, userId: orders.userId, expiresAt: orders.expiresAt, titleEn: tours.titleEn, titleZh: tours.titleZh })
    .from(orders)
    .innerJoin(sessions, eq(sessions.id, orders.sessionId))
    .innerJoin(shows, eq(shows.id, sessions.showId))
    .innerJoin(tours, eq(tours.id, shows.tourId))
    .where(and(eq(orders.status, "pending_payment"), gt(orders.expiresAt, now), lte(orders.expiresAt, now + PAYMENT_REMINDER_MS)))
    .limit(limit);
  for (const order of due) {
    const minutes = Math.max(1, Math.ceil((order.expiresAt - now) / 60_000));
    await notify(ctx, {
      key: `order-expiring:${order.id}`,
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
