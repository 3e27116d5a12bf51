/**
 * Keeping a viewer's choices on the web: the cookies functions/web/viewer.ts reads back, named
 * after SPEC §3's stored keys. `language`, `currency` and `theme` hold manual choices; `location` with
 * `location_time` the manual location (in force 7 days from that time), `location_current` the
 * location last used, `locationCityId` the city inside it (absent for the whole region).
 *
 * They are preferences, not secrets: readable by the page, sent only to us (SameSite=Lax), kept a year.
 */
import { serialize, type SerializeOptions } from "cookie";
import type { PreferenceChange } from "../../functions/market/preferences/choices";
import { sameSitePath } from "../../functions/web/safe-redirect";

const ONE_YEAR_S = 31_536_000;

/** Set-Cookie values that keep a change. */
export function preferenceCookies(change: PreferenceChange, request: Request): string[] {
  const options: SerializeOptions = {
    path: "/",
    maxAge: ONE_YEAR_S,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
  };
  const cookies: string[] = [];
  if (change.language) cookies.push(serialize("language", change.language, options));
  if (change.currency) cookies.push(serialize("currency", change.currency, options));
  if (change.theme) cookies.push(serialize("theme", change.theme, options));
  if (change.location) {
    const { region, city, setAt } = change.location;
    cookies.push(serialize("location", region, options));
    cookies.push(serialize("location_time", String(setAt), options));
    cookies.push(serialize("location_current", region, options));
    cookies.push(city ? serialize("locationCityId", city, options) : serialize("locationCityId", "", { ...options, maxAge: 0 }));
  }
  return cookies;
}

/**
 * Where to go after a choice: the `returnTo` the picker was opened with, if it is a path on this
 * site (never another origin, never back to a picker), else home.
 */
export function returnToOf(value: FormDataEntryValue | string | null | undefined): string {
  const target = sameSitePath(value);
  if (target === null || PICKER_PATHS.has(target.split(/[?#]/, 1)[0])) return "/";
  return target;
}

export const PICKER_PATHS: ReadonlySet<string> = new Set(["/language-select", "/currency-select", "/location-select", "/theme-select"]);
