/**
 * The stadium on-sale's queue: tokens that cannot be forged or passed on, a draw anyone can
 * check from what is published, polls that never reach a shard while the edge's copy is fresh,
 * the bot gate, admission that follows the database's health, and the fairness report.
 */
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { fairnessReport, joinQueue, publishedDraw, queuePlace, type QueuePlace } from "../../functions/market/demand";
import { shardStub } from "../../functions/market/demand/queue-document";
import { createOrder } from "../../functions/market/orders";
import { api, fetchWorker } from "./support/api";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { CONTACT, T0, clockAt, makeListing, marketFor, paySandbox, testDb } from "./support/buying";
import { BOT_CHECK, buyers, MINUTE, OPENS, queueOn, SECOND } from "./support/queue";

const FAILING_SECRET = { TURNSTILE_SECRET_KEY: "2x0000000000000000000000000000000AA" };

type Placed = Extract<QueuePlace, { queueToken: string }>;
function placed(place: QueuePlace): Placed {
  if (!("queueToken" in place)) throw new Error(`no place: ${JSON.stringify(place)}`);
  return place;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const bytesOf = (text: string) => Uint8Array.from(text.match(/../g)!, (pair) => parseInt(pair, 16));

/** HMAC-SHA256(seed, queueId), as a fan would compute it from the published seed (written here, not imported). */
async function fanComputedDraw(seedHex: string, queueId: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", bytesOf(seedHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(queueId)));
}

test("a forged queue token, or one of another session, holds no place; a place taken by one account admits no other", async () => {
  const clock = clockAt(OPENS + 1);
  const { sessionId } = await makeListing({ quantity: 50 });
  const other = await makeListing({ quantity: 50 });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 6 });
  await queueOn(other.sessionId, { shards: 1, admitPerMinute: 6 });
  const visitor = marketFor(null, clock);
  const place = placed(await joinQueue(visitor, sessionId, BOT_CHECK));
  expect(place).toMatchObject({ state: "waiting", rank: 1, position: 1 });

  const forged = `${place.queueToken.slice(0, -3)}${place.queueToken.endsWith("AAA") ? "BBB" : "AAA"}`;
  await expect(joinQueue(visitor, sessionId, { queueToken: forged })).rejects.toMatchObject({ code: 610041 });
  await expect(joinQueue(visitor, other.sessionId, { queueToken: place.queueToken })).rejects.toMatchObject({ code: 610041 });
  expect(await queuePlace(visitor, sessionId, forged)).toEqual({ sessionId, queueOn: true, state: "absent" });

  // Its turn comes at the first batch after opening; signed out, the visitor is told to sign in to take it.
  clock.time = OPENS + 10 * SECOND;
  expect(await queuePlace(visitor, sessionId, place.queueToken)).toMatchObject({ state: "turn" });
  const [first, second] = await buyers(2);
  const taken = await queuePlace(marketFor(first, clock), sessionId, place.queueToken);
  expect(taken).toMatchObject({ state: "admitted", admittedAt: OPENS + 10 * SECOND, expiresAt: OPENS + 10 * SECOND + 15 * MINUTE });
  // The same token in another account's hands is refused, however often; the first account keeps it.
  await expect(queuePlace(marketFor(second, clock), sessionId, place.queueToken)).rejects.toMatchObject({ code: 610042 });
  await expect(queuePlace(marketFor(second, clock), sessionId, place.queueToken)).rejects.toMatchObject({ code: 610042 });
  expect(await queuePlace(marketFor(first, clock), sessionId, place.queueToken)).toMatchObject({ state: "admitted" });
});

