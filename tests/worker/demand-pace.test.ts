/**
 * The waiting room's pace follows order placement (docs/decisions.md 311): placing an order in a
 * session whose queue is on tells one of its shards how long it took, and a shard whose reported
 * placements have a p95 over 750 ms halves the next batch, as an overloaded D1 read does; full
 * speed comes back a tenth per healthy tick.
 */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { joinQueue } from "../../functions/market/demand";
import { shardStub } from "../../functions/market/demand/queue-document";
import { signToken } from "../../functions/market/demand/signed-token";
import { createOrder } from "../../functions/market/orders";
import { createMarketContext } from "../../functions/wiring";
import { CONTACT, clockAt, makeListing, marketFor } from "./support/buying";
import { BOT_CHECK, buyers, MINUTE, OPENS, queueOn } from "./support/queue";

/** A healthy tick's read, so that only the placements reported decide the pace. */
const HEALTHY_READ = { left: 500, readMs: 4 };

/** A session of 500 tickets whose queue (one shard, 60 a minute: batches of 10) has opened, its room configured by a first join. */
async function openRoom() {
  const clock = clockAt(OPENS + 1);
  const { listingId, sessionId } = await makeListing({ quantity: 500 });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 60 });
  await joinQueue(marketFor(null, clock), sessionId, BOT_CHECK);
  const shard = shardStub(env, sessionId, 0);
  const batchAfterTick = async () => (await shard.tick(clock.time, HEALTHY_READ))!.batchSize;
  return { clock, listingId, sessionId, shard, batchAfterTick };
}

/** D1 whose batches (the one that takes the tickets) each wait `ms` first: a primary with buyers queueing at it. */
function queueingD1(db: D1Database, ms: number): D1Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === "withSession") {
        return (start?: string) => {
          const session = target.withSession(start);
          return {
            prepare: (query: string) => session.prepare(query),
            batch: async (statements: D1PreparedStatement[]) => {
              await new Promise((done) => setTimeout(done, ms));
              return session.batch(statements);
            },
            getBookmark: () => session.getBookmark(),
          };
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

test("a shard told of placements whose p95 passes 750 ms halves its next batch; one slow order in twenty does not; fewer than twenty wait to be judged", async () => {
  const { shard, batchAfterTick } = await openRoom();
  const report = async (...durations: number[]) => {
    for (const ms of durations) await shard.notePlacement(ms);
  };
  await report(...Array<number>(20).fill(1_200));
  expect(await batchAfterTick()).toBe(5);
  // The p95 of 19 at 300 ms and one at 5 s is 300 ms: healthy, a tenth back.
  await report(...Array<number>(19).fill(300), 5_000);
  expect(await batchAfterTick()).toBe(6);
  await report(...Array<number>(20).fill(750));
  expect(await batchAfterTick()).toBe(7);
  // Ten slow placements are too few to judge: kept, and judged with the next ten.
  await report(...Array<number>(10).fill(2_000));
  expect(await batchAfterTick()).toBe(8);
  await report(...Array<number>(10).fill(2_000));
  expect(await batchAfterTick()).toBe(4);
  // Nothing reported: the existing step brings full speed back, a tenth a tick.
  expect(await batchAfterTick()).toBe(5);
  expect(await batchAfterTick()).toBe(6);
});

// Only the slow side is proven end to end: a placement's floor is the delay put in front of D1,
// while its ceiling on a shared machine is no figure to assert (the test above shows the way back).
test("twenty orders placed while D1 makes buyers queue 800 ms halve the next batch, and the ticks after bring it back a tenth at a time", async () => {
  const { clock, listingId, sessionId, batchAfterTick } = await openRoom();
  const placeOrders = async (db: D1Database) => {
    const ids = await buyers(20);
    const placed = await Promise.all(
      ids.map(async (userId) => {
        const market = createMarketContext({ env: { ...env, DB: db }, now: clock.now, viewer: { ...DEFAULT_VIEWER, environment: "dev", requestId: "test", userId } });
        const admissionToken = await signToken(market, "admit", [sessionId, userId, clock.now() + 15 * MINUTE]);
        return createOrder(market, { listingId, quantity: 1, ...CONTACT, admissionToken, ...BOT_CHECK });
      }),
    );
    return placed.map((order) => order.status);
  };
  expect(await placeOrders(queueingD1(env.DB, 800))).toEqual(Array(20).fill("pending_payment"));
  expect(await batchAfterTick()).toBe(5);
  expect(await batchAfterTick()).toBe(6);
  expect(await batchAfterTick()).toBe(7);
});
