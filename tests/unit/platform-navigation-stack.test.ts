import { expect, test } from "vitest";
import { createPageStack, type NavigationDeps } from "../../app/platform/navigation-stack";

function harness(options: Partial<NavigationDeps> & { failPush?: boolean } = {}) {
  const moves: string[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const clock = { now: 0 };
  const stack = createPageStack({
    navigator: {
      push: (to) => {
        if (options.failPush) throw new Error("cannot open");
        moves.push(`push ${to}`);
      },
      replace: (to) => moves.push(`replace ${to}`),
      back: (steps, fallback) => moves.push(fallback ? `back ${steps} or ${fallback}` : `back ${steps}`),
      switchTab: (to) => moves.push(`switchTab ${to}`),
    },
    isEmbedded: () => false,
    hostGoBack: (fallback) => moves.push(fallback ? `host goBack or ${fallback}` : "host goBack"),
    cameFromAd: () => false,
    now: () => clock.now,
    setTimeout: (run, ms) => timers.push({ run, ms }),
    initial: ["/"],
    ...options,
  });
  const openEach = (paths: string[]) => paths.forEach((path) => ((clock.now += 1000), stack.open(path)));
  return { stack, moves, timers, clock, openEach };
}

test("opening an eleventh page replaces the current one", () => {
  const { stack, moves, openEach } = harness();
  openEach(["/a1", "/a2", "/a3", "/a4", "/a5", "/a6", "/a7", "/a8", "/a9"]);
  expect(stack.stack()).toHaveLength(10);
  openEach(["/a10"]);
  expect(moves.at(-1)).toBe("replace /a10");
  expect(stack.stack()).toHaveLength(10);
  expect(stack.stack().at(-1)).toBe("/a10");
  expect(stack.stack().at(-2)).toBe("/a8");
});

test("a failed open falls back to switching tab", () => {
  const { stack, moves } = harness({ failPush: true });
  expect(stack.open("/show-list")).toBe(true);
  expect(moves).toEqual(["switchTab /show-list"]);
});

test("the same page with the same parameters opened twice within 500 ms opens once", () => {
  const { stack, moves, clock } = harness();
  stack.open("/tourDetail?id=3");
  clock.now += 200;
  expect(stack.open("/tourDetail?id=3")).toBe(false);
  expect(moves).toEqual(["push /tourDetail?id=3"]);
});

test("back from the first page is the host's back inside an app", () => {
  const { stack, moves } = harness({ isEmbedded: () => true });
  stack.back();
  expect(moves).toEqual(["host goBack"]);
});

test("back from the first page goes home when the page came from an ad", () => {
  const { stack, moves } = harness({ cameFromAd: () => true, initial: ["/tourDetail?id=3&utm_source=fb"] });
  stack.back();
  expect(moves).toEqual(["replace /"]);
});

test("back from the first page otherwise uses the browser's history", () => {
  const { stack, moves } = harness();
  stack.back();
  expect(moves).toEqual(["back 1"]);
});

test("back goes a number of steps, never past the first page", () => {
  const { stack, moves, openEach } = harness();
  openEach(["/tourList", "/tourDetail?id=3", "/pick-seat?sessionId=4"]);
  stack.back(2);
  expect(moves.at(-1)).toBe("back 2");
  expect(stack.stack()).toEqual(["/", "/tourList"]);
  stack.back(9);
  expect(moves.at(-1)).toBe("back 1");
  expect(stack.stack()).toEqual(["/"]);
});

test("back to a named route goes to its latest page in the stack, or opens it in place", () => {
  const { stack, moves, openEach } = harness();
  openEach(["/tourDetail?id=3", "/pick-seat?sessionId=4", "/confirm-ticket?listingId=5"]);
  stack.back("/tourDetail");
  expect(moves.at(-1)).toBe("back 2");
  stack.back("/show-list");
  expect(moves.at(-1)).toBe("replace /show-list");
});

test("clear-to goes back to the root and opens the page 300 ms later", () => {
  const { stack, moves, timers, openEach } = harness();
  openEach(["/tourDetail?id=3", "/pick-seat?sessionId=4"]);
  stack.clearTo("/my-order");
  expect(moves.at(-1)).toBe("back 2");
  expect(timers.map((t) => t.ms)).toEqual([300]);
  timers[0].run();
  expect(moves.at(-1)).toBe("push /my-order");
  expect(stack.stack()).toEqual(["/", "/my-order"]);
});

test("after sign-in the sign-in pages leave the stack, so Back lands on the page before them", () => {
  const { stack, moves, openEach } = harness();
  openEach(["/confirm-ticket?listingId=5", "/login?redirectTo=%2Fconfirm-order", "/login/code?email=a"]);
  stack.afterSignIn("/confirm-order?listingId=5");
  expect(moves.slice(-2)).toEqual(["back 1", "replace /confirm-order?listingId=5"]);
  expect(stack.stack()).toEqual(["/", "/confirm-ticket?listingId=5", "/confirm-order?listingId=5"]);
  stack.back();
  expect(stack.stack()).toEqual(["/", "/confirm-ticket?listingId=5"]);
});

test("Back from the first page hands the page's fallback to the history, or to the host when embedded", () => {
  const browser = harness({ initial: ["/guarantee"] });
  browser.stack.back(1, "/mine");
  expect(browser.moves).toEqual(["back 1 or /mine"]);
  const app = harness({ initial: ["/guarantee"], isEmbedded: () => true });
  app.stack.back(1, "/mine");
  expect(app.moves).toEqual(["host goBack or /mine"]);
});
