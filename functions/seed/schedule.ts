/**
 * Shows and their sessions, laid out on the calendar around the anchor: sessions start at the
 * local hours people actually go out (20:15 in Hong Kong, 18:00 at the Tokyo Dome, matinees at
 * weekends), sales close two hours before curtain, and no venue hosts two shows on one day.
 */
import type { sessions, shows, ShowStatus } from "../db/schema";
import { addDays, type PlainDate } from "../market/calendar/plain-date";
import { zonedDate } from "../market/calendar/zoned-time";
import { DAY_MS, daysUntil, isWeekend, SATURDAY, SUNDAY, wallTimeToUtc } from "./calendar";
import type { Prng } from "./prng";
import type { CategorySlug } from "./taxonomy";
import type { StopSpec, TourSpec } from "./tours";
import type { VenueRow } from "./venues";

export type ShowRow = typeof shows.$inferInsert;
export type SessionRow = typeof sessions.$inferInsert;

/** A show with what the listings need to know about it. */
export type ScheduledShow = { show: ShowRow; tour: TourSpec; venue: VenueRow; venueKey: string; sessions: SessionRow[] };

const SALE_CLOSES_BEFORE_START = 2 * 60 * 60 * 1000;

/** When concerts start, by city. */
const CONCERT_TIME: Record<string, string> = {
  HKG: "20:15", MFM: "20:00", TPE: "19:30", SIN: "20:00", BKK: "19:00", TYO: "18:00", SEL: "19:00", LON: "19:30", LAX: "20:00",
};

/** The start times of one day of a run: several on a weekend day for theatre and family shows. */
function startTimes(tour: TourSpec, venue: VenueRow, day: PlainDate, runLength: number): string[] {
  const weekend = isWeekend(day);
  const evening = CONCERT_TIME[venue.cityCode] ?? "20:00";
  switch (tour.category) {
    case "concerts":
      if (venue.kind === "club") return ["21:00"];
      if (tour.tags.includes("classical")) return ["20:00"];
      return [evening];
    case "musicals":
    case "theatre": {
      const curtain = venue.cityCode === "HKG" ? "19:45" : "19:30";
      return weekend && runLength >= 3 ? ["14:30", curtain] : [curtain];
    }
    case "sports":
      if (tour.tags.includes("outdoor")) return [weekend ? "15:00" : "19:45"];
      return ["19:30"];
    case "comedy":
      return [venue.kind === "club" ? "21:00" : "20:00"];
    case "family":
      return weekend ? ["14:00", "17:00"] : ["19:00"];
    case "festivals":
      return [tour.tags.includes("electronic") ? "18:00" : "14:00"];
  }
}

const DEFAULT_RUN: Record<CategorySlug, [number, number]> = {
  concerts: [1, 2], musicals: [3, 4], theatre: [2, 4], sports: [1, 1], comedy: [1, 2], family: [2, 4], festivals: [2, 2],
};

function firstDay(today: PlainDate, on: StopSpec["on"]): PlainDate {
  if (on === "saturday") return addDays(today, daysUntil(today, SATURDAY));
  if (on === "sunday") return addDays(today, daysUntil(today, SUNDAY));
  return addDays(today, on);
}

const dayKey = (venueKey: string, d: PlainDate) => `${venueKey}:${d.year}-${d.month}-${d.day}`;

/**
 * Every stop of every tour as a show with its sessions. Weekend stops are placed first so the
 * coming weekend always has shows; any other stop moves a day later while its venue is taken.
 */
export function demoSchedule(
  anchor: number, tours: TourSpec[], venueByKey: Map<string, VenueRow>, prng: Prng,
): ScheduledShow[] {
  const booked = new Set<string>();
  const stops = tours.flatMap((tour) => tour.stops.map((stop) => ({ tour, stop })));
  const weekendFirst = [...stops].sort((a, b) => Number(typeof a.stop.on === "number") - Number(typeof b.stop.on === "number"));
  const planned = new Map<StopSpec, { days: PlainDate[]; runLength: number }>();

  for (const { tour, stop } of weekendFirst) {
    const venue = venueByKey.get(stop.venue);
    if (!venue) throw new Error(`unknown venue ${stop.venue}`);
    const today = zonedDate(anchor, venue.timeZone);
    const [min, max] = DEFAULT_RUN[tour.category];
    const runLength = stop.sessions ?? prng.int(min, max);
    let start = firstDay(today, stop.on);
    const daysNeeded = (from: PlainDate) => {
      const days: PlainDate[] = [];
      let count = 0;
      for (let d = from; count < runLength; d = addDays(d, 1)) {
        days.push(d);
        count += Math.min(startTimes(tour, venue, d, runLength).length, runLength - count);
      }
      return days;
    };
    let days = daysNeeded(start);
    if (typeof stop.on !== "number" && days.some((d) => booked.has(dayKey(stop.venue, d)))) {
      throw new Error(`${tour.slug}: two weekend shows at ${stop.venue}`);
    }
    while (days.some((d) => booked.has(dayKey(stop.venue, d)))) {
      start = addDays(start, 1);
      days = daysNeeded(start);
    }
    for (const d of days) booked.add(dayKey(stop.venue, d));
    planned.set(stop, { days, runLength });
  }

  const scheduled: ScheduledShow[] = [];
  let sessionId = 0;
  for (const { tour, stop } of stops) {
    const venue = venueByKey.get(stop.venue)!;
    const { days, runLength } = planned.get(stop)!;
    const showId = scheduled.length + 1;
    const starts: number[] = [];
    for (const d of days) {
      for (const time of startTimes(tour, venue, d, runLength)) {
        if (starts.length < runLength) starts.push(wallTimeToUtc(d, time, venue.timeZone));
      }
    }
    const sessionRows: SessionRow[] = starts.map((startsAt) => ({
      id: ++sessionId,
      showId,
      startsAt,
      saleEndsAt: startsAt - SALE_CLOSES_BEFORE_START,
    }));

    const past = starts[starts.length - 1] < anchor;
    const status: ShowStatus = stop.status ?? (past ? "CLOSE" : "ONSALE");
    const today = zonedDate(anchor, venue.timeZone);
    // Sales open at 10:00 local: weeks before an on-sale show, days ahead for a pending one.
    const saleStartsAt =
      status === "PENDING"
        ? wallTimeToUtc(addDays(today, prng.int(3, 30)), "10:00", venue.timeZone)
        : past
          ? wallTimeToUtc(zonedDate(starts[0] - prng.int(45, 120) * DAY_MS, venue.timeZone), "10:00", venue.timeZone)
          : wallTimeToUtc(addDays(today, -prng.int(14, 75)), "10:00", venue.timeZone);

    scheduled.push({
      show: { id: showId, tourId: tours.indexOf(tour) + 1, venueId: venue.id!, cityCode: venue.cityCode, status, saleStartsAt },
      tour,
      venue,
      venueKey: stop.venue,
      sessions: sessionRows,
    });
  }
  return scheduled;
}
