/**
 * What a viewer can choose from: SPEC §3's locations, currencies and languages, named in the
 * viewer's language, in the order the pickers show them. Read from the cached reference data;
 * `listShowLocations` also reads which cities have shows.
 *
 * Language names are always their own (English, 繁體中文): someone who cannot read the current
 * language must still find theirs.
 */
import { count, inArray } from "drizzle-orm";
import { shows } from "../../db/schema";
import { loadReference, type CurrencyRow, type LocationRow, type Reference } from "../reference";
import type { Language } from "../context/viewer";
import type { MarketContext } from "../context";
import { LOCATION_QUERY_MAX } from "./location-query";

/** SPEC §3's Location, plus what the pickers need to show beside it. */
export interface LocationOption {
  id: number;
  code: string;
  name: string;
  parentCode: string | null;
  phoneCode: string;
  isDefault: boolean;
  clientHidden: boolean;
  /** A country/region, or a city inside one (parentCode names its region). */
  kind: "region" | "city";
  /** The currency and language the location suggests. */
  currencyCode: string;
  languageCode: string;
}

/** SPEC §3's Currency. */
export interface CurrencyOption {
  currencyCode: string;
  currencyName: string;
  currencySymbol: string;
}

/** SPEC §3's Language. */
export interface LanguageOption {
  code: string;
  name: string;
}

/** A city where shows are on sale or about to be, with how many. */
export interface ShowLocationOption extends LocationOption {
  showCount: number;
}

/** Show statuses a buyer can still look forward to; the rest are not listed anywhere. */
const LISTED_SHOW_STATUSES = ["ONSALE", "PENDING"] as const;

export function localName(row: { nameEn: string; nameZh: string }, language: Language): string {
  return language === "zh-HK" ? row.nameZh : row.nameEn;
}

export function toLocationOption(row: LocationRow, language: Language): LocationOption {
  return {
    id: row.id,
    code: row.code,
    name: localName(row, language),
    parentCode: row.parentCode,
    phoneCode: row.phoneCode,
    isDefault: row.isDefault,
    clientHidden: row.clientHidden,
    kind: row.kind,
    currencyCode: row.currencyCode,
    languageCode: row.languageCode,
  };
}

export function toCurrencyOption(row: CurrencyRow, language: Language): CurrencyOption {
  return { currencyCode: row.code, currencyName: localName(row, language), currencySymbol: row.symbol };
}

/**
 * Every location, regions before cities, each in reference order. Hidden locations (the embedded
 * channels' mainland China) are included with clientHidden set, as SPEC §3 carries the flag;
 * `offered: true` leaves them out, for pickers.
 */
export async function listLocations(
  ctx: Pick<MarketContext, "db" | "d1" | "env" | "now" | "viewer">,
  options: { kind?: "region" | "city"; offered?: boolean } = {},
): Promise<LocationOption[]> {
  const reference = await loadReference(ctx);
  return pickLocations(reference, options).map((row) => toLocationOption(row, ctx.viewer.language));
}

function pickLocations(reference: Reference, options: { kind?: "region" | "city"; offered?: boolean }): LocationRow[] {
  const rows = reference.locations.filter(
    (row) => (!options.kind || row.kind === options.kind) && (!options.offered || isOffered(reference, row)),
  );
  const rank = (row: LocationRow) => (row.kind === "region" ? 0 : 1);
  return rows.sort((a, b) => rank(a) - rank(b));
}

/** A location the pickers offer: not hidden, and (for a city) inside a region that is not hidden. */
export function isOffered(reference: Reference, row: LocationRow): boolean {
  if (row.clientHidden) return false;
  if (row.kind === "city") {
    const region = row.parentCode ? reference.locationByCode.get(row.parentCode) : undefined;
    return region !== undefined && !region.clientHidden;
  }
  return true;
}

/**
 * The cities that have shows on sale or coming on sale, in reference order, each with its number
 * of such shows. A city without any is left out, so a buyer never picks an empty city.
 */
export async function listShowLocations(ctx: Pick<MarketContext, "db" | "d1" | "env" | "now" | "viewer">): Promise<ShowLocationOption[]> {
  const reference = await loadReference(ctx);
  const counts = await ctx.db
    .select({ cityCode: shows.cityCode, showCount: count() })
    .from(shows)
    .where(inArray(shows.status, [...LISTED_SHOW_STATUSES]))
    .groupBy(shows.cityCode);
  const byCity = new Map(counts.map((row) => [row.cityCode, row.showCount]));
  return pickLocations(reference, { kind: "city", offered: true })
    .filter((row) => (byCity.get(row.code) ?? 0) > 0)
    .map((row) => ({ ...toLocationOption(row, ctx.viewer.language), showCount: byCity.get(row.code) ?? 0 }));
}

