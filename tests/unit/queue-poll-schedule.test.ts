/**
 * When a waiting page (and the queue bench's buyers) reads its shard's document next
 * (functions/market/demand/queue-place.ts, nextPollIn): just after its predicted batch, at half
 * the time left within the last minute, every 30 s before that, and, in the pre-queue, once at a
 * moment of its own between the draw and opening.
 */
import { expect, test } from "vitest";
import { nextPollIn, type RankStanding } from "../../functions/market/demand/queue-place";

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

test("a page reads just after the batch its turn is predicted in, and sooner when that is over a minute off or more than 5 s off within it", () => {
  expect(nextPollIn(room, waiting(OPENS + 3_000), OPENS, 0)).toBe(3_100);
  // Within the last minute: half the time left, so a pace twice as fast is seen in time...
  expect(nextPollIn(room, waiting(OPENS + 50_000), OPENS, 0)).toBe(25_050);
  // ...but not more often than every 5 s.
  expect(nextPollIn(room, waiting(OPENS + 8_000), OPENS, 0)).toBe(5_000);
  // Ten minutes off: every 30 s.
  expect(nextPollIn(room, waiting(OPENS + 600_000), OPENS, 0)).toBe(30_000);
  // Its batch has passed by the copy it read (another read of this isolate is asking the shard): soon.
  expect(nextPollIn(room, waiting(OPENS - 1_000), OPENS, 0)).toBe(150);
  // A paused shard resumes at a batch: just after the next one.
  expect(nextPollIn(room, waiting(OPENS + 600_000, true), OPENS, 0)).toBe(10_100);
  // Jitter: up to a tenth of a batch, at most 250 ms.
  expect(nextPollIn(room, waiting(OPENS + 3_000), OPENS, 0.5)).toBe(3_225);
  expect(nextPollIn({ ...room, intervalMs: 250 }, waiting(OPENS + 3_000), OPENS, 0.5)).toBe(3_112);
});
