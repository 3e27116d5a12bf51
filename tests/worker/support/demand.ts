/** Demand set-up: a session priced by two listings, its first lowest price already recorded; a session's tour. */
import { eq } from "drizzle-orm";
import * as schema from "../../../functions/db/schema";
import { recordLowestPrice } from "../../../functions/market/demand/price-history";
import type { Viewer } from "../../../functions/market/context/viewer";
import { clockAt, makeBuyer, makeListing, marketFor, testDb } from "./buying";

/**
 * A session with a cheaper listing of `cheapQuantity` tickets at HK$1,000 and a dearer one of 4 at
 * HK$1,500, whose lowest price a buyer (viewing as `viewer`) recorded at T0; the clock stands there.
 */
export async function twoPricedSession(cheapQuantity: number, viewer: Partial<Viewer> = {}) {
  const clock = clockAt();
  const { listingId, sessionId } = await makeListing({ quantity: cheapQuantity, priceMinor: 100_000 });
  await makeListing({ sessionId, quantity: 4, priceMinor: 150_000 });
  const buyer = marketFor(await makeBuyer(), clock, viewer);
  await recordLowestPrice(buyer, sessionId);
  return { clock, listingId, sessionId, buyer };
}

/** The tour a session belongs to, with its English title. */
export async function tourOf(sessionId: number): Promise<{ tourId: number; title: string }> {
  const [row] = await testDb
    .select({ tourId: schema.shows.tourId, title: schema.tours.titleEn })
    .from(schema.sessions)
    .innerJoin(schema.shows, eq(schema.shows.id, schema.sessions.showId))
    .innerJoin(schema.tours, eq(schema.tours.id, schema.shows.tourId))
    .where(eq(schema.sessions.id, sessionId));
  return row;
}
