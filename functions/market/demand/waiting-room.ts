/**
 * One shard of a high-demand session's waiting room: a Durable Object (SQLite-backed) holding
 * the places routed to it, the draw of its pre-queue, the batches it has admitted, and its own
 * copy of the session's settings and tickets left, so that neither joining nor waiting reads D1.
 * Calls carry the caller's clock (the Worker's, or a test's); the alarm uses the real one.
 *
 * Rules:
 * - A place is keyed by who holds it (`u:<account>` for a signed-in buyer, `d:<queue id>` for a
 *   device that passed the bot check) and named publicly by a random queue id: joining again
 *   answers the same place.
 * - Until the draw (`drawLeadMs`, a minute, before opening), arrivals wait in a pre-queue. Their
 *   order is the draw: HMAC-SHA256 of the session's seed over each queue id, ascending. The
 *   seed's SHA-256 is published before the draw and the seed itself from the draw on, so anyone
 *   can recompute the draw from the published list of queue ids (drawList); arriving early or
 *   fast buys no advantage. Every later arrival is ranked behind everyone already there, in
 *   arrival order.
 * - Admission is in batches: at opening and then every `intervalMs`, the next batch of ranked
 *   places that had arrived by that batch's time are admitted. Batches are worked out at the
 *   times they were due whenever the shard is asked (or its alarm rings), so a late call never
 *   admits anyone earlier or later than the schedule says; an idle stretch is not saved up.
 * - A batch is the shard's share of the session's rate, scaled by `speed` (the database's
 *   health as the tick's own read and the session's order placements show it, see tick) and
 *   never more than its share of the tickets left; with none left no
 *   batch is due (paused) and the schedule moves on without admitting anyone, so admission
 *   resumes at the next batch, not in a burst of the batches skipped.
 * - An admission lasts `windowMs`; after it the place is spent and joining again starts at the
 *   back. An admission is bound to the first account that takes it: the same queue id never
 *   admits a second account.
 * - The public document (document()) says how far the shard has admitted; waiting buyers read it
 *   from the edge cache and compare it with the rank in their signed queue token.
 * - A place may name a device to tell when its turn comes (attachPush): the batch that admits it
 *   hands the device to the notifications, once, off the caller's path (turn-push.ts).
 */
import { drizzle } from "drizzle-orm/d1";
import { DurableObject } from "cloudflare:workers";
import { sessionTicketsLeft } from "./tickets-left";
import { drawOf, type NowAdmitting } from "./queue-place";
import type { MarketContext } from "../context";
import { pushQueueTurns, type QueueTurn } from "./turn-push";

export { drawOf, type NowAdmitting };

/** What the Worker hands a shard when the session is marked (high-demand.ts). */
export interface ShardConfig {
  sessionId: number;
  shard: number;
  shards: number;
  /** False once support turns the queue off: the page then sends buyers straight to the tickets. */
  queueOn: boolean;
  opensAt: number;
  /**
   * How long before opening the pre-queue is drawn and the seed revealed (decision 313); arrivals
   * after the draw rank behind it, by arrival. Absent (a shard configured before): at opening.
   */
  drawLeadMs?: number;
  intervalMs: number;
  /** Places a batch admits at full speed with tickets to spare. */
  batchSize: number;
  windowMs: number;
  /** Hex; kept secret until the draw. */
  seed: string;
  seedHash: string;
  /** Tickets left when marked; the alarm keeps it current. */
  left: number;
}

export interface JoinCall {
  key: string;
  /** The queue id a new place takes (the caller's, so a device's token names it before the answer). */
  queueId: string;
  /** The account holding a signed-in place, bound from the start. */
  userId: number | null;
  now: number;
}

export interface JoinAnswer {
  queueId: string;
  /** Null while the pre-queue waits for its draw. */
  rank: number | null;
  document: NowAdmitting;
}

export type AdmitAnswer =
  | { admitted: true; admittedAt: number; expiresAt: number; rank: number }
  | { admitted: false; reason: "unknown" | "waiting" | "expired" | "taken" };

