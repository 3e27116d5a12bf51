/**
 * Joins a listing (already in the query) to where and when it is: its session, show, tour, venue
 * and section. The selection is named column by column, so the joins do not change the row type;
 * hence the cast (as aftersales' joinOrderEvent does for an order).
 */
import { eq } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { listings, sessions, shows, tours, venues, venueSections } from "../../db/schema";

export function joinListingEvent<T extends SQLiteSelect>(query: T): T {
  return query
    .innerJoin(sessions, eq(sessions.id, listings.sessionId))
    .innerJoin(shows, eq(shows.id, sessions.showId))
    .innerJoin(tours, eq(tours.id, shows.tourId))
    .innerJoin(venues, eq(venues.id, shows.venueId))
    .innerJoin(venueSections, eq(venueSections.id, listings.sectionId)) as unknown as T;
}
