/**
 * Explore (SPEC §2 showList): the upcoming sessions of every tour, soonest first, one page at a
 * time, narrowed by category, by where (scope.ts: the viewer's city or location unless a
 * `cityCode` says otherwise), and by a date filter (SPEC §9's presets or a custom range)
 * computed on the viewer's calendar in the viewer's time zone.
 *
 * Rules:
 * - A session is listed from its show's announcement until it starts or its sales end, while
 *   its show is ONSALE, PENDING (with its sale date) or CANCEL (so ticket holders see it);
 *   CLOSE and DISABLED shows never appear.
 * - Each session carries its 'from' price (from-prices.ts); null when nothing can be bought.
 * - Pages are stable: ties on start time are broken by session id.
 */
import { and, asc, count, eq, gt, gte, inArray, lt, type SQL } from "drizzle-orm";
import * as z from "zod";
import { categories, sessions, shows, tours, venues, type ShowStatus } from "../../db/schema";
import { dateFilterRange, dateFilterSchema, type DateRange } from "../calendar";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import type { LowestPrice } from "../listings/lowest-price";
import { offsetOf, pageOf, pagingSchema, type Page } from "../paging";
import { POSTER_ART_COLUMNS, posterUrl } from "./poster-art";
import { loadReference, type Reference } from "../reference";
import type { Language } from "../context/viewer";
import { discoveryScope, locationName, type DiscoveryScope } from "../reference/scope";
import { sessionLowestPrices } from "../listings/from-prices";
import { sessionStatus } from "../listings/session-status";
import { inJson } from "../context/statements";
import { categoryInPlaceFilter } from "./list-filter";
import { joinSessionEvent, sessionScheduleColumns, tourNames } from "../listings/listing-event";

/** Show statuses Explore lists (before the clock closes a session). */
const LISTED_STATUSES = ["ONSALE", "PENDING", "CANCEL"] as const satisfies readonly ShowStatus[];

/**
 * The show list's query, as it arrives in a query string (API) or a GET form (web): the date
 * filter of functions/market/calendar, a category, where, and paging.
 */
export const showListQuerySchema = dateFilterSchema.safeExtend({
  ...pagingSchema.shape,
  ...categoryInPlaceFilter,
});

export type ShowListQuery = z.output<typeof showListQuerySchema>;

export interface ShowListItem {
  sessionId: number;
  showId: number;
  tourId: number;
  title: string;
  artist: string;
  categoryId: number;
  posterUrl: string;
  venue: { id: number; name: string };
  city: { code: string; name: string };
  /** Epoch ms; shown in `timeZone`, the venue's. */
  startsAt: number;
  timeZone: string;
  status: Extract<ShowStatus, "ONSALE" | "PENDING" | "CANCEL">;
  /** When sales open (shown for PENDING). */
  saleStartsAt: number;
  /** Null when nothing can be bought. */
  lowestPrice: LowestPrice | null;
}

/** What every card of a show names, in the viewer's language: Explore's rows and search's shows (search/results.ts). */
export type ShowCard = Pick<ShowListItem, "showId" | "tourId" | "title" | "artist" | "categoryId" | "posterUrl" | "venue" | "city">;

/** A show's card from its row (tour's names and poster art, venue named in the viewer's language, city code). */
export function showCard(
  row: Parameters<typeof tourNames>[0] & Omit<Parameters<typeof posterUrl>[0], "id"> & { showId: number; tourId: number; categoryId: number; venueId: number; venueName: string; cityCode: string },
  reference: Reference,
  language: Language,
): ShowCard {
  return {
    showId: row.showId,
    tourId: row.tourId,
    ...tourNames(row, language === "zh-HK"),
    categoryId: row.categoryId,
    posterUrl: posterUrl({ ...row, id: row.tourId }, language),
    venue: { id: row.venueId, name: row.venueName },
    city: { code: row.cityCode, name: locationName(reference, row.cityCode, language) },
  };
}

export interface ShowList extends Page<ShowListItem> {
  scope: DiscoveryScope;
  /** The date range the filter selected, half-open in epoch ms; null when no dates were chosen. */
  range: DateRange | null;
}

/**
 * One page of upcoming sessions matching `query`, soonest first, for the context's viewer and
 * clock. Reads only. Throws invalidParam (field cityCode or categoryId) when one names nothing
 * we list.
 */
