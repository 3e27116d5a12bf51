/**
 * A paid order's delivery is made in the same D1 batch that marks it paid (payments/apply-event.ts),
 * so no paid order is ever without one: these statements run right after the order's
 * compare-and-set, guarded the same way, and create the delivery in its method's first state
 * with the provider's deadline (machine.ts), plus the timeline's first event. An E_TICKET
 * listing uploaded with its e-ticket starts delivered; its file is drawn just after the batch
 * (issueReadyETicket), and again on first reading if that ever failed.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { deliveries, deliveryEvents, deliveryFiles, orders } from "../../db/schema";
import { logError } from "../../observability";
import type { MarketContext } from "../context";
import { selectDeliveryRows } from "./delivery-views";
import { ensureReadyETicket } from "./e-tickets";
import { initialDueAtSql, initialStateSql } from "./machine";

/**
 * The statements that give the order paid by `paidBy` (a subquery naming the order id) its
 * delivery, each also guarded by `guard`. Creating twice changes nothing (one delivery per order).
 */
export function createDeliveryStatements(paidBy: SQL, guard: SQL, now: number): SQL[] {
  return [
    sql`INSERT INTO ${deliveries} (order_id, method, state, version, due_at, state_at, created_at, updated_at)
        SELECT o.id, o.delivery_method, ${initialStateSql()}, 0, ${initialDueAtSql(now)}, ${now}, ${now}, ${now}
        FROM ${orders} o
        INNER JOIN listings l ON l.id = o.listing_id
        INNER JOIN sessions s ON s.id = o.session_id
        WHERE o.id = (${paidBy}) AND o.status = 'paid' AND ${guard}
        ON CONFLICT (order_id) DO NOTHING`,
    sql`INSERT INTO ${deliveryEvents} (delivery_id, order_id, from_state, to_state, step, actor, created_at)
        SELECT d.id, d.order_id, NULL, d.state, 'created', 'system', ${now}
        FROM ${deliveries} d
        WHERE d.order_id = (${paidBy}) AND ${guard}
          AND NOT EXISTS (SELECT 1 FROM ${deliveryEvents} e WHERE e.delivery_id = d.id)`,
  ];
}

/**
 * Draws the e-ticket of a just-paid order whose listing was uploaded with it. Never throws: a
 * failure is logged, and the file is drawn when the buyer first reads the delivery.
 */
export async function issueReadyETicket(ctx: MarketContext, orderId: number): Promise<void> {
  try {
    const [row] = await selectDeliveryRows(ctx).where(eq(deliveries.orderId, orderId)).limit(1);
    if (!row) return;
    const files = await ctx.db.select().from(deliveryFiles).where(eq(deliveryFiles.deliveryId, row.delivery.id));
    await ensureReadyETicket(ctx, row, files);
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where: "issueReadyETicket", orderId });
  }
}
