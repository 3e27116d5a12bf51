/**
 * How a tour looks wherever discovery lists it: its poster, title, when and where, and its
 * 'from' price (or, before sales open, when they do). One card language in three layouts:
 * `grid` (two columns), `row` (a horizontal rail) and `hero` (the wide carousel slide). Every
 * card leads to the tour's page, /tourDetail?id={tourId}.
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { TourSummary } from "@market/catalog/tours";
import { showDates, tourCardDates, type ShowDates, type TourCardDates } from "~/i18n/show-dates";
import { Poster } from "./poster";
import { Price } from "./price";
import styles from "./tour-card.module.css";
import priceStyles from "./price.module.css";
import { SkeletonText } from "./skeleton";
import { tourHref } from "./tour-href";

/** Show dates in the viewer's language (app/i18n/show-dates.ts). */
export function useShowDates(): ShowDates {
  const { i18n } = useTranslation();
  return showDates(i18n.language === "zh-HK" ? "zh-HK" : "en-US");
}

/** A tour as a card shows it: its dates written by the loader, or in the browser when not (load more). */
export type CardTour = TourSummary & { dates?: TourCardDates };

function cardDates(tour: CardTour, dates: ShowDates): TourCardDates {
  return tour.dates ?? tourCardDates(tour, dates);
}

/** What a card says below the title: the 'from' price, or why there is none. */
export function TourOffer({ tour, size = "md" }: { tour: CardTour; size?: "sm" | "md" | "lg" }) {
  const { t } = useTranslation("discover");
  const dates = useShowDates();
  if (tour.lowestPrice) {
    return <Price amount={tour.lowestPrice.allIn} faceValue={tour.lowestPrice.faceValue} comparedToFace={tour.lowestPrice.comparedToFace} from size={size} />;
  }
  const { headline } = tour.status;
  const onSaleOn = headline === "PENDING" ? cardDates(tour, dates).onSaleOn : null;
  if (onSaleOn !== null) {
    return (
      <span className={styles.note} data-tone="soon">
        {t("status.onSaleOn", { date: onSaleOn })}
      </span>
    );
  }
  if (headline === "CANCEL") return <span className={styles.note}>{t("status.cancelled")}</span>;
  if (headline === "CLOSE" || headline === "DISABLED") return <span className={styles.note}>{t("status.ended")}</span>;
  return <span className={styles.note}>{t("status.noTickets")}</span>;
}

function whereAndWhen(tour: CardTour, dates: ShowDates, more: (first: string, count: number) => string): string {
  const { when } = cardDates(tour, dates);
  const [first, ...others] = tour.cities;
  const where = first ? (others.length > 0 ? more(first.name, others.length) : first.name) : null;
  return [when, where].filter(Boolean).join(" · ");
}

interface TourCardProps {
  tour: CardTour;
  layout?: "grid" | "row" | "hero";
  /** Load the poster at once: the card is on the first screen. */
  eager?: boolean;
  /** Name the tour's category above its title (not in a row that is itself a category). */
  showCategory?: boolean;
}

export function TourCard({ tour, layout = "grid", eager = false, showCategory = true }: TourCardProps) {
  const { t } = useTranslation("discover");
  const dates = useShowDates();
  const meta = whereAndWhen(tour, dates, (first, count) => t("cities.more", { first, count }));

  if (layout === "hero") {
    return (
      <Link to={tourHref(tour.id)} prefetch="intent" className={styles.hero}>
        <Poster src={tour.posterUrl} alt={tour.title} shape="wide" eager={eager} />
        <span className={styles.heroCaption}>
          <span className={styles.heroText}>
            <span className={styles.kicker}>{tour.category.name}</span>
            <span className={styles.heroMeta}>{meta}</span>
          </span>
          <span className={styles.heroOffer}>
            <TourOffer tour={tour} size="md" />
          </span>
        </span>
      </Link>
    );
  }

  return (
    <Link to={tourHref(tour.id)} prefetch="intent" className={styles.card} data-layout={layout}>
      <span className={styles.posterWrap}>
        <Poster src={tour.posterUrl} alt="" eager={eager} />
      </span>
      <span className={styles.body}>
        {showCategory ? <span className={styles.kicker}>{tour.category.name}</span> : null}
        <span className={styles.title}>{tour.title}</span>
        {meta ? <span className={styles.meta}>{meta}</span> : null}
        <span className={styles.offer}>
          <TourOffer tour={tour} size="sm" />
        </span>
      </span>
    </Link>
  );
}