test("before opening only the seed's hash is published; from opening the seed and the list of queue ids reproduce the whole draw", async () => {
  const clock = clockAt(T0);
  const { sessionId } = await makeListing({ quantity: 50 });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 6 });
  const visitors = await Promise.all(Array.from({ length: 30 }, () => joinQueue(marketFor(null, clock), sessionId, BOT_CHECK)));
  expect(new Set(visitors.map((place) => place.queueOn && place.state))).toEqual(new Set(["prequeue"]));
  const before = await publishedDraw(marketFor(null, clock), sessionId, 0, 0);
  expect(before).toMatchObject({ sessionId, shard: 0, shards: 1, seed: null, total: 0, lines: [] });
  expect(before.seedHash).toMatch(/^[0-9a-f]{64}$/);
  expect(placed(visitors[0]).seedHash).toBe(before.seedHash);

  clock.time = OPENS + 1;
  const after = await publishedDraw(marketFor(null, clock), sessionId, 0, 0);
  expect(after.seed).toMatch(/^[0-9a-f]{64}$/);
  // The seed revealed is the one committed to.
  expect(hex(await crypto.subtle.digest("SHA-256", bytesOf(after.seed!)))).toBe(before.seedHash);
  expect(after.total).toBe(30);
  expect(after.lines.map((line) => line.rank)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  // Nothing personal: a rank, a random queue id and its draw.
  expect(Object.keys(after.lines[0]).sort()).toEqual(["draw", "queueId", "rank"]);
  const recomputed = await Promise.all(after.lines.map(async (line) => ({ queueId: line.queueId, draw: await fanComputedDraw(after.seed!, line.queueId) })));
  expect(recomputed.map((line) => line.draw)).toEqual(after.lines.map((line) => line.draw));
  expect([...recomputed].sort((a, b) => (a.draw < b.draw ? -1 : 1)).map((line) => line.queueId)).toEqual(after.lines.map((line) => line.queueId));
  // Each fan's place is where their queue id stands in that list; the first batch (at opening)
  // has let in place 1, whose turn is told from its draw value with no rank needed.
  for (const visitor of visitors) {
    const { queueId, queueToken } = placed(visitor);
    const now = placed(await queuePlace(marketFor(null, clock), sessionId, queueToken));
    const place = after.lines.findIndex((line) => line.queueId === queueId) + 1;
    expect(now.state === "turn" ? { state: "turn", place } : { state: now.state, place: now.rank }).toEqual({ state: place === 1 ? "turn" : "waiting", place });
  }
});

test("the pre-queue is drawn and its seed revealed a minute before opening: each buyer learns its place then, a later arrival ranks behind, and the first batch is at opening", async () => {
  const clock = clockAt(T0);
  const { sessionId } = await makeListing({ quantity: 50 });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 6 });
  const visitors = await Promise.all(Array.from({ length: 3 }, () => joinQueue(marketFor(null, clock), sessionId, BOT_CHECK)));
  expect(placed(visitors[0])).toMatchObject({ state: "prequeue", opensAt: OPENS, drawAt: OPENS - MINUTE });

  clock.time = OPENS - MINUTE - 1;
  expect(await publishedDraw(marketFor(null, clock), sessionId, 0, 0)).toMatchObject({ seed: null, total: 0 });
  expect(await queuePlace(marketFor(null, clock), sessionId, placed(visitors[0]).queueToken)).toMatchObject({ state: "prequeue" });

  clock.time = OPENS - MINUTE;
  const drawn = await publishedDraw(marketFor(null, clock), sessionId, 0, 0);
  expect(drawn.seed).toMatch(/^[0-9a-f]{64}$/);
  expect(drawn.total).toBe(3);
  // (A second on: this isolate's copy from a moment ago is taken for 250 ms while it asks the shard.)
  clock.time = OPENS - MINUTE + SECOND;
  // Drawn, not yet admitted: each place is told its position and the batch it comes up in, from opening on (one a batch of 10 s).
  // (One after another: while one call of this isolate asks the shard, the others take its last copy.)
  const before = [];
  for (const line of drawn.lines) {
    const visitor = placed(visitors.find((place) => placed(place).queueId === line.queueId)!);
    const place = await queuePlace(marketFor(null, clock), sessionId, visitor.queueToken);
    before.push(place.queueOn && place.state === "waiting" ? { position: place.position, nextBatchAt: place.nextBatchAt, estimatedAt: place.estimatedAt } : place);
  }
  expect(before).toEqual([
    { position: 1, nextBatchAt: OPENS, estimatedAt: OPENS },
    { position: 2, nextBatchAt: OPENS, estimatedAt: OPENS + 10 * SECOND },
    { position: 3, nextBatchAt: OPENS, estimatedAt: OPENS + 20 * SECOND },
  ]);
  // Arriving after the draw, before opening: behind everyone drawn, by arrival.
  clock.time = OPENS - 30 * SECOND;
  expect(await joinQueue(marketFor(null, clock), sessionId, BOT_CHECK)).toMatchObject({ state: "waiting", rank: 4, position: 4 });

  const first = placed(visitors.find((place) => placed(place).queueId === drawn.lines[0].queueId)!);
  clock.time = OPENS - 1;
  expect(await queuePlace(marketFor(null, clock), sessionId, first.queueToken)).toMatchObject({ state: "waiting", position: 1 });
  clock.time = OPENS + SECOND;
  expect(await queuePlace(marketFor(null, clock), sessionId, first.queueToken)).toMatchObject({ state: "turn" });
});

