/**
 * Calendar days and wall-clock times in a venue's time zone, turned into UTC epoch milliseconds.
 * Sessions are planned as "the coming Saturday at 20:00 in Tokyo", never as fixed instants, so a
 * catalog seeded on any day has upcoming shows at sensible local hours.
 */

/** A calendar day (month 1-12); weekday 0 is Sunday. */
export type LocalDay = { year: number; month: number; day: number; weekday: number };

export const DAY_MS = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, format);
  }
  return format;
}

function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const c = wallClock(instant, timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

function dayOf(year: number, month: number, day: number): LocalDay {
  const d = new Date(Date.UTC(year, month - 1, day));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

/** The calendar day an instant falls on in a time zone. */
export function localDay(instant: number, timeZone: string): LocalDay {
  const c = wallClock(instant, timeZone);
  return dayOf(c.year, c.month, c.day);
}

export function addDays(day: LocalDay, days: number): LocalDay {
  return dayOf(day.year, day.month, day.day + days);
}

export function isWeekend(day: LocalDay): boolean {
  return day.weekday === 0 || day.weekday === 6;
}

/** Days from `day` to the next given weekday, 1 to 7 (never 0: today is not "coming"). */
export function daysUntil(day: LocalDay, weekday: number): number {
  return ((weekday - day.weekday + 6) % 7) + 1;
}

/** The UTC instant of a wall-clock time ("19:30") on a day in a time zone, DST included. */
export function wallTimeToUtc(day: LocalDay, time: string, timeZone: string): number {
  const [hour, minute] = time.split(":").map(Number);
  const guess = Date.UTC(day.year, day.month - 1, day.day, hour, minute);
  const first = guess - offsetMinutes(guess, timeZone) * 60_000;
  const second = guess - offsetMinutes(first, timeZone) * 60_000;
  return second;
}
