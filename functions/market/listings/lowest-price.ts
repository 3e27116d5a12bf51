/**
 * The 'from' price of a tour or a show: the lowest all-in price (pricing.ts) among the listings
 * of its ONSALE shows' sessions that still sell and still have tickets left (availability.ts),
 * in the viewer's currency: the rule of a session's 'from' price (from-prices.ts), over many
 * sessions at once, with the face value of the cheapest listing beside it. Listings are priced
 * in their sellers' currencies, so the cheapest listing of each currency is found in SQL and the
 * currencies are compared here, after conversion: the all-in price never falls as the seller's
 * price rises, so the cheapest listing of a currency is also its cheapest all-in.
 */
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import { listings, sessions, shows } from "../../db/schema";
import type { Database, Viewer } from "../context";
import { ticketsLeft } from "./availability";
import { withinResaleCap } from "./resale-cap";
import { ticketPrice } from "../money/ticket-price";
import { convert, type Money } from "../money";
import type { Reference } from "../reference";
import { joinListingEvent } from "./listing-event";

export interface LowestPrice {
  /** Per ticket, every unavoidable fee included: the first price a buyer sees. */
  allIn: Money;
  /** The face value of the same listing's tickets. */
  faceValue: Money;
  /** How the all-in price compares with face value: what a buyer weighs when they see both. */
  comparedToFace: "below" | "at" | "above";
}

/** The cheapest listing of one currency for one tour or show. */
export interface CheapestListingRow {
  key: number;
  currency: string;
  priceMinor: number;
  faceValueMinor: number;
}

/** Listings a buyer can buy from right now: ONSALE show, session still selling, tickets left, priced within the law in force. */
export function buyableListing(now: number): SQL {
  return and(
    eq(shows.status, "ONSALE"),
    gt(sessions.startsAt, now),
    gt(sessions.saleEndsAt, now),
    gt(ticketsLeft(now), 0),
    withinResaleCap(),
  )!;
}

/**
 * The cheapest buyable listing of each currency, grouped by `key` (a tour's, a show's or a
 * session's id).
 * SQLite gives the bare face_value column from the row that holds the MIN.
 */
export function cheapestListingsQuery(db: Database, key: typeof shows.tourId | typeof shows.id | typeof sessions.id, scope: SQL, now: number) {
  return joinListingEvent(
    db
      .select({
        key,
        currency: listings.currencyCode,
        priceMinor: sql<number>`min(${listings.priceMinor})`.mapWith(Number),
        faceValueMinor: listings.faceValueMinor,
      })
      .from(listings)
      .$dynamic(),
  )
    .where(and(scope, buyableListing(now)))
    .groupBy(key, listings.currencyCode);
}

/** The lowest price per key, in the viewer's currency. Rows of an unlisted currency are skipped. */
export function lowestPrices(rows: CheapestListingRow[], viewer: Pick<Viewer, "currency">, reference: Reference): Map<number, LowestPrice> {
  const target = reference.currencyByCode.get(viewer.currency) ?? reference.currencyByCode.get("HKD");
  const best = new Map<number, LowestPrice>();
  if (!target) return best;
  const shown = (amount: number): Money => ({ amount, currency: target.code });
  for (const row of rows) {
    const trade = reference.currencyByCode.get(row.currency);
    if (!trade) continue;
    const tradeAllIn = ticketPrice(row.priceMinor, row.currency).allIn;
    const allIn = convert(tradeAllIn, trade, target);
    const current = best.get(row.key);
    if (current && current.allIn.amount <= allIn) continue;
    best.set(row.key, {
      allIn: shown(allIn),
      faceValue: shown(convert(row.faceValueMinor, trade, target)),
      comparedToFace: tradeAllIn < row.faceValueMinor ? "below" : tradeAllIn > row.faceValueMinor ? "above" : "at",
    });
  }
  return best;
}
