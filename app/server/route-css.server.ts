import type { EntryContext } from "react-router";

/**
 * The CSS text of a page's matched routes, for the head's `<style data-href>` blocks
 * (app/components/route-styles.tsx, docs/decisions.md 177), read from the static assets the
 * Worker is deployed with instead of carried in its bundle: the build's CSS is 590 KiB
 * (39 KiB gzip) of a bundle the platform loads on every cold start (decision 278). A file's
 * address is hashed, so its text never changes: each is read once per isolate and kept.
 */
const kept = new Map<string, Promise<string | null>>();

/** One CSS file's text, or null when the assets service has none (the page then links it). */
function cssFile(assets: Fetcher, href: string): Promise<string | null> {
  let text = kept.get(href);
  if (!text) {
    text = assets.fetch(new URL(href, "https://assets.local")).then(
      (response) => (response.ok ? response.text() : null),
      () => null,
    );
    // A miss is not kept, so a passing failure costs one page its inline CSS, not the isolate's life.
    void text.then((found) => found ?? kept.delete(href));
    kept.set(href, text);
  }
  return text;
}

/**
 * Where the browser build lists, by route module address, the CSS of the parts a route loads
 * after hydration (vite.config.ts laterPartCss, decision 317): React Router's manifest lists a
 * route's static CSS only.
 */
export const LATER_CSS_FILE = "/later-css.json";

let laterCss: Promise<Readonly<Record<string, string[]>>> | null = null;

function laterCssOf(assets: Fetcher): Promise<Readonly<Record<string, string[]>>> {
  laterCss ??= assets
    .fetch(new URL(LATER_CSS_FILE, "https://assets.local"))
    .then(
      (response) => (response.ok ? (response.json() as Promise<Record<string, string[]>>) : null),
      () => null,
    )
    .then((table) => {
      // A miss is not kept, as for the CSS files: one page goes without, not the isolate.
      if (!table) laterCss = null;
      return table ?? {};
    });
  return laterCss;
}

/**
 * The matched routes' CSS by address, their later parts' included, in the head's order; none
 * without an assets binding (the dev server links its CSS).
 */
export async function routeCss(context: EntryContext, assets: Fetcher | undefined): Promise<ReadonlyMap<string, string>> {
  if (!assets) return new Map();
  const routes = context.staticHandlerContext.matches.map((match) => context.manifest.routes[match.route.id]);
  const later = await laterCssOf(assets);
  const hrefs = new Set([...routes.flatMap((route) => route?.css ?? []), ...routes.flatMap((route) => (route ? (later[route.module] ?? []) : []))]);
  const files = await Promise.all([...hrefs].map(async (href) => [href, await cssFile(assets, href)] as const));
  return new Map(files.filter((file): file is readonly [string, string] => file[1] !== null));
}
