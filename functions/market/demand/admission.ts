/**
 * The waiting room as the Worker sees it: which shard holds a buyer, what the buyer is told, and
 * the admission token that holding tickets requires while the queue is on.
 *
 * Rules:
 * - Joining needs a signed-in buyer: one place per account (a device id can be wiped to queue
 *   again; an account cannot), and the token names the account, so it is one per buyer and
 *   useless to anyone else.
 * - A buyer's shard is fixed by their account (id mod shards), so joining twice, from any
 *   device, reaches the same shard and keeps the same place. Shards admit in step, each its
 *   share of the session's rate, so positions across shards move alike.
 * - Batches every 10 seconds; an admission lasts 15 minutes (time to choose and place an order,
 *   whose 10-minute hold then runs on its own).
 * - The token is `admit.<sessionId>.<userId>.<expiresAt>.<mac>` (signed-token.ts); order creation
 *   refuses without a valid one while the queue is on (queueAdmissionRequired).
 * - The position shown is the buyer's place in their shard times the number of shards: an
 *   estimate, said as 'about'; the time is the shard's own batch schedule, exact at that rate.
 * - Admission follows what is left to sell: a batch never lets in more buyers than the session
 *   has tickets left (shared over its shards), and with none left (all sold, or all held by
 *   buyers paying) admission pauses. Those waiting keep their places and are told so, rather
 *   than being let in to a sold-out page; it resumes, on a fresh schedule, when tickets come back.
 */
import type { MarketContext } from "../context";
import { and, eq, sql } from "drizzle-orm";
import { listings } from "../../db/schema";
import { MarketError } from "../errors";
import { ticketsLeft } from "../listings/availability";
import { requireBuyer } from "../context/buyer";
import { demandOf, queueIsOn, type SessionDemand } from "./high-demand";
import { signToken, verifyToken } from "./signed-token";
import type { ShardPlace, ShardSettings, WaitingRoom } from "./waiting-room";

declare global {
  namespace Cloudflare {
    interface Env {
      /** The waiting room's shards (functions/market/demand/waiting-room.ts). */
      WAITING_ROOM: DurableObjectNamespace<WaitingRoom>;
    }
  }
}

export const BATCH_INTERVAL_MS = 10_000;
export const ADMISSION_WINDOW_MS = 15 * 60_000;

export type QueuePlace =
  | { sessionId: number; queueOn: false }
  | ({ sessionId: number; queueOn: true; shards: number; admitPerMinute: number } & (
      | { state: "absent" | "expired" }
      | { state: "prequeue"; opensAt: number; prequeued: number }
      | { state: "waiting"; position: number; aboutAhead: number; nextBatchAt: number; estimatedAt: number; paused: boolean }
      | { state: "admitted"; admittedAt: number; expiresAt: number; admissionToken: string }
    ));

/** A shard's settings; `left` (the session's tickets left, when known) shrinks each batch to it, and pauses admission at none. */
export function shardSettings(demand: SessionDemand, left?: number): ShardSettings {
  const perShardPerMinute = demand.admitPerMinute / demand.shards;
  // Below one buyer per shard per batch, a shard's batches come less often instead: rounding each
  // batch up to one buyer would let the session in at up to `shards` times its rate.
  const intervalMs = Math.max(BATCH_INTERVAL_MS, Math.ceil(60_000 / perShardPerMinute));
  const atRate = Math.max(1, Math.round((perShardPerMinute * intervalMs) / 60_000));
  return {
    opensAt: demand.opensAt,
    intervalMs,
    batchSize: left === undefined ? atRate : Math.max(1, Math.min(atRate, Math.ceil(left / demand.shards))),
    windowMs: ADMISSION_WINDOW_MS,
    paused: left === 0,
  };
}

/** Tickets of the session buyers can take at the context's clock, over all its listings (availability.ts). One read. */
export async function sessionTicketsLeft(ctx: Pick<MarketContext, "db" | "now">, sessionId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ left: sql<number>`COALESCE(SUM(MAX(${ticketsLeft(ctx.now())}, 0)), 0)`.mapWith(Number) })
    .from(listings)
    .where(and(eq(listings.sessionId, sessionId)));
  return row?.left ?? 0;
}

/** The shard of the session that holds `userId`'s place. */
export function shardOf(env: Env, demand: SessionDemand, userId: number) {
  return env.WAITING_ROOM.get(env.WAITING_ROOM.idFromName(`${demand.sessionId}/${userId % demand.shards}`));
}

async function answer(ctx: MarketContext, demand: SessionDemand, userId: number, place: ShardPlace, paused: boolean): Promise<QueuePlace> {
  const base = { sessionId: demand.sessionId, queueOn: true as const, shards: demand.shards, admitPerMinute: demand.admitPerMinute };
  switch (place.state) {
    case "waiting":
      return { ...base, ...place, aboutAhead: (place.position - 1) * demand.shards, paused };
    case "admitted":
      return { ...base, ...place, admissionToken: await signToken(ctx, "admit", [demand.sessionId, userId, place.expiresAt]) };
    default:
      return { ...base, ...place };
  }
}

async function callShard(ctx: MarketContext, sessionId: number, call: "join" | "status"): Promise<QueuePlace> {
  const userId = requireBuyer(ctx);
  const demand = await demandOf(ctx, sessionId);
  if (!queueIsOn(demand)) return { sessionId, queueOn: false };
  const settings = shardSettings(demand, await sessionTicketsLeft(ctx, sessionId));
  const request = { buyer: String(userId), now: ctx.now(), settings };
  const shard = shardOf(ctx.env, demand, userId);
  const place = call === "join" ? await shard.join(request) : await shard.status(request);
  return answer(ctx, demand, userId, place, settings.paused === true);
}

/**
 * Takes (or keeps) the viewer's place in the session's waiting room and says where it stands;
 * when admitted, with the admission token. A session without a queue answers queueOn false.
 * Throws notLogin (guest). Side effects: one entry in the buyer's shard, at most.
 */
export function joinQueue(ctx: MarketContext, sessionId: number): Promise<QueuePlace> {
  return callShard(ctx, sessionId, "join");
}

/** Where the viewer stands, without taking a place. Throws notLogin (guest). */
export function queuePlace(ctx: MarketContext, sessionId: number): Promise<QueuePlace> {
  return callShard(ctx, sessionId, "status");
}

/**
 * True when `token` admits the viewer to hold tickets of the session at the context's clock.
 * Throws only systemError (503) when the deployment has no DEMAND_SIGNING_KEY.
 */
export async function admits(ctx: Pick<MarketContext, "env" | "now" | "viewer">, sessionId: number, token: unknown): Promise<boolean> {
  const fields = await verifyToken(ctx, "admit", token, 3);
  if (!fields || ctx.viewer.userId === null) return false;
  const [session, user, expiresAt] = fields.map(Number);
  return session === sessionId && user === ctx.viewer.userId && expiresAt > ctx.now();
}

/**
 * Refuses to hold tickets of a session whose queue is on unless `token` admits the viewer.
 * `queueOn` is the session's switch (session_demand.queue_on; false when never marked), read by
 * the caller with the rest of what it checks. Throws queueAdmissionRequired (data: { sessionId }).
 */
export async function requireAdmission(ctx: MarketContext, sessionId: number, queueOn: boolean, token: unknown): Promise<void> {
  if (!queueOn) return;
  if (await admits(ctx, sessionId, token)) return;
  throw new MarketError("queueAdmissionRequired", { status: 403, data: { sessionId } });
}
