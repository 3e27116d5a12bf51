/**
 * The 'from' price of a session (Explore's rows, a tour page's dates): the lowest all-in price
 * of one ticket among the listings a buyer can buy from right now, in the viewer's currency,
 * with the face value beside it. lowest-price.ts holds the rule and applies it to tours and
 * shows; this applies it to sessions.
 */
import { sessions, shows } from "../../db/schema";
import type { MarketContext } from "../context";
import { cheapestListingsQuery, lowestPrices, type LowestPrice } from "./lowest-price";
import { loadReference } from "../reference";
import { inJson } from "../context/statements";
import { eq } from "drizzle-orm";

/**
 * The lowest price of each session that a buyer can buy from right now, keyed by session id, in
 * the viewer's language and currency; sessions with nothing to buy are absent. Reads only.
 */
export async function sessionLowestPrices(ctx: MarketContext, sessionIds: readonly number[]): Promise<Map<number, LowestPrice>> {
  if (sessionIds.length === 0) return new Map();
  const [reference, rows] = await Promise.all([
    loadReference(ctx),
    cheapestListingsQuery(ctx.db, sessions.id, inJson(sessions.id, sessionIds), ctx.now()),
  ]);
  return lowestPrices(rows, ctx.viewer, reference);
}

/**
 * As sessionLowestPrices, for every session of tour `tourId`: read beside the tour's sessions
 * rather than after them, so a tour page waits on one round trip for both. Reads only.
 */
export async function tourSessionLowestPrices(ctx: MarketContext, tourId: number): Promise<Map<number, LowestPrice>> {
  const [reference, rows] = await Promise.all([loadReference(ctx), cheapestListingsQuery(ctx.db, sessions.id, eq(shows.tourId, tourId), ctx.now())]);
  return lowestPrices(rows, ctx.viewer, reference);
}
