/**
 * The date filter's words, which Explore's chip and loader need before its sheet
 * (date-filter.tsx) has arrived: the chip's label, a range written short, and the month the
 * calendar opens on, written by the loader.
 */
import { useTranslation } from "react-i18next";
import { addDays, comparePlainDates, parsePlainDate, type PlainDate } from "@market/calendar/plain-date";
import { dateTimeFormat } from "@market/calendar/date-format";
import type { DatePreset } from "@market/calendar/date-presets";

export interface DateFilterValue {
  preset?: DatePreset;
  /** 'YYYY-MM-DD', both days included. */
  from?: string;
  to?: string;
}

/** How far ahead the calendar goes: a year of months after the current one. */
export const MONTHS_AHEAD = 12;

/** A plain date written in a language; plain dates have no zone, so they are read as UTC. */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions) {
  return dateTimeFormat(language, { ...options, timeZone: "UTC" });
}

export function utc(date: PlainDate): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day));
}

/** The calendar's words for one month: its title, the weekdays Monday first, each day's name. */
export interface CalendarText {
  year: number;
  /** 1-12. */
  month: number;
  title: string;
  weekdays: string[];
  days: string[];
}

/**
 * A month's calendar words in a language. The loader writes the first month the calendar opens
 * on, so Explore hydrates without building a date formatter (docs/decisions.md 179); months
 * stepped to later are written in the browser.
 */
export function calendarText(year: number, month: number, language: string): CalendarText {
  const title = dateFormat(language, { year: "numeric", month: "long" });
  const weekday = dateFormat(language, { weekday: "narrow" });
  const day = dateFormat(language, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const days: string[] = [];
  for (let date: PlainDate = { year, month, day: 1 }; date.month === month; date = addDays(date, 1)) days.push(day.format(utc(date)));
  return {
    year,
    month,
    title: title.format(utc({ year, month, day: 1 })),
    // 1 January 2024 was a Monday.
    weekdays: Array.from({ length: 7 }, (_, i) => weekday.format(new Date(Date.UTC(2024, 0, 1 + i)))),
    days,
  };
}

/** The month the calendar opens on: the chosen range's start, else today's. */
export function firstCalendarMonth(value: DateFilterValue, today: string): { year: number; month: number } {
  const first = (value.from ? parsePlainDate(value.from) : undefined) ?? parsePlainDate(today)!;
  return { year: first.year, month: first.month };
}

/**
 * The chip text for a filter: a preset's name, the range, or 'Any date'. The range is written
 * by the server (`rangeText`, see formatDateRange) so the page reads the same before and after
 * hydration.
 */
export function useDateFilterLabel(value: DateFilterValue, rangeText: string | null): string {
  const { t } = useTranslation("explore");
  if (value.preset) return t(`dates.preset.${value.preset}`);
  return rangeText ?? t("dates.any");
}

/** A custom range as a short text in a language ('14 – 20 Mar'); null when it is not one. */
export function formatDateRange(value: DateFilterValue, language: string): string | null {
  const from = value.from ? parsePlainDate(value.from) : undefined;
  const to = value.to ? parsePlainDate(value.to) : undefined;
  if (!from || !to) return null;
  const format = dateFormat(language, { day: "numeric", month: "short" });
  return comparePlainDates(from, to) === 0 ? format.format(utc(from)) : format.formatRange(utc(from), utc(to));
}
