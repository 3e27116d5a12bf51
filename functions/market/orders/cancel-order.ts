/**
 * A buyer canceling an unpaid order: a compare-and-set from pending payment, so a cancel racing
 * a payment has one winner. If the payment wins, the order is paid and cannot be canceled here
 * (after-sales handles it); if the cancel wins, a payment arriving later is refunded.
 */
import { sql } from "drizzle-orm";
import { orders, payments } from "../../db/schema";
import type { MarketContext } from "../context";
import { releaseCoupon } from "../coupons/reserve";
import { MarketError } from "../errors";
import { requireBuyer } from "../context/buyer";
import { getOrder, type OrderView } from "./order-views";
import { moveInventoryVersion } from "../listings/inventory-version";
import { prepare } from "../context/statements";
import { recordLowestPrice } from "../demand/price-history";
import { releasePurchases } from "./purchase-limits";

/**
 * Cancels one of the viewer's unpaid orders and releases its tickets at once. Canceling an order
 * that is already canceled (or whose deadline has passed) changes nothing and answers it as it
 * is. Takes the order id. Throws notLogin (guest), notFound (not the viewer's), orderNotCancelable
 * (already paid). Side effects: the order canceled (reason `buyer`); its pending payment attempts
 * marked canceled; the coupon spent on it and its purchase-limit count given back, in the same batch.
 */
export async function cancelOrder(ctx: MarketContext, orderId: number): Promise<OrderView> {
  const buyerId = requireBuyer(ctx);
  await ctx.d1.batch(cancelStatements(ctx, orderId, buyerId, ctx.now()));
  const order = await getOrder(ctx, orderId);
  if (order.status !== "canceled") throw new MarketError("orderNotCancelable");
  await recordLowestPrice(ctx, order.event.sessionId);
  return order;
}

/**
 * The statements that cancel `buyerId`'s unpaid order `orderId` at `now`, for a batch of their own
 * or of a re-order (place-order.ts), which must cancel and place in one transaction: the order
 * (compare-and-set from a live pending payment), its pending payment attempts, its coupon, what
 * it counted against a hot on-sale's purchase limit (purchase-limits.ts).
 */
export function cancelStatements(ctx: Pick<MarketContext, "d1">, orderId: number, buyerId: number, now: number) {
  return [
    prepare(
      ctx.d1,
      sql`UPDATE ${orders} SET status = 'canceled', cancel_reason = 'buyer', canceled_at = ${now}
          WHERE id = ${orderId} AND user_id = ${buyerId} AND status = 'pending_payment' AND expires_at > ${now}`,
    ),
    // Its tickets are back on sale (listings/inventory-version.ts), only if the statement just above
    // canceled it: a repeated cancel moves nothing.
    moveInventoryVersion(ctx.d1, sql`SELECT session_id FROM ${orders} WHERE id = ${orderId}`, sql`changes() > 0`),
    prepare(
      ctx.d1,
      sql`UPDATE ${payments} SET status = 'canceled', updated_at = ${now}
          WHERE order_id = ${orderId} AND user_id = ${buyerId} AND status = 'pending'
            AND EXISTS (SELECT 1 FROM ${orders} WHERE id = ${orderId} AND status = 'canceled')`,
    ),
    releaseCoupon(ctx, orderId),
    releasePurchases(ctx, now, orderId),
  ];
}
