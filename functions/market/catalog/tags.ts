/**
 * Categories and tags, and the Tags view (SPEC §2: 'a Tags view lists all tickets of a
 * category'): the live tours of one category, or of one tag, or of a tag within a category, in
 * the tour list's order, with the tags found among that category's tours as chips to narrow by.
 * Counts are of live tours in scope (tours.ts), so a chip never leads to an empty page.
 */
import { and, asc, count, countDistinct, desc, eq } from "drizzle-orm";
import * as z from "zod";
import { categories, tags, tourTags, tours } from "../../db/schema";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import { pagingSchema, queryParam, type Page } from "../paging";
import { cityCodeSchema, discoveryScope, type DiscoveryScope } from "../reference/scope";
import { hasLiveShowIn, listTours, tagSlugSchema, type CategoryRef, type TourSummary } from "./tours";
import { categoryInPlaceFilter } from "./list-filter";

export interface TagRef {
  id: number;
  slug: string;
  name: string;
}

export interface CategoryCount extends CategoryRef {
  tourCount: number;
}

export interface TagCount extends TagRef {
  tourCount: number;
}

export const categoryListQuerySchema = z.object({ cityCode: queryParam(cityCodeSchema) });

/** Every category in its order, with its live tours in scope. Throws invalidParam for an unknown cityCode. */
export async function listCategories(ctx: MarketContext, query: z.output<typeof categoryListQuerySchema> = {}): Promise<CategoryCount[]> {
  const scope = await discoveryScope(ctx, query.cityCode);
  const tourCount = count(tours.id);
  const rows = await ctx.db
    .select({ id: categories.id, slug: categories.slug, nameEn: categories.nameEn, nameZh: categories.nameZh, tourCount })
    .from(categories)
    .leftJoin(tours, and(eq(tours.categoryId, categories.id), hasLiveShowIn(scope.cityCodes, ctx.now())))
    .groupBy(categories.id)
    .orderBy(asc(categories.sort), asc(categories.id));
  return rows.map((row) => ({ id: row.id, slug: row.slug, name: ctx.viewer.language === "zh-HK" ? row.nameZh : row.nameEn, tourCount: row.tourCount }));
}

export const tagListQuerySchema = z.object(categoryInPlaceFilter);

/**
 * Tags that have live tours in scope (of one category, when given), most tours first. Throws
 * invalidParam for an unknown cityCode.
 */
export async function listTags(ctx: MarketContext, query: z.output<typeof tagListQuerySchema> = {}): Promise<TagCount[]> {
  const scope = await discoveryScope(ctx, query.cityCode);
  const tourCount = countDistinct(tours.id);
  const rows = await ctx.db
    .select({ id: tags.id, slug: tags.slug, nameEn: tags.nameEn, nameZh: tags.nameZh, tourCount })
    .from(tags)
    .innerJoin(tourTags, eq(tourTags.tagId, tags.id))
    .innerJoin(tours, eq(tours.id, tourTags.tourId))
    .where(and(hasLiveShowIn(scope.cityCodes, ctx.now()), query.categoryId === undefined ? undefined : eq(tours.categoryId, query.categoryId)))
    .groupBy(tags.id)
    .orderBy(desc(tourCount), asc(tags.id));
  return rows.map((row) => ({ id: row.id, slug: row.slug, name: ctx.viewer.language === "zh-HK" ? row.nameZh : row.nameEn, tourCount: row.tourCount }));
}

/** The Tags view's query: /tags?category={slug}&tag={slug}&cityCode=&page=. */
export const tagsViewQuerySchema = pagingSchema.extend({
  category: queryParam(tagSlugSchema),
  tag: queryParam(tagSlugSchema),
  cityCode: queryParam(cityCodeSchema),
});

export type TagsViewQuery = z.output<typeof tagsViewQuerySchema>;

export interface TagsView {
  category: CategoryRef | null;
  tag: TagRef | null;
  /** Chips: the tags among the category's live tours (every tag when no category is chosen). */
  tags: TagCount[];
  tours: Page<TourSummary>;
  scope: DiscoveryScope;
}

/**
 * The Tags view (see the file rules). Throws notFound for a category or tag slug we do not list
 * (or when neither is given), invalidParam for an unknown cityCode.
 */
export async function tagsView(ctx: MarketContext, query: TagsViewQuery): Promise<TagsView> {
  if (query.category === undefined && query.tag === undefined) throw notFound("category");
  const [categoryRows, tagRows] = await ctx.db.batch([
    ctx.db.select().from(categories).where(eq(categories.slug, query.category ?? "")),
    ctx.db.select().from(tags).where(eq(tags.slug, query.tag ?? "")),
  ]);
  const categoryRow = categoryRows[0];
  const tagRow = tagRows[0];
  if (query.category !== undefined && !categoryRow) throw notFound("category");
  if (query.tag !== undefined && !tagRow) throw notFound("tag");
  const zh = ctx.viewer.language === "zh-HK";
  const [list, chips] = await Promise.all([
    listTours(ctx, { page: query.page, pageSize: query.pageSize, categoryId: categoryRow?.id, tag: tagRow?.slug, cityCode: query.cityCode }),
    listTags(ctx, { categoryId: categoryRow?.id, cityCode: query.cityCode }),
  ]);
  const { scope, ...tourPage } = list;
  return {
    category: categoryRow ? { id: categoryRow.id, slug: categoryRow.slug, name: zh ? categoryRow.nameZh : categoryRow.nameEn } : null,
    tag: tagRow ? { id: tagRow.id, slug: tagRow.slug, name: zh ? tagRow.nameZh : tagRow.nameEn } : null,
    tags: chips,
    tours: tourPage,
    scope,
  };
}
