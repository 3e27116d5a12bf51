/**
 * Whose an order is, for the web screens that open one by its id (SPEC §6: 'an order belongs to
 * its placing account; otherwise the user is told to log in again with that account').
 *
 * The JSON API keeps answering another account's order as not found (DESIGN §3): a native app
 * or partner has its own sign-in, and nothing there needs to know the order exists. A screen a
 * buyer opened from a link (an email, another device) says whose it is instead, and still shows
 * nothing of it.
 */
import { eq } from "drizzle-orm";
import { orders } from "../../db/schema";
import { afterSaleSummaryFor } from "../aftersales/apply";
import type { OrderAfterSaleSummary } from "../aftersales/case-views";
import type { MarketContext } from "../context";
import { requireBuyer } from "../context/buyer";
import { orderRowById, viewOfRow, type OrderView } from "./order-views";
import { orderStatusAt } from "./rules";

export type OrderOwnership = "mine" | "another" | "none";

/**
 * Whether `orderId` is the signed-in buyer's order, another account's, or no order at all.
 * Throws notLogin for a guest. Reads only the order's owner; no side effects.
 */
export async function orderOwnership(ctx: MarketContext, orderId: number): Promise<OrderOwnership> {
  const buyerId = requireBuyer(ctx);
  const [row] = await ctx.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row) return "none";
  return row.userId === buyerId ? "mine" : "another";
}

/**
 * An order opened by its id: the buyer's own with its view (and, when asked for, its after-sales
 * summary: null unless the order is paid), or whose it is without anything of it.
 */
export type OpenedOrder =
  | { whose: "mine"; order: OrderView; afterSales: OrderAfterSaleSummary | null }
  | { whose: "another" }
  | { whose: "none" };

/**
 * Opens `orderId` for the signed-in buyer: their own order (its view), another account's
 * (nothing of it), or no order at all. The screens say whose it is; the API answers both
 * 'another' and 'none' as not found. With `afterSales`, a paid order also brings where its
 * refunds and after-sales stand (the order detail). Two waits on D1: the order with its owner
 * in one statement, then its view's parts and its after-sales side by side.
 * Throws notLogin for a guest. No side effects.
 */
export async function openOrder(ctx: MarketContext, orderId: number, options: { afterSales?: boolean } = {}): Promise<OpenedOrder> {
  const buyerId = requireBuyer(ctx);
  const row = await orderRowById(ctx, orderId);
  if (!row) return { whose: "none" };
  if (row.order.userId !== buyerId) return { whose: "another" };
  const paid = orderStatusAt(row.order, ctx.now()).status === "paid";
  const [order, summaries] = await Promise.all([
    viewOfRow(ctx, row),
    options.afterSales && paid ? afterSaleSummaryFor(ctx, [orderId]) : Promise.resolve(null),
  ]);
  return { whose: "mine", order, afterSales: summaries?.get(orderId) ?? null };
}
