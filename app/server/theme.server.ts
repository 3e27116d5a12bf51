/**
 * The theme a page is drawn in, decided on the server so the first paint is already right:
 * the host app's theme from the app context (`theme` in the query, SPEC §3/§4), kept for the
 * rest of the visit in a session cookie since later links inside the web view no longer carry
 * it; else the viewer's choice in Settings (`theme` cookie); else "system", which CSS resolves
 * from prefers-color-scheme (tokens.css), so no script is needed before paint.
 */
import { parse, serialize } from "cookie";
import { isAppTheme, resolveTheme, type Theme } from "@market/preferences/theme";

const APP_THEME_COOKIE = "theme_app";

/** The viewer's own choice in Settings (the `theme` cookie), "system" when none. */
export function chosenTheme(request: Request): Theme {
  return resolveTheme({ manual: parse(request.headers.get("cookie") ?? "").theme });
}

export function themeOf(request: Request): { theme: Theme; setCookie: string | null } {
  const cookies = parse(request.headers.get("cookie") ?? "");
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("theme");
  const app = isAppTheme(fromQuery) ? fromQuery : cookies[APP_THEME_COOKIE];
  const setCookie =
    isAppTheme(fromQuery) && fromQuery !== cookies[APP_THEME_COOKIE]
      ? serialize(APP_THEME_COOKIE, fromQuery, { path: "/", sameSite: "lax", secure: url.protocol === "https:" })
      : null;
  return { theme: resolveTheme({ app, manual: cookies.theme }), setCookie };
}