/** Every currency we show prices in, the default (HKD) first. */
export async function listCurrencies(ctx: Pick<MarketContext, "db" | "d1" | "env" | "now" | "viewer">): Promise<CurrencyOption[]> {
  const reference = await loadReference(ctx);
  return reference.currencies.map((row) => toCurrencyOption(row, ctx.viewer.language));
}

/** Every language the product speaks, each named in itself. */
export async function listLanguages(ctx: Pick<MarketContext, "db" | "d1" | "env" | "now">): Promise<LanguageOption[]> {
  const reference = await loadReference(ctx);
  return reference.languages.map(({ code, name }) => ({ code, name }));
}

/** How the viewer currently sees the market, as the settings popup shows it. */
export interface ViewerPreferences {
  region: LocationOption;
  city: LocationOption | null;
  language: LanguageOption;
  currency: CurrencyOption;
}

/**
 * The viewer's region, city, language and currency, named in the viewer's language. Falls back to
 * SPEC §4's defaults for anything the reference data no longer lists.
 */
export async function describeViewerPreferences(ctx: Pick<MarketContext, "db" | "d1" | "env" | "now" | "viewer">): Promise<ViewerPreferences> {
  const reference = await loadReference(ctx);
  const { viewer } = ctx;
  const regionRow = reference.locationByCode.get(viewer.location) ?? reference.locationByCode.get("HK");
  if (!regionRow) throw new Error("reference data has no Hong Kong location");
  const cityRow = viewer.city ? reference.locationByCode.get(viewer.city) : undefined;
  const languageRow = reference.languages.find((row) => row.code === viewer.language);
  const currencyRow = reference.currencyByCode.get(viewer.currency) ?? reference.currencyByCode.get("HKD");
  if (!currencyRow) throw new Error("reference data has no HKD currency");
  return {
    region: toLocationOption(regionRow, viewer.language),
    city: cityRow ? toLocationOption(cityRow, viewer.language) : null,
    language: { code: viewer.language, name: languageRow?.name ?? viewer.language },
    currency: toCurrencyOption(currencyRow, viewer.language),
  };
}

/** A country/region as the location picker shows it: with its cities that have shows. */
export interface RegionChoice extends LocationOption {
  /** Shows on sale or coming on sale across the region's cities. */
  showCount: number;
  cities: ShowLocationOption[];
}

/**
 * The regions the location picker offers, each with its cities that have shows, in reference
 * order. A query (trimmed, case-insensitive, at most 50 characters) keeps the regions whose code
 * or English or Chinese name contains it, or that have such a city; only matching cities are kept
 * then, unless the region itself matched.
 */
export async function listRegionChoices(
  ctx: Pick<MarketContext, "db" | "d1" | "env" | "now" | "viewer">,
  options: { query?: string | null } = {},
): Promise<RegionChoice[]> {
  const reference = await loadReference(ctx);
  const cities = await listShowLocations(ctx);
  const query = (options.query ?? "").trim().slice(0, LOCATION_QUERY_MAX).toLowerCase();
  const matches = (code: string) => {
    if (!query) return true;
    const row = reference.locationByCode.get(code);
    return row !== undefined && [row.code, row.nameEn, row.nameZh].some((text) => text.toLowerCase().includes(query));
  };
  const choices: RegionChoice[] = [];
  for (const row of pickLocations(reference, { kind: "region", offered: true })) {
    const own = cities.filter((city) => city.parentCode === row.code);
    const regionMatches = matches(row.code);
    const shown = regionMatches ? own : own.filter((city) => matches(city.code));
    if (!regionMatches && shown.length === 0) continue;
    choices.push({
      ...toLocationOption(row, ctx.viewer.language),
      showCount: own.reduce((sum, city) => sum + city.showCount, 0),
      cities: shown,
    });
  }
  return choices;
}

/**
 * A suggested location (SPEC §4) named in the viewer's language, when it is a region we offer and
 * not the one in use; null otherwise, so a stale or odd suggestion is simply not shown.
 */
export async function describeLocationSuggestion(
  ctx: Pick<MarketContext, "db" | "d1" | "env" | "now" | "viewer">,
  code: string | null | undefined,
): Promise<LocationOption | null> {
  if (!code || code === ctx.viewer.location) return null;
  const reference = await loadReference(ctx);
  const row = reference.locationByCode.get(code);
  if (!row || row.kind !== "region" || !isOffered(reference, row)) return null;
  return toLocationOption(row, ctx.viewer.language);
}
