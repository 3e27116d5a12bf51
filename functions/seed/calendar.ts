/**
 * The seed's calendar words, over the domain's zoned time (market/calendar): sessions are planned
 * as "the coming Saturday at 20:00 in Tokyo", never as fixed instants, so a catalog seeded on any
 * day has upcoming shows at sensible local hours. Weekdays are ISO, as the domain's: 1 Monday …
 * 7 Sunday.
 */
import { isoWeekday, type PlainDate } from "../market/calendar/plain-date";
import { zonedTimeToEpoch } from "../market/calendar/zoned-time";

export const DAY_MS = 86_400_000;

export const SATURDAY = 6;
export const SUNDAY = 7;

export function isWeekend(day: PlainDate): boolean {
  return isoWeekday(day) >= SATURDAY;
}

/** Days from `day` to the next given ISO weekday, 1 to 7 (never 0: today is not "coming"). */
export function daysUntil(day: PlainDate, weekday: number): number {
  return ((weekday - isoWeekday(day) + 6) % 7) + 1;
}

/** The instant of a wall-clock time ("19:30") on a day in a time zone, DST included. */
export function wallTimeToUtc(day: PlainDate, time: string, timeZone: string): number {
  const [hour, minute] = time.split(":").map(Number);
  return zonedTimeToEpoch({ ...day, hour, minute }, timeZone);
}
