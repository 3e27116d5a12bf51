/**
 * Where discovery looks. Every discovery list (Home's floors, the tour list, events, the Tags
 * view) shows what is on in the viewer's location: the city they chose (locationCityId), else
 * every city inside their location, found through parentCode, so the embedded channel's fixed
 * mainland location (CN) covers Hong Kong and Macau. A list may be pointed elsewhere with a
 * `cityCode`: a city, a region, or ALL for everywhere.
 */
import * as z from "zod";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { loadReference, type Reference } from ".";
import { EVERYWHERE } from "./scope-code";

export { EVERYWHERE } from "./scope-code";

export const cityCodeSchema = z.string().regex(/^[A-Z]{2,3}$/, "must be a location code");

export interface DiscoveryScope {
  kind: "city" | "region" | "everywhere";
  /** The city or region code, or ALL. */
  code: string;
  /** The location's name in the viewer's language; null for everywhere. */
  name: string | null;
  /** Cities whose shows are in scope. */
  cityCodes: string[];
}

/**
 * The scope for an optional `cityCode` (see the file rules). Throws invalidParam (field
 * cityCode) for a code that names no location.
 */
export async function discoveryScope(ctx: Pick<MarketContext, "db" | "d1" | "env" | "now" | "viewer">, cityCode?: string): Promise<DiscoveryScope> {
  const reference = await loadReference(ctx);
  const language = ctx.viewer.language;
  if (cityCode === EVERYWHERE) {
    const cityCodes = reference.locations.filter((l) => l.kind === "city" && !l.clientHidden).map((l) => l.code);
    return { kind: "everywhere", code: EVERYWHERE, name: null, cityCodes };
  }
  const code = cityCode ?? ctx.viewer.city ?? ctx.viewer.location;
  const location = reference.locationByCode.get(code);
  if (!location) {
    if (cityCode !== undefined) throw new MarketError("invalidParam", { params: { field: "cityCode", reason: "unknown location" } });
    // A viewer location we no longer list: fall back to SPEC §4's default rather than fail a page.
    return discoveryScope(ctx, "HK");
  }
  const name = language === "zh-HK" ? location.nameZh : location.nameEn;
  if (location.kind === "city") return { kind: "city", code, name, cityCodes: [code] };
  return { kind: "region", code, name, cityCodes: citiesWithin(reference, code) };
}

/** Every visible city below a location, at any depth. */
function citiesWithin(reference: Reference, rootCode: string): string[] {
  const cities: string[] = [];
  const queue = [rootCode];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const child of reference.locations) {
      if (child.parentCode !== parent || child.clientHidden || seen.has(child.code)) continue;
      seen.add(child.code);
      if (child.kind === "city") cities.push(child.code);
      else queue.push(child.code);
    }
  }
  return cities;
}

/** A location's name in a language, or the code itself when it is not listed. */
export function locationName(reference: Reference, code: string, language: MarketContext["viewer"]["language"]): string {
  const location = reference.locationByCode.get(code);
  if (!location) return code;
  return language === "zh-HK" ? location.nameZh : location.nameEn;
}
