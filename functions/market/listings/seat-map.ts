/**
 * A session's seating map (SPEC §2 pickSeat's map and venueRender /venue-render-v2): every
 * section of the venue as one outline, with what it offers the buyer right now.
 *
 * Rules:
 * - A section is available when some offered listing in it allows the chosen quantity
 *   (session-offer.ts); its price is the lowest all-in price per ticket among those, in the
 *   viewer's currency. Sections with nothing to buy are sold out; a session that is not
 *   orderable shows every section sold out.
 * - Prices fall into at most PRICE_BANDS bands of equal numbers of available sections, cheapest
 *   first, so the colours spread across the map whatever the venue's price range.
 * - The stage comes from the venue's kind and map size (db/seed/seat-maps.ts stageOutline): the
 *   schema keeps no stage.
 */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { venueSections } from "../../db/schema";
import { stageOutline, type StageOutline } from "../../db/seed/seat-maps";
import type { Money } from "../catalog/from-prices";
import type { MarketContext } from "../context";
import { chosenQuantity, offeredQuantities } from "./session-listings";
import { offeredListings, sessionSummary, type SectionZone, type SessionSummary } from "./session-offer";

/** The most price bands a map's legend shows. */
export const PRICE_BANDS = 4;

/** The map's query: `?sessionId=` and optionally the quantity the buyer wants. */
export const seatMapQuerySchema = z.object({
  sessionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  quantity: z.coerce.number().int().min(1).max(100).optional(),
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

export interface SeatMap {
  session: SessionSummary;
  quantity: number | null;
  width: number;
  height: number;
  stage: StageOutline;
  sections: MapSection[];
  bands: PriceBand[];
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
 * tickets (the pick-seat default when absent). Throws notFound for a missing session. Reads only.
 */
export async function sessionSeatMap(ctx: MarketContext, input: { sessionId: number; quantity?: number }): Promise<SeatMap> {
  const session = await sessionSummary(ctx, input.sessionId);
  const zh = ctx.viewer.language === "zh-HK";
  const [sectionRows, offered] = await Promise.all([
    ctx.db
      .select({
        code: venueSections.code,
        name: zh ? venueSections.nameZh : venueSections.nameEn,
        zone: venueSections.zone,
        path: venueSections.path,
        labelX: venueSections.labelX,
        labelY: venueSections.labelY,
        obstructed: venueSections.obstructed,
        generalAdmission: venueSections.generalAdmission,
      })
      .from(venueSections)
      .where(eq(venueSections.venueId, session.venue.id))
      .orderBy(asc(venueSections.sort), asc(venueSections.id)),
    session.orderable ? offeredListings(ctx, { sessionId: session.sessionId }) : Promise.resolve([]),
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
  const prices = [...bySection.values()].map((entry) => entry.lowest.amount).sort((a, b) => a - b);
  const bands = priceBands(prices, currency);
  const bandOf = (amount: number) => bands.findIndex((band) => amount >= band.from.amount && amount <= band.to.amount);
  return {
    session,
    quantity,
    width: session.venue.mapWidth,
    height: session.venue.mapHeight,
    stage: stageOutline({ kind: session.venue.kind, mapWidth: session.venue.mapWidth, mapHeight: session.venue.mapHeight }),
    sections: sectionRows.map((row) => {
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
  };
}
