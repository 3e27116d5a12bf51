/**
 * A session's seating map (SPEC §2 pickSeat's map and venueRender /venue-render-v2): every
 * section of the venue as one outline, with what it offers the buyer right now.
 *
 * Rules:
 * - A section is available when some offered listing in it allows the chosen quantity
 *   (session-offer.ts); its price is the lowest all-in price per ticket among those, in the
 *   viewer's currency. Sections with nothing to buy are sold out; a session that is not
 *   orderable shows every section sold out.
 * - Prices fall into at most PRICE_BANDS bands of near-equal numbers of distinct listing prices,
 *   cheapest first, so the colours spread across the map whatever the venue's price range. The
 *   bands are cut from every listing's price, not from each section's cheapest, so every listing
 *   (a seat group, a chip) sits in the band whose range holds its own price; a section takes the
 *   band of its cheapest listing.
 * - The stage comes from the venue's kind and map size (venues/seat-maps.ts stageOutline): the
 *   schema keeps no stage.
 * - Seats are drawn for one section only, the one the buyer zooms into (`section`): its rows
 *   (labelled by the venue's convention, venues/seat-maps.ts rowLabel) × seats per row, and a
 *   group of seats per listing offering the chosen quantity: its row, from its first seat, as
 *   many seats as it lists. Every other seat is unavailable. A standing section, or a listing
 *   whose row is not on the plan, has no seats to draw; its listing is still a group.
 */
import { and, asc, eq } from "drizzle-orm";
import * as z from "zod";
import { listings, venueSections } from "../../db/schema";
import { rowLabel, stageOutline, type StageOutline } from "../venues/seat-maps";
import type { Money } from "../money";
import type { MarketContext } from "../context";
import { chosenQuantity, offeredQuantities } from "./session-listings";
import { keptOfferedListings, sessionSummary, type OfferedListing, type SectionZone, type SessionSummary } from "./session-offer";
import { recordId, sectionCode, wholeNumber } from "../input/fields";

/** The most price bands a map's legend shows. */
export const PRICE_BANDS = 4;

/** The map's query: `?sessionId=`, optionally the quantity wanted and the section zoomed into. */
export const seatMapQuerySchema = z.object({
  sessionId: recordId(),
  quantity: wholeNumber(1, 100).optional(),
  section: sectionCode.optional(),
});

export interface MapSection {
  code: string;
  name: string;
  zone: SectionZone;
  path: string;
  labelX: number;
  labelY: number;
  obstructed: boolean;
  generalAdmission: boolean;
  /** Listings offering the chosen quantity here, and their tickets. */
  listingCount: number;
  ticketsLeft: number;
  /** Lowest all-in per ticket in the viewer's currency; null when sold out. */
  lowestPrice: Money | null;
  /** Index into `bands`, null when sold out. */
  band: number | null;
}

export interface PriceBand {
  /** Lowest and highest section price in the band, in the viewer's currency. */
  from: Money;
  to: Money;
}

/** The seats of one listing, as the seller listed them. */
export interface SeatGroup {
  listingId: number;
  /** Where its seats are drawn: a row of the plan (index from the front) and seat numbers;
   * null in a standing section or when the row is not on the plan. */
  seats: { rowIndex: number; row: string; from: number; to: number } | null;
  /** The listed row, as the seller wrote it (null for standing). */
  row: string | null;
  together: boolean;
  ticketsLeft: number;
  /** All-in per ticket in the viewer's currency, and its price band. */
  price: Money;
  band: number;
}

/** The section the buyer zoomed into, seat by seat. */
export interface ZoomedSection {
  code: string;
  name: string;
  generalAdmission: boolean;
  obstructed: boolean;
  /** Row labels from the front; empty for a standing section. */
  rows: string[];
  seatsPerRow: number;
  /** One per listing offering the chosen quantity, cheapest first. */
  groups: SeatGroup[];
}

export interface SeatMap {
  session: SessionSummary;
  quantity: number | null;
  width: number;
  height: number;
  stage: StageOutline;
  sections: MapSection[];
  bands: PriceBand[];
  /** The section asked for in `section`, seat by seat (null when none was, or it is unknown). */
  zoomed: ZoomedSection | null;
}

/** Splits ascending prices into at most PRICE_BANDS bands of near-equal size. */
export function priceBands(sortedPrices: readonly number[], currency: string): PriceBand[] {
  const distinct = [...new Set(sortedPrices)];
  const count = Math.min(PRICE_BANDS, distinct.length);
  const bands: PriceBand[] = [];
  for (let band = 0; band < count; band++) {
    const slice = distinct.slice(Math.floor((band * distinct.length) / count), Math.floor(((band + 1) * distinct.length) / count));
    bands.push({ from: { amount: slice[0]!, currency }, to: { amount: slice[slice.length - 1]!, currency } });
  }
  return bands;
}

/**
 * The seating map of `sessionId` for the viewer at the context's clock, priced for `quantity`
 * tickets (the pick-seat default when absent), with the seats of `section` when given. Throws
 * notFound for a missing session. Reads only.
 */
