/**
 * pickSeat's list (SPEC §2 /pick-seat): a session's listings for a chosen quantity, sorted and
 * filtered the way the buyer asked.
 *
 * Rules:
 * - Only an orderable session lists anything; any other is refused with
 *   orderSessionUnavailable ('This session cannot be ordered temporarily!').
 * - The quantity picker offers every quantity some listing's split rule allows; the list shows
 *   only listings that allow the chosen quantity. Without a choice, 2 when some listing allows
 *   it (most buyers come in pairs), else the smallest offered.
 * - Prices filtered and sorted are the all-in prices per ticket in the viewer's currency; the
 *   price range is in whole units of that currency, both ends included.
 * - 'Best section' orders by zone (VIP and floor first), clear views before obstructed ones,
 *   then the venue's own section order, then price.
 * - Each listing carries its deal signal (deal-signal.ts), judged against every listing
 *   of the session, whatever the filters; 'Best deal' orders great, good, then the rest, each
 *   by price.
 * - The list comes a page at a time (SPEC §9's 20), after filtering and sorting, so a busy
 *   session is not one endless page; `total` counts every listing that passed the filters.
 */
import * as z from "zod";
import { LISTING_SORTS, type ListingSort } from "./listing-sort";
import { DELIVERY_METHODS, type DeliveryMethod } from "../../db/schema";
import { DEFAULT_PAGE_SIZE, MAX_PAGE, queryParam } from "../paging";
import { loadReference } from "../reference";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { dealRank, dealSignals, type Deal } from "./deal-signal";
import { displayCurrency, keptOfferedListings, sessionSummary, ZONE_RANK, type OfferedListing, type SectionZone, type SessionSummary } from "./session-offer";
import { recordId, sectionCode, wholeNumber } from "../input/fields";

export { LISTING_SORTS, type ListingSort } from "./listing-sort";
export const SECTION_ZONES = ["vip", "floor", "lower", "middle", "upper", "balcony", "ga"] as const satisfies readonly SectionZone[];

/** Listings per page (SPEC §9's page size). */
export const LISTINGS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The quantity a buyer starts with when they have not chosen. */
export const PREFERRED_QUANTITY = 2;

const id = recordId();
const wholeAmount = wholeNumber(0, 100_000_000);
const flag = z.enum(["1", "true", "on"]).transform(() => true);

/** pickSeat's query (the page's address and GET /pub/tour/v1/session/listings). */
export const sessionListingsQuerySchema = z
  .object({
    sessionId: id,
    quantity: wholeNumber(1, 100).optional(),
    sort: z.enum(LISTING_SORTS).default("price_asc"),
    section: sectionCode.optional(),
    minPrice: wholeAmount.optional(),
    maxPrice: wholeAmount.optional(),
    delivery: z.enum(DELIVERY_METHODS).optional(),
    zone: z.enum(SECTION_ZONES).optional(),
    together: flag.optional(),
    page: queryParam(z.coerce.number().int().min(1).max(MAX_PAGE)).transform((page) => page ?? 1),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    path: ["maxPrice"],
    message: "maxPrice must not be below minPrice",
  });

export type SessionListingsQuery = z.output<typeof sessionListingsQuerySchema>;

/** Reads a query string's values, treating empty fields (a GET form's blanks) as absent. */
export function listingsQueryInput(params: URLSearchParams): Record<string, string | undefined> {
  const input: Record<string, string | undefined> = {};
  for (const key of ["sessionId", "quantity", "sort", "section", "minPrice", "maxPrice", "delivery", "zone", "together", "page"]) {
    const value = params.get(key);
    input[key] = value === null || value.trim() === "" ? undefined : value;
  }
  return input;
}

export interface SessionListings {
  session: SessionSummary;
  /** Every quantity some listing allows, ascending. */
  quantities: number[];
  /** The quantity the list is for (null when nothing is left). */
  quantity: number | null;
  sort: ListingSort;
  /** What the filters can offer: the delivery methods and zones of the offered listings. */
  deliveryMethods: DeliveryMethod[];
  zones: SectionZone[];
  /** The viewer's currency (price range and amounts). */
  currency: string;
  /** This page of the listings that allow `quantity` and pass the filters, in the chosen order, with their deal signal. */
  listings: PickedListing[];
  /** Listings that allow `quantity` and pass the filters, on every page. */
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
  /** Listings that allow `quantity`, before the filters (0 means sold out at this quantity). */
  unfilteredCount: number;
}

