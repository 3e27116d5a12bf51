/**
 * The 'from' price of a session (Explore's rows, a tour page's dates): the lowest all-in price
 * of one ticket among the listings a buyer can buy from right now, in the viewer's currency,
 * with the face value beside it. lowest-price.ts holds the rule and applies it to tours and
 * shows; this applies it to sessions.
 */
import { and, eq, sql } from "drizzle-orm";
import { listings, sessions, shows } from "../../db/schema";
import type { MarketContext } from "../context";
import { buyableListing, lowestPrices, type LowestPrice } from "./lowest-price";
import { loadReference } from "../reference";
import { inJson } from "../context/statements";

/** An amount a viewer sees: integer minor units of an ISO 4217 currency. */
export interface Money {
  amount: number;
  currency: string;
}

/**
 * The lowest price of each session that a buyer can buy from right now, keyed by session id, in
 * the viewer's language and currency; sessions with nothing to buy are absent. Reads only.
 */
export async function sessionLowestPrices(ctx: MarketContext, sessionIds: readonly number[]): Promise<Map<number, LowestPrice>> {
  if (sessionIds.length === 0) return new Map();
  const now = ctx.now();
  const [reference, rows] = await Promise.all([
    loadReference(ctx),
    ctx.db
      .select({
        key: sessions.id,
        currency: listings.currencyCode,
        priceMinor: sql<number>`min(${listings.priceMinor})`.mapWith(Number),
        // SQLite gives the bare column from the row that holds the MIN.
        faceValueMinor: listings.faceValueMinor,
      })
      .from(listings)
      .innerJoin(sessions, eq(sessions.id, listings.sessionId))
      .innerJoin(shows, eq(shows.id, sessions.showId))
      .where(and(inJson(sessions.id, sessionIds), buyableListing(now)))
      .groupBy(sessions.id, listings.currencyCode),
  ]);
  return lowestPrices(rows, ctx.viewer, reference);
}
