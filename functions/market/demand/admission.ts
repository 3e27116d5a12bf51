/**
 * The waiting room as the Worker sees it: joining (behind the bot gate), where a place stands,
 * the admission token that holding tickets requires while the queue is on, the published draw
 * and the fairness report.
 *
 * Rules:
 * - Joining reads no D1: the shards keep the session's settings and tickets left (waiting-room.ts).
 *   A visitor joins with the bot check (Turnstile) and gets a signed queue token naming the
 *   session, the shard, a random queue id, its rank (0 until drawn) and who holds it: `d` (the
 *   device that passed the check) or `u<account>` (a buyer already signed in, one place per
 *   account from any device). Joining again with the token keeps the place and needs no check.
 * - A place's shard is fixed by a hash of who holds it, so joins spread evenly over the shards.
 * - Waiting needs no call at all: the buyer compares the rank in their token with their shard's
 *   public document (queue-document.ts, from the edge cache). Only when the turn has come does
 *   the Worker ask the shard, which binds the place to the signed-in account (a device's place
 *   to the account that takes it first) and the Worker signs an admission:
 *   `admit.<sessionId>.<userId>.<expiresAt>.<mac>` (signed-token.ts). Order creation refuses
 *   without a valid one while the queue is on (queueAdmissionRequired).
 * - An admission lasts 15 minutes (time to choose and place an order, whose 10-minute hold then
 *   runs on its own).
 */
import { deviceOf, parsedDevice } from "../notifications";
import type { MarketContext } from "../context";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { orders, users } from "../../db/schema";
import { MarketError, notFound } from "../errors";
import { demandOf, queueIsOn } from "./high-demand";
import { admitPerMinuteOf, asOf, drawOf, standingOf } from "./queue-place";
import { keepInIsolate, queueDocument, shardStub } from "./queue-document";
import { configureRoom, shardOfKey } from "./room";
import { signToken, verifyToken } from "./signed-token";
import type { DrawLine, JoinAnswer, NowAdmitting } from "./waiting-room";

export { ADMISSION_WINDOW_MS, BATCH_INTERVAL_MS } from "./room";

/** What a queue token carries. */
export interface QueueTicket {
  sessionId: number;
  shard: number;
  queueId: string;
  /** Null until the pre-queue is drawn. */
  rank: number | null;
  /** `d` for a device, `u<id>` for an account. */
  holder: string;
}

interface RoomFacts {
  sessionId: number;
  queueOn: true;
  shard: number;
  shards: number;
  admitPerMinute: number;
  opensAt: number;
  /** When the pre-queue is drawn and the seed revealed (a minute before opening). */
  drawAt: number;
  /** The shard's time between batches (the waiting page schedules its reads by it). */
  intervalMs: number;
  seedHash: string;
  seed: string | null;
  /** Places the draw ranked; a rank above it joined after opening, by arrival. */
  drawnCount: number;
  queueId: string;
  rank: number | null;
  queueToken: string;
}

export type QueuePlace =
  | { sessionId: number; queueOn: false }
  | { sessionId: number; queueOn: true; state: "absent" }
  | (RoomFacts &
      (
        | { state: "prequeue"; prequeued: number }
        | { state: "waiting"; position: number; aboutAhead: number; nextBatchAt: number; estimatedAt: number; paused: boolean }
        /** The turn has come to a visitor: signing in takes it. */
        | { state: "turn" }
        | { state: "admitted"; admittedAt: number; expiresAt: number; admissionToken: string }
        | { state: "expired" }
      ));

export interface JoinInput {
  queueToken?: unknown;
  /** The bot check's token (Turnstile's cf-turnstile-response). */
  botCheck?: unknown;
  remoteIp?: string | null;
}

const QUEUE_ID = /^[0-9A-Za-z_-]{16}$/;
const HOLDER = /^(d|u[0-9]{1,15})$/;

function newQueueId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_");
}

/** The ticket in a queue token of this session signed here; null for any other string. */
export async function readQueueToken(ctx: Pick<MarketContext, "env" | "viewer">, sessionId: number, token: unknown): Promise<QueueTicket | null> {
  const fields = await verifyToken(ctx, "queue", token, 5);
  if (!fields) return null;
  const [session, shard, queueId, rank, holder] = fields;
  if (Number(session) !== sessionId || !QUEUE_ID.test(queueId) || !HOLDER.test(holder) || !/^[0-9]{1,9}$/.test(shard) || !/^[0-9]{1,12}$/.test(rank)) return null;
  return { sessionId, shard: Number(shard), queueId, rank: Number(rank) || null, holder };
}

