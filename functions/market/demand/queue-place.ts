/**
 * Where a rank stands against a shard's public 'now admitting' document. Pure, so the waiting
 * page's script works out the same answer from the edge-cached document as the server does,
 * and asks the shard only when the turn has come.
 */
import { hexOf } from "../context/crypto";

/** The public 'now admitting' document of one shard: no personal data, the same for everyone. */
export interface NowAdmitting {
  sessionId: number;
  shard: number;
  shards: number;
  queueOn: boolean;
  opensAt: number;
  /**
   * When the pre-queue is drawn and the seed revealed: a lead before opening (the shard's
   * drawLeadMs), so every waiting page learns its place before the first batch and only those
   * whose turn is near poll at opening (decision 313). Equal to opensAt for a shard without one.
   */
  drawAt: number;
  /** The pre-queue has been drawn (from drawAt on). */
  drawn: boolean;
  seedHash: string;
  /** Revealed once drawn. */
  seed: string | null;
  /** Places ranked 1..admittedThrough have been admitted. */
  admittedThrough: number;
  /** Places the draw ranked (the pre-queue at opening); later arrivals rank after them. */
  drawnCount: number;
  /**
   * The draw value of the last drawn place admitted (null before the first batch): a drawn place
   * whose own draw value is at most this has had its turn, so a buyer holding a token from before
   * the draw needs no call to learn where it stands (queue-place.ts).
   */
  admittedDraw: string | null;
  /** Places ranked so far (the last rank given). */
  ranked: number;
  /** Places waiting for the draw (before opening). */
  prequeued: number;
  paused: boolean;
  nextBatchAt: number;
  /**
   * Whom the batch at nextBatchAt lets in at the pace this document states: places ranked
   * 1..nextThrough, and of the drawn, those whose draw value is at most nextDraw. A copy from
   * before that batch still answers its buyers once it is due (asOf); the shard decides at
   * admission, so a pace that slowed in between only costs them a second read.
   */
  nextThrough: number;
  nextDraw: string | null;
  intervalMs: number;
  batchSize: number;
  windowMs: number;
  /** When this document was made. */
  at: number;
}

/** The public path a shard's document is polled at (queue-document.ts keeps it at the edge). */
export const QUEUE_NOW_PATH = "/pub/tour/v1/queue/now";

export type RankStanding =
  | { state: "prequeue"; opensAt: number; drawAt: number; prequeued: number }
  /** Drawn, but this token was issued before the draw: its rank must be fetched once. */
  | { state: "drawn" }
  | { state: "waiting"; position: number; aboutAhead: number; nextBatchAt: number; estimatedAt: number; paused: boolean }
  | { state: "turn" };

const seedKeys = new Map<string, CryptoKey>();

/** HMAC-SHA256(seed, queueId) in hex: the draw value anyone can recompute from the revealed seed. */
export async function drawOf(seedHex: string, queueId: string): Promise<string> {
  let key = seedKeys.get(seedHex);
  if (!key) {
    const seed = Uint8Array.from(seedHex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
    key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    if (seedKeys.size > 64) seedKeys.clear();
    seedKeys.set(seedHex, key);
  }
  return hexOf(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(queueId)));
}

/**
 * The document as it reads at `now`: once its next batch is due, as if that batch had gone at the
 * pace it states. A copy made before a batch is handed out for a moment after it (an isolate's
 * last copy while another poll asks the shard, queue-document.ts; the page's own copy), and
 * without this the buyers of that batch would read 'not yet' and wait a batch more. Paused, or
 * not drawn yet, it reads as it is.
 */
export function asOf(document: NowAdmitting, now: number): NowAdmitting {
  if (!document.drawn || document.paused || now < document.nextBatchAt || document.nextThrough <= document.admittedThrough) return document;
  // The batch after it is not known here: the copy says nothing of it.
  const gone = { admittedThrough: document.nextThrough, admittedDraw: document.nextDraw };
  return { ...document, ...gone, nextThrough: gone.admittedThrough, nextDraw: gone.admittedDraw, nextBatchAt: document.nextBatchAt + document.intervalMs };
}

/** Buyers the room lets in a minute at the document's pace, over all its shards. */
export function admitPerMinuteOf(document: Pick<NowAdmitting, "batchSize" | "shards" | "intervalMs">): number {
  return Math.round((document.batchSize * document.shards * 60_000) / document.intervalMs);
}

/**
 * Where a pre-queue place's draw value (HMAC-SHA256 of the revealed seed over its queue id, hex)
 * ranks among the drawn: exactly 1 + the drawn below it, estimated from its share of all values
 * (they are uniform), to at least 1 and at most the drawn.
 */
export function estimatedRank(document: Pick<NowAdmitting, "drawnCount">, draw: string): number {
  const share = parseInt(draw.slice(0, 12), 16) / 2 ** 48;
  return Math.min(document.drawnCount, Math.max(1, Math.ceil(share * document.drawnCount)));
}

