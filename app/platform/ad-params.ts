/**
 * Ad tracking parameters (SPEC §3): the campaign fields of the address a visitor arrived on,
 * kept in localStorage `adParams` for analytics and orders to report. The latest ad wins: an
 * address with any of the fields replaces what was kept; an address without them leaves it.
 */
import { AD_PARAM_NAMES, adParamsFrom, cleanAdParam, type AdParams } from "../../functions/market/analytics/ad-params";
import { readItem, writeItem, type DeviceStore } from "./device-store";

export { AD_PARAM_MAX_LENGTH, AD_PARAM_NAMES, adParamsFrom, type AdParamName, type AdParams } from "../../functions/market/analytics/ad-params";

export const AD_PARAMS_KEY = "adParams";

/** True when the address came from an ad (back then goes home, SPEC §2). */
export function hasAdParams(search: string | URLSearchParams): boolean {
  return Object.keys(adParamsFrom(search)).length > 0;
}

/** Keeps the address's ad fields in place of the old ones and returns them; null (and nothing kept) when it has none. */
export function captureAdParams(store: DeviceStore | null, search: string | URLSearchParams): AdParams | null {
  const found = adParamsFrom(search);
  if (Object.keys(found).length === 0) return null;
  writeItem(store, AD_PARAMS_KEY, JSON.stringify(found));
  return found;
}

/** The kept ad fields; anything unreadable or unknown in storage is ignored. */
export function readAdParams(store: DeviceStore | null): AdParams {
  const raw = readItem(store, AD_PARAMS_KEY);
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null) return {};
  const kept: AdParams = {};
  for (const name of AD_PARAM_NAMES) {
    const value = cleanAdParam((parsed as Record<string, unknown>)[name]);
    if (value) kept[name] = value;
  }
  return kept;
}