const queueTokenOf = (ctx: Pick<MarketContext, "env" | "viewer">, ticket: QueueTicket) =>
  signToken(ctx, "queue", [ticket.sessionId, ticket.shard, ticket.queueId, ticket.rank ?? 0, ticket.holder]);

const keyOf = (ticket: Pick<QueueTicket, "holder" | "queueId">) => (ticket.holder === "d" ? `d:${ticket.queueId}` : `u:${ticket.holder.slice(1)}`);

/**
 * A shard's document; a room whose shards were never given settings gets them from D1 once.
 * Null when the session has no queue.
 */
async function roomDocument(ctx: MarketContext, sessionId: number, shard: number): Promise<NowAdmitting | null> {
  const document = await queueDocument(ctx.env, sessionId, shard, ctx.now());
  if (document) return document.queueOn ? document : null;
  const demand = await demandOf(ctx, sessionId);
  if (!queueIsOn(demand)) return null;
  await configureRoom(ctx, demand);
  return queueDocument(ctx.env, sessionId, shard, ctx.now());
}

/** Takes or keeps `ticket`'s place at its shard (configuring a shard that has no settings yet). */
async function joinShard(ctx: MarketContext, ticket: QueueTicket): Promise<JoinAnswer> {
  const call = { key: keyOf(ticket), queueId: ticket.queueId, userId: ticket.holder === "d" ? null : Number(ticket.holder.slice(1)), now: ctx.now() };
  const shard = shardStub(ctx.env, ticket.sessionId, ticket.shard);
  let answer = await shard.join(call);
  if (!answer) {
    const demand = await demandOf(ctx, ticket.sessionId);
    if (!queueIsOn(demand)) throw new MarketError("queueClosed", { status: 409, data: { sessionId: ticket.sessionId } });
    await configureRoom(ctx, demand);
    answer = await shard.join(call);
  }
  if (!answer) throw new MarketError("queueClosed", { status: 409, data: { sessionId: ticket.sessionId } });
  keepInIsolate(ctx.env, answer.document);
  return answer;
}

/**
 * What the viewer is told for `ticket` against `copy` (as it reads now: a copy from just before a
 * batch tells that batch's buyers their turn), admitting a signed-in viewer whose turn it is.
 */
async function placeOf(ctx: MarketContext, copy: NowAdmitting, ticket: QueueTicket): Promise<QueuePlace> {
  const document = asOf(copy, ctx.now());
  let current = ticket;
  let standing = standingOf(document, current.rank);
  if (standing.state === "drawn" && document.seed) {
    // A token from before the draw: its draw value says whether its turn has come with no call;
    // otherwise its exact rank is learnt once, from the shard (the admission below carries it too).
    standing = standingOf(document, null, await drawOf(document.seed, current.queueId));
  }
  if (standing.state === "drawn" || (standing.state === "waiting" && current.rank === null)) {
    const answer = await joinShard(ctx, current);
    current = { ...current, rank: answer.rank };
    standing = standingOf(answer.document, current.rank);
  }
  const facts: RoomFacts = {
    sessionId: current.sessionId,
    queueOn: true,
    shard: current.shard,
    shards: document.shards,
    admitPerMinute: admitPerMinuteOf(document),
    opensAt: document.opensAt,
    drawAt: document.drawAt,
    intervalMs: document.intervalMs,
    seedHash: document.seedHash,
    seed: document.seed,
    drawnCount: document.drawnCount,
    queueId: current.queueId,
    rank: current.rank,
    queueToken: await queueTokenOf(ctx, current),
  };
  switch (standing.state) {
    case "prequeue":
      return { ...facts, state: "prequeue", prequeued: standing.prequeued };
    case "waiting":
      return { ...facts, ...standing };
    case "drawn":
      return { ...facts, state: "waiting", position: 1, aboutAhead: 0, nextBatchAt: document.nextBatchAt, estimatedAt: document.nextBatchAt, paused: document.paused };
    case "turn": {
      const userId = ctx.viewer.userId;
      if (userId === null) return { ...facts, state: "turn" };
      const admitted = await shardStub(ctx.env, current.sessionId, current.shard).admit({ queueId: current.queueId, userId, now: ctx.now() });
      if (admitted.admitted) {
        const ranked = current.rank === null ? { rank: admitted.rank, queueToken: await queueTokenOf(ctx, { ...current, rank: admitted.rank }) } : {};
        const admissionToken = await signToken(ctx, "admit", [current.sessionId, userId, admitted.expiresAt]);
        return { ...facts, ...ranked, state: "admitted", admittedAt: admitted.admittedAt, expiresAt: admitted.expiresAt, admissionToken };
      }
      if (admitted.reason === "taken") throw new MarketError("queuePlaceTaken", { status: 403, data: { sessionId: current.sessionId } });
      if (admitted.reason === "waiting") return { ...facts, state: "waiting", position: 1, aboutAhead: 0, nextBatchAt: document.nextBatchAt, estimatedAt: document.nextBatchAt, paused: document.paused };
      return { ...facts, state: "expired" };
    }
  }
}

