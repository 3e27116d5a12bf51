/**
 * How many tickets of a listing are left, as one SQL expression every query shares, so the rule
 * lives in one place: a listing's quantity minus the tickets of its orders that still take
 * them. An order takes its tickets unless it is canceled, or it is unpaid and its 10-minute hold
 * has passed at `now` (a hold stops counting the moment its deadline passes, whether or not the
 * cron has tidied it). Paid orders, and whatever fulfilment states follow payment, keep theirs.
 *
 * The same expression guards the statement that places an order (orders/place-order.ts), so
 * what a buyer is shown and what a buyer can take never disagree.
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { listingTerms, listings, orders } from "../../db/schema";

/** Tickets of the listing in scope (`listings` by its table name) still taken at `now`. */
export function ticketsTaken(now: number | Placeholder): SQL<number> {
  return sql<number>`(SELECT COALESCE(SUM(${orders.quantity}), 0) FROM ${orders} WHERE ${orders.listingId} = ${listings.id} AND ${orders.status} <> 'canceled' AND (${orders.status} <> 'pending_payment' OR ${orders.expiresAt} > ${now}))`;
}

/**
 * Tickets of the listing in scope (`listings` by its table name) a buyer can take at `now`: none
 * once its seller has withdrawn it (selling/edit-listing.ts), so a withdrawal and a purchase
 * never both succeed on the same tickets.
 */
export function ticketsLeft(now: number | Placeholder): SQL<number> {
  return sql<number>`(CASE WHEN EXISTS (SELECT 1 FROM ${listingTerms} WHERE ${listingTerms.listingId} = ${listings.id} AND ${listingTerms.withdrawnAt} IS NOT NULL) THEN 0 ELSE ${listings.quantity} - ${ticketsTaken(now)} END)`.mapWith(Number);
}
