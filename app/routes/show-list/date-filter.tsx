/**
 * The calendar date filter (SPEC §2 showList, §9's presets) inside a sheet: preset chips that
 * apply at a tap, and a custom range. Both are GET forms to `action`, carrying the page's other
 * query values (`keep`), so the filter is an address and works without JavaScript: there the
 * range is two date inputs; with JavaScript it is a month calendar where the first tap picks
 * the start and the second the end. The server alone validates a range (functions/market/calendar's
 * dateFilterSchema; docs/decisions.md 166), and the sheet shows what it refused.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { addDays, comparePlainDates, formatPlainDate, isoWeekday, parsePlainDate, type PlainDate } from "@market/calendar/plain-date";
import { DATE_PRESETS } from "@market/calendar/date-presets";
import { useHydrated } from "~/components/hydrated";
import { actionReply } from "~/components/field/action-reply";
import { Sheet } from "~/components/sheet";
import type { SheetControl } from "~/components/sheet-trigger";
import styles from "./date-filter.module.css";
import { TitledSection } from "~/components/titled-section";
import { calendarText, dateFormat, MONTHS_AHEAD, utc, type CalendarText, type DateFilterValue } from "./date-filter-words";

interface DateFilterProps {
  sheet: SheetControl;
  value: DateFilterValue;
  /** Today in the viewer's time zone, 'YYYY-MM-DD'. */
  today: string;
  /** Where the forms go (the list's own path). */
  action: string;
  /** The page's other query values, carried through a change of dates. */
  keep: Record<string, string | number | undefined>;
  /** The server's verdict on a range it refused. */
  lastResult?: SubmissionResult<string[]> | null;
  /** The words of the month the calendar opens on, written by the loader. */
  calendar?: CalendarText;
}

export default function DateFilter({ sheet, value, today, action, keep, lastResult, calendar }: DateFilterProps) {
  const { t } = useTranslation("explore");
  const refused = Boolean(lastResult?.error && Object.keys(lastResult.error).length > 0);
  const kept = Object.entries(keep).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== "");
  const hidden = kept.map(([name, v]) => <input key={name} type="hidden" name={name} value={String(v)} />);
  const anyDate = !value.preset && !value.from;

  return (
    <Sheet sheet={sheet} title={t("dates.title")} open={refused}>
      <TitledSection id="date-filter-quick" title={t("dates.quick")} level="h3" className={styles.section} titleClassName={styles.heading}>
        <Form method="get" action={action} className={styles.presets}>
          {hidden}
          <button type="submit" className={styles.chip} aria-pressed={anyDate}>
            {t("dates.any")}
          </button>
          {DATE_PRESETS.map((preset) => (
            <button key={preset} type="submit" name="preset" value={preset} className={styles.chip} aria-pressed={value.preset === preset}>
              {t(`dates.preset.${preset}`)}
            </button>
          ))}
        </Form>
      </TitledSection>
      <RangeForm value={value} today={today} action={action} hidden={hidden} lastResult={lastResult} calendar={calendar} />
    </Sheet>
  );
}

function RangeForm({
  value,
  today,
  action,
  hidden,
  lastResult,
  calendar,
}: Pick<DateFilterProps, "value" | "today" | "action" | "lastResult" | "calendar"> & { hidden: JSX.Element[] }) {
  const { t } = useTranslation(["explore", "errors"]);
  const hydrated = useHydrated();
  const [range, setRange] = useState<{ from?: string; to?: string }>({ from: value.from, to: value.to });
  useEffect(() => setRange({ from: value.from, to: value.to }), [value.from, value.to]);

  const { form, fields } = actionReply("date-range", lastResult, ["from", "to"]);
  const error = fields.from.errors?.[0] ?? fields.to.errors?.[0] ?? form.errors?.[0];

  return (
    <TitledSection id="date-filter-range" title={t("dates.custom")} level="h3" className={styles.section} titleClassName={styles.heading}>
      <Form method="get" action={action} id={form.id} noValidate className={styles.rangeForm}>
        {hidden}
        {hydrated ? (
          <>
            <input type="hidden" name={fields.from.name} value={range.from ?? ""} />
            <input type="hidden" name={fields.to.name} value={range.to ?? range.from ?? ""} />
            <RangeCalendar today={today} from={range.from} to={range.to} onChange={setRange} written={calendar} />
            <p className={styles.summary} aria-live="polite">
              <RangeSummary from={range.from} to={range.to} />
            </p>
          </>
        ) : (
          <div className={styles.inputs}>
            <label className={styles.field}>
              <span>{t("dates.from")}</span>
              <input type="date" name={fields.from.name} min={today} defaultValue={textOf(fields.from.initialValue) ?? value.from} />
            </label>
            <label className={styles.field}>
              <span>{t("dates.to")}</span>
              <input type="date" name={fields.to.name} min={today} defaultValue={textOf(fields.to.initialValue) ?? value.to} />
            </label>
          </div>
        )}
        {error ? (
          <p className={styles.error} role="alert" id={form.errorId}>
            {t(error, { ns: "errors" })}
          </p>
        ) : null}
        <button type="submit" className={styles.apply} disabled={hydrated && !range.from}>
          {t("dates.apply")}
        </button>
      </Form>
    </TitledSection>
  );
}

