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
import type { MarketContext } from "../context";
import { requireBuyer } from "../context/buyer";
import { getOrder, type OrderView } from "./order-views";

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

/** An order opened by its id: the buyer's own with its view, or whose it is without anything of it. */
export type OpenedOrder = { whose: "mine"; order: OrderView } | { whose: "another" } | { whose: "none" };

/**
 * Opens `orderId` for the signed-in buyer in one call: their own order (its view), another
 * account's (nothing of it), or no order at all. The screens say whose it is; the API answers
 * both 'another' and 'none' as not found. Throws notLogin for a guest.
 */
export async function openOrder(ctx: MarketContext, orderId: number): Promise<OpenedOrder> {
  const whose = await orderOwnership(ctx, orderId);
  if (whose !== "mine") return { whose };
  return { whose, order: await getOrder(ctx, orderId) };
}