/** What the bot gate is passed at: joining the queue, or placing an order while it is on (decision 310). */
export type BotGate = "join" | "order";

const BOT_GATE_REFUSALS: Record<BotGate, string> = { join: "botCheckFailed", order: "botCheckFailedOrder" };

/**
 * Refuses unless the bot check's token (`input.botCheck`) came from a person's browser
 * (Turnstile's siteverify, through the context's port). `shards` is the room's, when the caller
 * has its document at hand; otherwise it is read from shard 0's (edge-cached) document, on a
 * refusal only. Throws botCheckFailed (403; its message says what was not done: joining or
 * placing the order), systemError (503: no Turnstile secret outside the local demo). Side
 * effects: a refusal is counted for the fairness report, on any one shard (the report adds them up).
 */
export async function requireBotCheck(ctx: MarketContext, sessionId: number, gate: BotGate, input: Omit<JoinInput, "queueToken">, shards?: number): Promise<void> {
  if (await ctx.botCheck.passed(ctx.viewer, input.botCheck, input.remoteIp ?? null)) return;
  const count = shards ?? (await queueDocument(ctx.env, sessionId, 0, ctx.now()))?.shards ?? 0;
  if (count > 0) await shardStub(ctx.env, sessionId, Math.floor(Math.random() * count)).refuse();
  throw new MarketError("botCheckFailed", { status: 403, messageKey: BOT_GATE_REFUSALS[gate], data: { sessionId } });
}

/**
 * Takes (or keeps) a place in the session's waiting room and says where it stands, with the
 * queue token to keep; when the turn has come to a signed-in viewer, with the admission token.
 * A new place needs the bot check; a valid queue token of this session keeps its place without
 * one. A session without a queue answers queueOn false.
 * Throws botCheckFailed (403: the check failed or is missing), systemError (503: no Turnstile
 * secret outside the local demo), queuePlaceTaken (403: the place was taken by another account).
 * Side effects: one place in one shard, at most; D1 none once the room is configured.
 */
export async function joinQueue(ctx: MarketContext, sessionId: number, input: JoinInput = {}): Promise<QueuePlace> {
  const first = await roomDocument(ctx, sessionId, 0);
  if (!first) return { sessionId, queueOn: false };
  const kept = await readQueueToken(ctx, sessionId, input.queueToken);
  if (kept) {
    const answer = await joinShard(ctx, kept);
    return placeOf(ctx, answer.document, { ...kept, queueId: answer.queueId, rank: answer.rank });
  }
  await requireBotCheck(ctx, sessionId, "join", input, first.shards);
  const queueId = newQueueId();
  const holder = ctx.viewer.userId === null ? "d" : `u${ctx.viewer.userId}`;
  const ticket: QueueTicket = { sessionId, shard: shardOfKey(keyOf({ holder, queueId }), first.shards), queueId, rank: null, holder };
  const answer = await joinShard(ctx, ticket);
  return placeOf(ctx, answer.document, { ...ticket, queueId: answer.queueId, rank: answer.rank });
}

/**
 * Where the place of `queueToken` stands, or, without a token, the place a signed-in viewer's
 * account holds; admits a signed-in viewer whose turn it is. Takes no place: a viewer with none
 * is told `absent`. A session without a queue answers queueOn false.
 * Throws queuePlaceTaken (403). Reads the shard's document from the edge cache; calls the shard
 * only to admit, to learn a pre-queue token's rank after the draw, or to find an account's place.
 */
export async function queuePlace(ctx: MarketContext, sessionId: number, queueToken?: unknown): Promise<QueuePlace> {
  const ticket = await readQueueToken(ctx, sessionId, queueToken);
  if (ticket) {
    const document = await roomDocument(ctx, sessionId, ticket.shard);
    return document ? placeOf(ctx, document, ticket) : { sessionId, queueOn: false };
  }
  const first = await roomDocument(ctx, sessionId, 0);
  if (!first) return { sessionId, queueOn: false };
  const userId = ctx.viewer.userId;
  if (userId === null) return { sessionId, queueOn: true, state: "absent" };
  const key = `u:${userId}`;
  const shard = shardOfKey(key, first.shards);
  const found = await shardStub(ctx.env, sessionId, shard).find(key, ctx.now());
  if (!found) return { sessionId, queueOn: true, state: "absent" };
  return placeOf(ctx, found.document, { sessionId, shard, queueId: found.queueId, rank: found.rank, holder: `u${userId}` });
}

