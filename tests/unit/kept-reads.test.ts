import { expect, test } from "vitest";
import { forgetKeptReads, keeper } from "../../functions/market/context/kept";

/** A read that counts how often it ran and answers with that count. */
function counting() {
  let runs = 0;
  return { load: () => Promise.resolve(++runs), runs: () => runs };
}

test("a read is shared under its key for the time it is kept, then read again", async () => {
  const kept = keeper<number>(10_000);
  const read = counting();
  expect(await kept.read("en-US|HK", 1_000, read.load)).toBe(1);
  expect(await kept.read("en-US|HK", 10_999, read.load)).toBe(1);
  expect(await kept.read("en-US|HK", 11_000, read.load)).toBe(2);
  expect(read.runs()).toBe(2);
});

test("each key has a read of its own", async () => {
  const kept = keeper<number>(10_000);
  const read = counting();
  expect(await kept.read("en-US|HKD", 0, read.load)).toBe(1);
  expect(await kept.read("zh-HK|HKD", 0, read.load)).toBe(2);
  expect(await kept.read("en-US|USD", 0, read.load)).toBe(3);
  expect(await kept.read("en-US|HKD", 0, read.load)).toBe(1);
});

test("a clock that moved back does not take a read from the future", async () => {
  const kept = keeper<number>(10_000);
  const read = counting();
  await kept.read("k", 50_000, read.load);
  expect(await kept.read("k", 40_000, read.load)).toBe(2);
});

test("a failed read is not kept", async () => {
  const kept = keeper<number>(10_000);
  await expect(kept.read("k", 0, () => Promise.reject(new Error("D1 is away")))).rejects.toThrow("D1 is away");
  expect(await kept.read("k", 1, () => Promise.resolve(7))).toBe(7);
});

test("forgetting the kept reads empties every keeper", async () => {
  const plans = keeper<number>(10_000);
  const floors = keeper<number>(10_000);
  await plans.read("k", 0, () => Promise.resolve(1));
  await floors.read("k", 0, () => Promise.resolve(1));
  forgetKeptReads();
  expect(await plans.read("k", 1, () => Promise.resolve(2))).toBe(2);
  expect(await floors.read("k", 1, () => Promise.resolve(2))).toBe(2);
});

test("thirty requests arriving together for one key share one read, and a repeat after it is kept gets the same answer", async () => {
  const kept = keeper<number>(10_000);
  const read = counting();
  const answers = await Promise.all(Array.from({ length: 30 }, (_, at) => kept.read("en-US|HKD", at, read.load)));
  expect(new Set(answers)).toEqual(new Set([1]));
  expect(await kept.read("en-US|HKD", 31, read.load)).toBe(1);
  expect(read.runs()).toBe(1);
});

test("a write that forgets the kept reads while one is on its way leaves the next request to read again", async () => {
  const kept = keeper<number>(10_000);
  const read = counting();
  const before = kept.read("k", 0, read.load);
  forgetKeptReads();
  expect(await kept.read("k", 1, read.load)).toBe(2);
  expect(await before).toBe(1);
});
