/**
 * When a waiting page (and the queue bench's buyers) checks its shard's document next
 * (functions/market/demand/queue-place.ts, nextPollIn): a moment before its predicted batch, then
 * at the batch from the copy in hand; at half the time left within the last minute, every 30 s
 * before that, and, in the pre-queue, once at a moment of its own between the draw and opening;
 * how a copy read before a batch answers that batch's buyers once it is due (asOf); and how a
 * draw value stands against the next batch.
 */
import { expect, test } from "vitest";
import { asOf, nextPollIn, standingOf, type NowAdmitting, type RankStanding } from "../../functions/market/demand/queue-place";

const OPENS = 1_000_000;
const room = { opensAt: OPENS, drawAt: OPENS - 60_000, intervalMs: 10_000 };
const prequeue: RankStanding = { state: "prequeue", opensAt: OPENS, drawAt: OPENS - 60_000, prequeued: 5_000 };
const waiting = (estimatedAt: number, paused = false): RankStanding => ({ state: "waiting", position: 900, aboutAhead: 899, nextBatchAt: OPENS + 10_000, estimatedAt, paused });

test("in the pre-queue a page reads once in the draw's lead, at a moment its luck gives, and every 30 s before it", () => {
  // Ten minutes before opening: the lead is far off, so the slow pace.
  expect(nextPollIn(room, prequeue, OPENS - 600_000, 0)).toBe(30_000);
  // The lead runs from the draw (a minute before opening) to a second before opening: luck 0 reads just after the draw...
  expect(nextPollIn(room, prequeue, OPENS - 70_000, 0)).toBe(10_100);
  // ...luck 0.5 halfway through it (59 s of spread), plus its jitter (half of 250 ms)...
  expect(nextPollIn(room, prequeue, OPENS - 50_000, 0.5)).toBe(19_725);
  // ...and luck near 1 a second before opening.
  expect(nextPollIn(room, prequeue, OPENS - 5_000, 0.999)).toBe(4_290);
  // A page that passed its moment (it was asleep, or the copy it read was older) reads soon.
  expect(nextPollIn(room, prequeue, OPENS - 500, 0)).toBe(150);
});

test("a page reads a moment before the batch its turn is predicted in, then checks at that batch with no read; sooner when it is over a minute off or more than 5 s off within it", () => {
  // Its batch is the next one of the copy in hand: a check at the batch itself (asOf answers it).
  expect(nextPollIn(room, waiting(OPENS + 10_000), OPENS, 0)).toBe(10_000);
  // A batch later: a read a second before it, but within the last minute at half the time left...
  expect(nextPollIn(room, waiting(OPENS + 20_000), OPENS, 0)).toBe(9_500);
  expect(nextPollIn(room, waiting(OPENS + 50_000), OPENS, 0)).toBe(24_500);
  // ...not more often than every 5 s...
  expect(nextPollIn(room, waiting(OPENS + 20_000), OPENS + 12_000, 0)).toBe(5_000);
  // ...and ten minutes off, every 30 s.
  expect(nextPollIn(room, waiting(OPENS + 600_000), OPENS, 0)).toBe(30_000);
  // Its batch has passed by the copy it read: soon.
  expect(nextPollIn(room, waiting(OPENS + 10_000), OPENS + 11_000, 0)).toBe(150);
  // A paused shard resumes at a batch: just after the next one.
  expect(nextPollIn(room, waiting(OPENS + 600_000, true), OPENS, 0)).toBe(10_100);
  // Jitter: up to a tenth of a batch, at most 250 ms.
  expect(nextPollIn(room, waiting(OPENS + 10_000), OPENS, 0.5)).toBe(10_125);
  // Batches of 250 ms: the read is half a batch before (125 ms), the jitter 12 ms.
  expect(nextPollIn({ ...room, intervalMs: 250 }, waiting(OPENS + 10_250), OPENS + 9_900, 0.5)).toBe(237);
});

/** A drawn shard of 300 that has let in 100 and lets in 100 more at OPENS + 10 s. */
const copy: NowAdmitting = {
  sessionId: 7,
  shard: 0,
  shards: 1,
  queueOn: true,
  opensAt: OPENS,
  drawAt: OPENS - 60_000,
  drawn: true,
  seedHash: "ab".repeat(32),
  seed: "cd".repeat(32),
  admittedThrough: 100,
  drawnCount: 300,
  admittedDraw: "200000000000",
  ranked: 300,
  prequeued: 0,
  paused: false,
  nextBatchAt: OPENS + 10_000,
  nextThrough: 200,
  nextDraw: "500000000000",
  intervalMs: 10_000,
  batchSize: 100,
  windowMs: 900_000,
  at: OPENS + 9_900,
};

test("a copy made before a batch reads, once the batch is due, as if it had gone: its buyers are told their turn, by rank or by draw value, and the rest a batch sooner", () => {
  // A millisecond before the batch the copy is as it was.
  expect(asOf(copy, OPENS + 9_999)).toBe(copy);
  expect(standingOf(asOf(copy, OPENS + 9_999), 150)).toMatchObject({ state: "waiting", position: 50, estimatedAt: OPENS + 10_000 });
  // From the batch on: rank 150 and a draw value under the next one have their turn; rank 201 is next.
  expect(asOf(copy, OPENS + 10_000)).toMatchObject({ admittedThrough: 200, admittedDraw: "500000000000", nextBatchAt: OPENS + 20_000, nextThrough: 200 });
  expect(standingOf(asOf(copy, OPENS + 10_100), 150)).toEqual({ state: "turn" });
  expect(standingOf(asOf(copy, OPENS + 10_100), null, "4fffffffffff")).toEqual({ state: "turn" });
  expect(standingOf(asOf(copy, OPENS + 10_100), null, "600000000000")).toMatchObject({ state: "waiting" });
  expect(standingOf(asOf(copy, OPENS + 10_100), 201)).toMatchObject({ state: "waiting", position: 1, estimatedAt: OPENS + 20_000 });
  // One batch only: a copy two batches old is read again, not guessed further.
  expect(asOf(copy, OPENS + 25_000).admittedThrough).toBe(200);
  // Paused (no tickets left) or not yet drawn, it reads as it is.
  expect(asOf({ ...copy, paused: true, nextThrough: 100, nextDraw: "200000000000" }, OPENS + 10_100).admittedThrough).toBe(100);
  expect(asOf({ ...copy, drawn: false, admittedThrough: 0, nextThrough: 0 }, OPENS + 10_100).admittedThrough).toBe(0);
});

test("a draw value says exactly whether the next batch lets it in, whatever its estimated rank", () => {
  // 0x4fff… is under a third of the values: estimated rank 94, among those already in, but it is not
  // (over 0x2000…): it is in the next batch, at the front.
  expect(standingOf(copy, null, "4fffffffffff")).toMatchObject({ state: "waiting", position: 1, estimatedAt: OPENS + 10_000 });
  // 0x6000… is estimated rank 113, in the next batch by its share, but over the next batch's last
  // value: the batch after, at the front of it.
  expect(standingOf(copy, null, "600000000000")).toMatchObject({ state: "waiting", position: 101, estimatedAt: OPENS + 20_000 });
  expect(standingOf(copy, null, "100000000000")).toEqual({ state: "turn" });
});
