/**
 * Home's floors (SPEC §2 home: Top Picks) for the viewer's location, each a typed object:
 *
 * - hero: the five most popular tours on sale, for the carousel;
 * - weekend: tours with a session on sale this weekend (the date filter's 'weekend', in the
 *   viewer's time zone), soonest first;
 * - category: per category, its most popular live tours, in the categories' order;
 * - comingSoon: tours whose shows here are all PENDING, soonest sale first;
 * - topPicks: the first page of the tour list (live tours, most popular first); 'load more'
 *   continues with the tour list's next page.
 *
 * Empty floors are left out, except Top Picks, which is always there to carry the empty state.
 * Every floor reads from one pass over the live tours in scope (the plan: each floor with its
 * tours' ids), then one batch of summaries for the floors wanted; home's page reads the floors of
 * its first screen and those below it as two batches side by side (docs/decisions.md 272).
 */
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { categories, sessions, shows, tours } from "../../db/schema";
import { datePresetRange, type DateRange } from "../calendar";
import type { MarketContext } from "../context";
import { pageOf, DEFAULT_PAGE_SIZE, type Page } from "../paging";
import { discoveryScope, type DiscoveryScope } from "../reference/scope";
import type { CategoryCount } from "./tags";
import { inJson } from "../context/statements";
import { LIVE_STATUSES, tourSummaries, type CategoryRef, type TourSummary } from "./tours";
import { keeper } from "../context/kept";

export const HERO_SIZE = 5;
/** Tours in a horizontal row; 'See all' leads to the rest. */
export const ROW_SIZE = 10;

/** A floor of home; `Tour` is what the web app adds to each tour for its cards, or a tour's id in a plan. */
export type HomeFloor<Tour = TourSummary> =
  | { kind: "hero"; tours: Tour[] }
  | { kind: "weekend"; range: DateRange; tours: Tour[] }
  | { kind: "category"; category: CategoryRef; total: number; tours: Tour[] }
  | { kind: "comingSoon"; tours: Tour[] }
  | { kind: "topPicks"; page: Page<Tour> };

export interface HomeFloors<Tour = TourSummary> {
  scope: DiscoveryScope;
  /** Every category, with how many live tours it has here (the category chips). */
  categories: CategoryCount[];
  floors: HomeFloor<Tour>[];
}

/** Home's floors for the viewer (see the file rules). Reads only; throws only if D1 fails. */
export async function homeFloors(ctx: MarketContext): Promise<HomeFloors> {
  const plan = await homeFloorPlan(ctx);
  return { ...plan, floors: await filledFloors(ctx, plan.scope, plan.floors) };
}

/**
 * How long home's plan and floors are kept in the isolate: as long as a signed-out home page is
 * kept at the edge (functions/web/page-cache.ts FRESH_MS), so a signed-in viewer's home is no
 * older than anyone else's, and is rendered without reading the catalog again.
 */
export const FLOORS_KEPT_FOR_MS = 10_000;
const keptPlans = keeper<HomeFloors<number>>(FLOORS_KEPT_FOR_MS);
const keptFloors = keeper<HomeFloor[]>(FLOORS_KEPT_FOR_MS);

/** The floors with their tours' ids, from one pass over the live tours in scope. Reads only. */
export function homeFloorPlan(ctx: MarketContext): Promise<HomeFloors<number>> {
  const { language, timeZone, city, location } = ctx.viewer;
  return keptPlans.read([language, timeZone, city ?? "", location].join("|"), ctx.now(), () => readHomeFloorPlan(ctx));
}

