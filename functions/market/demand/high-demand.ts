/**
 * High demand: the switch that puts a session's buyers through the waiting room.
 *
 * Rules:
 * - Support marks a session high demand (or not), with the rate its checkout can take (buyers
 *   admitted per minute), its shards, and when the queue opens (default: the show's sale start,
 *   or now when that has passed). Support's word is final: unmarking is kept, and the automatic
 *   switch never overrides it.
 * - A session marks itself when more than DEMAND_AUTO_PER_MINUTE distinct visitors (default 300)
 *   reach its pick-seat within one clock minute; its queue opens at once with the defaults.
 * - Support sizes the room by the arrivals it expects in the first minute (default: a
 *   50,000-seat stadium's 500,000): the shards follow from it (room.ts, shardsFor; support may
 *   still set them outright). A session that marks itself gets 4 shards and 300 buyers a minute.
 * - Marking commits the draw: a fresh secret seed whose SHA-256 is published at once and the
 *   seed itself at the draw, a minute before opening (a queue already drawn keeps both), and hands
 *   every shard its settings.
 * - A high-demand session allows `ticketLimit` tickets per buyer (default 4), counted per account,
 *   device, delivery address and card.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import * as z from "zod";
import { recordId, wholeNumber } from "../input/fields";
import { pickSeatArrivals, sessionDemand, sessions, shows } from "../../db/schema";
import { onOwnPrimarySession, type MarketContext, type Viewer } from "../context";
import { logError } from "../../observability";
import { notFound } from "../errors";
import { requireRole } from "../staff";
import { joinSessionEvent } from "../listings/listing-event";
import { configureRoom, DEFAULT_EXPECTED_ARRIVALS, DRAW_LEAD_MS, newSeed, shardsFor } from "./room";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Distinct pick-seat visitors a minute above which a session marks itself high demand. */
      DEMAND_AUTO_PER_MINUTE?: string;
    }
  }
}

/** The shards of a session that marked itself (support sizes its own from the expected arrivals). */
export const DEFAULT_SHARDS = 4;
export const MAX_SHARDS = 64;
export const DEFAULT_ADMIT_PER_MINUTE = 300;
export const DEFAULT_AUTO_PER_MINUTE = 300;

export type SessionDemand = typeof sessionDemand.$inferSelect;

export const markDemandSchema = z.object({
  sessionId: recordId(),
  highDemand: z.enum(["true", "false"]).or(z.boolean()).transform((value) => value === true || value === "true"),
  admitPerMinute: wholeNumber(1, 100_000).optional(),
  shards: wholeNumber(1, MAX_SHARDS).optional(),
  /** Arrivals expected in the first minute: sizes the shards when they are not given. */
  expectedArrivals: wholeNumber(1, 10_000_000).optional(),
  ticketLimit: wholeNumber(1, 20).optional(),
});
export type MarkDemandRequest = z.output<typeof markDemandSchema>;

/** The session's waiting-room settings, or null when it was never marked. Reads only. */
export async function demandOf(ctx: Pick<MarketContext, "db">, sessionId: number): Promise<SessionDemand | null> {
  const [row] = await ctx.db.select().from(sessionDemand).where(eq(sessionDemand.sessionId, sessionId)).limit(1);
  return row ?? null;
}

/** True while buyers of the session must come through the waiting room. */
export const queueIsOn = (demand: SessionDemand | null): demand is SessionDemand => demand?.queueOn === true;

/**
 * Support marks or unmarks a session high demand. Throws notLogin/notFound (not support),
 * notFound (no such session). Writes the session's one session_demand row; returns it.
 */
export async function markHighDemand(ctx: MarketContext, request: MarkDemandRequest): Promise<SessionDemand> {
  const staff = await requireRole(ctx, "support");
  const now = ctx.now();
  const [session] = await joinSessionEvent(
    ctx.db
      .select({ saleStartsAt: shows.saleStartsAt })
      .from(sessions)
      .$dynamic(),
  )
    .where(eq(sessions.id, request.sessionId))
    .limit(1);
  if (!session) throw notFound("session");
  const current = await demandOf(ctx, request.sessionId);
  // A queue already drawn (DRAW_LEAD_MS before opening) keeps its opening and its draw's seed.
  const open = current?.queueOn === true && current.opensAt - DRAW_LEAD_MS <= now;
  const expectedArrivals = request.expectedArrivals ?? current?.expectedArrivals ?? DEFAULT_EXPECTED_ARRIVALS;
  const values = {
    queueOn: request.highDemand,
    markedBy: "support" as const,
    staffUserId: staff.userId,
    shards: request.shards ?? (request.expectedArrivals ? shardsFor(expectedArrivals, MAX_SHARDS) : (current?.shards ?? shardsFor(expectedArrivals, MAX_SHARDS))),
    admitPerMinute: request.admitPerMinute ?? current?.admitPerMinute ?? DEFAULT_ADMIT_PER_MINUTE,
    opensAt: open ? current.opensAt : Math.max(session.saleStartsAt, now),
    expectedArrivals,
    ticketLimit: request.ticketLimit ?? current?.ticketLimit ?? 4,
    ...(open && current.seed && current.seedHash ? { seed: current.seed, seedHash: current.seedHash } : await newSeed()),
    updatedAt: now,
  };
  const [row] = await ctx.db
    .insert(sessionDemand)
    .values({ sessionId: request.sessionId, ...values })
    .onConflictDoUpdate({ target: sessionDemand.sessionId, set: values })
    .returning();
  await configureRoom(ctx, row);
  return row;
}

