/**
 * The buying funnel for the support console: how many visitors reached each step (home → tour →
 * pick-seat → confirm → paid) in the last 7 days, per channel and per campaign. A visitor is a
 * device (else an analytics session); each step counts the distinct visitors who reached it, so
 * the drop between two steps is where buyers leave. Read from the raw events (kept 30 days).
 */
import { sql } from "drizzle-orm";
import { analyticsEvents } from "../../db/schema";
import type { MarketContext } from "../context";
import { FUNNEL_STEPS, PAGE_VIEW_EVENT, type FunnelStep } from "./event-rules";

export const FUNNEL_DAYS = 7;

export type FunnelCounts = Record<FunnelStep, number>;
export interface FunnelRow {
  /** The channel, or the campaign ('' for visits from no campaign). */
  key: string;
  steps: FunnelCounts;
}
export interface Funnel {
  since: number;
  channels: FunnelRow[];
  campaigns: FunnelRow[];
}

const emptyCounts = (): FunnelCounts => ({ home: 0, tour: 0, pickSeat: 0, confirm: 0, paid: 0 });

const STEP_OF = FUNNEL_STEPS.map((s) => ("page" in s ? `WHEN page = '${s.page}' THEN '${s.step}'` : `WHEN event = '${s.event}' THEN '${s.step}'`)).join(" ");
const PAGES = FUNNEL_STEPS.flatMap((s) => ("page" in s ? [`'${s.page}'`] : [])).join(", ");
const EVENTS = FUNNEL_STEPS.flatMap((s) => ("event" in s ? [`'${s.event}'`] : [])).join(", ");

async function byDimension(ctx: MarketContext, dimension: "channel" | "campaign", since: number): Promise<FunnelRow[]> {
  // Step names and the dimension are constants of this module, never input (sql.raw): only `since` is bound.
  const results = await ctx.db.all<{ key: string; step: FunnelStep; visitors: number }>(
    sql`SELECT ${analyticsEvents[dimension]} AS key, CASE ${sql.raw(STEP_OF)} END AS step,
               COUNT(DISTINCT COALESCE(${analyticsEvents.deviceId}, ${analyticsEvents.sessionId}, 'event:' || ${analyticsEvents.id})) AS visitors
        FROM ${analyticsEvents}
        WHERE ${analyticsEvents.occurredAt} >= ${since} AND ((${analyticsEvents.event} = ${PAGE_VIEW_EVENT} AND ${analyticsEvents.page} IN (${sql.raw(PAGES)})) OR ${analyticsEvents.event} IN (${sql.raw(EVENTS)}))
        GROUP BY key, step`,
  );
  const rows = new Map<string, FunnelCounts>();
  for (const row of results) {
    const counts = rows.get(row.key) ?? emptyCounts();
    counts[row.step] = row.visitors;
    rows.set(row.key, counts);
  }
  return [...rows.entries()].map(([key, steps]) => ({ key, steps })).sort((a, b) => b.steps.home - a.steps.home || a.key.localeCompare(b.key));
}

/** The last 7 days' funnel (see the module's rules). The caller checks the support role. */
export async function readFunnel(ctx: MarketContext): Promise<Funnel> {
  const since = ctx.now() - FUNNEL_DAYS * 24 * 60 * 60_000;
  const [channels, campaigns] = await Promise.all([byDimension(ctx, "channel", since), byDimension(ctx, "campaign", since)]);
  return { since, channels, campaigns };
}
