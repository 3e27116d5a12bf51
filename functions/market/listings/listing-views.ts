/**
 * A listing's views: each time a buyer opens it (its page on the web, its detail on the API) it
 * counts one, so the seller sees whether buyers look at it at all. The seller's own visits do not
 * count. Written after the answer (the doors hand it to waitUntil), so the buyer's page waits on
 * no write; a failure is logged and never reaches the buyer.
 */
import { and, eq, notExists, sql } from "drizzle-orm";
import { listings, listingViews, sellerProfiles } from "../../db/schema";
import { onOwnPrimarySession, type MarketContext } from "../context";
import { logError } from "../../observability";

export async function recordListingView(ctx: MarketContext, listingId: number): Promise<void> {
  // Its own session: on the page's, the write would send the page's later reads to the primary.
  const primary = onOwnPrimarySession(ctx);
  const userId = ctx.viewer.userId;
  const own =
    userId === null
      ? undefined
      : notExists(
          primary.db
            .select({ one: sql`1` })
            .from(sellerProfiles)
            .where(and(eq(sellerProfiles.sellerId, listings.sellerId), eq(sellerProfiles.userId, userId))),
        );
  try {
    // INSERT … SELECT: a listing that does not exist, or the seller's own, adds no row.
    const viewed = primary.db
      .select({ listingId: listings.id, views: sql<number>`1`.as("views") })
      .from(listings)
      .where(and(eq(listings.id, listingId), own));
    await primary.db
      .insert(listingViews)
      .select(viewed)
      .onConflictDoUpdate({ target: listingViews.listingId, set: { views: sql`${listingViews.views} + 1` } });
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where: "recordListingView" });
  }
}
