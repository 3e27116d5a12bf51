/**
 * Ad tracking fields (SPEC §3): their names and how an address's query is read for them. Pure,
 * so the browser (which keeps them on the device) and the web door (which keeps them in a
 * cookie) read them the same way. Values are trimmed and cut to 1024 characters (SPEC §9's cap
 * on parameter strings).
 */
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

export function cleanAdParam(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim().slice(0, AD_PARAM_MAX_LENGTH);
  return trimmed || undefined;
}

/** The ad fields an address's query holds; empty when it holds none. */
export function adParamsFrom(search: string | URLSearchParams): AdParams {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const found: AdParams = {};
  for (const name of AD_PARAM_NAMES) {
    const value = cleanAdParam(params.get(name));
    if (value) found[name] = value;
  }
  return found;
}