/**
 * Asks the place in `queueToken` to tell `device` (this browser's push subscription) when its
 * turn comes (`device`: its endpoint and auth secret). Answers whether it will: false once the
 * turn has already come. Throws invalidParam; notFound when the token is not a place of this
 * session or the device has no subscription.
 */
export async function tellTurnTo(ctx: MarketContext, sessionId: number, queueToken: unknown, device: unknown): Promise<{ told: boolean }> {
  const named = parsedDevice(device);
  const ticket = await readQueueToken(ctx, sessionId, queueToken);
  if (!ticket) throw notFound("queuePlace");
  const subscription = await deviceOf(ctx, named);
  return { told: await shardStub(ctx.env, sessionId, ticket.shard).attachPush(keyOf(ticket), subscription.id, ctx.now()) };
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

/** One shard's published draw. */
export interface PublishedDraw {
  sessionId: number;
  shard: number;
  shards: number;
  seedHash: string;
  /** Null until the queue opens (then the list is null too). */
  seed: string | null;
  total: number;
  offset: number;
  lines: DrawLine[];
}

/**
 * The drawn pre-queue of one shard, from `offset`, in order, with the seed, so anyone can check
 * that each line's draw is HMAC-SHA256(seed, queue id) and that the lines are in ascending order.
 * Before opening only the seed's hash. Throws notFound when the session has no queue or no such shard.
 */
export async function publishedDraw(ctx: MarketContext, sessionId: number, shard: number, offset: number): Promise<PublishedDraw> {
  const first = await roomDocument(ctx, sessionId, 0);
  if (!first || shard >= first.shards) throw new MarketError("notFound", { status: 404, messageKey: "notFound", params: { what: "queue" } });
  const stub = shardStub(ctx.env, sessionId, shard);
  const document = await stub.document(ctx.now());
  const list = document?.drawn ? await stub.drawList(offset) : null;
  return {
    sessionId,
    shard,
    shards: first.shards,
    seedHash: first.seedHash,
    seed: document?.seed ?? null,
    total: list?.total ?? 0,
    offset,
    lines: list?.lines ?? [],
  };
}

export interface FairnessReport {
  sessionId: number;
  joined: number;
  refusedByBotCheck: number;
  admitted: number;
  /** Over all shards: each shard's waits at each percentile, weighted by its admissions. */
  medianWaitMs: number | null;
  p99WaitMs: number | null;
  ticketsSold: number;
  /** Tickets in paid orders placed within a day of the buyer's account being created. */
  ticketsToNewAccounts: number;
  /** ticketsToNewAccounts / ticketsSold, 0 with nothing sold. */
  newAccountShare: number;
}

const DAY = 24 * 60 * 60_000;

/** The session's fairness report. Throws notFound when the session has no queue. */
export async function fairnessReport(ctx: MarketContext, sessionId: number): Promise<FairnessReport> {
  const first = await roomDocument(ctx, sessionId, 0);
  if (!first) throw new MarketError("notFound", { status: 404, messageKey: "notFound", params: { what: "queue" } });
  const shards = await Promise.all(Array.from({ length: first.shards }, (_, shard) => shardStub(ctx.env, sessionId, shard).fairness()));
  const [sold] = await ctx.db
    .select({
      all: sql<number>`COALESCE(SUM(${orders.quantity}), 0)`.mapWith(Number),
      fresh: sql<number>`COALESCE(SUM(CASE WHEN ${orders.createdAt} - ${users.createdAt} < ${DAY} THEN ${orders.quantity} ELSE 0 END), 0)`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.sessionId, sessionId), eq(orders.status, "paid"), isNotNull(orders.paidAt)));
  const weighted = shards.flatMap((shard) => shard.waits.map((wait) => ({ wait, weight: shard.admitted / shard.waits.length }))).sort((a, b) => a.wait - b.wait);
  const total = weighted.reduce((sum, point) => sum + point.weight, 0);
  const at = (share: number) => {
    if (total === 0) return null;
    let seen = 0;
    for (const point of weighted) {
      seen += point.weight;
      if (seen >= share * total) return point.wait;
    }
    return weighted[weighted.length - 1].wait;
  };
  return {
    sessionId,
    joined: shards.reduce((sum, shard) => sum + shard.joined, 0),
    refusedByBotCheck: shards.reduce((sum, shard) => sum + shard.refused, 0),
    admitted: shards.reduce((sum, shard) => sum + shard.admitted, 0),
    medianWaitMs: at(0.5),
    p99WaitMs: at(0.99),
    ticketsSold: sold.all,
    ticketsToNewAccounts: sold.fresh,
    newAccountShare: sold.all ? sold.fresh / sold.all : 0,
  };
}
