/**
 * The show list's date filter ranges (SPEC §9), computed on the viewer's calendar in the
 * viewer's time zone. Every range is half-open [from, to) in epoch ms, runs from a start of day
 * to a start of day (so DST changes make a day 23 or 25 hours, never shift a boundary), and
 * never starts before the start of today:
 *
 * - 7d, 30d, 60d: today and the following 6, 29 or 59 days.
 * - week: the rest of the ISO week (Monday to Sunday), up to next Monday 00:00.
 * - weekend: Saturday 00:00 to Monday 00:00 of this ISO week; on Saturday and Sunday that is the
 *   weekend under way, from the start of today.
 * - month: up to the first of next month 00:00.
 * - a custom range: the start of its first day to the end of its last day, both included.
 */
import { addDays, comparePlainDates, isoWeekday, parsePlainDate } from "./plain-date";
import { zonedDate, zonedStartOfDate } from "./zoned-time";

export const DATE_PRESETS = ["7d", "30d", "60d", "weekend", "week", "month"] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** Half-open [from, to) in epoch ms. */
export interface DateRange {
  from: number;
  to: number;
}

const DAY_COUNTS = { "7d": 7, "30d": 30, "60d": 60 } as const;

/** True when the value is one of DATE_PRESETS. */
export function isDatePreset(value: unknown): value is DatePreset {
  return typeof value === "string" && (DATE_PRESETS as readonly string[]).includes(value);
}

/**
 * The range a preset covers for a viewer at `now` in `timeZone` (see the folder rules). Throws
 * RangeError for an unknown time zone.
 */
export function datePresetRange(preset: DatePreset, now: number, timeZone: string): DateRange {
  const today = zonedDate(now, timeZone);
  const startOfToday = zonedStartOfDate(today, timeZone);
  const weekday = isoWeekday(today);
  const startOf = (days: number) => zonedStartOfDate(addDays(today, days), timeZone);
  switch (preset) {
    case "7d":
    case "30d":
    case "60d":
      return { from: startOfToday, to: startOf(DAY_COUNTS[preset]) };
    case "week":
      return { from: startOfToday, to: startOf(8 - weekday) };
    case "weekend":
      return { from: Math.max(startOf(6 - weekday), startOfToday), to: startOf(8 - weekday) };
    case "month": {
      const firstOfNextMonth = addDays({ year: today.year, month: today.month + 1, day: 1 }, 0);
      return { from: startOfToday, to: zonedStartOfDate(firstOfNextMonth, timeZone) };
    }
  }
}

/**
 * The range from the start of `fromDate` to the end of `toDate` ('YYYY-MM-DD', both days
 * included) in `timeZone`. Throws RangeError with the message key 'dateFilter.invalidDate' for a
 * date that is malformed or not a real day, and 'dateFilter.rangeOrder' when `toDate` is before
 * `fromDate`.
 */
export function customRange(fromDate: string, toDate: string, timeZone: string): DateRange {
  const first = parsePlainDate(fromDate);
  const last = parsePlainDate(toDate);
  if (!first || !last) throw new RangeError("dateFilter.invalidDate");
  if (comparePlainDates(first, last) > 0) throw new RangeError("dateFilter.rangeOrder");
  return { from: zonedStartOfDate(first, timeZone), to: zonedStartOfDate(addDays(last, 1), timeZone) };
}
