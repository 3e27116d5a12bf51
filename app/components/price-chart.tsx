/**
 * The lowest price over time as a small step chart, drawn on the server as SVG so it shows
 * without JavaScript. The chart is decoration for sighted readers; its text alternative is the
 * sentence under it (lowest now, range over the window) and the list of changes in a
 * <details>, which also works without JavaScript.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { dateTimeFormat } from "@market/calendar/date-format";
import type { PriceHistory } from "@market/demand/price-history";
import { useFormatMoney } from "~/components/price";
import styles from "./price-chart.module.css";

const WIDTH = 320;
const HEIGHT = 88;
const PAD = 6;
/** The changes listed under the chart, newest first. */
const LISTED_CHANGES = 8;

interface Segment {
  from: number;
  to: number;
  amount: number;
}

export interface PriceChange {
  at: number;
  /** Null: sold out from then. */
  amount: number | null;
  /** When, in the session's zone: 'Mar 14, 20:15'. */
  when: string;
}

/**
 * The changes listed under the chart, newest first, each written in the session's zone. Loaders
 * write them, so the page hydrates without building a date formatter (docs/decisions.md 179).
 */
export function listedChanges(history: PriceHistory, timeZone: string, language: string): PriceChange[] {
  const when = dateTimeFormat(language, { timeZone, month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  return history.points
    .slice(-LISTED_CHANGES)
    .reverse()
    .map((point) => ({ at: point.at, amount: point.amount, when: when.format(point.at) }));
}

/** Each priced step as [from, to) on the window; sold-out stretches are gaps. */
function segmentsOf(history: PriceHistory): Segment[] {
  const { points } = history;
  return points.flatMap((point, index) => {
    const end = points[index + 1]?.at ?? history.to;
    return point.amount === null ? [] : [{ from: Math.max(point.at, history.from), to: end, amount: point.amount }];
  });
}

/** The SVG path of the steps: each a flat line, joined vertically where one follows the other. */
export function stepPath(history: PriceHistory, low: number, high: number): string {
  const span = Math.max(1, history.to - history.from);
  const x = (at: number) => PAD + ((at - history.from) / span) * (WIDTH - 2 * PAD);
  const y = (amount: number) => (high === low ? HEIGHT / 2 : PAD + ((high - amount) / (high - low)) * (HEIGHT - 2 * PAD));
  let path = "";
  let last: Segment | null = null;
  for (const segment of segmentsOf(history)) {
    const joined = last !== null && last.to === segment.from;
    path += `${joined ? "V" : " M" + x(segment.from).toFixed(1)}${joined ? "" : " "}${y(segment.amount).toFixed(1)} H${x(segment.to).toFixed(1)}`;
    last = segment;
  }
  return path.trim();
}

export function PriceChart({ history, timeZone, changes }: { history: PriceHistory; timeZone: string; changes?: PriceChange[] | null }) {
  const { t, i18n } = useTranslation("demand");
  const format = useFormatMoney();
  const summaryId = useId();
  const money = (amount: number) => format({ amount, currency: history.currency });
  const amounts = history.points.map((point) => point.amount).filter((amount): amount is number => amount !== null);

  if (amounts.length === 0) {
    return (
      <figure className={styles.chart}>
        <figcaption className={styles.title}>{t("chart.title")}</figcaption>
        <p className={styles.summary}>{t("chart.empty")}</p>
      </figure>
    );
  }
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  const now = history.points[history.points.length - 1].amount;
  const summary = now === null ? t("chart.summarySoldOut", { low: money(low), high: money(high) }) : t("chart.summary", { now: money(now), low: money(low), high: money(high) });
  return (
    <figure className={styles.chart} data-testid="price-chart">
      <figcaption className={styles.title}>{t("chart.title")}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={styles.svg} role="img" aria-labelledby={summaryId} preserveAspectRatio="none">
        <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className={styles.axis} />
        <path d={stepPath(history, low, high)} className={styles.line} />
      </svg>
      <div className={styles.ends} aria-hidden="true">
        <span>{t("chart.start")}</span>
        <span>{t("chart.end")}</span>
      </div>
      <p id={summaryId} className={styles.summary}>
        {summary}
      </p>
      <details className={styles.changes}>
        <summary>{t("chart.changes")}</summary>
        <ol>
          {(changes ?? listedChanges(history, timeZone, i18n.language)).map((change) => (
            <li key={change.at}>
              <time dateTime={new Date(change.at).toISOString()}>{change.when}</time>
              <span>{change.amount === null ? t("chart.soldOut") : money(change.amount)}</span>
            </li>
          ))}
        </ol>
      </details>
    </figure>
  );
}

export default PriceChart;
