import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { joinQueue, markHighDemand, notePickSeatArrival, queuePlace, type QueuePlace } from "../../functions/market/demand";
import { shardStub } from "../../functions/market/demand/queue-document";
import { cancelOrder, createOrder } from "../../functions/market/orders";
import { api, fetchWorker } from "./support/api";
import { loggedD1 } from "./support/d1-log";
import { cookieFor, visit } from "./support/chat";
import { CONTACT, T0, clockAt, makeBuyer, makeListing, marketFor, testDb } from "./support/buying";
import { BOT_CHECK, buyers, MINUTE, OPENS, queueOn, SECOND } from "./support/queue";

/** Hundreds of buyers through the room take longer than one purchase on a shared machine. */
/**
 * A session of `tickets` tickets whose waiting room is on with `settings`, and `count` buyers who
 * joined it one after another just after it opened, on the clock returned.
 */
async function joinedQueue(tickets: number, settings: { shards: number; admitPerMinute: number }, count: number) {
  const clock = clockAt(OPENS + 1);
  const { listingId, sessionId } = await makeListing({ quantity: tickets });
  await queueOn(sessionId, settings);
  const ids = await buyers(count);
  for (const id of ids) await joinQueue(marketFor(id, clock), sessionId, BOT_CHECK);
  return { clock, listingId, sessionId, ids };
}

const CROWD = { timeout: 60_000 };


const positionOf = (place: QueuePlace) => (place.queueOn && place.state === "waiting" ? place.position : null);
const stateOf = (place: QueuePlace) => (place.queueOn ? place.state : "no queue");

test("200 buyers arriving at once before opening are drawn in random order before it, and later arrivals join at the back", CROWD, async () => {
  const clock = clockAt();
  const { sessionId } = await makeListing({ quantity: 500 });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 6 });
  const early = await buyers(200);
  const late = await buyers(3);
  const joined = await Promise.all(early.map((id) => joinQueue(marketFor(id, clock), sessionId, BOT_CHECK)));
  expect(new Set(joined.map(stateOf))).toEqual(new Set(["prequeue"]));

  clock.time = OPENS + 1;
  for (const id of late) await joinQueue(marketFor(id, clock), sessionId, BOT_CHECK);
  // The first batch (one buyer at 6 a minute, batches every 10 s) went at opening.
  const places = await Promise.all(early.map((id) => queuePlace(marketFor(id, clock), sessionId)));
  expect(places.filter((place) => stateOf(place) === "admitted")).toHaveLength(1);
  const positions = places.map(positionOf).filter((p): p is number => p !== null);
  expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 199 }, (_, i) => i + 1));
  expect(positions).not.toEqual(Array.from({ length: 199 }, (_, i) => i + 1));
  const latePositions = await Promise.all(late.map(async (id) => positionOf(await queuePlace(marketFor(id, clock), sessionId))));
  expect(latePositions).toEqual([200, 201, 202]);
});

test("admission comes in batches at the session's rate, and the estimate says when", CROWD, async () => {
  const { clock, sessionId, ids } = await joinedQueue(500, { shards: 1, admitPerMinute: 60 }, 25);
  const last = await queuePlace(marketFor(ids[24], clock), sessionId);
  expect(last).toMatchObject({ state: "waiting", position: 25, nextBatchAt: OPENS + 10 * SECOND, estimatedAt: OPENS + 30 * SECOND });

  clock.time = OPENS + 10 * SECOND;
  const admittedAt10s = await Promise.all(ids.map(async (id) => stateOf(await queuePlace(marketFor(id, clock), sessionId))));
  expect(admittedAt10s.filter((state) => state === "admitted")).toHaveLength(10);
  clock.time = OPENS + 30 * SECOND;
  expect(await queuePlace(marketFor(ids[24], clock), sessionId)).toMatchObject({ state: "admitted", admittedAt: OPENS + 30 * SECOND });
});

