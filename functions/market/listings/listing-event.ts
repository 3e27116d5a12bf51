/**
 * Joins a row (already in the query) to where and when it is: a session to its show, tour and
 * venue; an order or a listing to its session and on (a listing also to its section). Written
 * once here, so every area reads an event through the same joins. The selection is named column
 * by column, so the joins do not change the row type; hence the casts.
 */
import { eq } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { entryTickets, listings, orders, sessions, showResaleFlags, shows, tours, venueResaleFlags, venues, venueSections } from "../../db/schema";

/** A session (already in the query) with its show, tour and venue. */
export function joinSessionEvent<T extends SQLiteSelect>(query: T): T {
  return query
    .innerJoin(shows, eq(shows.id, sessions.showId))
    .innerJoin(tours, eq(tours.id, shows.tourId))
    .innerJoin(venues, eq(venues.id, shows.venueId)) as unknown as T;
}

/** A session's times and its show's status, sale start and city: what a session's status and card read. */
export const sessionScheduleColumns = {
  sessionId: sessions.id,
  startsAt: sessions.startsAt,
  saleEndsAt: sessions.saleEndsAt,
  showId: shows.id,
  showStatus: shows.status,
  saleStartsAt: shows.saleStartsAt,
  cityCode: shows.cityCode,
};

/** An order (already in the query) with its session, show, tour and venue. */
export function joinOrderEvent<T extends SQLiteSelect>(query: T): T {
  return joinSessionEvent(query.innerJoin(sessions, eq(sessions.id, orders.sessionId)) as unknown as T);
}

/** A listing (already in the query) with its session, show, tour, venue and section. */
export function joinListingEvent<T extends SQLiteSelect>(query: T): T {
  const located = joinSessionEvent(query.innerJoin(sessions, eq(sessions.id, listings.sessionId)) as unknown as T);
  return located.innerJoin(venueSections, eq(venueSections.id, listings.sectionId)) as unknown as T;
}

/** A tour's title and artist, as every view of an event names them in the viewer's language. */
export function tourNames(tour: { titleEn: string; titleZh: string; artistEn: string; artistZh: string }, zh: boolean) {
  return { title: zh ? tour.titleZh : tour.titleEn, artist: zh ? tour.artistZh : tour.artistEn };
}

/**
 * An entry ticket (already in the query) with its order's listing and section, its session's
 * show, tour and venue, and the resale flags that say whether its door checks names.
 */
export function joinEntryTicketEvent<T extends SQLiteSelect>(query: T): T {
  const located = joinSessionEvent(
    query
      .innerJoin(orders, eq(orders.id, entryTickets.orderId))
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .innerJoin(venueSections, eq(venueSections.id, listings.sectionId))
      .innerJoin(sessions, eq(sessions.id, entryTickets.sessionId)) as unknown as T,
  );
  return located
    .leftJoin(venueResaleFlags, eq(venueResaleFlags.venueId, venues.id))
    .leftJoin(showResaleFlags, eq(showResaleFlags.showId, shows.id)) as unknown as T;
}
