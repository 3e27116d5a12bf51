/**
 * A session's time as a page shows it: in the venue's time zone (a show at 20:00 in Tokyo is at
 * 20:00 for everyone), written in the viewer's language. Loaders write the times of the screens
 * they render (`writtenSessionTime`), so the page hydrates without building a date formatter
 * (docs/decisions.md 179); rows the browser adds later (load more) are written here in the browser.
 */
import { dateTimeFormat } from "@market/calendar/date-format";
import type { Language } from "@market/context/viewer";

export interface SessionTime {
  /** For <time dateTime>. */
  iso: string;
  /** 'Sat' */
  weekday: string;
  /** '14' */
  day: string;
  /** 'Mar' */
  month: string;
  /** 'Sat, Mar 14' (the language's own order: '3月14日 週六') */
  dayLabel: string;
  /** '8:15 PM' */
  time: string;
  /** 'Sat, 14 Mar 2026' */
  date: string;
}

function format(language: Language, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return dateTimeFormat(language, { ...options, timeZone });
}

/**
 * Each part is written when read: building a formatter costs far more than using one, and a
 * screen reads two or three of the six (a session row: its day and time), so the browser
 * builds only those while it hydrates.
 */
export function sessionTime(at: number, timeZone: string, language: Language): SessionTime {
  const part = (options: Intl.DateTimeFormatOptions) => format(language, timeZone, options).format(at);
  return {
    get iso() {
      return new Date(at).toISOString();
    },
    get weekday() {
      return part({ weekday: "short" });
    },
    // The number alone: zh-HK writes the day as '14日'.
    get day() {
      return (
        format(language, timeZone, { day: "numeric" })
          .formatToParts(at)
          .find((p) => p.type === "day")?.value ?? ""
      );
    },
    get month() {
      return part({ month: "short" });
    },
    get dayLabel() {
      return part({ weekday: "short", day: "numeric", month: "short" });
    },
    get time() {
      return part({ hour: "numeric", minute: "2-digit" });
    },
    get date() {
      return part({ weekday: "short", day: "numeric", month: "short", year: "numeric" });
    },
  };
}

/** Every part written now, as plain data a loader can send. */
export function writtenSessionTime(at: number, timeZone: string, language: Language): SessionTime {
  const { iso, weekday, day, month, dayLabel, time, date } = sessionTime(at, timeZone, language);
  return { iso, weekday, day, month, dayLabel, time, date };
}

/** A session row's times: when it starts, and when its sales open (rows say it while pending). */
export interface SessionTimes {
  when: SessionTime;
  saleOpens: string | null;
}

interface TimedSession {
  startsAt: number;
  timeZone: string;
  saleStartsAt: number | null;
  /** Written by the loader; absent on rows the browser fetched itself. */
  written?: SessionTimes;
}

/** For a loader: the session with its row's times written in `language`. */
export function withWrittenTimes<T extends TimedSession>(session: T, language: Language): T & { written: SessionTimes } {
  return {
    ...session,
    written: {
      when: writtenSessionTime(session.startsAt, session.timeZone, language),
      saleOpens: session.saleStartsAt === null ? null : shortDateTime(session.saleStartsAt, session.timeZone, language),
    },
  };
}

/** A row's times: the loader's, else written here, each part when read. */
export function sessionTimesOf(session: TimedSession, language: Language): SessionTimes {
  if (session.written) return session.written;
  const { startsAt, timeZone, saleStartsAt } = session;
  return {
    when: sessionTime(startsAt, timeZone, language),
    get saleOpens() {
      return saleStartsAt === null ? null : shortDateTime(saleStartsAt, timeZone, language);
    },
  };
}

/** A moment such as a sale opening, short: '12 Dec, 10:00 AM'. */
export function shortDateTime(at: number, timeZone: string, language: Language): string {
  return format(language, timeZone, { day: "numeric", month: "short", hour: "numeric", minute: "2-digit" }).format(at);
}
