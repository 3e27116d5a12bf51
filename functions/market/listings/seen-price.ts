/**
 * What a buyer read is what a buyer buys: pick-seat's row links carry the all-in price per
 * ticket the row showed (in the viewer's currency), and confirm-ticket compares it with the
 * listing's price now. A price that moved since (a seller's edit, another currency chosen) is
 * said before anything else, with the new price to accept; a link without one (shared, typed)
 * is priced as it stands.
 */
import * as z from "zod";
import type { Money } from "../money";
import { wholeNumber } from "../input/fields";

export const seenPriceSchema = z.object({
  price: wholeNumber(0, Number.MAX_SAFE_INTEGER).optional(),
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
});

export type SeenPrice = z.output<typeof seenPriceSchema>;

/** The price the buyer saw, when the link names one (both parts), or null. */
export function seenPriceOf(seen: SeenPrice): Money | null {
  return seen.price !== undefined && seen.currency !== undefined ? { amount: seen.price, currency: seen.currency } : null;
}

/** True when the buyer saw a price and the listing's is another now. */
export function priceChangedSince(seen: Money | null, now: Money): boolean {
  return seen !== null && (seen.amount !== now.amount || seen.currency !== now.currency);
}

