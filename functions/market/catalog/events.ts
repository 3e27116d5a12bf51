/**
 * Events (SPEC §2 events): every ONSALE show in scope that still has a session to sell, soonest
 * first, paged, each with the month of its first session so screens group by month. A show is
 * a tour's stop at one venue; its month and dates are the venue's (where the show happens), and
 * its 'from' price is the rule of lowest-price.ts over that show's sessions alone.
 */
import { and, asc, countDistinct, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import * as z from "zod";
import { categories, sessions, shows, tours, venues } from "../../db/schema";
import { formatPlainDate, zonedDate } from "../calendar";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { cheapestListingsQuery, lowestPrices, type LowestPrice } from "../listings/lowest-price";
import { offsetOf, pageOf, pagingSchema, type Page } from "../paging";
import { POSTER_ART_COLUMNS, posterUrl } from "./poster-art";
import { loadReference } from "../reference";
import { discoveryScope, locationName, type DiscoveryScope } from "../reference/scope";
import { inJson } from "../context/statements";
import { named, type CategoryRef, type CityRef, type SessionMoment } from "./tours";
import { categoryInPlaceFilter } from "./list-filter";
import { tourNames } from "../listings/listing-event";

export const eventListQuerySchema = pagingSchema.extend(categoryInPlaceFilter);

export type EventListQuery = z.output<typeof eventListQuerySchema>;

export interface EventItem {
  showId: number;
  tourId: number;
  title: string;
  artist: string;
  category: CategoryRef;
  posterUrl: string;
  venue: { id: number; name: string };
  city: CityRef;
  firstSession: SessionMoment;
  lastSession: SessionMoment;
  /** Sessions of the show still to sell. */
  sessionCount: number;
  /** 'YYYY-MM' of the first session, in the venue's time zone: the group it is listed under. */
  month: string;
  lowestPrice: LowestPrice | null;
}

export interface EventList extends Page<EventItem> {
  scope: DiscoveryScope;
}

/**
 * One page of ONSALE shows in scope, soonest first (see the file rules). Throws invalidParam
 * (field categoryId or cityCode) when one names nothing we list.
 */
export async function listEvents(ctx: MarketContext, query: EventListQuery): Promise<EventList> {
  const now = ctx.now();
  const { language } = ctx.viewer;
  const scope = await discoveryScope(ctx, query.cityCode);
  const conditions: SQL[] = [
    eq(shows.status, "ONSALE"),
    gt(sessions.startsAt, now),
    gt(sessions.saleEndsAt, now),
    inJson(shows.cityCode, scope.cityCodes),
  ];
  if (query.categoryId !== undefined) conditions.push(eq(tours.categoryId, query.categoryId));
  const where = and(...conditions);
  const first = sql<number>`min(${sessions.startsAt})`.mapWith(Number);

  const [[total], pageRows, category] = await ctx.db.batch([
    ctx.db
      .select({ n: countDistinct(shows.id) })
      .from(shows)
      .innerJoin(sessions, eq(sessions.showId, shows.id))
      .innerJoin(tours, eq(tours.id, shows.tourId))
      .where(where),
    ctx.db
      .select({ showId: shows.id, first, last: sql<number>`max(${sessions.startsAt})`.mapWith(Number), sessionCount: countDistinct(sessions.id) })
      .from(shows)
      .innerJoin(sessions, eq(sessions.showId, shows.id))
      .innerJoin(tours, eq(tours.id, shows.tourId))
      .where(where)
      .groupBy(shows.id)
      .orderBy(asc(first), asc(shows.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.id, query.categoryId ?? 0)),
  ]);
  if (query.categoryId !== undefined && category.length === 0) {
    throw new MarketError("invalidParam", { params: { field: "categoryId", reason: "unknown category" } });
  }
  if (pageRows.length === 0) return { ...pageOf([], total?.n ?? 0, query), scope };

  const showIds = pageRows.map((row) => row.showId);
  const [reference, [detailRows, priceRows]] = await Promise.all([
    loadReference(ctx),
    ctx.db.batch([
      ctx.db
        .select({
          showId: named(shows.id, "show_id"),
          cityCode: shows.cityCode,
          tour: {
            id: named(tours.id, "tour_id"),
            ...POSTER_ART_COLUMNS,
          },
          category: {
            id: named(categories.id, "category_id"),
            slug: named(categories.slug, "category_slug"),
            nameEn: named(categories.nameEn, "category_name_en"),
            nameZh: named(categories.nameZh, "category_name_zh"),
          },
          venue: {
            id: named(venues.id, "venue_id"),
            nameEn: named(venues.nameEn, "venue_name_en"),
            nameZh: named(venues.nameZh, "venue_name_zh"),
            timeZone: venues.timeZone,
          },
        })
        .from(shows)
        .innerJoin(tours, eq(tours.id, shows.tourId))
        .innerJoin(categories, eq(categories.id, tours.categoryId))
        .innerJoin(venues, eq(venues.id, shows.venueId))
        .where(inArray(shows.id, showIds)),
      cheapestListingsQuery(ctx.db, shows.id, inJson(shows.id, showIds), now),
    ]),
  ]);
  const prices = lowestPrices(priceRows, ctx.viewer, reference);
  const details = new Map(detailRows.map((row) => [row.showId, row]));
  const zh = language === "zh-HK";
  const list = pageRows.flatMap((row): EventItem[] => {
    const detail = details.get(row.showId);
    if (!detail) return [];
    const { tour, venue } = detail;
    const { year, month } = zonedDate(row.first, venue.timeZone);
    return [
      {
        showId: row.showId,
        tourId: tour.id,
        ...tourNames(tour, zh),
        category: { id: detail.category.id, slug: detail.category.slug, name: zh ? detail.category.nameZh : detail.category.nameEn },
        posterUrl: posterUrl(tour, language),
        venue: { id: venue.id, name: zh ? venue.nameZh : venue.nameEn },
        city: { code: detail.cityCode, name: locationName(reference, detail.cityCode, language) },
        firstSession: { at: row.first, timeZone: venue.timeZone },
        lastSession: { at: row.last, timeZone: venue.timeZone },
        sessionCount: row.sessionCount,
        month: formatPlainDate({ year, month, day: 1 }).slice(0, 7),
        lowestPrice: prices.get(row.showId) ?? null,
      },
    ];
  });
  return { ...pageOf(list, total?.n ?? 0, query), scope };
}
