/**
 * Search's index over the catalog (migration 0019, decisions 290 and 292): every searchable name
 * folded (market/search/fold.ts), where its words start, and its bigrams. Written only by
 * market/search/catalog-index.ts, in the same write as the names it copies.
 *
 * search_words and search_grams are WITHOUT ROWID tables in the migration (their key is their
 * content); drizzle cannot say so, and the migration is hand-written.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const SEARCH_KINDS = ["tour", "venue", "city", "category"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/**
 * A name's role: a tour's title or artist, a venue's name, nickname or address (where its
 * district is: Hung Hom, Wan Chai), a city's or category's name.
 */
export const SEARCH_FIELDS = ["title", "artist", "name", "nickname", "address"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** One name of one entity in one language. */
export const searchNames = sqliteTable("search_names", {
  /** Made from kind, entity, field and language (catalog-index.ts), so an entity's rows are one id range. */
  id: integer("id").primaryKey(),
  kind: text("kind", { enum: SEARCH_KINDS }).notNull(),
  /** tours.id, venues.id, locations.id (a city) or categories.id. */
  entityId: integer("entity_id").notNull(),
  field: text("field", { enum: SEARCH_FIELDS }).notNull(),
  language: text("language", { enum: ["en", "zh"] }).notNull(),
  /** As written, for 'closest' suggestions. */
  name: text("name").notNull(),
  /** Folded words separated by one space. */
  folded: text("folded").notNull(),
  /** How many distinct bigrams the compact form has (for the closest names' likeness). */
  grams: integer("grams").notNull(),
});

/** Where a word key sits in its name (migration 0021): the whole name, the name's start, a later word's start. */
export const WORD_PLACES = { whole: 0, start: 1, later: 2 } as const;

/** The compact form from each word's start, cut short: a keyword's prefix is one range of this index. */
export const searchWords = sqliteTable(
  "search_words",
  {
    word: text("word").notNull(),
    nameId: integer("name_id").notNull(),
    /** WORD_PLACES: a keyword this key starts with is the whole name (when equal), its prefix, or a word's start. */
    place: integer("place").notNull().default(WORD_PLACES.later),
  },
  (t) => [primaryKey({ columns: [t.word, t.nameId] }), index("search_words_name").on(t.nameId)],
);

/** The compact form's distinct bigrams: a keyword anywhere in a name has all of its own. */
export const searchGrams = sqliteTable(
  "search_grams",
  {
    gram: text("gram").notNull(),
    nameId: integer("name_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gram, t.nameId] }), index("search_grams_name").on(t.nameId)],
);