/**
 * Counts a visitor (an account, or a device) reaching the session's pick-seat, and marks the
 * session high demand when the minute's count passes the threshold. Returns whether the queue
 * is on. Never marks a session support has decided on. Writes one arrival row at most.
 */
export async function notePickSeatArrival(ctx: MarketContext, sessionId: number, visitor: string): Promise<boolean> {
  const now = ctx.now();
  const minute = Math.floor(now / 60_000);
  const threshold = Number(ctx.env.DEMAND_AUTO_PER_MINUTE) || DEFAULT_AUTO_PER_MINUTE;
  // The arrival, the minute's count and the switch in one round trip: below the threshold (nearly
  // always) the page waits on nothing more.
  const [, count, demand] = await ctx.db.batch([
    ctx.db.insert(pickSeatArrivals).values({ sessionId, minute, visitor: visitor.slice(0, 80) }).onConflictDoNothing(),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(pickSeatArrivals)
      .where(and(eq(pickSeatArrivals.sessionId, sessionId), eq(pickSeatArrivals.minute, minute))),
    ctx.db.select().from(sessionDemand).where(eq(sessionDemand.sessionId, sessionId)).limit(1),
  ]);
  if (count[0].n <= threshold || queueIsOn(demand[0] ?? null)) return queueIsOn(demand[0] ?? null);
  // Only a session that exists is switched on: the page may ask before it has read the session.
  await ctx.db
    .insert(sessionDemand)
    .select(
      ctx.db
        .select({
          sessionId: sessions.id,
          queueOn: sql<boolean>`1`.as("queue_on"),
          markedBy: sql<string>`'auto'`.as("marked_by"),
          staffUserId: sql<number | null>`NULL`.as("staff_user_id"),
          shards: sql<number>`${DEFAULT_SHARDS}`.as("shards"),
          admitPerMinute: sql<number>`${DEFAULT_ADMIT_PER_MINUTE}`.as("admit_per_minute"),
          opensAt: sql<number>`${now}`.as("opens_at"),
          updatedAt: sql<number>`${now}`.as("updated_at"),
          // The seed is made when the room is configured below; the limit is the default.
          seed: sql<string | null>`NULL`.as("seed"),
          seedHash: sql<string | null>`NULL`.as("seed_hash"),
          expectedArrivals: sql<number | null>`NULL`.as("expected_arrivals"),
          ticketLimit: sql<number>`4`.as("ticket_limit"),
        })
        .from(sessions)
        .where(eq(sessions.id, sessionId)),
    )
    .onConflictDoNothing();
  const marked = await demandOf(ctx, sessionId);
  if (queueIsOn(marked)) await configureRoom(ctx, marked);
  return queueIsOn(marked);
}

/**
 * notePickSeatArrival on a D1 session of its own at the primary, a failure logged, for a door to
 * hand to waitUntil: the page reads the switch from the nearby copy (demandOf) and waits on no
 * write, and its own session stays on that copy (decision 273). The visitor that crosses the
 * threshold is let through; the ones after it find the queue on.
 */
export async function countPickSeatArrival(ctx: MarketContext, sessionId: number, visitor: string): Promise<void> {
  try {
    await notePickSeatArrival(onOwnPrimarySession(ctx), sessionId, visitor);
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where: "countPickSeatArrival" });
  }
}

/** Who a pick-seat visitor is, for counting: the account, else the device, else the address; null when unknown. */
export function visitorOf(viewer: Pick<Viewer, "userId" | "deviceId">, address: string | undefined | null): string | null {
  if (viewer.userId !== null) return `u:${viewer.userId}`;
  if (viewer.deviceId) return `d:${viewer.deviceId}`;
  return address ? `a:${address}` : null;
}

/** The minute cron forgets arrivals older than the minute before this one. Returns how many. */
export async function forgetOldArrivals(ctx: Pick<MarketContext, "db" | "now">): Promise<number> {
  const rows = await ctx.db
    .delete(pickSeatArrivals)
    .where(sql`${pickSeatArrivals.minute} < ${Math.floor(ctx.now() / 60_000) - 1}`)
    .returning({ sessionId: pickSeatArrivals.sessionId });
  return rows.length;
}

/** Sessions that were ever marked, newest change first, for the support console. Throws notLogin/notFound (not support). */
export async function listDemand(ctx: MarketContext, limit = 50): Promise<SessionDemand[]> {
  await requireRole(ctx, "support");
  return ctx.db.select().from(sessionDemand).orderBy(desc(sessionDemand.updatedAt)).limit(limit);
}