/** A field's initial value when it is text (a refused range comes back to be corrected). */
function textOf(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function RangeSummary({ from, to }: { from?: string; to?: string }) {
  const { t, i18n } = useTranslation("explore");
  const first = from ? parsePlainDate(from) : undefined;
  const last = to ? parsePlainDate(to) : undefined;
  if (!first) return <>{t("dates.pickStart")}</>;
  const format = dateFormat(i18n.language, { weekday: "short", day: "numeric", month: "short" });
  if (!last) return <>{t("dates.pickEnd", { date: format.format(utc(first)) })}</>;
  return <>{comparePlainDates(first, last) === 0 ? format.format(utc(first)) : format.formatRange(utc(first), utc(last))}</>;
}

interface RangeCalendarProps {
  today: string;
  from?: string;
  to?: string;
  onChange: (range: { from?: string; to?: string }) => void;
  written?: CalendarText;
}

/** A month of days, Monday first (the presets' ISO weeks); past days cannot be picked. */
function RangeCalendar({ today, from, to, onChange, written }: RangeCalendarProps) {
  const { t, i18n } = useTranslation("explore");
  const todayDate = parsePlainDate(today)!;
  const start = from ? parsePlainDate(from) : undefined;
  const end = to ? parsePlainDate(to) : undefined;
  const firstShown = start ?? todayDate;
  const [month, setMonth] = useState({ year: firstShown.year, month: firstShown.month });
  const monthIndex = (m: { year: number; month: number }) => m.year * 12 + m.month - 1;
  const offset = monthIndex(month) - monthIndex(todayDate);

  // The loader wrote the month the calendar opens on; another month is written here once per step, not per render.
  const text = useMemo(
    () => (written && written.year === month.year && written.month === month.month ? written : calendarText(month.year, month.month, i18n.language)),
    [written, month.year, month.month, i18n.language],
  );
  const first: PlainDate = { year: month.year, month: month.month, day: 1 };
  const lead = isoWeekday(first) - 1;
  const days: PlainDate[] = [];
  for (let date = first; date.month === month.month; date = addDays(date, 1)) days.push(date);

  const move = (delta: number) => {
    const next = addDays({ year: month.year, month: month.month + delta, day: 1 }, 0);
    setMonth({ year: next.year, month: next.month });
  };
  const pick = (date: PlainDate) => {
    const text = formatPlainDate(date);
    if (!start || end || comparePlainDates(date, start) < 0) onChange({ from: text, to: undefined });
    else onChange({ from: from, to: text });
  };

  return (
    <div className={styles.calendar}>
      <div className={styles.monthBar}>
        <button type="button" className={styles.step} onClick={() => move(-1)} disabled={offset <= 0} aria-label={t("dates.previousMonth")}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        <h4 className={styles.monthTitle} aria-live="polite">
          {text.title}
        </h4>
        <button type="button" className={styles.step} onClick={() => move(1)} disabled={offset >= MONTHS_AHEAD} aria-label={t("dates.nextMonth")}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M9 5l7 7-7 7" />
          </svg>
        </button>
      </div>
      <div className={styles.grid}>
        <div className={styles.week} aria-hidden="true">
          {text.weekdays.map((name, i) => (
            <span key={i} className={styles.weekday}>
              {name}
            </span>
          ))}
        </div>
        <div className={styles.days}>
          {Array.from({ length: lead }, (_, i) => (
            <span key={`lead-${i}`} aria-hidden="true" />
          ))}
          {days.map((date) => {
            const past = comparePlainDates(date, todayDate) < 0;
            const isStart = start !== undefined && comparePlainDates(date, start) === 0;
            const isEnd = end !== undefined && comparePlainDates(date, end) === 0;
            const inside = start !== undefined && end !== undefined && comparePlainDates(date, start) > 0 && comparePlainDates(date, end) < 0;
            const state = isStart && isEnd ? "single" : isStart ? (end ? "start" : "single") : isEnd ? "end" : inside ? "inside" : undefined;
            return (
              <span key={date.day} className={styles.cell} data-state={state}>
                <button
                  type="button"
                  className={styles.day}
                  disabled={past}
                  aria-pressed={isStart || isEnd}
                  aria-label={text.days[date.day - 1]}
                  data-today={comparePlainDates(date, todayDate) === 0 || undefined}
                  onClick={() => pick(date)}
                >
                  {date.day}
                </button>
              </span>
            );
          })}
        </div>
      </div>
    </div>
  );
}
