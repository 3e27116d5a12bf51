/**
 * The search index of a catalog written before the index existed (migration 0019): the catalog's
 * own rows, read back, become the index rows the catalog's writer would have written beside
 * them (catalog-index.ts). `npm run db:setup` runs it on a seeded database whose index is empty.
 */
import { catalogSearchRows, type CatalogNames } from "../market/search/catalog-index";
import { toSqlScript } from "./sql";

/** What to read back, each as the index's writer names the columns. */
export const SEARCH_BACKFILL_READS: { [K in keyof CatalogNames]: string } = {
  tours: "SELECT id, title_en AS titleEn, title_zh AS titleZh, artist_en AS artistEn, artist_zh AS artistZh FROM tours",
  venues:
    "SELECT id, name_en AS nameEn, name_zh AS nameZh, nickname_en AS nicknameEn, nickname_zh AS nicknameZh, address_en AS addressEn, address_zh AS addressZh FROM venues",
  locations: "SELECT id, kind, name_en AS nameEn, name_zh AS nameZh FROM locations",
  categories: "SELECT id, name_en AS nameEn, name_zh AS nameZh FROM categories",
};

/** Whether the index is empty: a database seeded before it, or never seeded. */
export const SEARCH_INDEX_COUNT = "SELECT COUNT(*) AS n FROM search_names";

/** The index rows of `catalog` as a .sql script, with how many names it indexes. */
export function searchBackfillScript(catalog: CatalogNames): { script: string; names: number } {
  const rows = catalogSearchRows(catalog);
  return { script: toSqlScript(rows), names: rows.searchNames.length };
}