export async function sessionSeatMap(
  ctx: MarketContext,
  input: { sessionId: number; quantity?: number; section?: string },
  /** The session, when the caller has just read it (pick-seat): not read again. */
  known?: SessionSummary,
): Promise<SeatMap> {
  const session = known ?? (await sessionSummary(ctx, input.sessionId));
  const zh = ctx.viewer.language === "zh-HK";
  const [sectionRows, offered] = await Promise.all([
    ctx.db
      .select({
        id: venueSections.id,
        code: venueSections.code,
        name: zh ? venueSections.nameZh : venueSections.nameEn,
        zone: venueSections.zone,
        path: venueSections.path,
        labelX: venueSections.labelX,
        labelY: venueSections.labelY,
        obstructed: venueSections.obstructed,
        generalAdmission: venueSections.generalAdmission,
        rows: venueSections.rows,
        seatsPerRow: venueSections.seatsPerRow,
      })
      .from(venueSections)
      .where(eq(venueSections.venueId, session.venue.id))
      .orderBy(asc(venueSections.sort), asc(venueSections.id)),
    session.orderable ? keptOfferedListings(ctx, session) : Promise.resolve([]),
  ]);
  const quantity = chosenQuantity(offeredQuantities(offered), input.quantity);
  const bySection = new Map<string, { count: number; left: number; lowest: Money }>();
  for (const listing of offered) {
    if (quantity === null || !listing.quantities.includes(quantity)) continue;
    const current = bySection.get(listing.section.code);
    if (!current) {
      bySection.set(listing.section.code, { count: 1, left: listing.ticketsLeft, lowest: listing.allIn });
      continue;
    }
    current.count += 1;
    current.left += listing.ticketsLeft;
    if (listing.allIn.amount < current.lowest.amount) current.lowest = listing.allIn;
  }
  const currency = offered[0]?.allIn.currency ?? ctx.viewer.currency;
  const prices = offered
    .filter((listing) => quantity !== null && listing.quantities.includes(quantity))
    .map((listing) => listing.allIn.amount)
    .sort((a, b) => a - b);
  const bands = priceBands(prices, currency);
  // The bands are contiguous over the listings' prices: the last starting at or below a price holds it.
  const bandOf = (amount: number) => bands.reduce((found, band, index) => (band.from.amount <= amount ? index : found), 0);
  const zoomedRow = input.section === undefined ? undefined : sectionRows.find((row) => row.code === input.section);
  const zoomedOffer = zoomedRow ? offered.filter((listing) => listing.section.code === zoomedRow.code && quantity !== null && listing.quantities.includes(quantity)) : [];
  return {
    session,
    quantity,
    width: session.venue.mapWidth,
    height: session.venue.mapHeight,
    stage: stageOutline({ kind: session.venue.kind, mapWidth: session.venue.mapWidth, mapHeight: session.venue.mapHeight }),
    sections: sectionRows.map(({ id: _id, rows: _rows, seatsPerRow: _seatsPerRow, ...row }) => {
      const offer = bySection.get(row.code);
      return {
        ...row,
        listingCount: offer?.count ?? 0,
        ticketsLeft: offer?.left ?? 0,
        lowestPrice: offer?.lowest ?? null,
        band: offer ? bandOf(offer.lowest.amount) : null,
      };
    }),
    bands,
    zoomed: zoomedRow
      ? await zoomedSection(ctx, { sessionId: session.sessionId, kind: session.venue.kind, section: zoomedRow, offered: zoomedOffer, bandOf })
      : null,
  };
}

/**
 * The seats of one section: its rows and the groups of seats its offered listings hold. The
 * listed first seat and quantity are read for the section's listings only, so a stadium zoomed
 * into one section reads one section's rows.
 */
async function zoomedSection(
  ctx: MarketContext,
  input: {
    sessionId: number;
    kind: SessionSummary["venue"]["kind"];
    section: { id: number; code: string; name: string; obstructed: boolean; generalAdmission: boolean; rows: number; seatsPerRow: number };
    offered: OfferedListing[];
    bandOf: (amount: number) => number;
  },
): Promise<ZoomedSection> {
  const { section, offered } = input;
  const rows = section.generalAdmission ? [] : Array.from({ length: section.rows }, (_, index) => rowLabel(input.kind, index));
  const listed = new Map<number, { seatFrom: number | null; quantity: number }>();
  if (offered.length > 0) {
    const rowsListed = await ctx.db
      .select({ id: listings.id, seatFrom: listings.seatFrom, quantity: listings.quantity })
      .from(listings)
      .where(and(eq(listings.sessionId, input.sessionId), eq(listings.sectionId, section.id)));
    for (const row of rowsListed) listed.set(row.id, row);
  }
  const groups = offered
    .map((listing): SeatGroup => {
      const own = listed.get(listing.listingId);
      const rowIndex = listing.rowLabel === null ? -1 : rows.indexOf(listing.rowLabel.trim().toUpperCase());
      const from = own?.seatFrom ?? null;
      const onPlan = rowIndex >= 0 && from !== null && from >= 1 && from <= section.seatsPerRow;
      return {
        listingId: listing.listingId,
        seats: onPlan ? { rowIndex, row: rows[rowIndex]!, from, to: Math.min(section.seatsPerRow, from + own!.quantity - 1) } : null,
        row: listing.rowLabel,
        together: listing.seatsTogether,
        ticketsLeft: listing.ticketsLeft,
        price: listing.allIn,
        band: input.bandOf(listing.allIn.amount),
      };
    })
    .sort((a, b) => a.price.amount - b.price.amount || a.listingId - b.listingId);
  return {
    code: section.code,
    name: section.name,
    generalAdmission: section.generalAdmission,
    obstructed: section.obstructed,
    rows,
    seatsPerRow: section.generalAdmission ? 0 : section.seatsPerRow,
    groups,
  };
}
