import { expect, test } from "vitest";
import {
  isTimeZone,
  zonedDate,
  zonedOffsetMs,
  zonedParts,
  zonedStartOfDay,
  zonedTimeToEpoch,
} from "../../functions/market/calendar/zoned-time";

const HONG_KONG = "Asia/Hong_Kong";
const LOS_ANGELES = "America/Los_Angeles";
const LONDON = "Europe/London";
const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

test("the same instant is Tuesday morning in Hong Kong and Monday evening in Los Angeles", () => {
  const instant = at("2025-03-04T02:00:00Z");
  expect(zonedParts(instant, HONG_KONG)).toMatchObject({ year: 2025, month: 3, day: 4, hour: 10, weekday: 2 });
  expect(zonedParts(instant, LOS_ANGELES)).toMatchObject({ year: 2025, month: 3, day: 3, hour: 18, weekday: 1 });
});

test("midnight reads as hour 0 and milliseconds are kept", () => {
  expect(zonedParts(at("2025-03-03T16:00:00.250Z"), HONG_KONG)).toEqual({
    year: 2025,
    month: 3,
    day: 4,
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 250,
    weekday: 2,
  });
});

test("instants before 1970 read correctly", () => {
  expect(zonedParts(-1, "UTC")).toMatchObject({ year: 1969, month: 12, day: 31, hour: 23, second: 59, millisecond: 999 });
});

test("the start of a Hong Kong day is 16:00 UTC the day before", () => {
  expect(zonedStartOfDay(at("2025-03-04T02:00:00Z"), HONG_KONG)).toBe(at("2025-03-03T16:00:00Z"));
  expect(zonedStartOfDay(at("2025-03-03T16:00:00Z"), HONG_KONG)).toBe(at("2025-03-03T16:00:00Z"));
  expect(zonedStartOfDay(at("2025-03-03T15:59:59.999Z"), HONG_KONG)).toBe(at("2025-03-02T16:00:00Z"));
});

test("the same instant starts a different day in Hong Kong and Los Angeles", () => {
  const instant = at("2025-03-04T02:00:00Z");
  expect(zonedDate(instant, HONG_KONG)).toEqual({ year: 2025, month: 3, day: 4 });
  expect(zonedStartOfDay(instant, LOS_ANGELES)).toBe(at("2025-03-03T08:00:00Z"));
});

test("the day Los Angeles springs forward is 23 hours long", () => {
  const start = zonedStartOfDay(at("2025-03-09T20:00:00Z"), LOS_ANGELES);
  const next = zonedStartOfDay(at("2025-03-10T20:00:00Z"), LOS_ANGELES);
  expect(start).toBe(at("2025-03-09T08:00:00Z"));
  expect(next - start).toBe(23 * HOUR);
});

test("the day London falls back is 25 hours long", () => {
  const start = zonedStartOfDay(at("2025-10-26T12:00:00Z"), LONDON);
  const next = zonedStartOfDay(at("2025-10-27T12:00:00Z"), LONDON);
  expect(start).toBe(at("2025-10-25T23:00:00Z"));
  expect(next - start).toBe(25 * HOUR);
});

test("a wall time skipped by the clocks going forward moves forward by the gap", () => {
  expect(zonedTimeToEpoch({ year: 2025, month: 3, day: 30, hour: 1, minute: 30 }, LONDON)).toBe(
    at("2025-03-30T01:30:00Z"),
  );
  expect(zonedTimeToEpoch({ year: 2025, month: 3, day: 9, hour: 2, minute: 30 }, LOS_ANGELES)).toBe(
    at("2025-03-09T10:30:00Z"),
  );
});

test("a wall time repeated by the clocks going back takes its earlier instant", () => {
  expect(zonedTimeToEpoch({ year: 2025, month: 10, day: 26, hour: 1, minute: 30 }, LONDON)).toBe(
    at("2025-10-26T00:30:00Z"),
  );
  expect(zonedTimeToEpoch({ year: 2025, month: 11, day: 2, hour: 1, minute: 30 }, LOS_ANGELES)).toBe(
    at("2025-11-02T08:30:00Z"),
  );
});

test("where midnight itself is skipped the day starts at the first real instant", () => {
  // Chile moves its clocks from 24:00 to 01:00 on 8 September 2024.
  const start = zonedStartOfDay(at("2024-09-08T15:00:00Z"), "America/Santiago");
  expect(start).toBe(at("2024-09-08T04:00:00Z"));
  expect(zonedParts(start, "America/Santiago")).toMatchObject({ day: 8, hour: 1, minute: 0 });
});

test("a zone's offset follows its DST", () => {
  expect(zonedOffsetMs(at("2025-07-01T00:00:00Z"), HONG_KONG)).toBe(8 * HOUR);
  expect(zonedOffsetMs(at("2025-07-01T00:00:00Z"), LOS_ANGELES)).toBe(-7 * HOUR);
  expect(zonedOffsetMs(at("2025-01-01T00:00:00Z"), LOS_ANGELES)).toBe(-8 * HOUR);
  expect(zonedOffsetMs(at("2025-07-01T00:00:00Z"), LONDON)).toBe(HOUR);
});

test("an unknown time zone is refused", () => {
  expect(isTimeZone("Asia/Hong_Kong")).toBe(true);
  expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
  expect(() => zonedParts(0, "Mars/Olympus_Mons")).toThrow(RangeError);
});
