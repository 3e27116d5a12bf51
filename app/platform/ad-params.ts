/**
 * Ad tracking parameters (SPEC §3): the campaign fields of the address a visitor arrived on,
 * kept in localStorage `adParams` for analytics and orders to report. The latest ad wins: an
 * address with any of the fields replaces what was kept; an address without them leaves it.
 * Values are trimmed and cut to 1024 characters (SPEC §9's cap on parameter strings).
 */
import { readItem, writeItem, type DeviceStore } from "./device-store";

export const AD_PARAMS_KEY = "adParams";

export const AD_PARAM_NAMES = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "adgroup_name",
  "adgroup_id",
  "adplan_name",
  "adplan_id",
  "adcreative_name",
  "adcreative_id",
  "fbpid",
  "fpclid",
] as const;

export type AdParamName = (typeof AD_PARAM_NAMES)[number];
export type AdParams = Partial<Record<AdParamName, string>>;

export const AD_PARAM_MAX_LENGTH = 1024;

function clean(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim().slice(0, AD_PARAM_MAX_LENGTH);
  return trimmed || undefined;
}

/** The ad fields an address's query holds; empty when it holds none. */
export function adParamsFrom(search: string | URLSearchParams): AdParams {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const found: AdParams = {};
  for (const name of AD_PARAM_NAMES) {
    const value = clean(params.get(name));
    if (value) found[name] = value;
  }
  return found;
}

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
    const value = clean((parsed as Record<string, unknown>)[name]);
    if (value) kept[name] = value;
  }
  return kept;
}