/**
 * A card still on its way (a next page, a floor streaming in): the poster's frame, then the
 * card's own text lines (the category when shown, two title lines, the dates, a price with its
 * face value or, before sales open, the one line saying when they do) each a bar in its line
 * box, so the list is as tall as it will be.
 */
export function TourCardSkeleton({ layout = "grid", showCategory = true, priced = true }: { layout?: "grid" | "row"; showCategory?: boolean; priced?: boolean }) {
  return (
    <span className={`${styles.card} ${styles.skeleton}`} data-layout={layout} aria-hidden="true">
      <span className={styles.skeletonPoster} />
      <span className={styles.body}>
        {showCategory ? (
          <span className={styles.kicker}>
            <SkeletonText width="40%" />
          </span>
        ) : null}
        <span className={styles.title}>
          <SkeletonText width="90%" />
          <SkeletonText width="55%" />
        </span>
        <span className={styles.meta}>
          <SkeletonText width="80%" />
        </span>
        <span className={styles.offer}>
          {priced ? (
            <span className={`${priceStyles.price} ${styles.skeletonPrice}`} data-size="sm">
              <span className={priceStyles.amount}>
                <SkeletonText width="50%" />
              </span>
              <span className={priceStyles.face}>
                <SkeletonText width="60%" />
              </span>
            </span>
          ) : (
            <span className={styles.note}>
              <SkeletonText width="70%" />
            </span>
          )}
        </span>
      </span>
    </span>
  );
}

/** Cards two to a row: the grid every tour list shares. */
export function TourGrid({
  tours,
  eagerCount = 0,
  showCategory = true,
  pending = false,
}: {
  tours: CardTour[];
  eagerCount?: number;
  showCategory?: boolean;
  /** The next page is on its way: hold its first row's place. */
  pending?: boolean;
}) {
  return (
    <ul className={styles.grid} aria-busy={pending}>
      {tours.map((tour, index) => (
        <li key={tour.id} className={styles.gridItem}>
          <TourCard tour={tour} eager={index < eagerCount} showCategory={showCategory} />
        </li>
      ))}
      {pending
        ? [0, 1].map((slot) => (
            <li key={`pending-${slot}`}>
              <TourCardSkeleton />
            </li>
          ))
        : null}
    </ul>
  );
}

/** A list with nothing in it: what happened, and a way on (usually: look everywhere). */
export function EmptyTours({ title, body, action }: { title: string; body?: string; action?: { to: string; label: string } | null }) {
  return (
    <div className={styles.empty}>
      <svg viewBox="0 0 120 96" aria-hidden="true" className={styles.emptyArt}>
        <rect x="10" y="22" width="100" height="56" rx="10" fill="var(--color-brand-soft)" />
        <path d="M26 36h68v8a6 6 0 0 0 0 12v8H26v-8a6 6 0 0 0 0-12Z" fill="var(--color-brand)" />
        <path d="M50 38v24" stroke="#fff" strokeWidth="2.5" strokeDasharray="3 3" />
        <circle cx="96" cy="20" r="6" fill="var(--color-warning-soft)" />
        <circle cx="18" cy="82" r="4" fill="var(--color-line)" />
      </svg>
      <h3 className={styles.emptyTitle}>{title}</h3>
      {body ? <p className={styles.emptyBody}>{body}</p> : null}
      {action ? (
        <Link to={action.to} className={styles.emptyAction}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
