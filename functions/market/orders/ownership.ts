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
