/**
 * Deep links (SPEC §1): ovation://show-list, ovation://tourDetail?id=…, ovation://tourList open
 * those screens in the app; on the web the same paths as https links open the page. 'Open in
 * the app' tries the scheme and, when the page is still in front after a moment (no app took
 * it), goes to the web page instead.
 */
export const APP_SCHEME = "ovation:";
/** The screens the scheme opens, by the path both the app and the web use. */
export const DEEP_LINK_PATHS = ["/show-list", "/tourDetail", "/tourList"] as const;
/** How long the app has to take the link before the web page is shown. */
export const OPEN_IN_APP_FALLBACK_MS = 1500;

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Only the query a screen needs: tourDetail's id (checked), nothing for the lists. */
function screenQuery(path: string, params: URLSearchParams): string {
  if (path !== "/tourDetail") return "";
  const id = params.get("id");
  return id && SAFE_ID.test(id) ? `?id=${id}` : "";
}

/** The web path an ovation:// link opens; null for anything else. */
export function webPathOfAppLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== APP_SCHEME) return null;
  // ovation://tourDetail?id=3 parses with host "tourDetail"; ovation:///tourDetail with the path.
  const path = `/${(url.host || url.pathname.replace(/^\/+/, "")).replace(/\/+$/, "")}`;
  if (!(DEEP_LINK_PATHS as readonly string[]).includes(path)) return null;
  if (path === "/tourDetail" && !screenQuery(path, url.searchParams)) return null;
  return `${path}${screenQuery(path, url.searchParams)}`;
}

/** The ovation:// link of a web page the app can open; null for any other page. */
export function appLinkOfWebPath(pathAndQuery: string): string | null {
  const url = new URL(pathAndQuery, "https://page.invalid");
  if (!(DEEP_LINK_PATHS as readonly string[]).includes(url.pathname)) return null;
  const query = screenQuery(url.pathname, url.searchParams);
  if (url.pathname === "/tourDetail" && !query) return null;
  return `ovation://${url.pathname.slice(1)}${query}`;
}

export interface OpenInAppDeps {
  /** Goes to a URL (location.assign). */
  go: (url: string) => void;
  /** True while this page is still the one shown. */
  stillHere: () => boolean;
  setTimeout: (run: () => void, ms: number) => unknown;
}

/** Tries the app, then falls back to the web page (see the module's rules). */
export function openInApp(webPath: string, deps: OpenInAppDeps): void {
  const link = appLinkOfWebPath(webPath);
  if (!link) {
    deps.go(webPath);
    return;
  }
  deps.go(link);
  deps.setTimeout(() => {
    if (deps.stillHere()) deps.go(webPath);
  }, OPEN_IN_APP_FALLBACK_MS);
}