/**
 * The standing of `rank` (null: not drawn yet) in `document`. The position is the place in the
 * shard; `aboutAhead` scales it by the shards (an estimate, said as 'about'); the time is the
 * shard's own batch schedule. A token from before the draw has no rank: given its `draw` value,
 * its turn is told exactly by the document's admittedDraw and its position estimated; without
 * it the standing is `drawn` (the rank must be asked for once).
 */
export function standingOf(document: NowAdmitting, rank: number | null, draw?: string): RankStanding {
  if (!document.drawn) return { state: "prequeue", opensAt: document.opensAt, drawAt: document.drawAt, prequeued: document.prequeued };
  if (rank === null) {
    if (!draw) return { state: "drawn" };
    const turn = document.admittedThrough >= document.drawnCount || (document.admittedDraw !== null && draw <= document.admittedDraw);
    if (turn) return { state: "turn" };
    // Its rank is estimated, but whether the next batch lets it in is exact (nextDraw).
    const inNext = document.nextDraw !== null && draw <= document.nextDraw;
    const lowest = inNext ? document.admittedThrough + 1 : Math.max(document.admittedThrough, document.nextThrough) + 1;
    const highest = inNext ? document.nextThrough : Math.max(lowest, document.drawnCount);
    return standingOf(document, Math.min(highest, Math.max(lowest, estimatedRank(document, draw))));
  }
  if (rank <= document.admittedThrough) return { state: "turn" };
  const position = rank - document.admittedThrough;
  return {
    state: "waiting",
    position,
    aboutAhead: (position - 1) * document.shards,
    nextBatchAt: document.nextBatchAt,
    estimatedAt: document.nextBatchAt + (Math.ceil(position / document.batchSize) - 1) * document.intervalMs,
    paused: document.paused,
  };
}

/** The longest a waiting page goes without reading its document, however far off its turn. */
export const POLL_CAP_MS = 30_000;
/**
 * Within the last minute the page reads again at half the time left (but not more often than
 * this), so a pace that picks up (a paused shard resuming, speed coming back after decision 311's
 * halving) is seen before the turn passes: a turn that came twice as fast is missed by no more
 * than the time already waited blind.
 */
export const POLL_FLOOR_MS = 5_000;
/** After a paused shard's next batch: the edge's copy never outlives a batch, so a read this late sees it. */
const AFTER_BATCH_MS = 100;
/**
 * How long before its batch a page reads (at most; half a batch when batches are quicker): late
 * enough that the copy it gets was made after the batch before (a copy never outlives its batch),
 * so it says whom its own batch lets in (nextThrough), and the page needs no read at the batch.
 */
const READ_AHEAD_MS = 1_000;
/** The soonest a page reads again (a copy just older than its batch, or a turn already predicted). */
const SOONEST_MS = 150;

/**
 * How long a waiting page (and the bench's buyers) waits before its next check of its shard's
 * document, from where it stands and the document's pace. A check first asks the copy in hand as
 * of then (asOf) and reads only when that does not say the turn has come. Waiting: a moment
 * before the batch its rank comes up in (READ_AHEAD_MS), and then, the copy read saying that batch
 * is its, at the batch itself with no read; no later than half the time left within the last
 * minute, POLL_CAP_MS before that; paused, just after the next batch. A
 * place in the pre-queue reads once at a moment of its own between the draw and opening (`luck`,
 * drawn once per page in [0, 1), spreads a shard's crowd over the lead) to learn its place from
 * the revealed seed, so at opening only the buyers of the first batches read. A little jitter
 * (up to a tenth of a batch, at most 250 ms) keeps a batch's buyers from reading together.
 */
export function nextPollIn(document: Pick<NowAdmitting, "drawAt" | "opensAt" | "intervalMs">, standing: RankStanding, now: number, luck: number): number {
  const jitter = Math.floor(luck * Math.min(250, document.intervalMs / 10));
  const until = (at: number, paceMayChange: boolean) => {
    const left = at - now;
    const cap = !paceMayChange || left > 2 * POLL_CAP_MS ? POLL_CAP_MS : Math.max(POLL_FLOOR_MS, left / 2);
    return Math.round(Math.max(SOONEST_MS, Math.min(left, cap)));
  };
  if (standing.state === "prequeue") {
    // A moment in the lead, a second short of opening so the read is in before the first batch.
    const spread = Math.max(0, document.opensAt - document.drawAt - 1_000);
    return until(document.drawAt + AFTER_BATCH_MS + Math.floor(luck * spread), false) + jitter;
  }
  if (standing.state === "waiting") {
    // Paused (no tickets left), a shard resumes at a batch of its schedule: read just after the next.
    if (standing.paused) return until(standing.nextBatchAt + AFTER_BATCH_MS, false) + jitter;
    // Its batch is the copy's next: at that batch the copy in hand tells it its turn (asOf), with no read.
    if (standing.estimatedAt <= standing.nextBatchAt) return until(standing.estimatedAt, false) + jitter;
    // Otherwise read once its batch is the next one, a moment before it.
    return until(standing.estimatedAt - Math.min(READ_AHEAD_MS, document.intervalMs / 2), true) + jitter;
  }
  return SOONEST_MS + jitter;
}
