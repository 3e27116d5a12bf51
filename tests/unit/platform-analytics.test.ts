import { expect, test } from "vitest";
import { createAnalytics, type AnalyticsDeps, type Batch } from "../../app/platform/analytics";
import { memoryStore } from "./support/device-stores";

function harness(options: Partial<AnalyticsDeps> & { failing?: () => boolean } = {}) {
  const batches: Batch[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const clock = { now: 1_000_000 };
  let ids = 0;
  const store = memoryStore();
  const analytics = createAnalytics({
    send: async (batch) => {
      if (options.failing?.()) return false;
      batches.push(batch);
      return true;
    },
    store,
    production: true,
    deviceId: "device-1",
    now: () => clock.now,
    setTimeout: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (timer) => void ((timer as { cleared: boolean }).cleared = true),
    newId: () => `session-${++ids}`,
    ...options,
  });
  return { analytics, batches, timers, clock, store };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a batch leaves after 20 events", async () => {
  const { analytics, batches } = harness();
  for (let i = 0; i < 19; i++) analytics.track("tap", { i });
  await settle();
  expect(batches).toHaveLength(0);
  analytics.track("tap", { i: 19 });
  await settle();
  expect(batches).toHaveLength(1);
  expect(batches[0].events).toHaveLength(20);
  expect(batches[0].deviceId).toBe("device-1");
});

test("a batch leaves 30 s after its first event when fewer than 20 came", async () => {
  const { analytics, batches, timers } = harness();
  analytics.track("tap");
  analytics.track("tap");
  expect(timers.map((t) => t.ms)).toEqual([30_000]);
  timers[0].run();
  await settle();
  expect(batches[0].events.map((e) => e.event)).toEqual(["tap", "tap"]);
});

test("a request carries at most 50 events", async () => {
  const failing = { on: true };
  const { analytics, batches } = harness({ failing: () => failing.on });
  for (let i = 0; i < 40; i++) analytics.track("tap", { i });
  await analytics.flush();
  failing.on = false;
  for (let i = 0; i < 30; i++) analytics.track("view", { i });
  await analytics.flush();
  expect(batches.map((b) => b.events.length)).toEqual([50, 20]);
});

test("names starting with $ or __ are never sent", () => {
  const { analytics } = harness();
  expect(analytics.track("$pageview")).toBe(false);
  expect(analytics.track("__debug")).toBe(false);
  expect(analytics.track("_ok")).toBe(true);
  expect(analytics.queued()).toBe(1);
});

test("parameter strings are cut to 1,024 characters", async () => {
  const { analytics, batches } = harness();
  analytics.track("search", { keyword: "k".repeat(2000) });
  await analytics.flush();
  expect((batches[0].events[0].params.keyword as string).length).toBe(1024);
});

test("a session ends after 30 minutes without an event", async () => {
  const { analytics, batches, clock } = harness();
  analytics.track("a");
  clock.now += 29 * 60_000;
  analytics.track("b");
  clock.now += 30 * 60_000 + 1;
  analytics.track("c");
  await analytics.flush();
  expect(batches[0].events.map((e) => e.sessionId)).toEqual(["session-1", "session-1", "session-2"]);
});

test("a failed batch is kept and sent again with the next, at most 3 times more", async () => {
  const failing = { on: true };
  const { analytics, batches } = harness({ failing: () => failing.on });
  analytics.track("order");
  await analytics.flush();
  await analytics.flush();
  await analytics.flush();
  failing.on = false;
  analytics.track("iap");
  await analytics.flush();
  expect(batches[0].events.map((e) => e.event)).toEqual(["order", "iap"]);
});

test("an event that failed 4 times is given up", async () => {
  const failing = { on: true };
  const { analytics, batches } = harness({ failing: () => failing.on });
  analytics.track("order");
  for (let i = 0; i < 4; i++) await analytics.flush();
  failing.on = false;
  analytics.track("iap");
  await analytics.flush();
  expect(batches[0].events.map((e) => e.event)).toEqual(["iap"]);
});

test("the failed-event store keeps at most 50 events", async () => {
  const { analytics, store } = harness({ failing: () => true });
  for (let i = 0; i < 60; i++) analytics.track("tap", { i });
  await analytics.flush();
  expect(JSON.parse(store.getItem("ovation_analytics_failed")!)).toHaveLength(50);
});

test("nothing is sent outside production or while disabled", async () => {
  const dev = harness({ production: false });
  expect(dev.analytics.track("login")).toBe(false);
  const prod = harness();
  prod.analytics.disable();
  expect(prod.analytics.track("login")).toBe(false);
  prod.analytics.enable();
  expect(prod.analytics.track("login")).toBe(true);
});

test("named events carry caller, source and the default channel and campaign; the user id travels with the batch", async () => {
  const { analytics, batches } = harness();
  analytics.setDefaultParams({ channel: "MTL_LAUNCH", utm_campaign: "spring" });
  analytics.login("42");
  analytics.trackKnown("click_city_change", { caller: "home", source: "location-popup" });
  await analytics.flush();
  expect(batches[0].userId).toBe("42");
  expect(batches[0].events[0].params).toEqual({ channel: "MTL_LAUNCH", utm_campaign: "spring", caller: "home", source: "location-popup" });
  analytics.logout();
  analytics.pageView("home");
  await analytics.flush();
  expect(batches[1].userId).toBeUndefined();
  expect(batches[1].events[0]).toMatchObject({ event: "page_view", params: { page: "home", channel: "MTL_LAUNCH" } });
});
