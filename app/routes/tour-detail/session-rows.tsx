/**
 * A tour's dates as tour detail lists them: each upcoming session with what a buyer can do about
 * it (buy, wait for the sale, or nothing), each past one with how it ended, and the lowest
 * 'from' price over them for the hero.
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Price } from "~/components/price";
import { sessionTimesOf, type SessionTimes } from "~/i18n/session-time";
import type { TourDetail, TourSession } from "@market/catalog/tour-detail";
import type { Language } from "@market/context/viewer";
import styles from "./styles.module.css";

/** The lowest 'from' price over the tour's dates. */
export function lowestOf(tour: TourDetail) {
  let best: NonNullable<TourSession["lowestPrice"]> | null = null;
  for (const group of tour.upcoming) {
    for (const session of group.sessions) {
      if (session.lowestPrice && (!best || session.lowestPrice.allIn.amount < best.allIn.amount)) best = session.lowestPrice;
    }
  }
  return best;
}

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === "zh-HK" ? "zh-HK" : "en-US";
}

export function SessionRow({ session }: { session: TourSession & { written?: SessionTimes } }) {
  const { t } = useTranslation("tour");
  const { when, saleOpens } = sessionTimesOf(session, useLanguage());
  return (
    <div className={styles.session} data-status={session.status}>
      <time className={styles.dateBlock} dateTime={when.iso}>
        <span className={styles.month}>{when.month}</span>
        <span className={styles.day}>{when.day}</span>
      </time>
      <div className={styles.sessionText}>
        <span className={styles.sessionWhen}>
          {when.weekday} · {when.time}
        </span>
        <span className={styles.sessionVenue}>{session.venue.name}</span>
      </div>
      <div className={styles.sessionAction}>
        {session.status === "ONSALE" && session.lowestPrice ? (
          <>
            <Price amount={session.lowestPrice.allIn} from size="sm" />
            <Link
              to={`/pick-seat?sessionId=${session.sessionId}`}
              className={styles.buy}
              aria-label={t("session.buyLabel", { date: when.date, venue: session.venue.name })}
            >
              {t("session.buy")}
            </Link>
          </>
        ) : session.status === "ONSALE" ? (
          <span className={styles.badge}>{t("session.noTickets")}</span>
        ) : session.status === "PENDING" ? (
          <span className={styles.badge} data-tone="soon">
            {t("session.onSaleOn", { date: saleOpens })}
          </span>
        ) : session.status === "CANCEL" ? (
          <span className={styles.badge} data-tone="cancelled">
            {t("session.cancelled")}
          </span>
        ) : (
          <span className={styles.badge}>{t("session.salesClosed")}</span>
        )}
      </div>
    </div>
  );
}

export function PastRow({ session }: { session: TourSession & { written?: SessionTimes } }) {
  const { t } = useTranslation("tour");
  const { when } = sessionTimesOf(session, useLanguage());
  return (
    <div className={styles.pastRow}>
      <time dateTime={when.iso}>{when.date}</time>
      <span className={styles.pastWhere}>
        {session.venue.name} · {session.city.name}
      </span>
      <span className={styles.pastStatus}>{session.status === "CANCEL" ? t("session.cancelled") : t("session.ended")}</span>
    </div>
  );
}
