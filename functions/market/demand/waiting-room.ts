/**
 * One shard of a high-demand session's waiting room: a Durable Object (SQLite-backed) holding
 * the buyers routed to it, their order, and the batches it has admitted. Every call carries the
 * caller's clock and the session's settings, so the Worker (and tests) decide the time.
 *
 * Rules:
 * - A buyer has one place per shard: joining again answers the same place.
 * - Before opening, arrivals wait in a pre-queue with a random lottery number; at the first call
 *   at or after opening they are ranked by it, so arriving early or fast buys no advantage.
 *   Every later arrival is ranked behind everyone already there.
 * - Admission is in batches: at opening and then every `intervalMs`, the next `batchSize` ranked
 *   buyers who had arrived by that batch's time are admitted. Batches are worked out when the
 *   next call comes (nothing runs on a timer), at the times they were due, so a late call never
 *   admits anyone earlier or later than the schedule says; an idle stretch is not saved up.
 * - An admission lasts `windowMs`; after it the buyer's place is spent and joining again starts
 *   at the back.
 * - While `paused` (the session has nothing left to sell) no batch is due: the schedule moves on
 *   without admitting anyone, so when tickets come back admission resumes at the next batch, not
 *   in a burst of the batches skipped.
 */
import { DurableObject } from "cloudflare:workers";

export interface ShardSettings {
  opensAt: number;
  intervalMs: number;
  batchSize: number;
  windowMs: number;
  /** Nothing left to sell: admit no one (see the rules above). */
  paused?: boolean;
}

export type ShardPlace =
  | { state: "absent" }
  | { state: "prequeue"; opensAt: number; prequeued: number }
  | { state: "waiting"; position: number; nextBatchAt: number; estimatedAt: number }
  | { state: "admitted"; admittedAt: number; expiresAt: number }
  | { state: "expired" };

export interface ShardCall {
  buyer: string;
  now: number;
  settings: ShardSettings;
}

export interface ShardFigures {
  entries: number;
  admitted: number;
  batches: number;
}

type Meta = { drawn: number; lastRank: number; admittedRank: number; lastBatchAt: number };

