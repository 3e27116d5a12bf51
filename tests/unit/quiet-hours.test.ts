import { expect, test } from "vitest";
import { clockOf, minutesOf, quietUntil } from "../../functions/market/notifications/quiet-hours";

const NIGHT = { from: minutesOf("22:00"), until: minutesOf("07:30"), timeZone: "Asia/Hong_Kong" };

test("a night's quiet hours cross midnight on the device's own clock, and end at their minute", () => {
  // 23:00:42 in Hong Kong (UTC+8): quiet until 07:30 the next morning.
  expect(quietUntil(Date.parse("2026-11-18T15:00:42Z"), NIGHT)).toBe(Date.parse("2026-11-18T23:30:00Z"));
  // 06:00 the next morning: still quiet, the same end.
  expect(quietUntil(Date.parse("2026-11-18T22:00:00Z"), NIGHT)).toBe(Date.parse("2026-11-18T23:30:00Z"));
  // 07:30 and noon: not quiet.
  expect(quietUntil(Date.parse("2026-11-18T23:30:00Z"), NIGHT)).toBeNull();
  expect(quietUntil(Date.parse("2026-11-19T04:00:00Z"), NIGHT)).toBeNull();
  // 22:00 exactly begins them.
  expect(quietUntil(Date.parse("2026-11-18T14:00:00Z"), NIGHT)).toBe(Date.parse("2026-11-18T23:30:00Z"));
});

test("the same instant is quiet in one time zone and not in another", () => {
  const at = Date.parse("2026-11-18T15:00:00Z");
  expect(quietUntil(at, { ...NIGHT, timeZone: "Europe/London" })).toBeNull();
  expect(quietUntil(at, { ...NIGHT, timeZone: "Asia/Tokyo" })).toBe(Date.parse("2026-11-18T22:30:00Z"));
});

test("a span inside one day, no span, and equal ends", () => {
  const lunch = { from: minutesOf("12:00"), until: minutesOf("13:00"), timeZone: "Asia/Hong_Kong" };
  expect(quietUntil(Date.parse("2026-11-18T04:15:00Z"), lunch)).toBe(Date.parse("2026-11-18T05:00:00Z"));
  expect(quietUntil(Date.parse("2026-11-18T05:00:00Z"), lunch)).toBeNull();
  expect(quietUntil(Date.parse("2026-11-18T15:00:00Z"), null)).toBeNull();
  expect(quietUntil(Date.parse("2026-11-18T15:00:00Z"), { from: 600, until: 600, timeZone: "Asia/Hong_Kong" })).toBeNull();
});

test("times of day are written and read as HH:MM", () => {
  expect([minutesOf("00:00"), minutesOf("07:30"), minutesOf("23:59")]).toEqual([0, 450, 1439]);
  expect([clockOf(0), clockOf(450), clockOf(1439)]).toEqual(["00:00", "07:30", "23:59"]);
});
