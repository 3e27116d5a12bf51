/**
 * Wall-clock time in an IANA time zone, read through Intl.DateTimeFormat (the runtime's own tz
 * database; no library). Instants are epoch milliseconds. A wall time that a DST change skips
 * (a gap) or repeats (an overlap) resolves like Temporal's 'compatible': a skipped time moves
 * forward by the gap, a repeated time takes its earlier instant. So the start of a day is always
 * its first real instant, even where midnight itself is skipped.
 */
import { isoWeekday, type PlainDate } from "./plain-date";

export interface ZonedParts extends PlainDate {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
}

export interface WallTime extends PlainDate {
  hour?: number;
  minute?: number;
  second?: number;
  millisecond?: number;
}

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** True when the runtime knows the IANA time zone ('Asia/Hong_Kong', 'UTC'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The wall-clock date and time of an instant in a time zone. Throws RangeError for an unknown
 * time zone or an instant outside the Date range.
 */
export function zonedParts(epochMs: number, timeZone: string): ZonedParts {
  const fields: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(epochMs)) fields[part.type] = part.value;
  const yearOfEra = Number(fields.year);
  const year = fields.era === "BC" ? 1 - yearOfEra : yearOfEra;
  const date = { year, month: Number(fields.month), day: Number(fields.day) };
  return {
    ...date,
    // Some engines still print midnight as 24 under h23.
    hour: Number(fields.hour) % 24,
    minute: Number(fields.minute),
    second: Number(fields.second),
    millisecond: ((epochMs % 1000) + 1000) % 1000,
    weekday: isoWeekday(date),
  };
}

/** A wall time read as if it were UTC, in epoch ms. */
function wallAsUtc(wall: WallTime): number {
  const utc = new Date(0);
  utc.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  utc.setUTCHours(wall.hour ?? 0, wall.minute ?? 0, wall.second ?? 0, wall.millisecond ?? 0);
  return utc.getTime();
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (Hong Kong: +8 h). */
export function zonedOffsetMs(epochMs: number, timeZone: string): number {
  return wallAsUtc(zonedParts(epochMs, timeZone)) - epochMs;
}

/**
 * The instant a wall time names in a time zone; a skipped wall time moves forward by the gap and
 * a repeated one takes its earlier instant (see the folder rules). Throws RangeError for an
 * unknown time zone.
 */
export function zonedTimeToEpoch(wall: WallTime, timeZone: string): number {
  const local = wallAsUtc(wall);
  // Zone transitions are weeks apart, so the offsets a day either side bracket at most one.
  const before = zonedOffsetMs(local - DAY_MS, timeZone);
  const after = zonedOffsetMs(local + DAY_MS, timeZone);
  if (before === after) return local - before;
  const candidates: number[] = [];
  for (const offset of [before, after]) {
    if (zonedOffsetMs(local - offset, timeZone) === offset) candidates.push(local - offset);
  }
  // No candidate: the wall time was skipped; reading it with the earlier offset moves it forward.
  if (candidates.length === 0) return local - before;
  return Math.min(...candidates);
}

/** The first instant of the zone's calendar day that contains epochMs. */
export function zonedStartOfDay(epochMs: number, timeZone: string): number {
  const { year, month, day } = zonedParts(epochMs, timeZone);
  return zonedTimeToEpoch({ year, month, day }, timeZone);
}

/** The first instant of a calendar date in a time zone. */
export function zonedStartOfDate(date: PlainDate, timeZone: string): number {
  return zonedTimeToEpoch({ year: date.year, month: date.month, day: date.day }, timeZone);
}

/** The zone's calendar date at an instant. */
export function zonedDate(epochMs: number, timeZone: string): PlainDate {
  const { year, month, day } = zonedParts(epochMs, timeZone);
  return { year, month, day };
}

/**
 * An instant as ISO 8601 wall time in a zone with that zone's offset, to the second
 * (2026-12-01T20:00:00+08:00), as schema.org and feeds want. Throws RangeError for an unknown zone.
 */
export function zonedIso(epochMs: number, timeZone: string): string {
  const p = zonedParts(epochMs, timeZone);
  const offsetMin = Math.round(zonedOffsetMs(epochMs, timeZone) / 60_000);
  const two = (n: number) => String(n).padStart(2, "0");
  const sign = offsetMin < 0 ? "-" : "+";
  return `${String(p.year).padStart(4, "0")}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}${sign}${two(Math.floor(Math.abs(offsetMin) / 60))}:${two(Math.abs(offsetMin) % 60)}`;
}
