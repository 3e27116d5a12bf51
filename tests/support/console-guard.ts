/**
 * A console.error during a test fails it: errors must be expected, not scrolled past.
 * A test that provokes a logged error on purpose says so with `expectConsoleError()`.
 * (A plain replacement rather than vi.spyOn: it behaves the same in Node and in workerd.)
 */
import { afterEach, beforeEach } from "vitest";

const original = console.error;
let expected = 0;
let calls: unknown[][] = [];

export function expectConsoleError(count = 1) {
  expected += count;
}

beforeEach(() => {
  expected = 0;
  calls = [];
  console.error = (...args: unknown[]) => {
    calls.push(args);
  };
});

afterEach(() => {
  console.error = original;
  if (calls.length > expected) {
    throw new Error(`console.error was called during the test:\n${calls.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