test("joining twice keeps one place, and 200 concurrent arrivals over 4 shards hold exactly one place each", CROWD, async () => {
  const clock = clockAt(OPENS + 1);
  const { sessionId } = await makeListing({ quantity: 500 });
  await queueOn(sessionId, { shards: 4, admitPerMinute: 24 });
  const ids = await buyers(200);
  const first = await Promise.all(ids.map((id) => joinQueue(marketFor(id, clock), sessionId, BOT_CHECK)));
  const again = await Promise.all(ids.map((id) => joinQueue(marketFor(id, clock), sessionId, BOT_CHECK)));
  expect(again.map(stateOf)).toEqual(first.map(stateOf));
  expect(again.map(positionOf)).toEqual(first.map(positionOf));
  const byShard = new Map<number, number[]>();
  first.forEach((place) => {
    const shard = place.queueOn && "shard" in place ? place.shard : -1;
    byShard.set(shard, [...(byShard.get(shard) ?? []), positionOf(place) ?? 0]);
  });
  // Spread by a hash of the account over all four shards, each ranking its own from 1.
  expect([...byShard.keys()].sort()).toEqual([0, 1, 2, 3]);
  for (const positions of byShard.values()) {
    expect(positions.length).toBeGreaterThan(30);
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: positions.length }, (_, i) => i + 1));
  }
});

test("over 4 shards a slow rate stays the session's rate: 6 a minute lets in 12 buyers in 2 minutes, not one per shard every 10 s", CROWD, async () => {
  const { clock, sessionId, ids } = await joinedQueue(500, { shards: 4, admitPerMinute: 6 }, 40);
  const admitted = async () => (await Promise.all(ids.map(async (id) => stateOf(await queuePlace(marketFor(id, clock), sessionId))))).filter((state) => state === "admitted").length;

  // 1.5 a minute per shard: one buyer per shard every 40 s.
  expect(await queuePlace(marketFor(ids[0], clock), sessionId)).toMatchObject({ state: "waiting", nextBatchAt: OPENS + 40 * SECOND });
  clock.time = OPENS + 30 * SECOND;
  expect(await admitted()).toBe(0);
  clock.time = OPENS + MINUTE;
  expect(await admitted()).toBe(4);
  clock.time = OPENS + 2 * MINUTE;
  expect(await admitted()).toBe(12);
});

test("a batch lets in no more buyers than there are tickets left; sold out, admission pauses and those waiting are told, and it resumes when tickets come back", async () => {
  const { clock, listingId, sessionId, ids } = await joinedQueue(4, { shards: 1, admitPerMinute: 60 }, 6);

  // At 60 a minute a batch would be 10; 4 tickets are left, so 4 are let in.
  clock.time = OPENS + 10 * SECOND;
  const places = await Promise.all(ids.map((id) => queuePlace(marketFor(id, clock), sessionId)));
  // Arrivals after opening are ranked as they came.
  expect(places.map(stateOf)).toEqual(["admitted", "admitted", "admitted", "admitted", "waiting", "waiting"]);
  const token = (places[0] as Extract<QueuePlace, { state: "admitted" }>).admissionToken;
  const buyer = marketFor(ids[0], clock);
  const order = await createOrder(buyer, { listingId, quantity: 4, ...CONTACT, admissionToken: token, ...BOT_CHECK });

  // Everything is held: at the shard's next tick (its one D1 read) nobody more is let in, and those waiting hear it.
  const waiting = ids.slice(4);
  clock.time = OPENS + 60 * SECOND;
  await shardStub(env, sessionId, 0).tick(clock.time);
  for (const id of waiting) {
    expect(await queuePlace(marketFor(id, clock), sessionId)).toMatchObject({ state: "waiting", paused: true });
  }

  // The hold is dropped: the next batch lets them in.
  await cancelOrder(buyer, order.id);
  await shardStub(env, sessionId, 0).tick(clock.time);
  clock.time = OPENS + 70 * SECOND;
  for (const id of waiting) {
    expect(await queuePlace(marketFor(id, clock), sessionId)).toMatchObject({ state: "admitted", admittedAt: OPENS + 70 * SECOND });
  }
});