export interface ShardFairness {
  joined: number;
  refused: number;
  admitted: number;
  /** Waits from joining (or opening, for the pre-queue) to admission, ms, at each percentile 0-100 (empty when none). */
  waits: number[];
  documentReads: number;
}

/** One published line of the draw: a queue id and its HMAC, in drawn order. */
export interface DrawLine {
  rank: number;
  queueId: string;
  draw: string;
}

/** Health of the database as the alarm saw it, for the controller in tick (tests give it). */
export type Observed = { left: number; readMs: number } | { failed: string };

/** A read slower than this, or an error, halves admission speed; a healthy tick adds a tenth back. */
export const SLOW_READ_MS = 250;
/**
 * Order placements whose p95 passes this also halve it (decision 311): a placement is two round
 * trips to the primary plus the rules, about 340 ms at p95 from a far primary when healthy, so
 * 750 ms means buyers are queueing at the database and letting more in only lengthens the queue.
 */
export const SLOW_PLACEMENT_P95_MS = 750;
/** Placements a p95 is judged on: of fewer, the p95 is their slowest, and one slow order would halve the pace. */
export const MIN_PLACEMENTS = 20;
/** Placements kept while waiting to be judged, the latest. */
const MAX_PLACEMENTS = 1_000;
export const MIN_SPEED = 10;
export const DRAW_PAGE = 5_000;

type Meta = {
  drawn: number;
  drawnCount: number;
  lastRank: number;
  admittedRank: number;
  lastBatchAt: number;
  left: number;
  speed: number;
  refused: number;
  documentReads: number;
  /** The callers' clock less the real one (0 in production). */
  skew: number;
};

/** When a shard draws its pre-queue and reveals the seed. */
export const drawAtOf = (config: Pick<ShardConfig, "opensAt" | "drawLeadMs">) => config.opensAt - (config.drawLeadMs ?? 0);

