/** What a session has left to sell, for the waiting room's shards (one read per shard per tick). */
import { eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { listings } from "../../db/schema";
import { ticketsLeft } from "../listings/availability";

/** Tickets of the session buyers can take at `now()`, over all its listings (availability.ts). One read. */
export async function sessionTicketsLeft(ctx: { db: DrizzleD1Database; now: () => number }, sessionId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ left: sql<number>`COALESCE(SUM(MAX(${ticketsLeft(ctx.now())}, 0)), 0)`.mapWith(Number) })
    .from(listings)
    .where(eq(listings.sessionId, sessionId));
  return row?.left ?? 0;
}
