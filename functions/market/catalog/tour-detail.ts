/**
 * A tour's page (SPEC §2 tourDetail): what it is, where and when it plays, and its past events.
 *
 * Rules:
 * - Sessions of DISABLED shows are never shown, nor counted.
 * - Upcoming sessions are grouped by city, cities in the order of their first date, sessions
 *   soonest first. Each carries its status at `now` (session-status.ts) and its 'from' price
 *   (from-prices.ts) when there is something to buy.
 * - Past events are sessions that have started or whose show is CLOSE, most recent first.
 * - A tour that does not exist is not found.
 */
import { and, asc, eq, ne } from "drizzle-orm";
import * as z from "zod";
import { categories, sessions, shows, tags, tourTags, tours, venues, type ShowStatus } from "../../db/schema";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import type { LowestPrice } from "../listings/lowest-price";
import { POSTER_ART_COLUMNS, posterUrl } from "./poster-art";
import { shareCardUrl } from "./share-card";
import { loadReference } from "../reference";
import { locationName } from "../reference/scope";
import { tourSessionLowestPrices } from "../listings/from-prices";
import { isPastSession, sessionStatus } from "../listings/session-status";
import { recordId } from "../input/fields";
import { joinSessionEvent, sessionScheduleColumns, tourNames } from "../listings/listing-event";

/** Past events shown on a tour's page; older ones add nothing a buyer can act on. */
export const PAST_EVENTS_SHOWN = 20;

export const tourIdSchema = recordId();

/** The tour page's query: `?id=`. */
export const tourDetailQuerySchema = z.object({ id: tourIdSchema });

export interface TourSession {
  sessionId: number;
  showId: number;
  /** Epoch ms; shown in `timeZone`, the venue's. */
  startsAt: number;
  timeZone: string;
  status: Exclude<ShowStatus, "DISABLED">;
  /** When sales open (shown for PENDING). */
  saleStartsAt: number;
  venue: { id: number; name: string };
  city: { code: string; name: string };
  /** Null unless there is something to buy. */
  lowestPrice: LowestPrice | null;
}

export interface TourCity {
  city: { code: string; name: string };
  sessions: TourSession[];
}

export interface TourDetail {
  id: number;
  title: string;
  artist: string;
  description: string;
  posterUrl: string;
  /** The link-preview card (a 1200×630 PNG; share-card.ts), relative to the site. */
  shareImageUrl: string;
  category: { id: number; name: string };
  tags: { id: number; slug: string; name: string }[];
  /** Every venue the tour plays (or played), upcoming ones first. */
  venues: { id: number; name: string; address: string; city: string }[];
  upcoming: TourCity[];
  past: TourSession[];
}

/**
 * The tour `tourId` for the context's viewer at the context's clock. Throws MarketError
 * notFound (404) when there is no such tour. Reads only.
 */
export async function tourDetail(ctx: MarketContext, tourId: number): Promise<TourDetail> {
  const now = ctx.now();
  const zh = ctx.viewer.language === "zh-HK";
  // Not a D1 batch: batches read rows by column name, and the joined tables' ids share one.
  const [reference, lowest, [tourRows, tagRows, sessionRows]] = await Promise.all([
    loadReference(ctx),
    // Beside the sessions, not after them: the page waits on one round trip, not two.
    tourSessionLowestPrices(ctx, tourId),
    Promise.all([
      ctx.db
        .select({
          id: tours.id,
          ...POSTER_ART_COLUMNS,
          description: zh ? tours.descriptionZh : tours.descriptionEn,
          categoryId: categories.id,
          categoryName: zh ? categories.nameZh : categories.nameEn,
        })
        .from(tours)
        .innerJoin(categories, eq(categories.id, tours.categoryId))
        .where(eq(tours.id, tourId))
        .limit(1),
      ctx.db
        .select({ id: tags.id, slug: tags.slug, name: zh ? tags.nameZh : tags.nameEn })
        .from(tourTags)
        .innerJoin(tags, eq(tags.id, tourTags.tagId))
        .where(eq(tourTags.tourId, tourId))
        .orderBy(asc(tags.id)),
      joinSessionEvent(
        ctx.db
          .select({
            ...sessionScheduleColumns,
            venueId: venues.id,
            venueName: zh ? venues.nameZh : venues.nameEn,
            venueAddress: zh ? venues.addressZh : venues.addressEn,
            timeZone: venues.timeZone,
          })
          .from(sessions)
          .$dynamic(),
      )
        .where(and(eq(shows.tourId, tourId), ne(shows.status, "DISABLED")))
        .orderBy(asc(sessions.startsAt), asc(sessions.id)),
    ]),
  ]);
  const tour = tourRows[0];
  if (!tour) throw notFound("tour");

  const cityName = (code: string) => locationName(reference, code, ctx.viewer.language);
  const upcomingRows = sessionRows.filter((row) => !isPastSession(row, now));
  const pastRows = sessionRows
    .filter((row) => isPastSession(row, now))
    .reverse()
    .slice(0, PAST_EVENTS_SHOWN);

  const onSale = new Set(upcomingRows.filter((row) => sessionStatus(row, now) === "ONSALE").map((row) => row.sessionId));
  const prices = new Map([...lowest].filter(([sessionId]) => onSale.has(sessionId)));

  const toSession = (row: (typeof sessionRows)[number]): TourSession => {
    const status = sessionStatus(row, now) as TourSession["status"];
    return {
      sessionId: row.sessionId,
      showId: row.showId,
      startsAt: row.startsAt,
      timeZone: row.timeZone,
      status,
      saleStartsAt: row.saleStartsAt,
      venue: { id: row.venueId, name: row.venueName },
      city: { code: row.cityCode, name: cityName(row.cityCode) },
      lowestPrice: prices.get(row.sessionId) ?? null,
    };
  };

  // Rows arrive soonest first, so a Map keeps cities in the order of their first date.
  const byCity = new Map<string, TourCity>();
  for (const row of upcomingRows) {
    let group = byCity.get(row.cityCode);
    if (!group) {
      group = { city: { code: row.cityCode, name: cityName(row.cityCode) }, sessions: [] };
      byCity.set(row.cityCode, group);
    }
    group.sessions.push(toSession(row));
  }

  const venueList = new Map<number, TourDetail["venues"][number]>();
  for (const row of [...upcomingRows, ...sessionRows.filter((r) => isPastSession(r, now)).reverse()]) {
    if (!venueList.has(row.venueId)) {
      venueList.set(row.venueId, { id: row.venueId, name: row.venueName, address: row.venueAddress, city: cityName(row.cityCode) });
    }
  }

  return {
    id: tour.id,
    ...tourNames(tour, zh),
    description: tour.description,
    posterUrl: posterUrl(tour, ctx.viewer.language),
    shareImageUrl: shareCardUrl(tour),
    category: { id: tour.categoryId, name: tour.categoryName },
    tags: tagRows,
    venues: [...venueList.values()],
    upcoming: [...byCity.values()],
    past: pastRows.map(toSession),
  };
}
