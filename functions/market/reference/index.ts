/**
 * Reference data: locations, currencies and languages. Small and rarely changed, so it is read
 * once per isolate and kept for a few minutes; every request resolves its viewer against it.
 */
import { asc } from "drizzle-orm";
import { currencies, languages, locations } from "../../db/schema";
import type { MarketContext } from "../context";

export type LocationRow = typeof locations.$inferSelect;
export type CurrencyRow = typeof currencies.$inferSelect;
export type LanguageRow = typeof languages.$inferSelect;

export interface Reference {
  locations: LocationRow[];
  currencies: CurrencyRow[];
  languages: LanguageRow[];
  locationByCode: Map<string, LocationRow>;
  currencyByCode: Map<string, CurrencyRow>;
}

const TTL_MS = 5 * 60_000;
let cached: { at: number; binding: D1Database; value: Promise<Reference> } | null = null;

/** The reference data, from the isolate's cache when fresh. Throws only if D1 fails. */
export function loadReference(ctx: Pick<MarketContext, "db" | "env" | "now">): Promise<Reference> {
  const now = ctx.now();
  // Kept per binding, not per request's session: one copy serves every request of the isolate.
  if (cached && cached.binding === ctx.env.DB && now - cached.at < TTL_MS) return cached.value;
  const value = readReference(ctx).catch((error) => {
    cached = null;
    throw error;
  });
  cached = { at: now, binding: ctx.env.DB, value };
  return value;
}

/**
 * Drops the isolate's copy, for a caller that has just written reference rows: tests seed
 * currencies and locations per test in one isolate that the Worker shares.
 */
export function forgetReference(): void {
  cached = null;
}

async function readReference(ctx: Pick<MarketContext, "db">): Promise<Reference> {
  const [locationRows, currencyRows, languageRows] = await Promise.all([
    ctx.db.select().from(locations).orderBy(asc(locations.sort), asc(locations.id)),
    ctx.db.select().from(currencies).orderBy(asc(currencies.sort), asc(currencies.code)),
    ctx.db.select().from(languages).orderBy(asc(languages.sort)),
  ]);
  return {
    locations: locationRows,
    currencies: currencyRows,
    languages: languageRows,
    locationByCode: new Map(locationRows.map((row) => [row.code, row])),
    currencyByCode: new Map(currencyRows.map((row) => [row.code, row])),
  };
}