test("the waiting page tells a buyer admission is paused while everything is held, and refreshes itself without JavaScript from a <noscript>", async () => {
  const now = { now: () => Date.now() };
  const { listingId, sessionId } = await makeListing({ quantity: 2 });
  const [holderId, waitingId] = await buyers(2);
  await createOrder(marketFor(holderId, now), { listingId, quantity: 2, ...CONTACT });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 60, opensAt: Date.now() - MINUTE });
  await joinQueue(marketFor(waitingId, now), sessionId, BOT_CHECK);

  const html = await (await visit(`/waiting-room?sessionId=${sessionId}`, await cookieFor(waitingId))).text();
  expect(html).toContain('data-view="waiting"');
  expect(html).toContain('data-testid="queue-paused"');
  expect(html).toContain("nobody more is let in");
  expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="\d+"\/><\/noscript>/);
  // Only there: a browser running scripts asks again by itself and never reloads the page.
  expect(html.match(/http-equiv="refresh"/g)).toHaveLength(1);
});

test("a waiting visitor's page refreshing itself without JavaScript reads no D1 and calls no shard: its place from the edge's document, its heading kept in the isolate, in both languages", async () => {
  const { sessionId } = await makeListing({ quantity: 50 });
  // One batch a minute, the next almost a minute off: the third to join stays third through the test.
  await queueOn(sessionId, { shards: 1, admitPerMinute: 1, opensAt: Date.now() - 5 * SECOND });
  const tokens: string[] = [];
  for (let i = 0; i < 3; i++) tokens.push((await api<{ queueToken: string }>("/pub/tour/v1/queue/join", { body: { sessionId, ...BOT_CHECK } })).body.data.queueToken);
  const shard = shardStub(env, sessionId, 0);
  const path = `/waiting-room?sessionId=${sessionId}`;
  // One binding for both views, as an isolate has (what it keeps per binding, the reference lists, it keeps).
  const log: string[] = [];
  const DB = loggedD1(env.DB, log);
  for (const [language, ahead] of [
    ["en-US", "About 2 buyers ahead of you"],
    ["zh-HK", "前面約有 2 位買家"],
  ]) {
    // The place in its cookie as the page keeps it (React Router's cookie: JSON, then base64).
    const cookie = `__Host-ovation_queue_${sessionId}=${encodeURIComponent(btoa(JSON.stringify(tokens[2])))}; language=${language}`;
    // The first view in this isolate reads the session's heading once.
    expect(await (await fetchWorker(path, { headers: { cookie } }, { DB })).text()).toContain('data-view="waiting"');
    expect(log.length).toBeGreaterThan(0);
    log.length = 0;
    const readsBefore = (await shard.fairness()).documentReads;
    const refreshed = await fetchWorker(path, { headers: { cookie } }, { DB });
    const html = await refreshed.text();
    expect({ status: refreshed.status, waiting: html.includes('data-view="waiting"'), ahead: html.includes(ahead), refresh: /<noscript><meta http-equiv="refresh"/.test(html) }).toEqual({ status: 200, waiting: true, ahead: true, refresh: true });
    expect(log).toEqual([]);
    expect((await shard.fairness()).documentReads - readsBefore).toBe(0);
  }
});

