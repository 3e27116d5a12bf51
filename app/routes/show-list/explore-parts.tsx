/**
 * Explore's parts (/show-list): one dated session per row (app/components/show-row.tsx), opening that session's pick-seat
 * when it is on sale (the tour page otherwise), the empty state and the place options.
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ShowRow } from "~/components/show-row";
import { tourHref } from "~/components/tour-href";
import { sessionTimesOf, type SessionTimes } from "~/i18n/session-time";
import type { ShowListItem } from "@market/catalog/show-list";
import type { Language } from "@market/context/viewer";
import styles from "./styles.module.css";

export const PATH = "/show-list";

/** The address of Explore with these query values; empty ones are left out. */
export function exploreHref(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
}

/** A session's own address: its seats when it is on sale, else its tour (which says why not). */
export function sessionHref(item: Pick<ShowListItem, "sessionId" | "tourId" | "status">): string {
  return item.status === "ONSALE" ? `/pick-seat?sessionId=${item.sessionId}` : tourHref(item.tourId);
}

/** One session; its city is said only when the list spans more than one. */
export function SessionRow({ item, eager, showCity }: { item: ShowListItem & { written?: SessionTimes }; eager: boolean; showCity: boolean }) {
  const { i18n } = useTranslation("explore");
  const language = (i18n.language === "zh-HK" ? "zh-HK" : "en-US") as Language;
  const { when, saleOpens } = sessionTimesOf(item, language);
  return (
    <ShowRow
      href={sessionHref(item)}
      posterUrl={item.posterUrl}
      eager={eager}
      when={{ iso: when.iso, day: when.dayLabel, time: when.time }}
      title={item.title}
      where={showCity ? `${item.venue.name} · ${item.city.name}` : item.venue.name}
      status={item.status}
      lowestPrice={item.lowestPrice}
      saleOpens={saleOpens}
    />
  );
}

interface EmptyStateProps {
  datesChosen: boolean;
  everywhere: boolean;
  query: { categoryId?: number; cityCode?: string; preset?: string; from?: string; to?: string };
}

/** Nothing matches: say so, and offer the ways to widen the search that would find something. */
export function EmptyState({ datesChosen, everywhere, query }: EmptyStateProps) {
  const { t } = useTranslation("explore");
  const dates = { preset: undefined, from: undefined, to: undefined };
  return (
    <div className={styles.empty}>
      <svg className={styles.emptyArt} viewBox="0 0 120 120" aria-hidden="true">
        <circle cx="60" cy="60" r="56" fill="var(--color-brand-soft)" />
        <rect x="30" y="36" width="60" height="52" rx="10" fill="#fff" stroke="var(--color-brand)" strokeWidth="3" />
        <path d="M30 52h60" stroke="var(--color-brand)" strokeWidth="3" />
        <path d="M44 30v12M76 30v12" stroke="var(--color-brand)" strokeWidth="3" strokeLinecap="round" />
        <path d="M50 64l20 14M70 64 50 78" stroke="var(--color-brand)" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2 className={styles.emptyTitle}>{datesChosen ? t("empty.datesTitle") : t("empty.title")}</h2>
      <p className={styles.emptyBody}>{datesChosen ? t("empty.datesBody") : t("empty.body")}</p>
      <div className={styles.emptyActions}>
        {datesChosen && query.preset !== "60d" ? (
          <Link to={exploreHref({ ...query, ...dates, preset: "60d" })} className={styles.primary}>
            {t("empty.widen")}
          </Link>
        ) : null}
        {datesChosen ? (
          <Link to={exploreHref({ ...query, ...dates })} className={styles.secondary}>
            {t("empty.anyDate")}
          </Link>
        ) : null}
        {!everywhere ? (
          <Link to={exploreHref({ ...query, cityCode: "ALL" })} className={datesChosen ? styles.secondary : styles.primary}>
            {t("empty.everywhere")}
          </Link>
        ) : null}
        {query.categoryId !== undefined ? (
          <Link to={exploreHref({ ...query, categoryId: undefined })} className={styles.secondary}>
            {t("empty.allCategories")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
