/**
 * How long analytics is kept: raw events 30 days (the funnel needs 7; the rest is for questions
 * support asks about a recent visit); daily counts are small and kept. A cron chore.
 */
import { lt } from "drizzle-orm";
import { analyticsEvents } from "../../db/schema";
import type { MarketContext } from "../context";

export const RAW_EVENT_DAYS = 30;

/** Deletes raw events received more than 30 days ago; returns how many went. */
export async function purgeOldAnalytics(ctx: MarketContext): Promise<number> {
  const cutoff = ctx.now() - RAW_EVENT_DAYS * 24 * 60 * 60_000;
  const result = await ctx.db.delete(analyticsEvents).where(lt(analyticsEvents.receivedAt, cutoff)).run();
  return result.meta.changes ?? 0;
}
