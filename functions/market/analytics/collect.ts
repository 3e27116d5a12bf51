/**
 * Our analytics collector (SPEC §7, §9). A batch is one request of up to 50 events; each event is
 * checked on its own: a bad one (bad name, oversized string, no time) and any beyond the 50th
 * are counted under `__invalid` and dropped, the rest are kept. Kept events go to D1: the raw
 * event (30 days, for the funnel) and a daily count per event, channel and campaign; and to
 * Workers Analytics Engine when the ANALYTICS binding is configured (it cannot be read locally,
 * so D1 stays the source the console reads).
 */
import { sql } from "drizzle-orm";
import { analyticsDaily, analyticsEvents } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { MAX_EVENTS_PER_REQUEST, PAGE_VIEW_EVENT } from "./event-rules";
import { analyticsBatchSchema, analyticsEventSchema, type AnalyticsEvent } from "./event-schemas";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Workers Analytics Engine dataset, when configured ([[analytics_engine_datasets]]). */
      ANALYTICS?: AnalyticsEngineDataset;
      /** "true" sends analytics outside production too (browser tests of the collector). */
      ANALYTICS_EVERYWHERE?: string;
      /** Hosts /web-view and /video-play may show, comma-separated (app/platform/allowed-hosts.ts). */
      WEB_VIEW_HOSTS?: string;
      VIDEO_HOSTS?: string;
    }
  }
}

export const INVALID_EVENT = "__invalid";
/** A client clock further off than this is not believed: the event counts as received now. */
const CLOCK_TOLERANCE_MS = 24 * 60 * 60_000;

export interface CollectResult {
  accepted: number;
  dropped: number;
}

interface KeptEvent {
  event: string;
  occurredAt: number;
  channel: string;
  campaign: string;
  page: string | null;
  sessionId: string | null;
  params: Record<string, unknown>;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function keep(event: AnalyticsEvent, ctx: MarketContext, now: number): KeptEvent {
  const params = event.params ?? {};
  const text = (name: string) => (typeof params[name] === "string" && params[name] !== "" ? (params[name] as string) : null);
  return {
    event: event.event,
    occurredAt: Math.abs(event.time - now) <= CLOCK_TOLERANCE_MS ? event.time : now,
    channel: (text("channel") ?? ctx.viewer.channel).slice(0, 32),
    campaign: (text("utm_campaign") ?? "").slice(0, 128),
    page: event.event === PAGE_VIEW_EVENT ? (text("page") ?? "").slice(0, 64) || null : null,
    sessionId: event.sessionId ?? null,
    params,
  };
}

/**
 * Keeps a batch's valid events. Takes the parsed JSON body; returns how many were kept and
 * dropped. Throws invalidParam only when the body is not a batch at all (no events array).
 */
export async function collectAnalytics(ctx: MarketContext, body: unknown): Promise<CollectResult> {
  const batch = analyticsBatchSchema.safeParse(body);
  if (!batch.success) throw new MarketError("invalidParam", { params: { field: "events", reason: "not a batch" } });
  const now = ctx.now();
  const kept: KeptEvent[] = [];
  let dropped = Math.max(0, batch.data.events.length - MAX_EVENTS_PER_REQUEST);
  for (const raw of batch.data.events.slice(0, MAX_EVENTS_PER_REQUEST)) {
    const parsed = analyticsEventSchema.safeParse(raw);
    if (parsed.success) kept.push(keep(parsed.data, ctx, now));
    else dropped++;
  }
  const deviceId = batch.data.deviceId ?? ctx.viewer.deviceId;
  const userId = batch.data.userId ?? (ctx.viewer.userId === null ? null : String(ctx.viewer.userId));

  const counts = new Map<string, { day: string; event: string; channel: string; campaign: string; count: number }>();
  const count = (day: string, event: string, channel: string, campaign: string) => {
    const key = JSON.stringify([day, event, channel, campaign]);
    const row = counts.get(key) ?? { day, event, channel, campaign, count: 0 };
    row.count++;
    counts.set(key, row);
  };
  for (const event of kept) count(utcDay(event.occurredAt), event.event, event.channel, event.campaign);
  for (let i = 0; i < dropped; i++) count(utcDay(now), INVALID_EVENT, ctx.viewer.channel, "");

  const events = kept.map((event) =>
    ctx.db.insert(analyticsEvents).values({
      receivedAt: now,
      occurredAt: event.occurredAt,
      event: event.event,
      channel: event.channel,
      campaign: event.campaign,
      page: event.page,
      deviceId,
      sessionId: event.sessionId,
      userId,
      params: JSON.stringify(event.params),
    }),
  );
  const daily = [...counts.values()].map((row) =>
    ctx.db
      .insert(analyticsDaily)
      .values(row)
      .onConflictDoUpdate({
        target: [analyticsDaily.day, analyticsDaily.event, analyticsDaily.channel, analyticsDaily.campaign],
        set: { count: sql`${analyticsDaily.count} + excluded.count` },
      }),
  );
  const [first, ...rest] = [...events, ...daily];
  if (first) await ctx.db.batch([first, ...rest]);

  const dataset = ctx.env.ANALYTICS;
  if (dataset) {
    for (const event of kept) {
      dataset.writeDataPoint({ indexes: [event.event], blobs: [event.event, event.channel, event.campaign, event.page ?? ""], doubles: [1] });
    }
  }
  return { accepted: kept.length, dropped };
}
