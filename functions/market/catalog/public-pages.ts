/**
 * The catalog's public pages, for crawlers (sitemap.xml): every tour with a show we list and
 * every upcoming session's seat page. Disabled shows are not public; past sessions are left
 * out of the seat pages (their tour page still lists them under past events).
 */
import { and, asc, gt, ne } from "drizzle-orm";
import { sessions, shows } from "../../db/schema";
import type { MarketContext } from "../context";
import { joinSessionEvent } from "../listings/listing-event";

export interface PublicCatalogPages {
  tourIds: number[];
  sessionIds: number[];
}

/** Reads only; bounded by the catalog's size (a sitemap holds at most 50,000 addresses). */
export async function publicCatalogPages(ctx: Pick<MarketContext, "db" | "now">): Promise<PublicCatalogPages> {
  const [tourRows, sessionRows] = await Promise.all([
    ctx.db.selectDistinct({ tourId: shows.tourId }).from(shows).where(ne(shows.status, "DISABLED")).orderBy(asc(shows.tourId)).limit(10_000),
    joinSessionEvent(
      ctx.db
        .select({ sessionId: sessions.id })
        .from(sessions)
        .$dynamic(),
    )
      .where(and(ne(shows.status, "DISABLED"), ne(shows.status, "CANCEL"), gt(sessions.startsAt, ctx.now())))
      .orderBy(asc(sessions.id))
      .limit(15_000),
  ]);
  return { tourIds: tourRows.map((row) => row.tourId), sessionIds: sessionRows.map((row) => row.sessionId) };
}
