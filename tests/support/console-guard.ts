/**
 * A console.error during a test fails it: errors must be expected, not scrolled past.
 * A test that provokes a logged error on purpose says so with `expectConsoleError()`.
 */
import { afterEach, beforeEach, vi } from "vitest";

let expected = 0;
let calls: unknown[][] = [];

export function expectConsoleError(count = 1) {
  expected += count;
}

beforeEach(() => {
  expected = 0;
  calls = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (calls.length > expected) {
    throw new Error(`console.error was called during the test:\n${calls.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
