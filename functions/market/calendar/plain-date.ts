/**
 * A calendar date without a time or a zone ('2025-03-30'), the unit the date filter speaks in.
 * Arithmetic runs on the proleptic Gregorian calendar through Date.UTC, which has no DST.
 */

export interface PlainDate {
  year: number;
  /** 1–12. */
  month: number;
  /** 1–31. */
  day: number;
}

const DAY_MS = 86_400_000;

/** The date of a 'YYYY-MM-DD' string, or undefined when it is malformed or not a real day (2025-02-29). */
export function parsePlainDate(text: string): PlainDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const roundTrip = addDays(date, 0);
  return roundTrip.month === date.month && roundTrip.day === date.day ? date : undefined;
}

/** 'YYYY-MM-DD' for a date. */
export function formatPlainDate(date: PlainDate): string {
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** The date `days` calendar days after (or before, when negative) the given one. */
export function addDays(date: PlainDate, days: number): PlainDate {
  const utc = new Date(0);
  utc.setUTCFullYear(date.year, date.month - 1, date.day + days);
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: PlainDate): number {
  const utc = new Date(0);
  utc.setUTCFullYear(date.year, date.month - 1, date.day);
  return ((utc.getUTCDay() + 6) % 7) + 1;
}

/** Negative, zero or positive as a is before, the same day as, or after b. */
export function comparePlainDates(a: PlainDate, b: PlainDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: PlainDate, b: PlainDate): number {
  const at = (date: PlainDate) => {
    const utc = new Date(0);
    utc.setUTCFullYear(date.year, date.month - 1, date.day);
    return utc.getTime();
  };
  return Math.round((at(b) - at(a)) / DAY_MS);
}
