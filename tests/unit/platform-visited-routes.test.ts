import { expect, test } from "vitest";
import { readVisitedRoutes, recordVisit, startRecordingVisits, VISITED_ROUTES_KEY } from "../../app/platform/visited-routes";
import { memoryStore, refusingStore } from "./support/device-stores";

test("a visit is added at the end of the history", () => {
  expect(recordVisit(["/", "/show-list"], "/tourDetail?id=1")).toEqual(["/", "/show-list", "/tourDetail?id=1"]);
});

test("the same page twice in a row is recorded once", () => {
  expect(recordVisit(["/", "/mine"], "/mine")).toEqual(["/", "/mine"]);
});

test("a page seen again after another is recorded again", () => {
  expect(recordVisit(["/", "/mine"], "/")).toEqual(["/", "/mine", "/"]);
});

test("the history keeps only the newest 30 pages", () => {
  let history: string[] = [];
  for (let i = 1; i <= 35; i++) history = recordVisit(history, `/tourDetail?id=${i}`);
  expect(history).toHaveLength(30);
  expect(history[0]).toBe("/tourDetail?id=6");
  expect(history[29]).toBe("/tourDetail?id=35");
});

/** Timers the test runs by hand. */
function manualTimers() {
  const running = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  return {
    running,
    setInterval: (run: () => void, ms: number) => (running.set(++next, { run, ms }), next),
    clearInterval: (id: unknown) => void running.delete(id as number),
    tick: () => running.forEach((timer) => timer.run()),
  };
}

test("the recorder records the page at once and then every 4 seconds into sessionStorage", () => {
  const store = memoryStore();
  const timers = manualTimers();
  let route = "/";
  startRecordingVisits({ store, currentRoute: () => route, timers });
  expect([...timers.running.values()][0].ms).toBe(4000);
  expect(readVisitedRoutes(store)).toEqual(["/"]);
  timers.tick();
  route = "/show-list";
  timers.tick();
  expect(JSON.parse(store.items.get(VISITED_ROUTES_KEY)!)).toEqual(["/", "/show-list"]);
});

test("a stopped recorder records nothing more", () => {
  const timers = manualTimers();
  const stop = startRecordingVisits({ store: memoryStore(), currentRoute: () => "/", timers });
  stop();
  expect(timers.running.size).toBe(0);
});

test("a damaged or refused history reads as empty and recording carries on", () => {
  expect(readVisitedRoutes(memoryStore({ [VISITED_ROUTES_KEY]: "{" }))).toEqual([]);
  expect(readVisitedRoutes(memoryStore({ [VISITED_ROUTES_KEY]: JSON.stringify(["/", 3, "/mine"]) }))).toEqual(["/", "/mine"]);
  expect(() => startRecordingVisits({ store: refusingStore(), currentRoute: () => "/", timers: manualTimers() })).not.toThrow();
});
