/**
 * The cron's part in orders: tidying, never deciding. Availability already stopped counting an
 * expired hold the moment it passed (listings/availability.ts); this records what already is, so
 * lists and reports read plain statuses.
 */
import { sql } from "drizzle-orm";
import { orders, payments } from "../../db/schema";
import type { MarketContext } from "../context";
import { releaseCouponsOfCanceledOrders } from "../coupons/reserve";
import { prepare } from "../context/statements";
import { releasePurchases } from "./purchase-limits";

/**
 * Marks unpaid orders whose deadline has passed as canceled (reason `expired`, canceled at their
 * deadline, the instant it really happened), their pending payment attempts as canceled, and gives
 * back the coupons spent on them (already free since the deadline; this records it), and deletes
 * what orders no longer holding tickets counted against a purchase limit (purchase-limits.ts).
 * Takes only the clock. Throws only if D1 fails. Returns how many orders it tidied.
 */
export async function tidyExpiredOrders(ctx: Pick<MarketContext, "d1" | "now">): Promise<{ expired: number }> {
  const now = ctx.now();
  const [expired] = await ctx.d1.batch([
    prepare(
      ctx.d1,
      sql`UPDATE ${orders} SET status = 'canceled', cancel_reason = 'expired', canceled_at = expires_at
          WHERE status = 'pending_payment' AND expires_at <= ${now}`,
    ),
    prepare(
      ctx.d1,
      sql`UPDATE ${payments} SET status = 'canceled', updated_at = ${now}
          WHERE status = 'pending' AND order_id IN (SELECT id FROM ${orders} WHERE status = 'canceled')`,
    ),
    releaseCouponsOfCanceledOrders(ctx),
    releasePurchases(ctx, now),
  ]);
  return { expired: expired.meta.changes };
}