export class WaitingRoom extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private meta: Meta;
  private config: ShardConfig | null;
  /**
   * How long the session's order placements took (ms), as reported since the tick last judged
   * them. In memory only: an evicted shard loses one tick's worth, and no order writes storage.
   */
  private placements: number[] = [];

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS places (
      key TEXT PRIMARY KEY, queue_id TEXT NOT NULL UNIQUE, joined_at INTEGER NOT NULL, draw TEXT NOT NULL,
      rank INTEGER UNIQUE, bound_user INTEGER)`);
    this.sql.exec(`CREATE INDEX IF NOT EXISTS places_joined ON places (joined_at)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS batches (at INTEGER PRIMARY KEY, through_rank INTEGER NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS shard_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS shard_config (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS place_push (key TEXT PRIMARY KEY, device INTEGER NOT NULL)`);
    const stored = Object.fromEntries(this.sql.exec<{ key: string; value: number }>(`SELECT key, value FROM shard_meta`).toArray().map((r) => [r.key, r.value]));
    this.meta = { drawn: 0, drawnCount: 0, lastRank: 0, admittedRank: 0, lastBatchAt: 0, left: 0, speed: 100, refused: 0, documentReads: 0, skew: 0, ...stored };
    const config = this.sql.exec<{ json: string }>(`SELECT json FROM shard_config WHERE id = 1`).toArray()[0];
    this.config = config ? (JSON.parse(config.json) as ShardConfig) : null;
  }

  /** Takes the session's settings (marking, or a change of rate); a drawn pre-queue keeps its opening and seed. */
  async configure(config: ShardConfig, now: number): Promise<void> {
    const kept = this.meta.drawn && this.config ? { opensAt: this.config.opensAt, seed: this.config.seed, seedHash: this.config.seedHash } : {};
    this.config = { ...config, ...kept };
    this.sql.exec(`INSERT INTO shard_config (id, json) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET json = excluded.json`, JSON.stringify(this.config));
    if (!this.meta.drawn) this.save({ left: config.left });
    await this.scheduleFrom(now);
  }

  /** Takes a place for `key` (or answers the one it has); null when this shard was never configured. */
  async join({ key, queueId, userId, now }: JoinCall): Promise<JoinAnswer | null> {
    const config = this.config;
    if (!config) return null;
    // Worked out before the synchronous part below: nothing else can change the place in between.
    const draw = await drawOf(config.seed, queueId);
    this.advance(now, config);
    let place = this.placeByKey(key);
    if (place && place.rank !== null && place.rank <= this.meta.admittedRank && this.admissionOf(place.rank, config).expiresAt <= now) {
      this.sql.exec(`DELETE FROM places WHERE key = ?`, key);
      place = undefined;
    }
    if (!place) {
      const rank = this.meta.drawn ? this.meta.lastRank + 1 : null;
      this.sql.exec(`INSERT INTO places (key, queue_id, joined_at, draw, rank, bound_user) VALUES (?, ?, ?, ?, ?, ?)`, key, queueId, now, draw, rank, userId);
      if (rank !== null) this.save({ lastRank: rank });
      place = this.placeByKey(key)!;
      await this.scheduleFrom(now);
    }
    return { queueId: place.queue_id, rank: place.rank, document: this.documentAt(now, config) };
  }

  /** The place `key` holds, without taking one; null when it holds none (or the shard was never configured). */
  find(key: string, now: number): JoinAnswer | null {
    const config = this.config;
    if (!config) return null;
    this.advance(now, config);
    const place = this.placeByKey(key);
    return place ? { queueId: place.queue_id, rank: place.rank, document: this.documentAt(now, config) } : null;
  }

  /** The public document; counted, so tests and the bench can tell how many polls reached a shard. */
  document(now: number): NowAdmitting | null {
    const config = this.config;
    if (!config) return null;
    this.advance(now, config);
    this.save({ documentReads: this.meta.documentReads + 1 });
    return this.documentAt(now, config);
  }

  /**
   * Tells device `device` (a push subscription's id) when `key`'s turn comes. False when the key
   * holds no place here, or its turn has already come (the page it is on says so itself).
   */
  attachPush(key: string, device: number, now: number): boolean {
    const config = this.config;
    if (!config) return false;
    this.advance(now, config);
    const place = this.placeByKey(key);
    if (!place || (place.rank !== null && place.rank <= this.meta.admittedRank)) return false;
    this.sql.exec(`INSERT INTO place_push (key, device) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET device = excluded.device`, key, device);
    return true;
  }

  /**
   * The context the turn's notifications are sent through, on `now` (the callers' clock); none in
   * a shard without the Worker's adapters (the bench).
   */
  protected marketContext(now: () => number): MarketContext | null {
    void now;
    return null;
  }

  /** Admits the holder of `queueId` for `userId` when its turn has come and not passed. */
  admit({ queueId, userId, now }: { queueId: string; userId: number; now: number }): AdmitAnswer {
    const config = this.config;
    if (!config) return { admitted: false, reason: "unknown" };
    this.advance(now, config);
    const place = this.sql.exec<{ rank: number | null; bound_user: number | null }>(`SELECT rank, bound_user FROM places WHERE queue_id = ?`, queueId).toArray()[0];
    if (!place) return { admitted: false, reason: "unknown" };
    if (place.rank === null || place.rank > this.meta.admittedRank) return { admitted: false, reason: "waiting" };
    const { admittedAt, expiresAt } = this.admissionOf(place.rank, config);
    if (expiresAt <= now) return { admitted: false, reason: "expired" };
    // Bound once, in one guarded statement: a copied token admits nobody else.
    this.sql.exec(`UPDATE places SET bound_user = ? WHERE queue_id = ? AND bound_user IS NULL`, userId, queueId);
    const bound = this.sql.exec<{ bound_user: number }>(`SELECT bound_user FROM places WHERE queue_id = ?`, queueId).one().bound_user;
    if (bound !== userId) return { admitted: false, reason: "taken" };
    return { admitted: true, admittedAt, expiresAt, rank: place.rank };
  }

  /** Notes how long placing one of the session's orders took (ms), for the next tick (order placement reports it). */
  notePlacement(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.placements.push(ms);
    if (this.placements.length > MAX_PLACEMENTS) this.placements.splice(0, this.placements.length - MAX_PLACEMENTS);
  }

  /** Counts a join the bot gate refused (for the fairness report). */
  refuse(): void {
    this.save({ refused: this.meta.refused + 1 });
  }

  /** The drawn pre-queue in order, from `offset`, once the seed is revealed; null before. */
  drawList(offset: number): { total: number; lines: DrawLine[] } | null {
    if (!this.meta.drawn) return null;
    const lines = this.sql
      .exec<{ rank: number; queue_id: string; draw: string }>(`SELECT rank, queue_id, draw FROM places WHERE rank <= ? AND rank > ? ORDER BY rank LIMIT ?`, this.meta.drawnCount, offset, DRAW_PAGE)
      .toArray()
      .map((row) => ({ rank: row.rank, queueId: row.queue_id, draw: row.draw }));
    return { total: this.meta.drawnCount, lines };
  }

  /** Counts for the fairness report, support and the bench. */
  fairness(): ShardFairness {
    const opensAt = this.config?.opensAt ?? 0;
    // Each admitted place's wait: from its arrival (or opening, for the pre-queue) to its batch.
    const waits = this.sql
      .exec<{ wait: number }>(
        `SELECT (SELECT MIN(at) FROM batches WHERE through_rank >= places.rank) - MAX(places.joined_at, ?) AS wait
         FROM places WHERE rank IS NOT NULL AND rank <= ? ORDER BY wait`,
        opensAt,
        this.meta.admittedRank,
      )
      .toArray()
      .map((row) => Number(row.wait));
    return {
      joined: Number(this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM places`).one().n),
      refused: this.meta.refused,
      admitted: waits.length,
      waits: waits.length ? Array.from({ length: 101 }, (_, p) => waits[Math.min(waits.length - 1, Math.floor((p / 100) * waits.length))]) : [],
      documentReads: this.meta.documentReads,
    };
  }

  /**
   * One admission tick: refreshes tickets left from D1 (one read per shard per tick), sets the
   * speed from how that read went and how the session's order placements went, works out the
   * batches due, and sets the next alarm. Speed halves (down to MIN_SPEED %) on an error, a read
   * slower than SLOW_READ_MS, or placements whose p95 passes SLOW_PLACEMENT_P95_MS (judged once
   * MIN_PLACEMENTS have been reported, then forgotten), and comes back a tenth per healthy tick.
   * `observed` stands in for the read (tests, the bench).
   */
  async tick(now: number, observed?: Observed): Promise<NowAdmitting | null> {
    const config = this.config;
    if (!config) return null;
    const seen = observed ?? (await this.readLeft(config.sessionId, now));
    const placing = this.placementP95();
    const halved = Math.max(MIN_SPEED, Math.floor(this.meta.speed / 2));
    if ("failed" in seen) {
      this.save({ speed: halved });
    } else {
      const healthy = seen.readMs < SLOW_READ_MS && (placing === null || placing <= SLOW_PLACEMENT_P95_MS);
      this.save({ left: seen.left, speed: healthy ? Math.min(100, this.meta.speed + 10) : halved });
    }
    this.advance(now, config);
    await this.scheduleFrom(now);
    return this.documentAt(now, config);
  }

  /** The p95 of the placements reported since the last judgement, once there are MIN_PLACEMENTS (then they are forgotten); null before. */
  private placementP95(): number | null {
    if (this.placements.length < MIN_PLACEMENTS) return null;
    const sorted = this.placements.sort((a, b) => a - b);
    this.placements = [];
    return sorted[Math.ceil(sorted.length * 0.95) - 1];
  }

  /** The batch due: on the callers' clock (see scheduleFrom), which in production is the real one. */
  override async alarm(): Promise<void> {
    await this.tick(Date.now() + this.meta.skew);
  }

  /** The tick's one D1 read (the bench counts it in a subclass). */
  protected async readLeft(sessionId: number, now: number): Promise<Observed> {
    const started = Date.now();
    try {
      const left = await sessionTicketsLeft({ db: drizzle(this.env.DB), now: () => now }, sessionId);
      return { left, readMs: Date.now() - started };
    } catch (error) {
      return { failed: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * The next alarm: opening, or the next batch while anyone waits; none when idle (a join sets it
   * again). Callers give their clock (`now`); the alarm is set that far ahead on the real one and
   * rings on the callers' clock, so a shard driven by another clock (a test's, the bench's) is
   * never advanced past where its callers have taken it. In production the two are the same.
   */
  private async scheduleFrom(now: number): Promise<void> {
    const config = this.config;
    if (!config) return;
    const skew = now - Date.now();
    if (Math.abs(skew - this.meta.skew) > 1_000) this.save({ skew });
    const waiting = !this.meta.drawn || this.meta.lastRank > this.meta.admittedRank;
    if (!waiting) return;
    const at = (this.meta.drawn ? Math.max(now, this.meta.lastBatchAt + config.intervalMs) : Math.max(now, drawAtOf(config))) - skew;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at || current < Date.now()) await this.ctx.storage.setAlarm(at);
  }

  private save(changes: Partial<Meta>): void {
    for (const [key, value] of Object.entries(changes)) {
      this.sql.exec(`INSERT INTO shard_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value);
    }
    this.meta = { ...this.meta, ...changes };
  }

  private batchSize(config: ShardConfig): number {
    const atSpeed = Math.max(1, Math.round((config.batchSize * this.meta.speed) / 100));
    return Math.max(1, Math.min(atSpeed, Math.ceil(this.meta.left / config.shards)));
  }

  /** Draws the pre-queue at its draw (drawAt), then works out every batch due by `now`, the first at opening. */
  private advance(now: number, config: ShardConfig): void {
    const { opensAt, intervalMs } = config;
    if (now < drawAtOf(config)) return;
    if (!this.meta.drawn) {
      this.sql.exec(
        `UPDATE places SET rank = ranked.r FROM (SELECT key, ROW_NUMBER() OVER (ORDER BY draw, queue_id) AS r FROM places WHERE rank IS NULL) AS ranked
         WHERE places.key = ranked.key`,
      );
      const drawnCount = Number(this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM places`).one().n);
      this.save({ drawn: 1, drawnCount, lastRank: drawnCount, lastBatchAt: opensAt - intervalMs });
    }
    const boundaryBefore = (time: number) => opensAt + Math.floor((time - opensAt) / intervalMs) * intervalMs;
    if (this.meta.left <= 0) {
      if (boundaryBefore(now) > this.meta.lastBatchAt) this.save({ lastBatchAt: boundaryBefore(now) });
      return;
    }
    const batchSize = this.batchSize(config);
    while (this.meta.lastBatchAt + intervalMs <= now) {
      if (this.meta.lastRank === this.meta.admittedRank) {
        // Nobody waits: skip to the latest boundary, so an idle stretch is not saved up as a burst.
        this.save({ lastBatchAt: boundaryBefore(now) });
        break;
      }
      const at = this.meta.lastBatchAt + intervalMs;
      const arrived = Number(this.sql.exec<{ r: number | null }>(`SELECT MAX(rank) AS r FROM places WHERE joined_at <= ?`, at).one().r ?? 0);
      const through = Math.min(this.meta.admittedRank + batchSize, arrived);
      if (through > this.meta.admittedRank) {
        this.sql.exec(`INSERT INTO batches (at, through_rank) VALUES (?, ?) ON CONFLICT (at) DO NOTHING`, at, through);
        this.save({ admittedRank: through, lastBatchAt: at });
        this.tellTurnsThrough(through, at + config.windowMs, config.sessionId);
      } else {
        // Everyone waiting arrived after this batch: go to the batch before the first of them.
        const first = Number(this.sql.exec<{ t: number }>(`SELECT MIN(joined_at) AS t FROM places WHERE rank > ?`, this.meta.admittedRank).one().t);
        this.save({ lastBatchAt: Math.max(at, boundaryBefore(first)) });
      }
    }
  }

  /**
   * Hands the devices waiting for a turn now admitted to the notifications, and forgets them in
   * the same synchronous step, so no later batch tells them again.
   */
  private tellTurnsThrough(rank: number, expiresAt: number, sessionId: number): void {
    const due = this.sql
      .exec<{ key: string; device: number }>(`SELECT pp.key, pp.device FROM place_push pp JOIN places p ON p.key = pp.key WHERE p.rank IS NOT NULL AND p.rank <= ?`, rank)
      .toArray();
    if (due.length === 0) return;
    this.sql.exec(`DELETE FROM place_push WHERE key IN (SELECT pp.key FROM place_push pp JOIN places p ON p.key = pp.key WHERE p.rank IS NOT NULL AND p.rank <= ?)`, rank);
    const market = this.marketContext(() => Date.now() + this.meta.skew);
    if (!market) return;
    const turns: QueueTurn[] = due.map((row) => ({ key: row.key, device: row.device, expiresAt }));
    this.ctx.waitUntil(pushQueueTurns(market, sessionId, turns));
  }

  private placeByKey(key: string): { queue_id: string; rank: number | null } | undefined {
    return this.sql.exec<{ queue_id: string; rank: number | null }>(`SELECT queue_id, rank FROM places WHERE key = ?`, key).toArray()[0];
  }

  /** The draw value of the last drawn place ranked `rank` or before (null before the draw, or for rank 0). */
  private drawThrough(rank: number): string | null {
    const through = Math.min(rank, this.meta.drawnCount);
    if (!this.meta.drawn || through < 1) return null;
    return this.sql.exec<{ draw: string }>(`SELECT draw FROM places WHERE rank <= ? ORDER BY rank DESC LIMIT 1`, through).toArray()[0]?.draw ?? null;
  }

  private admissionOf(rank: number, config: ShardConfig) {
    const admittedAt = Number(this.sql.exec<{ at: number }>(`SELECT MIN(at) AS at FROM batches WHERE through_rank >= ?`, rank).one().at);
    return { admittedAt, expiresAt: admittedAt + config.windowMs };
  }

  private documentAt(now: number, config: ShardConfig): NowAdmitting {
    const drawn = this.meta.drawn === 1;
    const prequeued = drawn ? 0 : Number(this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM places`).one().n);
    const paused = drawn && this.meta.left <= 0;
    const batchSize = this.batchSize(config);
    // The next batch as advance() would make it now: everyone ranked so far arrived before it.
    const nextThrough = drawn && !paused ? Math.min(this.meta.admittedRank + batchSize, this.meta.lastRank) : this.meta.admittedRank;
    return {
      sessionId: config.sessionId,
      shard: config.shard,
      shards: config.shards,
      queueOn: config.queueOn,
      opensAt: config.opensAt,
      drawAt: drawAtOf(config),
      drawn,
      seedHash: config.seedHash,
      seed: drawn ? config.seed : null,
      admittedThrough: this.meta.admittedRank,
      drawnCount: this.meta.drawnCount,
      admittedDraw: this.drawThrough(this.meta.admittedRank),
      ranked: this.meta.lastRank,
      prequeued,
      paused,
      nextBatchAt: drawn ? this.meta.lastBatchAt + config.intervalMs : config.opensAt,
      nextThrough,
      nextDraw: this.drawThrough(nextThrough),
      intervalMs: config.intervalMs,
      batchSize,
      windowMs: config.windowMs,
      at: now,
    };
  }
}