test("while the queue is on, tickets are held only with the buyer's own, unexpired admission", async () => {
  const clock = clockAt(OPENS + 1);
  const { listingId, sessionId } = await makeListing({ quantity: 10 });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 6 });
  const [admittedId, waitingId] = await buyers(2);
  const admitted = marketFor(admittedId, clock);
  const waiting = marketFor(waitingId, clock);
  await joinQueue(admitted, sessionId, BOT_CHECK);
  await joinQueue(waiting, sessionId, BOT_CHECK);
  clock.time = OPENS + 10 * SECOND;
  const place = await queuePlace(admitted, sessionId);
  if (!place.queueOn || place.state !== "admitted") throw new Error(`not admitted: ${JSON.stringify(place)}`);
  const token = place.admissionToken;

  await expect(createOrder(waiting, { listingId, quantity: 2, ...CONTACT })).rejects.toMatchObject({ code: 610040 });
  await expect(createOrder(waiting, { listingId, quantity: 2, ...CONTACT, admissionToken: token })).rejects.toMatchObject({ code: 610040 });
  await expect(createOrder(admitted, { listingId, quantity: 2, ...CONTACT, admissionToken: `${token.slice(0, -2)}xx` })).rejects.toMatchObject({ code: 610040 });
  const order = await createOrder(admitted, { listingId, quantity: 2, ...CONTACT, admissionToken: token, ...BOT_CHECK });
  expect(order.status).toBe("pending_payment");

  clock.time = OPENS + 10 * SECOND + 15 * MINUTE;
  expect(stateOf(await queuePlace(admitted, sessionId))).toBe("expired");
  await expect(createOrder(marketFor(admittedId, clock), { listingId, quantity: 1, ...CONTACT, admissionToken: token })).rejects.toMatchObject({ code: 610040 });
});

test("the API refuses to hold tickets without an admission while the queue is on", async () => {
  const { listingId, sessionId } = await makeListing({ quantity: 10, startsAt: Date.now() + 30 * 24 * 60 * MINUTE });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 6, opensAt: Date.now() - MINUTE });
  const { registerThroughApi } = await import("./support/accounts");
  const buyer = await registerThroughApi();
  const { body } = await api("/user/order/v1/create", { body: { listingId, quantity: 1, ...CONTACT }, headers: { "access-token": buyer.accessToken, tsessionid: buyer.tsessionid } });
  expect(body.statusCode).toBe(610040);
  expect(body.message).toBe("This session is busy: please wait for your turn in the queue, then choose your tickets.");
});

test("a session marks itself high demand when more than the threshold of visitors reach its pick-seat within a minute", async () => {
  const clock = clockAt();
  const { sessionId } = await makeListing();
  const market = { ...marketFor(null, clock), env: { ...env, DEMAND_AUTO_PER_MINUTE: "3" } };
  expect(await notePickSeatArrival(market, sessionId, "d:one")).toBe(false);
  expect(await notePickSeatArrival(market, sessionId, "d:one")).toBe(false);
  expect(await notePickSeatArrival(market, sessionId, "d:two")).toBe(false);
  expect(await notePickSeatArrival(market, sessionId, "d:three")).toBe(false);
  expect(await notePickSeatArrival(market, sessionId, "d:four")).toBe(true);
  const [row] = await testDb.select().from(schema.sessionDemand).where(eqSession(sessionId));
  expect(row).toMatchObject({ queueOn: true, markedBy: "auto", shards: 4, admitPerMinute: 300, opensAt: T0 });
});

test("support marks a session high demand with its rate, and unmarking is not undone by the automatic switch", async () => {
  const clock = clockAt();
  const { sessionId } = await makeListing();
  const staffId = await makeBuyer();
  await testDb.insert(schema.accountRoles).values({ userId: staffId, role: "support", createdAt: T0 });
  const support = marketFor(staffId, clock);
  expect(await markHighDemand(support, { sessionId, highDemand: true, admitPerMinute: 120, shards: 8 })).toMatchObject({ queueOn: true, markedBy: "support", shards: 8, admitPerMinute: 120, opensAt: T0 });
  await markHighDemand(support, { sessionId, highDemand: false });
  const market = { ...marketFor(null, clock), env: { ...env, DEMAND_AUTO_PER_MINUTE: "0" } };
  expect(await notePickSeatArrival(market, sessionId, "d:any")).toBe(false);
  await expect(markHighDemand(marketFor(await makeBuyer(), clock), { sessionId, highDemand: true })).rejects.toMatchObject({ code: 404 });
  const guest = await api("/support/v1/session/demand", { body: { sessionId, highDemand: true } });
  expect(guest.body.statusCode).toBe(12306);
});

const eqSession = (sessionId: number) => eq(schema.sessionDemand.sessionId, sessionId);
