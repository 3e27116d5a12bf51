/**
 * Tours as discovery shows them: a summary per tour (title, artist, category, poster, upcoming
 * dates, cities, how its shows stand, 'from' price), and the tour list: tours with a live show
 * in scope, most popular first, filtered by category, tag and city, paged.
 *
 * A show is live while it is ONSALE or PENDING and has a session still to start. DISABLED shows
 * are never shown. Top Picks on Home is the first page of the unfiltered tour list, so its
 * 'load more' simply continues with page 2 of the list.
 */
import { and, asc, count, desc, eq, gt, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import * as z from "zod";
import { categories, sessions, shows, tags, tourTags, tours, venues, type ShowStatus } from "../../db/schema";
import type { MarketContext } from "../context";
import { inJson } from "../context/statements";
import { MarketError } from "../errors";
import { cheapestListingsQuery, lowestPrices, type LowestPrice } from "../listings/lowest-price";
import { offsetOf, pageOf, pagingSchema, queryParam, type Page } from "../paging";
import { POSTER_ART_COLUMNS, posterUrl } from "./poster-art";
import { loadReference } from "../reference";
import { cityCodeSchema, discoveryScope, locationName, type DiscoveryScope } from "../reference/scope";
import { wholeNumber } from "../input/fields";

export const LIVE_STATUSES = ["ONSALE", "PENDING"] as const satisfies readonly ShowStatus[];

export interface CategoryRef {
  id: number;
  slug: string;
  name: string;
}

export interface CityRef {
  code: string;
  name: string;
}

/** A moment of a session and the time zone of its venue, where it is shown. */
export interface SessionMoment {
  at: number;
  timeZone: string;
}

/** How a tour's shows stand. `headline` is the best of them: ONSALE, then PENDING, then the rest. */
export interface TourStatus {
  headline: ShowStatus;
  onSaleShows: number;
  pendingShows: number;
  /** When the first PENDING show's sales open; null when none is pending. */
  saleStartsAt: number | null;
}

export interface TourSummary {
  id: number;
  slug: string;
  title: string;
  artist: string;
  category: CategoryRef;
  posterUrl: string;
  /** The first and last upcoming sessions of its live shows (in scope); null when none is to come. */
  firstSession: SessionMoment | null;
  lastSession: SessionMoment | null;
  /** Cities of its live shows, those in scope first, then soonest first (of all its shows when none is live). */
  cities: CityRef[];
  status: TourStatus;
  /** Null when nothing is on sale (in scope) with tickets left. */
  lowestPrice: LowestPrice | null;
}

/**
 * A column under its own result name. D1's batch answers rows as objects keyed by column name,
 * so two selected columns of the same name (tours.id and categories.id) would overwrite each
 * other; every batched query names its columns uniquely.
 */
export function named<T extends AnySQLiteColumn>(column: T, alias: string) {
  return sql<T["_"]["data"]>`${column}`.mapWith(column).as(alias);
}

/** The tour has a live show (see the file rules) in one of these cities. */
export function hasLiveShowIn(cityCodes: readonly string[], now: number): SQL {
  return sql`exists (select 1 from ${shows} join ${sessions} on ${sessions.showId} = ${shows.id}
    where ${shows.tourId} = ${tours.id}
      and ${inArray(shows.status, [...LIVE_STATUSES])}
      and ${sessions.startsAt} > ${now}
      and ${inJson(shows.cityCode, cityCodes)})`;
}

const STATUS_RANK: Record<ShowStatus, number> = { ONSALE: 0, PENDING: 1, CLOSE: 2, CANCEL: 3, DISABLED: 4 };

/**
 * Summaries of the given tours, in the given order, in the viewer's language and currency;
 * unknown ids are left out. Given the cities a list is about (its scope), a tour's dates, status
 * and 'from' price are those of its shows there (a Hong Kong list says when and for how much
 * it plays in Hong Kong), and those cities lead its list of cities; a tour with nothing live
 * there is summarised over all its shows. Three reads in one D1 batch.
 */
export async function tourSummaries(ctx: MarketContext, ids: readonly number[], scope?: readonly string[]): Promise<TourSummary[]> {
  if (ids.length === 0) return [];
  const now = ctx.now();
  const { language } = ctx.viewer;
  const [reference, [tourRows, showRows, priceRows]] = await Promise.all([
    loadReference(ctx),
    ctx.db.batch([
      ctx.db
        .select({
          id: tours.id,
          slug: tours.slug,
          ...POSTER_ART_COLUMNS,
          categoryId: named(categories.id, "category_ref"),
          categorySlug: named(categories.slug, "category_slug"),
          categoryEn: named(categories.nameEn, "category_name_en"),
          categoryZh: named(categories.nameZh, "category_name_zh"),
        })
        .from(tours)
        .innerJoin(categories, eq(categories.id, tours.categoryId))
        .where(inJson(tours.id, ids)),
      ctx.db
        .select({
          tourId: shows.tourId,
          cityCode: shows.cityCode,
          status: shows.status,
          saleStartsAt: shows.saleStartsAt,
          timeZone: venues.timeZone,
          first: sql<number | null>`min(${sessions.startsAt})`,
          last: sql<number | null>`max(${sessions.startsAt})`,
        })
        .from(shows)
        .innerJoin(venues, eq(venues.id, shows.venueId))
        .leftJoin(sessions, and(eq(sessions.showId, shows.id), gt(sessions.startsAt, now)))
        .where(and(inJson(shows.tourId, ids), ne(shows.status, "DISABLED")))
        .groupBy(shows.id),
      cheapestListingsQuery(ctx.db, shows.tourId, and(inJson(shows.tourId, ids), scope ? inJson(shows.cityCode, scope) : undefined)!, now),
    ]),
  ]);

  const prices = lowestPrices(priceRows, ctx.viewer, reference);
  const showsByTour = new Map<number, typeof showRows>();
  for (const show of showRows) showsByTour.set(show.tourId, [...(showsByTour.get(show.tourId) ?? []), show]);
  const byId = new Map(tourRows.map((row) => [row.id, row]));
  const summaries: TourSummary[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const tourShows = showsByTour.get(id) ?? [];
    const everywhere = tourShows
      .filter((show) => show.first !== null && (LIVE_STATUSES as readonly string[]).includes(show.status))
      .sort((a, b) => a.first! - b.first!);
    const inScope = scope ? everywhere.filter((show) => scope.includes(show.cityCode)) : everywhere;
    const live = inScope.length > 0 ? inScope : everywhere;
    const latest = live.reduce<(typeof live)[number] | null>((best, show) => (!best || show.last! > best.last! ? show : best), null);
    const citySource = everywhere.length > 0 ? [...inScope, ...everywhere] : tourShows;
    const pending = live.filter((show) => show.status === "PENDING");
    const onSale = live.filter((show) => show.status === "ONSALE");
    summaries.push({
      id: row.id,
      slug: row.slug,
      title: language === "zh-HK" ? row.titleZh : row.titleEn,
      artist: language === "zh-HK" ? row.artistZh : row.artistEn,
      category: { id: row.categoryId, slug: row.categorySlug, name: language === "zh-HK" ? row.categoryZh : row.categoryEn },
      posterUrl: posterUrl(row, language),
      firstSession: live[0] ? { at: live[0].first!, timeZone: live[0].timeZone } : null,
      lastSession: latest ? { at: latest.last!, timeZone: latest.timeZone } : null,
      cities: [...new Set(citySource.map((show) => show.cityCode))].map((code) => ({ code, name: locationName(reference, code, language) })),
      status: {
        headline: headline(live.length > 0 ? live : tourShows),
        onSaleShows: onSale.length,
        pendingShows: pending.length,
        saleStartsAt: pending.length > 0 ? Math.min(...pending.map((show) => show.saleStartsAt)) : null,
      },
      lowestPrice: prices.get(id) ?? null,
    });
  }
  return summaries;
}

/** The best status among shows; a tour whose shows have all passed reads CLOSE. */
function headline(showRows: { status: ShowStatus; first: number | null }[]): ShowStatus {
  const live = showRows.filter((show) => show.first !== null && (LIVE_STATUSES as readonly string[]).includes(show.status));
  if (live.length > 0) return live.some((show) => show.status === "ONSALE") ? "ONSALE" : "PENDING";
  const over = showRows.filter((show) => show.status === "CANCEL" || show.status === "DISABLED");
  if (showRows.length > 0 && over.length === showRows.length) {
    return showRows.reduce<ShowStatus>((best, show) => (STATUS_RANK[show.status] < STATUS_RANK[best] ? show.status : best), "DISABLED");
  }
  return "CLOSE";
}

/** A tag's slug as it appears in a query string. */
export const tagSlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a tag slug").max(40);

/** The tour list's query, shared by GET /pub/tour/v1/list and /tourList. */
export const tourListQuerySchema = pagingSchema.extend({
  categoryId: queryParam(wholeNumber(1, 1_000_000)),
  tag: queryParam(tagSlugSchema),
  cityCode: queryParam(cityCodeSchema),
});

export type TourListQuery = z.output<typeof tourListQuerySchema>;

export interface TourList extends Page<TourSummary> {
  scope: DiscoveryScope;
}

/**
 * Tours with a live show in scope, most popular first, optionally of one category and one tag.
 * Throws invalidParam (field categoryId, tag or cityCode) when one names nothing we list.
 */
export async function listTours(ctx: MarketContext, query: TourListQuery): Promise<TourList> {
  const now = ctx.now();
  const scope = await discoveryScope(ctx, query.cityCode);
  const conditions: SQL[] = [hasLiveShowIn(scope.cityCodes, now)];
  if (query.categoryId !== undefined) conditions.push(eq(tours.categoryId, query.categoryId));
  if (query.tag !== undefined) {
    conditions.push(sql`exists (select 1 from ${tourTags} join ${tags} on ${tags.id} = ${tourTags.tagId}
      where ${tourTags.tourId} = ${tours.id} and ${tags.slug} = ${query.tag})`);
  }
  const where = and(...conditions);
  const [[total], ids, category, tag] = await ctx.db.batch([
    ctx.db.select({ n: count() }).from(tours).where(where),
    ctx.db
      .select({ id: tours.id })
      .from(tours)
      .where(where)
      .orderBy(desc(tours.popularity), asc(tours.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.id, query.categoryId ?? 0)),
    ctx.db.select({ id: tags.id }).from(tags).where(eq(tags.slug, query.tag ?? "")),
  ]);
  if (query.categoryId !== undefined && category.length === 0) {
    throw new MarketError("invalidParam", { params: { field: "categoryId", reason: "unknown category" } });
  }
  if (query.tag !== undefined && tag.length === 0) {
    throw new MarketError("invalidParam", { params: { field: "tag", reason: "unknown tag" } });
  }
  const list = await tourSummaries(ctx, ids.map((row) => row.id), scope.cityCodes);
  return { ...pageOf(list, total?.n ?? 0, query), scope };
}