async function readHomeFloorPlan(ctx: MarketContext): Promise<HomeFloors<number>> {
  const now = ctx.now();
  const { language, timeZone } = ctx.viewer;
  const scope = await discoveryScope(ctx);
  const weekend = datePresetRange("weekend", now, timeZone);

  const [liveTours, categoryRows] = await ctx.db.batch([
    ctx.db
      .select({
        id: tours.id,
        categoryId: tours.categoryId,
        onSale: sql<number>`max(${shows.status} = ${"ONSALE"})`.mapWith(Number),
        weekendAt: sql<number | null>`min(case when ${shows.status} = ${"ONSALE"} and ${sessions.startsAt} >= ${weekend.from} and ${sessions.startsAt} < ${weekend.to} and ${sessions.saleEndsAt} > ${now} then ${sessions.startsAt} end)`,
        saleStartsAt: sql<number | null>`min(case when ${shows.status} = ${"PENDING"} then ${shows.saleStartsAt} end)`,
      })
      .from(tours)
      .innerJoin(shows, eq(shows.tourId, tours.id))
      .innerJoin(sessions, eq(sessions.showId, shows.id))
      .where(and(inJson(shows.cityCode, scope.cityCodes), inArray(shows.status, [...LIVE_STATUSES]), gt(sessions.startsAt, now)))
      .groupBy(tours.id)
      // The tour list's order, so Top Picks' page 1 here and page 2 there never overlap.
      .orderBy(desc(tours.popularity), asc(tours.id)),
    ctx.db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
  ]);

  const onSale = liveTours.filter((tour) => tour.onSale === 1);
  const hero = onSale.slice(0, HERO_SIZE).map((tour) => tour.id);
  const weekendIds = liveTours
    .filter((tour) => tour.weekendAt !== null)
    .sort((a, b) => a.weekendAt! - b.weekendAt! || a.id - b.id)
    .slice(0, ROW_SIZE)
    .map((tour) => tour.id);
  const comingSoon = liveTours
    .filter((tour) => tour.onSale === 0 && tour.saleStartsAt !== null)
    .sort((a, b) => a.saleStartsAt! - b.saleStartsAt! || a.id - b.id)
    .slice(0, ROW_SIZE)
    .map((tour) => tour.id);
  const topPicks = pageOf(liveTours.slice(0, DEFAULT_PAGE_SIZE).map((tour) => tour.id), liveTours.length, { page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const categoryCounts: CategoryCount[] = categoryRows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: language === "zh-HK" ? row.nameZh : row.nameEn,
    tourCount: liveTours.filter((tour) => tour.categoryId === row.id).length,
  }));
  const categoryRowsIds = categoryCounts
    .filter((category) => category.tourCount > 0)
    .map((category) => ({ category, ids: liveTours.filter((tour) => tour.categoryId === category.id).slice(0, ROW_SIZE).map((tour) => tour.id) }));

  const floors: HomeFloor<number>[] = [];
  if (hero.length > 0) floors.push({ kind: "hero", tours: hero });
  if (weekendIds.length > 0) floors.push({ kind: "weekend", range: weekend, tours: weekendIds });
  for (const { category, ids } of categoryRowsIds) {
    floors.push({ kind: "category", category: { id: category.id, slug: category.slug, name: category.name }, total: category.tourCount, tours: ids });
  }
  if (comingSoon.length > 0) floors.push({ kind: "comingSoon", tours: comingSoon });
  floors.push({ kind: "topPicks", page: topPicks });

  return { scope, categories: categoryCounts, floors };
}

/** `planned` floors with their tours' summaries, in one batch of reads. */
export function filledFloors(ctx: MarketContext, scope: DiscoveryScope, planned: readonly HomeFloor<number>[]): Promise<HomeFloor[]> {
  const { language, currency } = ctx.viewer;
  const key = [language, currency, scope.cityCodes.join(","), JSON.stringify(planned)].join("|");
  return keptFloors.read(key, ctx.now(), () => readFilledFloors(ctx, scope, planned));
}

async function readFilledFloors(ctx: MarketContext, scope: DiscoveryScope, planned: readonly HomeFloor<number>[]): Promise<HomeFloor[]> {
  if (planned.length === 0) return [];
  const wanted = new Set(planned.flatMap((floor) => (floor.kind === "topPicks" ? floor.page.list : floor.tours)));
  const summaries = new Map((await tourSummaries(ctx, [...wanted], scope.cityCodes)).map((summary) => [summary.id, summary]));
  const pick = (ids: number[]) => ids.flatMap((id) => summaries.get(id) ?? []);
  return planned.map((floor) => (floor.kind === "topPicks" ? { ...floor, page: { ...floor.page, list: pick(floor.page.list) } } : { ...floor, tours: pick(floor.tours) }));
}
