/**
 * A show as a row of a list (Explore's sessions, search's shows): the poster, when, the title,
 * where, and what can be bought: the 'from' all-in price with its face value beside it, or why
 * there is none (not on sale yet, cancelled, past, nothing listed). One row language, so a show
 * looks the same wherever a list finds it.
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { LowestPrice } from "@market/listings/lowest-price";
import { Poster } from "./poster";
import { Price } from "./price";
import styles from "./show-row.module.css";

/** What a row's status can be: a session's or a show's, and PAST for a show whose sessions have all gone. */
export type RowStatus = "ONSALE" | "PENDING" | "CANCEL" | "PAST" | (string & {});

interface ShowOfferProps {
  status: RowStatus;
  lowestPrice: LowestPrice | null;
  /** When sales open, written for the viewer (said while PENDING). */
  saleOpens: string | null;
}

/** What a row says it offers: a status badge, or the 'from' price. */
export function ShowOffer({ status, lowestPrice, saleOpens }: ShowOfferProps) {
  const { t } = useTranslation("explore");
  if (status === "CANCEL") {
    return (
      <span className={styles.badge} data-tone="cancelled">
        {t("status.cancelled")}
      </span>
    );
  }
  if (status === "PAST") return <span className={styles.badge}>{t("status.past")}</span>;
  if (status === "PENDING" && saleOpens) {
    return (
      <span className={styles.badge} data-tone="soon">
        {t("status.onSaleOn", { date: saleOpens })}
      </span>
    );
  }
  if (lowestPrice) {
    return <Price amount={lowestPrice.allIn} faceValue={lowestPrice.faceValue} comparedToFace={lowestPrice.comparedToFace} from size="sm" />;
  }
  return <span className={styles.badge}>{t("status.noTickets")}</span>;
}

interface ShowRowProps extends ShowOfferProps {
  href: string;
  posterUrl: string;
  /** Load the poster at once: the row is on the first screen. */
  eager: boolean;
  /** For <time dateTime>, and what the row writes: a day and its time ('Sat, Mar 14' · '8:15 PM'), or days alone ('Jul 12 – Aug 3'). */
  when: { iso: string; day: string; time?: string };
  title: string;
  where: string;
}

export function ShowRow({ href, posterUrl, eager, when, title, where, ...offer }: ShowRowProps) {
  return (
    <Link to={href} prefetch="intent" className={styles.row} data-status={offer.status}>
      <span className={styles.thumb}>
        <Poster src={posterUrl} alt="" eager={eager} />
      </span>
      <span className={styles.body}>
        <time className={styles.when} dateTime={when.iso}>
          <span>{when.day}</span>
          {when.time ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{when.time}</span>
            </>
          ) : null}
        </time>
        <span className={styles.rowTitle}>{title}</span>
        <span className={styles.where}>{where}</span>
        <span className={styles.offer}>
          <ShowOffer {...offer} />
        </span>
      </span>
    </Link>
  );
}
