/**
 * Show dates as the viewer reads them, each in its venue's time zone (a show in Tokyo is on
 * Tokyo's Saturday wherever the viewer is).
 *
 * Loaders write a tour card's dates for the cards they send (`withWrittenDates`), so a page of
 * cards hydrates without building a date formatter: the first one a page builds loads the
 * browser's date data, 20-30 ms of a phone's core spent while the page is not yet answering taps,
 * to write text the server already wrote. Cards the browser adds later (load more) are written
 * in the browser.
 */
import { dateTimeFormat } from "@market/calendar/date-format";
import type { Language } from "@market/context/viewer";
import type { SessionMoment, TourSummary } from "@market/catalog/tours";

export function showDates(language: Language) {
  const format = (moment: SessionMoment, options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(language, { timeZone: moment.timeZone, ...options }).format(moment.at);
  const day = (moment: SessionMoment) => format(moment, { month: "short", day: "numeric" });
  return {
    day,
    /** 'Jul 12' or 'Jul 12 – Aug 3'. */
    range(first: SessionMoment | null, last: SessionMoment | null): string | null {
      if (!first) return null;
      const from = day(first);
      const to = last ? day(last) : from;
      return from === to ? from : `${from} – ${to}`;
    },
    /** 'Sat, Jul 12, 20:00'. */
    dayAndTime: (moment: SessionMoment) =>
      format(moment, { weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
    /** 'Sat'. */
    weekday: (moment: SessionMoment) => format(moment, { weekday: "short" }),
    /** '12'. */
    dayOfMonth: (moment: SessionMoment) => format(moment, { day: "numeric" }).replace(/\D/g, ""),
    /** 'July 2026'. */
    month: (moment: SessionMoment) => format(moment, { year: "numeric", month: "long" }),
  };
}

export type ShowDates = ReturnType<typeof showDates>;

/** What a tour card writes of its dates: when its shows are, and when a pending tour's sales open. */
export interface TourCardDates {
  /** 'Jul 12 – Aug 3'; null when no show is to come. */
  when: string | null;
  /** 'Aug 1'; null unless sales have yet to open. */
  onSaleOn: string | null;
}

type DatedTour = Pick<TourSummary, "firstSession" | "lastSession" | "status">;

export function tourCardDates(tour: DatedTour, dates: ShowDates): TourCardDates {
  const { saleStartsAt } = tour.status;
  return {
    when: dates.range(tour.firstSession, tour.lastSession),
    onSaleOn: saleStartsAt === null ? null : dates.day({ at: saleStartsAt, timeZone: tour.firstSession?.timeZone ?? "Asia/Hong_Kong" }),
  };
}

/** The tours, each with its card's dates written in `language` (for a loader). */
export function withWrittenDates<T extends DatedTour>(tours: readonly T[], language: Language): (T & { dates: TourCardDates })[] {
  const dates = showDates(language);
  return tours.map((tour) => ({ ...tour, dates: tourCardDates(tour, dates) }));
}
