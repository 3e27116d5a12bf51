/**
 * The navigation throttle (SPEC §8): opening the same page with the same parameters again within
 * 500 ms of the last time is refused, so a double tap opens a page once. Parameters compare as a
 * set, whatever their order; another page, or other parameters, always go through.
 */
export const NAVIGATION_THROTTLE_MS = 500;

type Params = Record<string, string | number | boolean | null | undefined> | URLSearchParams;

/** One string per page and parameters: the path, then the parameters sorted by name and value. */
export function navigationKey(to: string, params?: Params): string {
  const url = new URL(to, "http://page.invalid");
  const entries = [...url.searchParams.entries()];
  if (params instanceof URLSearchParams) entries.push(...params.entries());
  else if (params) {
    for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null) entries.push([name, String(value)]);
  }
  entries.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return `${url.pathname}?${new URLSearchParams(entries).toString()}`;
}

/**
 * A throttle: call it before each navigation; it answers whether to go. Only accepted
 * navigations start the 500 ms, so a finger resting on a button still opens the page twice a second.
 */
export function createNavigationThrottle(windowMs: number = NAVIGATION_THROTTLE_MS, now: () => number = Date.now) {
  let last: { key: string; at: number } | null = null;
  return function allowNavigation(to: string, params?: Params): boolean {
    const key = navigationKey(to, params);
    const at = now();
    if (last && last.key === key && at - last.at < windowMs) return false;
    last = { key, at };
    return true;
  };
}
