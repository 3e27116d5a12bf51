/**
 * Pick-seat's open session (app/routes/pick-seat/route.tsx): the quantity, the seating map, the sorted
 * and filtered list of listings (each with its deal signal and, where the market's law capped its
 * price, 'Price capped by local law') and the filter sheet. Every choice is a link or a GET form,
 * so it all works without JavaScript.
 */
import { Link, useLocation, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { DealBadge } from "./deal-badge";
import { ListingsPages } from "./pick-seat-listings";
import { Price } from "~/components/price";
import { laterPart } from "~/components/later-part";
import { useSeatsText } from "~/components/seats-text";
import { SheetTrigger, useSheet } from "~/components/sheet-trigger";
import styles from "~/styles/seat-offer.module.css";
import type { OpenPickSeat } from "./route.server";
import { LISTING_SORTS } from "@market/listings/listing-sort";
import type { OfferedListing } from "@market/listings/session-offer";

/** The seating map and the filter sheet's form come alive after the page is interactive (decision 317). */
const SeatMap = laterPart(() => import("~/components/seat-map"));
const FilterSheet = laterPart(() => import("./filter-sheet"));

/** The page's address with some choices changed (undefined or null removes one; a changed one moves to the end, in the order given). */
export function useHrefWith() {
  const location = useLocation();
  return (changes: Record<string, string | number | null | undefined>, pathname = location.pathname) => {
    const params = new URLSearchParams(location.search);
    params.delete("sheet");
    // Any other choice starts the list again from its first page.
    params.delete("page");
    for (const [key, value] of Object.entries(changes)) {
      params.delete(key);
      if (value !== null && value !== undefined && value !== "") params.append(key, String(value));
    }
    return `${pathname}?${params.toString()}`;
  };
}

/** True while this page is being asked again with other choices (its rows are about to change). */
export function isRefreshing(
  navigation: { state: string; location?: { pathname: string; search: string } | null },
  location: { pathname: string; search: string },
): boolean {
  return navigation.state !== "idle" && navigation.location?.pathname === location.pathname && navigation.location.search !== location.search;
}

function useRefreshing(): boolean {
  return isRefreshing(useNavigation(), useLocation());
}

export function OpenSession({
  offer,
  map,
  query,
  choices,
  hrefWith,
}: {
  offer: OpenPickSeat["offer"];
  map: OpenPickSeat["map"];
  query: OpenPickSeat["query"];
  choices: OpenPickSeat["choices"];
  hrefWith: ReturnType<typeof useHrefWith>;
}) {
  const { t } = useTranslation(["buy", "selling"]);
  const filters = useSheet("filter");
  const activeFilters = [query.minPrice, query.maxPrice, query.delivery, query.zone, query.together].filter((value) => value !== undefined).length;
  const selectedSection = map.sections.find((section) => section.code === query.section) ?? null;
  const refreshing = useRefreshing();

  if (offer.quantities.length === 0) {
    return (
      <section className={styles.state} role="status">
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.stateIcon}>
          <path d="M4 8h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4Z" />
          <path d="M9 8v10" />
        </svg>
        <h3>{t("pickSeat.soldOut.title")}</h3>
        <p>{t("pickSeat.soldOut.body")}</p>
        <Link to={`/tourDetail?id=${offer.session.tour.id}`} className={styles.primary}>
          {t("pickSeat.unavailable.back")}
        </Link>
      </section>
    );
  }

  return (
    <>
      <nav className={styles.block} aria-label={t("pickSeat.quantity")}>
        <h3 className={styles.blockTitle}>{t("pickSeat.quantity")}</h3>
        <ul className={styles.chips}>
          {offer.quantities.map((quantity) => (
            <li key={quantity}>
              <Link
                to={hrefWith({ quantity })}
                preventScrollReset
                replace
                className={`${styles.chip} ${styles.quantity}`}
                aria-current={quantity === offer.quantity ? "true" : undefined}
                aria-label={t("pickSeat.quantityOption", { count: quantity })}
              >
                {quantity}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className={`${styles.block} ${styles.mapBlock}`} id="map" aria-labelledby="map-title">
        <div className={styles.blockHead}>
          <h3 id="map-title" className={styles.blockTitle}>
            {t("pickSeat.map")}
          </h3>
          <Link to={hrefWith({}, "/venue-render-v2")} className={styles.textLink}>
            {t("pickSeat.fullMap")}
          </Link>
        </div>
        <SeatMap
          map={map}
          selected={query.section ?? null}
          sectionHref={(code) => hrefWith({ listing: null, zoom: 1, section: code }) + "#map"}
          zoomOutHref={hrefWith({ zoom: null, listing: null }) + "#map"}
          listingHref={(listingId) => hrefWith({ listing: listingId }) + "#map"}
          selectedListing={choices.listing}
        />
      </section>

      <section className={styles.block} id="tickets" aria-labelledby="tickets-title">
        <div className={styles.blockHead}>
          <h3 id="tickets-title" className={styles.blockTitle}>
            {t("pickSeat.listTitle")}
            <span className={styles.count}>{t("pickSeat.count", { count: offer.total })}</span>
          </h3>
          <SheetTrigger sheet={filters} className={styles.filterButton} data-active={activeFilters > 0 || undefined}>
            <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
              <path d="M4 6h16M7 12h10M10 18h4" />
            </svg>
            {activeFilters > 0 ? t("pickSeat.filterCount", { count: activeFilters }) : t("pickSeat.filter")}
          </SheetTrigger>
        </div>

        <ul className={styles.sorts} aria-label={t("pickSeat.sortLabel")}>
          {LISTING_SORTS.map((sort) => (
            <li key={sort}>
              <Link to={hrefWith({ sort: sort === "price_asc" ? null : sort })} preventScrollReset replace className={styles.sort} aria-current={sort === offer.sort ? "true" : undefined}>
                {t(`pickSeat.sort.${sort}`)}
              </Link>
            </li>
          ))}
        </ul>

        {selectedSection ? (
          <p className={styles.activeSection}>
            <span>{t("pickSeat.sectionFilter", { section: selectedSection.name })}</span>
            <Link to={hrefWith({ section: null, zoom: null, listing: null })} preventScrollReset replace>
              {t("pickSeat.showAllSections")}
            </Link>
          </p>
        ) : null}

        <p className={styles.note}>{t("pickSeat.allInNote")}</p>

        {offer.listings.length > 0 ? (
          <ListingsPages
            offer={offer}
            pageHref={(page) => hrefWith({ page: page > 1 ? page : null })}
            className={styles.listings}
            itemClassName={styles.listingItem}
            previousClassName={styles.textLink}
            busy={refreshing}
            renderRow={(listing) => (
              <>
                <ListingRow listing={listing} quantity={offer.quantity!} chosen={listing.listingId === choices.listing} />
                <DealBadge deal={listing.deal} currency={offer.currency} />
              </>
            )}
          />
        ) : (
          <div className={styles.empty} role="status">
            <h4>{t("pickSeat.empty.title")}</h4>
            <p>{t("pickSeat.empty.body")}</p>
            <Link to={hrefWith({ section: null, zoom: null, listing: null, minPrice: null, maxPrice: null, delivery: null, zone: null, together: null })} replace className={styles.secondary}>
              {t("pickSeat.clear")}
            </Link>
          </div>
        )}
      </section>

      <FilterSheet sheet={filters} offer={offer} query={query} choices={choices} hrefWith={hrefWith} />
    </>
  );
}

/**
 * One listing's row: its text and its link are drawn from the same listing object, and the link
 * carries the all-in price the row shows, which confirm-ticket checks against the price now.
 */
function ListingRow({ listing, quantity, chosen }: { listing: OfferedListing; quantity: number; chosen: boolean }) {
  const { t } = useTranslation(["buy", "selling"]);
  const seatsText = useSeatsText();
  const href = `/confirm-ticket?listingId=${listing.listingId}&quantity=${quantity}&price=${listing.allIn.amount}&currency=${listing.allIn.currency}`;
  return (
    <Link to={href} className={styles.listing} data-chosen={chosen || undefined} data-listing-id={listing.listingId}>
      <span className={styles.listingWhere}>
        <strong>{t("listing.section", { section: listing.section.name })}</strong>
        <span>{seatsText(listing)}</span>
        <span className={styles.tags}>
          <span className={styles.tag}>{t(`delivery.${listing.deliveryMethod}`)}</span>
          {listing.entryCodes ? (
            <span className={styles.tag} data-testid="entry-code-tag">
              {t("listing.entryCode")}
            </span>
          ) : null}
          {listing.section.obstructed ? (
            <span className={styles.tag} data-tone="warning">
              {t("listing.obstructed")}
            </span>
          ) : null}
          {listing.notice?.cappedBy ? (
            // The law is named on the listing's own page (confirm-ticket); here, the badge.
            <span className={styles.tag} data-testid="price-capped" title={t("selling:notice.cappedBy", { law: listing.notice.cappedBy })}>
              {t("selling:notice.capped")}
            </span>
          ) : null}
        </span>
        <span className={styles.provider}>{t("listing.provider", { nickname: listing.provider.nickname })}</span>
      </span>
      <span className={styles.listingPrice}>
        <Price amount={listing.allIn} faceValue={listing.faceValue} comparedToFace={listing.comparedToFace} />
        <span className={styles.perTicket}>{t("listing.perTicket")}</span>
        <span className={styles.left}>{t("listing.left", { count: listing.ticketsLeft })}</span>
      </span>
    </Link>
  );
}

