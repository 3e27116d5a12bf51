/**
 * Quiet hours: a daily span on the device's own clock (22:00 to 07:00 crosses midnight) in which
 * notifications wait, except those that cannot (rules.ts BREAKS_QUIET_HOURS).
 */
import { zonedParts } from "../calendar";

export interface QuietHours {
  /** Minutes after local midnight. */
  from: number;
  until: number;
  timeZone: string;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/**
 * When the quiet hours `at` falls in end, or null when `at` is not in them (or there are none).
 * Counted in whole minutes of the device's wall clock from `at`; on a day whose clock jumps
 * (daylight saving) the end is early or late by the jump.
 */
export function quietUntil(at: number, hours: QuietHours | null): number | null {
  if (!hours || hours.from === hours.until) return null;
  const local = zonedParts(at, hours.timeZone);
  const minute = local.hour * 60 + local.minute;
  const quiet = hours.from < hours.until ? minute >= hours.from && minute < hours.until : minute >= hours.from || minute < hours.until;
  if (!quiet) return null;
  const minutesLeft = (hours.until - minute + DAY_MINUTES) % DAY_MINUTES;
  return at - (at % MINUTE_MS) + minutesLeft * MINUTE_MS;
}

/** "22:30" → 1350; the form's and the API's way of writing a time of day. */
export function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(":").map(Number);
  return hours * 60 + minutes;
}

export function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