test("just after a batch, the copy of the document this isolate hands out while another poll asks the shard tells that batch's buyer its turn and admits it, and tells the next it is next", async () => {
  const clock = clockAt(T0);
  const { sessionId } = await makeListing({ quantity: 50 });
  // One a batch of 10 s, drawn a minute before opening.
  await queueOn(sessionId, { shards: 1, admitPerMinute: 6 });
  const accounts = await buyers(3);
  const tokens = new Map<number, string>();
  for (const userId of accounts) tokens.set(userId, placed(await joinQueue(marketFor(userId, clock), sessionId, BOT_CHECK)).queueToken);
  clock.time = OPENS - MINUTE;
  const drawn = await publishedDraw(marketFor(null, clock), sessionId, 0, 0);
  // Each token from before the draw learns its rank once (from the shard); the page keeps the token that carries it.
  clock.time = OPENS - 30 * SECOND;
  const holders = new Map<string, number>();
  for (const [userId, token] of tokens) {
    const place = placed(await queuePlace(marketFor(userId, clock), sessionId, token));
    expect(place.rank).not.toBeNull();
    tokens.set(userId, place.queueToken);
    holders.set(place.queueId, userId);
  }
  const [first, second] = [holders.get(drawn.lines[0].queueId)!, holders.get(drawn.lines[1].queueId)!];

  // 100 ms before opening a poll asks the shard: its copy says the first batch is at opening.
  clock.time = OPENS - 100;
  const shard = shardStub(env, sessionId, 0);
  const readsBefore = (await shard.fairness()).documentReads;
  expect(await queuePlace(marketFor(first, clock), sessionId, tokens.get(first))).toMatchObject({ state: "waiting", position: 1, estimatedAt: OPENS });
  // 100 ms after opening, within 250 ms of that ask, the same copy answers: as of now, the first batch has gone.
  clock.time = OPENS + 100;
  expect(await queuePlace(marketFor(second, clock), sessionId, tokens.get(second))).toMatchObject({ state: "waiting", position: 1, estimatedAt: OPENS + 10 * SECOND });
  expect(await queuePlace(marketFor(first, clock), sessionId, tokens.get(first))).toMatchObject({ state: "admitted", admittedAt: OPENS, rank: 1 });
  expect((await shard.fairness()).documentReads - readsBefore).toBe(1);
});

test("polls of a shard's document are answered at the edge while it is fresh: forty polls, no call to the shard", async () => {
  const { sessionId } = await makeListing({ quantity: 50, startsAt: Date.now() + 30 * 24 * 60 * MINUTE });
  // Opening in an hour: the document's next change is that far off, so only its two seconds bound the copy.
  await queueOn(sessionId, { shards: 1, admitPerMinute: 60, opensAt: Date.now() + 60 * MINUTE });
  const joined = await api<Placed>("/pub/tour/v1/queue/join", { body: { sessionId, ...BOT_CHECK } });
  expect(joined.body.data).toMatchObject({ state: "prequeue", rank: null, shard: 0, prequeued: 1 });
  const shard = shardStub(env, sessionId, 0);
  const readsBefore = (await shard.fairness()).documentReads;
  const poll = `/pub/tour/v1/queue/now?sessionId=${sessionId}&shard=0`;
  for (let i = 0; i < 40; i++) {
    const answer = await api<{ sessionId: number; prequeued: number; admittedThrough: number }>(poll);
    expect(answer.body.data).toMatchObject({ sessionId, prequeued: 1, admittedThrough: 0, drawn: false, seed: null });
    expect(answer.headers.get("cache-control")).toMatch(/^public, max-age=[012]$/);
  }
  expect((await shard.fairness()).documentReads - readsBefore).toBe(0);

  // Once the copy is older than two seconds, the next poll asks the shard once and the rest share its answer.
  await new Promise((done) => setTimeout(done, 2_100));
  for (let i = 0; i < 20; i++) await api(poll);
  expect((await shard.fairness()).documentReads - readsBefore).toBe(1);
});

test("the bot gate's failing test key refuses joining with a clear message in both languages, and the refusals are counted", async () => {
  const { sessionId } = await makeListing({ quantity: 50, startsAt: Date.now() + 30 * 24 * 60 * MINUTE });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 60, opensAt: Date.now() - MINUTE });
  const join = (language: string) =>
    fetchWorker(
      "/pub/tour/v1/queue/join",
      { method: "POST", headers: { "content-type": "application/json", lan: language }, body: JSON.stringify({ sessionId, ...BOT_CHECK }) },
      FAILING_SECRET,
    ).then((response) => response.json() as Promise<{ statusCode: number; message: string; data: unknown }>);
  expect(await join("en-US")).toMatchObject({
    statusCode: 610041,
    message: "We couldn't confirm you're a person, so you haven't joined the queue. Finish the check above (it needs JavaScript), then press Join the queue again.",
  });
  expect(await join("zh-HK")).toMatchObject({
    statusCode: 610041,
    message: "我們未能確認你是真人，所以你尚未加入輪候。請先完成上方的驗證（需要開啟 JavaScript），然後再按「加入輪候」。",
  });
  // No token at all is refused the same way, with the passing key.
  expect((await api("/pub/tour/v1/queue/join", { body: { sessionId } })).body.statusCode).toBe(610041);
  // A bad field is a 4xx in the envelope, not a place.
  expect((await api("/pub/tour/v1/queue/join", { body: { sessionId, botCheck: 42 } })).body.statusCode).toBe(12308);
  expect(await fairnessReport(marketFor(null, { now: Date.now }), sessionId)).toMatchObject({ joined: 0, refusedByBotCheck: 3, admitted: 0 });
});

