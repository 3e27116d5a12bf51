import { expect, test } from "vitest";
import { createNavigationThrottle, navigationKey } from "../../app/platform/navigation-throttle";

function throttleAt(clock: { now: number }) {
  return createNavigationThrottle(500, () => clock.now);
}

test("the same page with the same parameters within 500 ms is refused", () => {
  const clock = { now: 0 };
  const allow = throttleAt(clock);
  expect(allow("/tourDetail", { id: 7 })).toBe(true);
  clock.now = 499;
  expect(allow("/tourDetail", { id: 7 })).toBe(false);
});

test("the same navigation 500 ms later goes through", () => {
  const clock = { now: 0 };
  const allow = throttleAt(clock);
  allow("/tourDetail?id=7");
  clock.now = 500;
  expect(allow("/tourDetail?id=7")).toBe(true);
});

test("other parameters or another page go through at once", () => {
  const clock = { now: 0 };
  const allow = throttleAt(clock);
  allow("/tourDetail", { id: 7 });
  expect(allow("/tourDetail", { id: 8 })).toBe(true);
  expect(allow("/show-list")).toBe(true);
});

test("parameters compare whatever their order and however they are given", () => {
  expect(navigationKey("/pick-seat?b=2&a=1")).toBe(navigationKey("/pick-seat", { a: 1, b: "2" }));
  expect(navigationKey("/pick-seat", new URLSearchParams("a=1&b=2"))).toBe(navigationKey("/pick-seat?a=1", { b: 2 }));
});

test("a refused tap does not extend the wait", () => {
  const clock = { now: 0 };
  const allow = throttleAt(clock);
  allow("/mine");
  clock.now = 400;
  expect(allow("/mine")).toBe(false);
  clock.now = 500;
  expect(allow("/mine")).toBe(true);
});
