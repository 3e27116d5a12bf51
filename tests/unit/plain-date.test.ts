import { expect, test } from "vitest";
import {
  addDays,
  comparePlainDates,
  daysBetween,
  formatPlainDate,
  isoWeekday,
  parsePlainDate,
} from "../../functions/market/calendar/plain-date";

test("a YYYY-MM-DD day is read into its year, month and day", () => {
  expect(parsePlainDate("2025-03-09")).toEqual({ year: 2025, month: 3, day: 9 });
});

test("29 February exists only in leap years", () => {
  expect(parsePlainDate("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
  expect(parsePlainDate("2025-02-29")).toBeUndefined();
  expect(parsePlainDate("2100-02-29")).toBeUndefined();
  expect(parsePlainDate("2000-02-29")).toBeDefined();
});

test("malformed and impossible days are refused", () => {
  for (const text of ["2025-3-9", "2025-13-01", "2025-04-31", "2025-00-10", "20250309", " 2025-03-09", ""]) {
    expect(parsePlainDate(text)).toBeUndefined();
  }
});

test("adding days crosses month and year ends", () => {
  expect(addDays({ year: 2025, month: 12, day: 31 }, 1)).toEqual({ year: 2026, month: 1, day: 1 });
  expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
  expect(addDays({ year: 2025, month: 3, day: 1 }, -1)).toEqual({ year: 2025, month: 2, day: 28 });
});

test("weekdays count from Monday 1 to Sunday 7", () => {
  expect(isoWeekday({ year: 2025, month: 3, day: 10 })).toBe(1);
  expect(isoWeekday({ year: 2025, month: 3, day: 9 })).toBe(7);
});

test("days compare and count in calendar order", () => {
  expect(comparePlainDates({ year: 2025, month: 3, day: 9 }, { year: 2025, month: 3, day: 10 })).toBeLessThan(0);
  expect(comparePlainDates({ year: 2026, month: 1, day: 1 }, { year: 2025, month: 12, day: 31 })).toBeGreaterThan(0);
  expect(daysBetween({ year: 2028, month: 2, day: 1 }, { year: 2028, month: 3, day: 1 })).toBe(29);
});

test("a day is written back as YYYY-MM-DD", () => {
  expect(formatPlainDate({ year: 2025, month: 3, day: 9 })).toBe("2025-03-09");
});
