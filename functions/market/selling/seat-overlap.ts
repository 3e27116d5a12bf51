/**
 * One seat is on one live listing of a seller at a time: a seller cannot list the same seats
 * twice (at two prices, or once as a listing and once as a fan resale). Seats are compared by
 * session, section, row and seat number; a listing's seat numbers are its terms' list, or, for a
 * catalogue listing without one, seat_from upward (listings/seats.ts). A withdrawn listing no
 * longer holds its seats. General admission has no seat numbers: its one live resale per order
 * is the partial unique index of migration 0014.
 */
import { sql, type SQL } from "drizzle-orm";
import { listings, listingTerms } from "../../db/schema";

export interface ListedPlace {
  sessionId: number;
  sectionId: number;
  rowLabel: string | null;
  /** Seat numbers by position; null for general admission. */
  seatNumbers: readonly string[] | null;
}

/** Whether any of `place`'s seats is on a live listing of seller `sellerId`, as SQL (for the guard of the insert). */
export function seatsOverlapListed(sellerId: number, place: ListedPlace): SQL {
  if (!place.seatNumbers || place.seatNumbers.length === 0) return sql`0`;
  return sql`EXISTS (SELECT 1 FROM ${listings} ol LEFT JOIN ${listingTerms} ot ON ot.listing_id = ol.id
    WHERE ol.seller_id = ${sellerId} AND ol.session_id = ${place.sessionId} AND ol.section_id = ${place.sectionId}
      AND ol.row_label IS ${place.rowLabel} AND ol.seat_from IS NOT NULL AND ot.withdrawn_at IS NULL
      AND EXISTS (SELECT 1 FROM json_each(${JSON.stringify(place.seatNumbers)}) mine WHERE
        CASE WHEN ot.seat_numbers IS NOT NULL THEN mine.value IN (SELECT theirs.value FROM json_each(ot.seat_numbers) theirs)
             ELSE mine.value GLOB '[0-9]*' AND mine.value NOT GLOB '*[^0-9]*'
                  AND CAST(mine.value AS INTEGER) BETWEEN ol.seat_from AND ol.seat_from + ol.quantity - 1 END))`;
}
