/**
 * The search index's one writer (decision 292): the rows of search_names, search_words and
 * search_grams for catalog entities, made from the same rows the catalog is written with, so
 * whoever writes a tour, a venue, a city or a category writes its index rows in the same batch
 * (the seed: seed/index.ts; a future editor: reindexStatements). Not SQL triggers: folding
 * (fold.ts) happens here, in TypeScript.
 */
import { between, type SQL } from "drizzle-orm";
import { searchGrams, searchNames, searchWords, SEARCH_FIELDS, SEARCH_KINDS, WORD_PLACES, type SearchField, type SearchKind } from "../../db/schema";
import type { Database } from "../context";
import { bigrams, foldText, trigrams } from "./fold";

/** The longest word key kept (UTF-16 units): a longer keyword's prefix is looked up by its first this many. */
export const WORD_KEY_LENGTH = 24;

export type SearchNameRow = typeof searchNames.$inferInsert;
export type SearchWordRow = typeof searchWords.$inferInsert;
export type SearchGramRow = typeof searchGrams.$inferInsert;

export interface SearchRows {
  searchNames: SearchNameRow[];
  searchWords: SearchWordRow[];
  searchGrams: SearchGramRow[];
}

/** One entity's names, each in English and Chinese (null or empty: none). */
export interface IndexedEntity {
  kind: SearchKind;
  entityId: number;
  names: Partial<Record<SearchField, { en: string | null; zh: string | null }>>;
}

const LANGUAGES = ["en", "zh"] as const;
/** Room for every field in both languages under one entity's id. */
const SLOTS = SEARCH_FIELDS.length * LANGUAGES.length;

/** The first name id of an entity: ids run kind by kind, entity by entity, so an entity's rows are one range. */
function entityBase(kind: SearchKind, entityId: number): number {
  return (SEARCH_KINDS.indexOf(kind) * 2 ** 32 + entityId) * SLOTS;
}

export function nameIdOf(kind: SearchKind, entityId: number, field: SearchField, language: "en" | "zh"): number {
  return entityBase(kind, entityId) + SEARCH_FIELDS.indexOf(field) * LANGUAGES.length + LANGUAGES.indexOf(language);
}

/**
 * Name ids as SQL can read them: a tour's names are the ids below `toursEnd`, and a name's field
 * is `(id % slots) / languages` (an index of SEARCH_FIELDS), for statements that need not read
 * the name to know what it names.
 */
export const NAME_IDS = { toursEnd: (SEARCH_KINDS.indexOf("tour") + 1) * 2 ** 32 * SLOTS, slots: SLOTS, languages: LANGUAGES.length } as const;

/** What a name id stands for: nameIdOf read backwards, so a lookup need not read those columns. */
export function nameOf(id: number): { kind: SearchKind; entityId: number; field: SearchField; language: "en" | "zh" } {
  const slot = id % SLOTS;
  const base = (id - slot) / SLOTS;
  const kindIndex = Math.floor(base / 2 ** 32);
  return {
    kind: SEARCH_KINDS[kindIndex],
    entityId: base - kindIndex * 2 ** 32,
    field: SEARCH_FIELDS[Math.floor(slot / LANGUAGES.length)],
    language: LANGUAGES[slot % LANGUAGES.length],
  };
}

/** The index rows of `entities`. Pure. */
export function searchRows(entities: readonly IndexedEntity[]): SearchRows {
  const rows: SearchRows = { searchNames: [], searchWords: [], searchGrams: [] };
  for (const entity of entities) {
    for (const field of SEARCH_FIELDS) {
      for (const language of LANGUAGES) {
        const name = entity.names[field]?.[language]?.trim();
        if (!name) continue;
        const folded = foldText(name);
        if (!folded.compact) continue;
        const nameId = nameIdOf(entity.kind, entity.entityId, field, language);
        const grams = bigrams(folded.compact);
        rows.searchNames.push({ id: nameId, kind: entity.kind, entityId: entity.entityId, field, language, name, folded: folded.words.join(" "), grams: grams.length });
        // Each distinct key once, at its best place: a later word's key can also start the name ("ab ab").
        const places = new Map<string, number>();
        for (const at of folded.wordStarts) {
          const word = folded.compact.slice(at, at + WORD_KEY_LENGTH);
          const place = word === folded.compact ? WORD_PLACES.whole : folded.compact.startsWith(word) ? WORD_PLACES.start : WORD_PLACES.later;
          places.set(word, Math.min(place, places.get(word) ?? WORD_PLACES.later));
        }
        for (const [word, place] of places) rows.searchWords.push({ word, nameId, place });
        // Bigrams (loose matches, likeness) and trigrams (anywhere) side by side: never equal, as their lengths differ.
        for (const gram of [...grams, ...trigrams(folded.compact)]) rows.searchGrams.push({ gram, nameId });
      }
    }
  }
  return rows;
}

