/**
 * The demo catalog's shape: the rows of each seeded table, as typed inserts, in foreign-key
 * order (insert them top to bottom). Its own file, so the builders (index.ts), the staff
 * accounts (staff.ts) and the SQL writer (sql.ts) share it without importing each other.
 */
import type * as schema from "../db/schema";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

export type DemoCatalog = {
  languages: Insert<typeof schema.languages>[];
  currencies: Insert<typeof schema.currencies>[];
  locations: Insert<typeof schema.locations>[];
  categories: Insert<typeof schema.categories>[];
  tags: Insert<typeof schema.tags>[];
  venues: Insert<typeof schema.venues>[];
  venueSections: Insert<typeof schema.venueSections>[];
  tours: Insert<typeof schema.tours>[];
  tourTags: Insert<typeof schema.tourTags>[];
  shows: Insert<typeof schema.shows>[];
  sessions: Insert<typeof schema.sessions>[];
  sellers: Insert<typeof schema.sellers>[];
  listings: Insert<typeof schema.listings>[];
  /** The lowest price's past per on-sale session (seed/price-history.ts). */
  sessionPricePoints: Insert<typeof schema.sessionPricePoints>[];
  /** Search's index of the names above (market/search/catalog-index.ts), written in the same batch. */
  searchNames: Insert<typeof schema.searchNames>[];
  searchWords: Insert<typeof schema.searchWords>[];
  searchGrams: Insert<typeof schema.searchGrams>[];
  /** Staff accounts only (seed/staff.ts withDemoStaff); demoCatalog leaves both empty. */
  users: Insert<typeof schema.users>[];
  accountRoles: Insert<typeof schema.accountRoles>[];
};