export type PickedListing = OfferedListing & { deal: Deal | null };

/** The union of the listings' quantities, ascending. */
export function offeredQuantities(listings: readonly OfferedListing[]): number[] {
  const all = new Set<number>();
  for (const listing of listings) for (const quantity of listing.quantities) all.add(quantity);
  return [...all].sort((a, b) => a - b);
}

/** The quantity a list is for: the buyer's when offered, else the preferred one, else the smallest. */
export function chosenQuantity(offered: readonly number[], asked: number | undefined): number | null {
  if (asked !== undefined && offered.includes(asked)) return asked;
  if (offered.includes(PREFERRED_QUANTITY)) return PREFERRED_QUANTITY;
  return offered[0] ?? null;
}

export function compareListings(sort: ListingSort): (a: PickedListing, b: PickedListing) => number {
  const byPrice = (a: OfferedListing, b: OfferedListing) => a.allIn.amount - b.allIn.amount || a.listingId - b.listingId;
  switch (sort) {
    case "price_asc":
      return byPrice;
    case "price_desc":
      return (a, b) => b.allIn.amount - a.allIn.amount || a.listingId - b.listingId;
    case "best_section":
      return (a, b) =>
        ZONE_RANK[a.section.zone] - ZONE_RANK[b.section.zone] ||
        Number(a.section.obstructed) - Number(b.section.obstructed) ||
        a.section.sort - b.section.sort ||
        byPrice(a, b);
    case "best_deal":
      return (a, b) => dealRank(a.deal) - dealRank(b.deal) || byPrice(a, b);
  }
}

/**
 * The listings of `query.sessionId` for the viewer at the context's clock. Throws notFound (no
 * such session), orderSessionUnavailable (the session is not ONSALE or its sales have ended).
 * Reads only.
 */
export async function sessionListings(
  ctx: MarketContext,
  query: Omit<SessionListingsQuery, "page"> & { page?: number },
  /** The session, when the caller has just read it (pick-seat): not read again. */
  known?: SessionSummary,
): Promise<SessionListings> {
  // Callers inside the domain may leave the page out: the first.
  const page = query.page ?? 1;
  const session = known ?? (await sessionSummary(ctx, query.sessionId));
  if (!session.orderable) throw new MarketError("orderSessionUnavailable", { data: { sessionId: session.sessionId, status: session.status } });
  const [offered, reference] = await Promise.all([keptOfferedListings(ctx, session), loadReference(ctx)]);
  const currency = displayCurrency(reference.currencyByCode, ctx.viewer.currency);
  const quantities = offeredQuantities(offered);
  const quantity = chosenQuantity(quantities, query.quantity);
  const deals = dealSignals(offered.map((listing) => ({ listingId: listing.listingId, zone: listing.section.zone, allIn: listing.allIn.amount })));
  const forQuantity = quantity === null ? [] : offered.filter((listing) => listing.quantities.includes(quantity)).map((listing) => ({ ...listing, deal: deals.get(listing.listingId) ?? null }));
  const unit = 10 ** currency.minorUnits;
  const shown = forQuantity
    .filter((listing) => query.section === undefined || listing.section.code === query.section)
    .filter((listing) => query.zone === undefined || listing.section.zone === query.zone)
    .filter((listing) => query.delivery === undefined || listing.deliveryMethod === query.delivery)
    .filter((listing) => !query.together || (listing.seatsTogether && !listing.section.generalAdmission))
    .filter((listing) => query.minPrice === undefined || listing.allIn.amount >= query.minPrice * unit)
    .filter((listing) => query.maxPrice === undefined || listing.allIn.amount <= query.maxPrice * unit)
    .sort(compareListings(query.sort));
  return {
    session,
    quantities,
    quantity,
    sort: query.sort,
    deliveryMethods: DELIVERY_METHODS.filter((method) => offered.some((listing) => listing.deliveryMethod === method)),
    zones: SECTION_ZONES.filter((zone) => offered.some((listing) => listing.section.zone === zone)),
    currency: currency.code,
    listings: shown.slice((page - 1) * LISTINGS_PAGE_SIZE, page * LISTINGS_PAGE_SIZE),
    total: shown.length,
    page,
    pageSize: LISTINGS_PAGE_SIZE,
    hasMore: page * LISTINGS_PAGE_SIZE < shown.length,
    unfilteredCount: forQuantity.length,
  };
}
