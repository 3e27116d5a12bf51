import { env, SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { purgeOldAnalytics } from "../../functions/market/analytics";
import { CODES } from "../../functions/market/errors";
import { makeBuyer } from "./support/buying";
import * as schema from "../../functions/db/schema";
import { testDb } from "./support/buying";

const ORIGIN = "http://localhost";
const DAY = 24 * 60 * 60_000;

async function send(body: unknown, headers: Record<string, string> = {}) {
  const response = await SELF.fetch(`${ORIGIN}/pub/analytics/v1/batch`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Each test counts under channels and campaigns of its own (the database is shared by the file). */
const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}`;

const view = (page: string, device: string, params: Record<string, unknown>) => ({
  event: "page_view",
  time: Date.now(),
  sessionId: `s-${device}`,
  params: { page, ...params },
});

async function dailyCount(event: string, channel: string, campaign = "") {
  const row = await env.DB.prepare("SELECT SUM(count) AS n FROM analytics_daily WHERE event = ? AND channel = ? AND campaign = ?")
    .bind(event, channel, campaign)
    .first<{ n: number | null }>();
  return row?.n ?? 0;
}

test("a batch's good events are kept and its bad ones counted and dropped, never the batch", async () => {
  const web = unique("web");
  const answer = await send({
    deviceId: "dev-a",
    events: [
      view("home", "a", { channel: web }),
      { event: "$signup", time: Date.now() },
      { event: "__internal", time: Date.now() },
      { event: "login", time: Date.now(), params: { caller: "x".repeat(1025) } },
      { event: "login", params: { caller: "login-page" } },
      { event: "click_city_change", time: Date.now(), params: { caller: "home", source: "popup", channel: web } },
    ],
  }, { channel: web });

  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ e: 0, statusCode: 200, data: { accepted: 2, dropped: 4 } });
  expect(await dailyCount("page_view", web)).toBe(1);
  expect(await dailyCount("click_city_change", web)).toBe(1);
  expect(await dailyCount("__invalid", web)).toBe(4);
  const kept = await env.DB.prepare("SELECT event, page, device_id FROM analytics_events WHERE channel = ? ORDER BY id").bind(web).all();
  expect(kept.results).toEqual([
    { event: "page_view", page: "home", device_id: "dev-a" },
    { event: "click_city_change", page: null, device_id: "dev-a" },
  ]);
});

test("events past the fiftieth of one request are dropped", async () => {
  const channel = unique("PiaoXiaoer");
  const events = Array.from({ length: 53 }, () => ({ event: "heartbeat", time: Date.now(), params: { channel } }));
  const answer = await send({ events });
  expect(answer.body.data).toEqual({ accepted: 50, dropped: 3 });
  expect(await dailyCount("heartbeat", channel)).toBe(50);
});

test("daily counts are kept per event, channel and campaign", async () => {
  const [web, mtl, autumn] = [unique("web"), unique("MTL"), unique("autumn")];
  await send({ events: [view("home", "b", { channel: web, utm_campaign: autumn }), view("home", "c", { channel: web, utm_campaign: autumn }), view("home", "d", { channel: mtl })] });
  await send({ events: [view("home", "e", { channel: web, utm_campaign: autumn })] });
  expect(await dailyCount("page_view", web, autumn)).toBe(3);
  expect(await dailyCount("page_view", mtl)).toBe(1);
});

test("something that is not a batch is refused as invalid", async () => {
  expect((await send("not json")).body.statusCode).toBe(CODES.invalidParam);
  expect((await send({ events: "many" })).body.statusCode).toBe(CODES.invalidParam);
});

test("raw events older than 30 days are purged and daily counts stay", async () => {
  const web = unique("web");
  await send({ events: [view("home", "f", { channel: web })] });
  const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM analytics_events WHERE channel = ?").bind(web).first<{ n: number }>();
  expect(before!.n).toBe(1);
  const ctx = createMarketContext({ env, viewer: DEFAULT_VIEWER, now: () => Date.now() + 31 * DAY });
  expect(await purgeOldAnalytics(ctx)).toBeGreaterThanOrEqual(1);
  const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM analytics_events").first<{ n: number }>();
  expect(left!.n).toBe(0);
  expect(await dailyCount("page_view", web)).toBe(1);
});

async function supportHeaders() {
  const userId = await makeBuyer();
  await testDb.insert(schema.accountRoles).values({ userId, role: "support", createdAt: Date.now() });
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return { "access-token": session.token };
}

test("support reads the 7-day funnel per channel and per campaign", async () => {
  const [web, mtl, direct, spring] = [unique("web"), unique("MTL"), unique("direct"), unique("spring")];
  const onWeb = { channel: web, utm_campaign: direct };
  const onMtl = { channel: mtl, utm_campaign: spring };
  await send({ events: [view("home", "g", onWeb), view("home", "h", onWeb), view("tourDetail", "g", onWeb), view("pickSeat", "g", onWeb), view("confirmOrder", "g", onWeb)] });
  await send({ deviceId: "dev-i", events: [view("home", "i", onMtl), view("tourDetail", "i", onMtl), view("tourDetail", "i", onMtl)] });
  await send({ deviceId: "dev-i", events: [{ event: "iap", time: Date.now(), params: onMtl }] });
  const old = Date.now() - 8 * DAY;
  await env.DB.prepare(
    "INSERT INTO analytics_events (received_at, occurred_at, event, channel, campaign, page, device_id, session_id, user_id, params) VALUES (?, ?, 'page_view', ?, ?, 'home', 'old', NULL, NULL, '{}')",
  )
    .bind(old, old, web, direct)
    .run();

  const response = await SELF.fetch(`${ORIGIN}/support/v1/analytics/funnel`, { headers: await supportHeaders() });
  const body = (await response.json()) as any;
  const mine = (rows: { key: string }[], keys: string[]) => rows.filter((row) => keys.includes(row.key));
  expect(mine(body.data.channels, [web, mtl])).toEqual([
    { key: web, steps: { home: 2, tour: 1, pickSeat: 1, confirm: 1, paid: 0 } },
    { key: mtl, steps: { home: 1, tour: 1, pickSeat: 0, confirm: 0, paid: 1 } },
  ]);
  expect(mine(body.data.campaigns, [direct, spring])).toEqual([
    { key: direct, steps: { home: 2, tour: 1, pickSeat: 1, confirm: 1, paid: 0 } },
    { key: spring, steps: { home: 1, tour: 1, pickSeat: 0, confirm: 0, paid: 1 } },
  ]);
});

test("the funnel is not there for a buyer", async () => {
  const userId = await makeBuyer();
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  const response = await SELF.fetch(`${ORIGIN}/support/v1/analytics/funnel`, { headers: { "access-token": session.token } });
  expect(response.status).toBe(404);
});
