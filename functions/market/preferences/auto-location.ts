/**
 * Where a device is, as one of our locations: SPEC §7's lbs/default and the web's "use my
 * current location". In order:
 *
 * 1. Embedded partner channels always get the fixed mainland China location (SPEC §3).
 * 2. A device position (browser geolocation, the app's lng/lat headers) names the region of the
 *    nearest city where we have a venue, if one is within 150 km; further away we would only be
 *    guessing, so the position is not used.
 * 3. The country of the request's network (Cloudflare's geolocation), when it is a region we offer.
 * 4. Hong Kong.
 *
 * The answer is SPEC §3's auto-location payload: the location with its language and currency.
 */
import { venues } from "../../db/schema";
import { EMBEDDED_CHANNELS } from "./channels";
import { loadReference, type LocationRow, type Reference } from "../reference";
import type { MarketContext } from "../context";
import { EMBEDDED_CHANNEL_LOCATION, DEFAULT_LOCATION } from "./location";
import { isOffered, localName } from "./options";

/** How far a device may be from our nearest venue city for its position to count. */
export const NEAREST_CITY_MAX_KM = 150;

const EARTH_RADIUS_KM = 6371;

/** SPEC §3's auto-location payload. */
export interface AutoLocation {
  locationId: number;
  locationCode: string;
  locationName: string;
  parentCode: string | null;
  phoneCode: string;
  languageCode: string;
  languageName: string;
  currencyCode: string;
  currencyName: string;
  currencySymbol: string;
}

export type LocatedBy = "channel" | "position" | "network" | "default";

export interface Position {
  lat: number;
  lng: number;
}

/** Great-circle distance in km between two positions (haversine). */
export function distanceKm(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The city of the point nearest to `position`, if it is within `maxKm`; ties go to the first. */
export function nearestCity(
  points: readonly (Position & { cityCode: string })[],
  position: Position,
  maxKm = NEAREST_CITY_MAX_KM,
): string | undefined {
  let best: { cityCode: string; km: number } | undefined;
  for (const point of points) {
    const km = distanceKm(position, point);
    if (km <= maxKm && (!best || km < best.km)) best = { cityCode: point.cityCode, km };
  }
  return best?.cityCode;
}

/**
 * The region a device is in and how it was found (see the folder rules). Reads the venues' positions
 * only when a position is given. Never throws for unknown input: it falls through to Hong Kong.
 */
export async function locateRegion(
  ctx: Pick<MarketContext, "db" | "d1" | "env" | "now" | "viewer">,
  clues: { position?: Position | null; country?: string | null },
): Promise<{ region: LocationRow; by: LocatedBy }> {
  const reference = await loadReference(ctx);
  const region = (code: string | null | undefined) => {
    const row = code ? reference.locationByCode.get(code) : undefined;
    return row?.kind === "region" ? row : undefined;
  };

  if ((EMBEDDED_CHANNELS as readonly string[]).includes(ctx.viewer.channel)) {
    const mainland = region(EMBEDDED_CHANNEL_LOCATION.code);
    if (mainland) return { region: mainland, by: "channel" };
  }
  if (clues.position) {
    const points = await ctx.db.select({ cityCode: venues.cityCode, lat: venues.lat, lng: venues.lng }).from(venues);
    const city = nearestCity(
      points.map((p) => ({ cityCode: p.cityCode, lat: p.lat / 1e6, lng: p.lng / 1e6 })),
      clues.position,
    );
    const found = offeredRegion(reference, city ? reference.locationByCode.get(city)?.parentCode : undefined);
    if (found) return { region: found, by: "position" };
  }
  const byNetwork = offeredRegion(reference, clues.country?.trim().toUpperCase());
  if (byNetwork) return { region: byNetwork, by: "network" };
  const fallback = region(DEFAULT_LOCATION.code);
  if (!fallback) throw new Error("reference data has no Hong Kong location");
  return { region: fallback, by: "default" };
}

function offeredRegion(reference: Reference, code: string | null | undefined): LocationRow | undefined {
  const row = code ? reference.locationByCode.get(code) : undefined;
  return row && row.kind === "region" && isOffered(reference, row) ? row : undefined;
}

/** SPEC §3's auto-location payload for a region, named in the viewer's language. */
export async function autoLocationOf(
  ctx: Pick<MarketContext, "db" | "d1" | "env" | "now" | "viewer">,
  region: LocationRow,
): Promise<AutoLocation> {
  const reference = await loadReference(ctx);
  const language = reference.languages.find((row) => row.code === region.languageCode);
  const currency = reference.currencyByCode.get(region.currencyCode);
  return {
    locationId: region.id,
    locationCode: region.code,
    locationName: localName(region, ctx.viewer.language),
    parentCode: region.parentCode,
    phoneCode: region.phoneCode,
    languageCode: region.languageCode,
    languageName: language?.name ?? region.languageCode,
    currencyCode: region.currencyCode,
    currencyName: currency ? localName(currency, ctx.viewer.language) : region.currencyCode,
    currencySymbol: currency?.symbol ?? region.currencyCode,
  };
}