test("admission slows when the database struggles, comes back as it recovers, and is never more than the tickets left", async () => {
  const clock = clockAt(OPENS + 1);
  const { sessionId } = await makeListing({ quantity: 500 });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 60 });
  await joinQueue(marketFor(null, clock), sessionId, BOT_CHECK);
  const shard = shardStub(env, sessionId, 0);
  const batchAfter = async (observed: { left: number; readMs: number } | { failed: string }) => (await shard.tick(clock.time, observed))!.batchSize;
  // 60 a minute is 10 a batch; an overloaded D1 halves it each tick, a slow read too, a healthy one adds a tenth back.
  expect(await batchAfter({ failed: "D1_ERROR: Database is overloaded. Requests queued for too long." })).toBe(5);
  expect(await batchAfter({ failed: "D1_ERROR: Database is overloaded. Requests queued for too long." })).toBe(3);
  expect(await batchAfter({ left: 500, readMs: 4 })).toBe(4);
  expect(await batchAfter({ left: 500, readMs: 900 })).toBe(2);
  expect(await batchAfter({ left: 500, readMs: 4 })).toBe(3);
  expect(await batchAfter({ left: 1, readMs: 4 })).toBe(1);
  expect((await shard.tick(clock.time, { left: 0, readMs: 4 }))!.paused).toBe(true);
});

test("the shard's alarm reads the tickets left from D1 on its own and pauses admission when none are", async () => {
  const { listingId, sessionId } = await makeListing({ quantity: 2, startsAt: Date.now() + 30 * 24 * 60 * MINUTE });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 6, opensAt: Date.now() - MINUTE });
  const clock = { now: Date.now };
  await joinQueue(marketFor(null, clock), sessionId, BOT_CHECK);
  await joinQueue(marketFor(null, clock), sessionId, BOT_CHECK);
  const shard = shardStub(env, sessionId, 0);
  expect((await shard.document(Date.now()))!.paused).toBe(false);
  await testDb.update(schema.listings).set({ quantity: 0 }).where(eq(schema.listings.id, listingId));
  expect(await runDurableObjectAlarm(shard)).toBe(true);
  expect((await shard.document(Date.now()))!.paused).toBe(true);
});

test("the fairness report counts joins, bot refusals and waits, and the share of tickets that went to accounts a day old or less", async () => {
  const clock = clockAt(T0);
  const { listingId, sessionId } = await makeListing({ quantity: 10 });
  await queueOn(sessionId, { shards: 1, admitPerMinute: 6 });
  const old = await buyers(3, T0 - 30 * 24 * 60 * MINUTE);
  const [fresh] = await buyers(1, OPENS - 60 * MINUTE);
  const everyone = [...old, fresh];
  for (const id of everyone) await joinQueue(marketFor(id, clock), sessionId, BOT_CHECK);
  const refusedByGate = createMarketContext({ env: { ...env, ...FAILING_SECRET }, now: clock.now, viewer: { ...DEFAULT_VIEWER, environment: "dev", requestId: "test", userId: null } });
  await expect(joinQueue(refusedByGate, sessionId, BOT_CHECK)).rejects.toMatchObject({ code: 610041 });

  // One a batch from opening: all four are in 30 s later, having waited 0, 10, 20 and 30 s past opening.
  clock.time = OPENS + 30 * SECOND;
  const admitted = await Promise.all(everyone.map(async (id) => placed(await queuePlace(marketFor(id, clock), sessionId))));
  expect(admitted.map((place) => place.state)).toEqual(["admitted", "admitted", "admitted", "admitted"]);
  const buy = async (index: number, quantity: number) => {
    const place = admitted[index] as Extract<QueuePlace, { state: "admitted" }>;
    const buyer = marketFor(everyone[index], clock);
    await paySandbox(buyer, clock, await createOrder(buyer, { listingId, quantity, ...CONTACT, admissionToken: place.admissionToken, ...BOT_CHECK }));
  };
  await buy(0, 1);
  await buy(3, 2);

  expect(await fairnessReport(marketFor(null, clock), sessionId)).toEqual({
    sessionId,
    joined: 4,
    refusedByBotCheck: 1,
    admitted: 4,
    medianWaitMs: 20_000,
    p99WaitMs: 30_000,
    ticketsSold: 3,
    ticketsToNewAccounts: 2,
    newAccountShare: 2 / 3,
  });
});