export class WaitingRoom extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private meta: Meta;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS entries (buyer TEXT PRIMARY KEY, joined_at INTEGER NOT NULL, lottery INTEGER NOT NULL, rank INTEGER)`);
    this.sql.exec(`CREATE INDEX IF NOT EXISTS entries_rank ON entries (rank)`);
    this.sql.exec(`CREATE INDEX IF NOT EXISTS entries_joined ON entries (joined_at)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS batches (at INTEGER PRIMARY KEY, through_rank INTEGER NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)`);
    const stored = Object.fromEntries(this.sql.exec<{ key: string; value: number }>(`SELECT key, value FROM meta`).toArray().map((r) => [r.key, r.value]));
    this.meta = { drawn: 0, lastRank: 0, admittedRank: 0, lastBatchAt: 0, ...stored };
  }

  /** Takes a place for `buyer` (or answers the one it has) and says where it stands. */
  join({ buyer, now, settings }: ShardCall): ShardPlace {
    this.advance(now, settings);
    let place = this.placeOf(buyer, now, settings);
    if (place.state === "expired") this.sql.exec(`DELETE FROM entries WHERE buyer = ?`, buyer);
    if (place.state === "absent" || place.state === "expired") {
      const lottery = crypto.getRandomValues(new Uint32Array(1))[0];
      if (this.meta.drawn) {
        this.save({ lastRank: this.meta.lastRank + 1 });
        this.sql.exec(`INSERT INTO entries (buyer, joined_at, lottery, rank) VALUES (?, ?, ?, ?)`, buyer, now, lottery, this.meta.lastRank);
      } else {
        this.sql.exec(`INSERT INTO entries (buyer, joined_at, lottery, rank) VALUES (?, ?, ?, NULL)`, buyer, now, lottery);
      }
      place = this.placeOf(buyer, now, settings);
    }
    return place;
  }

  /** Where `buyer` stands now, without taking a place. */
  status({ buyer, now, settings }: ShardCall): ShardPlace {
    this.advance(now, settings);
    return this.placeOf(buyer, now, settings);
  }

  /** Counts for the bench and support. */
  figures(): ShardFigures {
    const one = (query: string) => Number(this.sql.exec<{ n: number }>(query).one().n);
    return { entries: one(`SELECT COUNT(*) AS n FROM entries`), admitted: this.meta.admittedRank, batches: one(`SELECT COUNT(*) AS n FROM batches`) };
  }

  private save(changes: Partial<Meta>): void {
    for (const [key, value] of Object.entries(changes)) {
      this.sql.exec(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value);
    }
    this.meta = { ...this.meta, ...changes };
  }

  /** Draws the pre-queue at opening, then works out every batch due by `now`. */
  private advance(now: number, settings: ShardSettings): void {
    const { opensAt, intervalMs, batchSize } = settings;
    if (now < opensAt) return;
    if (!this.meta.drawn) {
      this.sql.exec(
        `UPDATE entries SET rank = ranked.r FROM (SELECT buyer, ROW_NUMBER() OVER (ORDER BY lottery, buyer) AS r FROM entries WHERE rank IS NULL) AS ranked
         WHERE entries.buyer = ranked.buyer`,
      );
      const lastRank = Number(this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM entries`).one().n);
      this.save({ drawn: 1, lastRank, lastBatchAt: opensAt - intervalMs });
    }
    const boundaryBefore = (time: number) => opensAt + Math.floor((time - opensAt) / intervalMs) * intervalMs;
    if (settings.paused) {
      if (boundaryBefore(now) > this.meta.lastBatchAt) this.save({ lastBatchAt: boundaryBefore(now) });
      return;
    }
    while (this.meta.lastBatchAt + intervalMs <= now) {
      if (this.meta.lastRank === this.meta.admittedRank) {
        // Nobody waits: skip to the latest boundary, so an idle stretch is not saved up as a burst.
        this.save({ lastBatchAt: boundaryBefore(now) });
        break;
      }
      const at = this.meta.lastBatchAt + intervalMs;
      const arrived = Number(this.sql.exec<{ r: number | null }>(`SELECT MAX(rank) AS r FROM entries WHERE joined_at <= ?`, at).one().r ?? 0);
      const through = Math.min(this.meta.admittedRank + batchSize, arrived);
      if (through > this.meta.admittedRank) {
        this.sql.exec(`INSERT INTO batches (at, through_rank) VALUES (?, ?) ON CONFLICT (at) DO NOTHING`, at, through);
        this.save({ admittedRank: through, lastBatchAt: at });
      } else {
        // Everyone waiting arrived after this batch: go to the batch before the first of them.
        const first = Number(this.sql.exec<{ t: number }>(`SELECT MIN(joined_at) AS t FROM entries WHERE rank > ?`, this.meta.admittedRank).one().t);
        this.save({ lastBatchAt: Math.max(at, boundaryBefore(first)) });
      }
    }
  }

  private placeOf(buyer: string, now: number, settings: ShardSettings): ShardPlace {
    const entry = this.sql.exec<{ rank: number | null }>(`SELECT rank FROM entries WHERE buyer = ?`, buyer).toArray()[0];
    if (!entry) return { state: "absent" };
    if (entry.rank === null) {
      const prequeued = Number(this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM entries`).one().n);
      return { state: "prequeue", opensAt: settings.opensAt, prequeued };
    }
    if (entry.rank <= this.meta.admittedRank) {
      const admittedAt = Number(this.sql.exec<{ at: number }>(`SELECT MIN(at) AS at FROM batches WHERE through_rank >= ?`, entry.rank).one().at);
      const expiresAt = admittedAt + settings.windowMs;
      return expiresAt > now ? { state: "admitted", admittedAt, expiresAt } : { state: "expired" };
    }
    const position = entry.rank - this.meta.admittedRank;
    const nextBatchAt = this.meta.lastBatchAt + settings.intervalMs;
    return { state: "waiting", position, nextBatchAt, estimatedAt: nextBatchAt + (Math.ceil(position / settings.batchSize) - 1) * settings.intervalMs };
  }
}
