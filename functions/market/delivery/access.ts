/**
 * Who may reach which delivery. A buyer reaches only the orders they placed; a provider only the
 * orders of their own listings; support every order. Anything else is not found, never a hint
 * that it exists (the consoles themselves answer not found to anyone without the role).
 */
import { and, eq } from "drizzle-orm";
import { deliveries, listings, orders } from "../../db/schema";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import { requireBuyer } from "../context/buyer";
import { requireRole, type StaffMember } from "../staff";
import { selectDeliveryRows, type DeliveryRow } from "./delivery-views";

/**
 * The delivery of one of the viewer's orders, or null while the order has none (unpaid or
 * canceled). Throws notLogin for a guest, notFound for a missing or another account's order.
 */
export async function buyerDeliveryRow(ctx: MarketContext, orderId: number): Promise<DeliveryRow | null> {
  const buyerId = requireBuyer(ctx);
  const [owned] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, buyerId)))
    .limit(1);
  if (!owned) throw notFound("order");
  const [row] = await selectDeliveryRows(ctx).where(eq(deliveries.orderId, orderId)).limit(1);
  return row ?? null;
}

/** A paid order of the provider's own listings. Throws notLogin, notFound (no seller role, or not theirs). */
export async function providerDeliveryRow(ctx: MarketContext, orderId: number): Promise<{ row: DeliveryRow; member: StaffMember }> {
  const member = await requireRole(ctx, "seller");
  const [row] = await selectDeliveryRows(ctx)
    .where(and(eq(deliveries.orderId, orderId), eq(listings.sellerId, member.sellerId!)))
    .limit(1);
  if (!row) throw notFound("order");
  return { row, member };
}

/** Any paid order. Throws notLogin, notFound (no support role, or no such paid order). */
export async function supportDeliveryRow(ctx: MarketContext, orderId: number): Promise<{ row: DeliveryRow; member: StaffMember }> {
  const member = await requireRole(ctx, "support");
  const [row] = await selectDeliveryRows(ctx).where(eq(deliveries.orderId, orderId)).limit(1);
  if (!row) throw notFound("order");
  return { row, member };
}

/** The same delivery read again after a step, for the view it answers with. */
export async function rereadRow(ctx: MarketContext, row: DeliveryRow): Promise<DeliveryRow> {
  const [fresh] = await selectDeliveryRows(ctx).where(eq(deliveries.id, row.delivery.id)).limit(1);
  return fresh ?? row;
}
