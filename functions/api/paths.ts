/**
 * Which paths are the JSON API's (SPEC §7). wrangler.toml's run_worker_first names the same
 * folders, so these calls reach the Worker without the assets service looking for a file first
 * (tests/unit/static-routing.test.ts keeps the two in step).
 */

/** Paths the API answers (with Apple's pass web service, which Wallet calls); every other path belongs to the web app. */
export const API_PREFIXES = ["/pub/", "/user/", "/configs/", "/support/v1/", "/provider/v1/", "/wallet/apple/"];

/** The partner API host's suffix, under which the same API answers (api/partner-door.ts). */
export const PARTNER_PREFIX = "/mtl_overseasapi/mts";

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