export async function listShows(ctx: MarketContext, query: ShowListQuery): Promise<ShowList> {
  const now = ctx.now();
  const { language } = ctx.viewer;
  const zh = language === "zh-HK";
  const range = dateFilterRange(query, now, ctx.viewer.timeZone);
  const [scope, reference] = await Promise.all([discoveryScope(ctx, query.cityCode), loadReference(ctx)]);

  const conditions: SQL[] = [
    inArray(shows.status, [...LISTED_STATUSES]),
    gt(sessions.startsAt, now),
    gt(sessions.saleEndsAt, now),
    inJson(shows.cityCode, scope.cityCodes),
  ];
  if (range) conditions.push(gte(sessions.startsAt, range.from), lt(sessions.startsAt, range.to));
  if (query.categoryId !== undefined) conditions.push(eq(tours.categoryId, query.categoryId));
  const where = and(...conditions);

  // Not a D1 batch: batches read rows by column name, and the joined tables' ids share one.
  const [[total], rows, category] = await Promise.all([
    joinSessionEvent(
      ctx.db
        .select({ n: count() })
        .from(sessions)
        .$dynamic(),
    )
      .where(where),
    joinSessionEvent(
      ctx.db
        .select({
          ...sessionScheduleColumns,
          tourId: tours.id,
          ...POSTER_ART_COLUMNS,
          categoryId: tours.categoryId,
          venueId: venues.id,
          venueName: zh ? venues.nameZh : venues.nameEn,
          timeZone: venues.timeZone,
        })
        .from(sessions)
        .$dynamic(),
    )
      .where(where)
      .orderBy(asc(sessions.startsAt), asc(sessions.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    ctx.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, query.categoryId ?? 0)),
  ]);
  if (query.categoryId !== undefined && category.length === 0) {
    throw new MarketError("invalidParam", { params: { field: "categoryId", reason: "unknown category" } });
  }

  const prices = await sessionLowestPrices(
    ctx,
    rows.map((row) => row.sessionId)
  );
  const list = rows.map(
    (row): ShowListItem => ({
      sessionId: row.sessionId,
      ...showCard(row, reference, language),
      startsAt: row.startsAt,
      timeZone: row.timeZone,
      status: sessionStatus(row, now) as ShowListItem["status"],
      saleStartsAt: row.saleStartsAt,
      lowestPrice: prices.get(row.sessionId) ?? null,
    })
  );
  return { ...pageOf(list, total?.n ?? 0, query), scope, range };
}

export interface ShowListFilters {
  categories: { id: number; slug: string; name: string }[];
  /** Cities with upcoming listed sessions, those of the viewer's own location first. */
  cities: { code: string; name: string; locationCode: string | null }[];
}

/**
 * What Explore can be narrowed by: every category, and the cities that have an upcoming listed
 * session. Reads only.
 */
export async function showListFilters(ctx: MarketContext): Promise<ShowListFilters> {
  const now = ctx.now();
  const zh = ctx.viewer.language === "zh-HK";
  const [reference, [categoryRows, cityRows]] = await Promise.all([
    loadReference(ctx),
    ctx.db.batch([
      ctx.db
        .select({ id: categories.id, slug: categories.slug, name: zh ? categories.nameZh : categories.nameEn })
        .from(categories)
        .orderBy(asc(categories.sort), asc(categories.id)),
      ctx.db
        .selectDistinct({ code: shows.cityCode })
        .from(shows)
        .innerJoin(sessions, eq(sessions.showId, shows.id))
        .where(and(inArray(shows.status, [...LISTED_STATUSES]), gt(sessions.startsAt, now), gt(sessions.saleEndsAt, now))),
    ]),
  ]);
  const withShows = new Set(cityRows.map((row) => row.code));
  const own = (parentCode: string | null) => Number(parentCode === ctx.viewer.location);
  const cities = reference.locations
    .filter((location) => location.kind === "city" && !location.clientHidden && withShows.has(location.code))
    .sort((a, b) => own(b.parentCode) - own(a.parentCode) || a.sort - b.sort)
    .map((location) => ({ code: location.code, name: zh ? location.nameZh : location.nameEn, locationCode: location.parentCode }));
  return { categories: categoryRows, cities };
}
