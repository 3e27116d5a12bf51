/**
 * A session's waiting room as a whole: its pace, its draw's seed, and handing its settings to
 * every shard. Called when support marks a session, when a session marks itself, and once for a
 * room whose shards have no settings yet (marked before shards kept them).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { MarketContext } from "../context";
import { hexOf } from "../context/crypto";
import { sessionDemand } from "../../db/schema";
import { logError } from "../../observability";
import { shardStub } from "./queue-document";
import { sessionTicketsLeft } from "./tickets-left";

type SessionDemand = typeof sessionDemand.$inferSelect;

export const BATCH_INTERVAL_MS = 10_000;
export const ADMISSION_WINDOW_MS = 15 * 60_000;
/**
 * The pre-queue is drawn and its seed revealed this long before opening (decision 313): every
 * waiting page reads its shard's document once within it, each at a moment of its own, learns its
 * place and reads again only near its batch, so opening is not every pre-queued buyer at once.
 */
export const DRAW_LEAD_MS = 60_000;

/** Joins a shard takes a second at 80% of a Durable Object's soft limit of about 1,000 requests/s. */
export const JOINS_PER_SHARD_PER_SECOND = 800;
/** The first seconds of an on-sale bring about five times the first minute's average (docs/scale.md). */
export const FIRST_SECONDS_PEAK = 5;
/** A 50,000-seat stadium draws about ten fans a seat in its first minute (docs/scale.md). */
export const DEFAULT_EXPECTED_ARRIVALS = 500_000;

/** Shards for `arrivals` in the first minute: the peak second's joins over what one shard takes. */
export function shardsFor(arrivals: number, maxShards: number): number {
  return Math.min(maxShards, Math.max(1, Math.ceil(((arrivals / 60) * FIRST_SECONDS_PEAK) / JOINS_PER_SHARD_PER_SECOND)));
}

/** Each shard's batch schedule: its share of the session's rate. */
export function shardPace(demand: Pick<SessionDemand, "admitPerMinute" | "shards">): { intervalMs: number; batchSize: number } {
  const perShardPerMinute = demand.admitPerMinute / demand.shards;
  // Below one buyer per shard per batch, a shard's batches come less often instead: rounding each
  // batch up to one buyer would let the session in at up to `shards` times its rate.
  const intervalMs = Math.max(BATCH_INTERVAL_MS, Math.ceil(60_000 / perShardPerMinute));
  return { intervalMs, batchSize: Math.max(1, Math.round((perShardPerMinute * intervalMs) / 60_000)) };
}

/** A new secret seed and its published SHA-256 (both hex). */
export async function newSeed(): Promise<{ seed: string; seedHash: string }> {
  const seed = crypto.getRandomValues(new Uint8Array(32));
  return { seed: hexOf(seed), seedHash: hexOf(await crypto.subtle.digest("SHA-256", seed)) };
}

/** The session's seed, made once: the first writer's seed is the one every shard draws with. */
async function seedOf(ctx: Pick<MarketContext, "db">, demand: SessionDemand): Promise<{ seed: string; seedHash: string }> {
  if (demand.seed && demand.seedHash) return { seed: demand.seed, seedHash: demand.seedHash };
  const fresh = await newSeed();
  await ctx.db
    .update(sessionDemand)
    .set(fresh)
    .where(and(eq(sessionDemand.sessionId, demand.sessionId), isNull(sessionDemand.seed)));
  const [row] = await ctx.db.select({ seed: sessionDemand.seed, seedHash: sessionDemand.seedHash }).from(sessionDemand).where(eq(sessionDemand.sessionId, demand.sessionId));
  return { seed: row.seed!, seedHash: row.seedHash! };
}

/** Hands the session's settings (and tickets left now) to every shard. Two D1 reads, one write at most. */
export async function configureRoom(ctx: Pick<MarketContext, "db" | "env" | "now">, demand: SessionDemand): Promise<void> {
  const [left, seed] = await Promise.all([sessionTicketsLeft(ctx, demand.sessionId), seedOf(ctx, demand)]);
  const pace = shardPace(demand);
  const now = ctx.now();
  await Promise.all(
    Array.from({ length: demand.shards }, (_, shard) =>
      shardStub(ctx.env, demand.sessionId, shard).configure(
        { sessionId: demand.sessionId, shard, shards: demand.shards, queueOn: demand.queueOn, opensAt: demand.opensAt, drawLeadMs: DRAW_LEAD_MS, ...pace, windowMs: ADMISSION_WINDOW_MS, ...seed, left },
        now,
      ),
    ),
  );
}

/** FNV-1a (32 bits): spreads places over the shards evenly and the same way every time (not a secret). */
export function shardOfKey(key: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

/**
 * Tells one of the session's `shards`, picked at random, that placing one of its orders took `ms`
 * (each shard's pace follows the p95 of what it is told: waiting-room.ts, tick). Off the caller's
 * path where the context can defer; a failure is logged, never the buyer's.
 */
export async function notePlacement(ctx: Pick<MarketContext, "env" | "defer" | "viewer">, sessionId: number, shards: number, ms: number): Promise<void> {
  const shard = shardStub(ctx.env, sessionId, Math.floor(Math.random() * Math.max(1, shards)));
  const noting = (async () => shard.notePlacement(ms))().catch((error: unknown) => logError(error, { requestId: ctx.viewer.requestId, where: "notePlacement" }));
  if (ctx.defer) ctx.defer(noting);
  else await noting;
}