/** Catalog rows as the index sees them: the columns it reads of each table. */
export interface CatalogNames {
  tours: { id?: number; titleEn: string; titleZh: string; artistEn: string; artistZh: string }[];
  venues: { id?: number; nameEn: string; nameZh: string; nicknameEn?: string | null; nicknameZh?: string | null; addressEn?: string | null; addressZh?: string | null }[];
  /** Locations; only cities are indexed. */
  locations: { id?: number; kind: "region" | "city"; nameEn: string; nameZh: string }[];
  categories: { id?: number; nameEn: string; nameZh: string }[];
}

const pair = (en: string | null | undefined, zh: string | null | undefined) => ({ en: en ?? null, zh: zh ?? null });
const idOf = (row: { id?: number }) => {
  if (row.id === undefined) throw new Error("an indexed row needs its id");
  return row.id;
};

/** The entities of catalog rows, for searchRows. */
export function catalogEntities(catalog: Partial<CatalogNames>): IndexedEntity[] {
  return [
    ...(catalog.tours ?? []).map((tour): IndexedEntity => ({
      kind: "tour",
      entityId: idOf(tour),
      names: { title: pair(tour.titleEn, tour.titleZh), artist: pair(tour.artistEn, tour.artistZh) },
    })),
    ...(catalog.venues ?? []).map((venue): IndexedEntity => ({
      kind: "venue",
      entityId: idOf(venue),
      names: {
        name: pair(venue.nameEn, venue.nameZh),
        nickname: pair(venue.nicknameEn, venue.nicknameZh),
        address: pair(venue.addressEn, venue.addressZh),
      },
    })),
    ...(catalog.locations ?? [])
      .filter((location) => location.kind === "city")
      .map((city): IndexedEntity => ({ kind: "city", entityId: idOf(city), names: { name: pair(city.nameEn, city.nameZh) } })),
    ...(catalog.categories ?? []).map((category): IndexedEntity => ({
      kind: "category",
      entityId: idOf(category),
      names: { name: pair(category.nameEn, category.nameZh) },
    })),
  ];
}

/** The index rows of catalog rows: what the seed writes in the same batch as them. */
export function catalogSearchRows(catalog: Partial<CatalogNames>): SearchRows {
  return searchRows(catalogEntities(catalog));
}

/** D1's limit on bound values per statement, with room to spare. */
const VALUES_PER_STATEMENT = 90;

function chunks<T>(rows: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(VALUES_PER_STATEMENT / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Statements that replace `entities`' index rows (their old rows deleted, whatever names they
 * had): for a writer's batch beside its catalog rows, so both change in one transaction.
 */
export function reindexStatements(db: Database, entities: readonly IndexedEntity[]) {
  const ranges = entities.map((entity) => {
    const first = entityBase(entity.kind, entity.entityId);
    return { first, last: first + SLOTS - 1 };
  });
  const inRanges = (column: typeof searchNames.id | typeof searchWords.nameId | typeof searchGrams.nameId): SQL[] =>
    ranges.map(({ first, last }) => between(column, first, last));
  const rows = searchRows(entities);
  return [
    ...inRanges(searchWords.nameId).map((where) => db.delete(searchWords).where(where)),
    ...inRanges(searchGrams.nameId).map((where) => db.delete(searchGrams).where(where)),
    ...inRanges(searchNames.id).map((where) => db.delete(searchNames).where(where)),
    ...chunks(rows.searchNames, 8).map((part) => db.insert(searchNames).values(part)),
    ...chunks(rows.searchWords, 3).map((part) => db.insert(searchWords).values(part)),
    ...chunks(rows.searchGrams, 2).map((part) => db.insert(searchGrams).values(part)),
  ];
}

/** Replaces `entities`' index rows in one batch (one transaction). */
export async function reindex(db: Database, entities: readonly IndexedEntity[]): Promise<void> {
  const [first, ...rest] = reindexStatements(db, entities);
  if (first) await db.batch([first, ...rest]);
}
