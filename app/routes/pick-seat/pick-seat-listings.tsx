/**
 * pickSeat's list of listings, 20 at a time (SPEC §9): with JavaScript the next page loads as
 * the buyer scrolls within 400px of the end (from the JSON API, with the same filters and sort
 * as the address); without it a plain link opens the next page's address, which keeps every
 * choice, and the page after the first links back. A listing kept for students wears its mark.
 */
import { Link } from "react-router";
import { useCallback, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Page } from "@market/paging/list-page";
import type { OfferedListing } from "@market/listings/session-offer";
import { LoadMore, useLoadMore } from "~/components/load-more";
import { StudentsOnlyMark } from "~/components/students-mark";
import marks from "~/components/students-mark.module.css";

interface ListingsPagesProps<T extends OfferedListing> {
  offer: { listings: T[]; total: number; page: number; pageSize: number; hasMore: boolean };
  /** This page's address with `page` set (every other choice kept). */
  pageHref: (page: number) => string;
  className: string;
  /** Each listing's <li>: a session lists up to 20 a page, most of them below the screen. */
  itemClassName: string;
  previousClassName: string;
  renderRow: (listing: T) => ReactNode;
  /**
   * New results are on their way (another quantity, filter or sort): the rows still shown are
   * the old answer's, so none can be tapped until the new ones replace them.
   */
  busy?: boolean;
}

function pageOfListings<T extends OfferedListing>(data: unknown): Page<T> {
  const offer = data as ListingsPagesProps<T>["offer"];
  return { list: offer.listings, total: offer.total, page: offer.page, pageSize: offer.pageSize, hasMore: offer.hasMore };
}

export function ListingsPages<T extends OfferedListing>({ offer, pageHref, className, itemClassName, previousClassName, renderRow, busy = false }: ListingsPagesProps<T>) {
  const { t } = useTranslation("discover");
  const first = useMemo(() => pageOfListings<T>(offer), [offer]);
  // The same address as the page, asked of the JSON API.
  const apiUrl = useCallback((page: number) => `/pub/tour/v1/session/listings${pageHref(page).slice(pageHref(page).indexOf("?"))}`, [pageHref]);
  const more = useLoadMore<T>({ first, apiUrl, pageHref, pageOf: pageOfListings<T> });
  return (
    <>
      {/* inert takes the old rows out of reach of taps, keys and assistive technology alike (React 18 passes it as an attribute). */}
      <ol className={className} data-testid="listings" aria-busy={busy || undefined} {...(busy ? ({ inert: "" } as Record<string, string>) : {})}>
        {more.items.map((listing) => (
          <li key={listing.listingId} className={listing.studentsOnly ? `${itemClassName} ${marks.studentsOnly}` : itemClassName}>
            {listing.studentsOnly ? <StudentsOnlyMark corner /> : null}
            {renderRow(listing)}
          </li>
        ))}
      </ol>
      {offer.page > 1 ? (
        <Link to={pageHref(offer.page - 1)} className={previousClassName} preventScrollReset>
          {t("list.previousPage")}
        </Link>
      ) : null}
      <LoadMore hasMore={more.hasMore} state={more.state} load={more.load} nextHref={more.nextHref} pageCount={more.pageCount} />
    </>
  );
}
