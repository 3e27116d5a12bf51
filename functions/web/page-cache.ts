/**
 * Catalog pages at the edge: signed out, home, Explore (/show-list), search (/search) and a tour's page are the same
 * HTML for every visitor who shares an address, language, currency, location, theme and
 * platform, so each is rendered once per such variant and kept for a short while
 * (docs/decisions.md, decisions 150 and 169). Two tiers: this isolate's memory, then the
 * Cache API (the colo's cache, shared by its isolates). Fresh for FRESH_MS; after that, for up
 * to STALE_MS more, the kept copy is still answered while one fresh render replaces it in the
 * background (stale-while-revalidate). A change made through this isolate (any successful
 * form post or API write, and the cron's tidying) drops the kept copies at once.
 *
 * Never kept: a signed-in viewer's page, a request with any cookie other than the stored
 * preferences (a session, a toast, a pending form), a query field the page does not read (an ad's
 * fields, which set a cookie) or one given twice, an answer that sets a cookie or is not a 200
 * HTML page (a redirect of a refused filter, a tour not found). The page's CSP nonce is the one thing
 * that changes per answer: it is swapped for the request's own.
 */
import { isbot } from "isbot";
import { parse } from "cookie";
import type { AppLoadContext } from "react-router";
import { LANGUAGE_PARAM } from "./language-address";
import { runsScripts, SCRIPTS_COOKIE } from "./scripts-cookie";
import { normalisedKeyword } from "./search-keyword";

export const FRESH_MS = 10_000;
export const STALE_MS = 60_000;
/** Pages kept in one isolate's memory at most (pages × languages × currencies × locations in use). */
const MEMORY_ENTRIES = 128;

/** The pages kept, each with the query fields that change it (normalised into the key in this order). */
const KEPT_PAGES = new Map<string, readonly string[]>([
  ["/", [LANGUAGE_PARAM]],
  ["/show-list", [LANGUAGE_PARAM, "categoryId", "cityCode", "preset", "from", "to", "page"]],
  ["/tourDetail", [LANGUAGE_PARAM, "id"]],
  ["/search", [LANGUAGE_PARAM, "keyword", "type", "page"]],
]);

/** Fields whose values are folded before they enter the key: one search typed several ways is one page (decision 294). */
const FOLDED_FIELDS = new Map<string, (value: string) => string>([["keyword", normalisedKeyword]]);

/** Cookies that only carry preferences the key already names (functions/web/viewer.ts, theme). */
const PREFERENCE_COOKIES = new Set([
  "language",
  "language_auto",
  "currency",
  "currency_auto",
  "location",
  "location_time",
  "location_current",
  "locationCityId",
  "theme",
  // Not a preference, but it only picks between the two documents the key names (streamed or complete).
  SCRIPTS_COOKIE,
]);

interface KeptPage {
  body: string;
  /** The nonce the kept body's inline scripts were written with. */
  nonce: string;
  headers: [string, string][];
  storedAt: number;
}

/** The colo's cache (the DOM's CacheStorage type does not know Workers' default cache). */
const edgeCache = () => (caches as unknown as { default: Cache }).default;

const memory = new Map<string, KeptPage>();
const refreshing = new Set<string>();
/** When this isolate last saw a change: copies from the Cache API kept before it are ignored. */
let forgottenAt = 0;

/** Whether the request may be answered from a kept page, before the viewer is resolved. */
export function mayKeepPage(request: Request): boolean {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  const fields = KEPT_PAGES.get(url.pathname);
  if (!fields) return false;
  const names = [...url.searchParams.keys()];
  if (names.some((name) => !fields.includes(name)) || new Set(names).size !== names.length) return false;
  const cookies = parse(request.headers.get("cookie") ?? "");
  return Object.keys(cookies).every((name) => PREFERENCE_COOKIES.has(name));
}

/**
 * The variant's key, or null when this viewer's page is their own (signed in). `build` names the
 * web app's build: a page refers to its build's hashed scripts, which the next deploy removes.
 */
export function pageKey(request: Request, context: AppLoadContext, build: string): string | null {
  const { viewer } = context.market;
  if (viewer.userId !== null || context.setCookies.length > 0) return null;
  const url = new URL(request.url);
  const theme = parse(request.headers.get("cookie") ?? "").theme ?? "system";
  const parts = [
    build,
    viewer.environment,
    viewer.language,
    viewer.currency,
    viewer.location,
    viewer.city ?? "-",
    viewer.channel,
    viewer.platform,
    theme,
    context.locationSuggestion ?? "-",
    context.detectedLocation ?? "-",
    // Crawlers get the whole page at once, people a stream: two different documents.
    isbot(request.headers.get("user-agent") ?? "") ? "bot" : "person",
    // A browser known to run scripts gets the deferred data streamed, anyone else the page complete.
    runsScripts(request.headers.get("cookie")) ? "streamed" : "complete",
  ];
  // The page's own fields in a fixed order, so the same filter written in another order shares its copy.
  const query = (KEPT_PAGES.get(url.pathname) ?? []).map((name) => {
    const value = url.searchParams.get(name) ?? "";
    return `${name}=${FOLDED_FIELDS.get(name)?.(value) ?? value}`;
  });
  return `https://page-cache.ovation.invalid/${encodeURIComponent(url.host)}${url.pathname}/${[...parts, ...query].map(encodeURIComponent).join("/")}`;
}

function answerKept(kept: KeptPage, nonce: string, age: number): Response {
  const headers = new Headers(kept.headers);
  headers.set("X-Page-Cache", `hit; age=${Math.round(age / 1000)}`);
  return new Response(kept.nonce ? kept.body.replaceAll(kept.nonce, nonce) : kept.body, { status: 200, headers });
}

async function readKept(key: string): Promise<KeptPage | null> {
  const inMemory = memory.get(key);
  if (inMemory) return inMemory;
  const cached = await edgeCache().match(key).catch(() => undefined);
  if (!cached) return null;
  const kept = (await cached.json()) as KeptPage;
  if (kept.storedAt < forgottenAt) return null;
  remember(key, kept);
  return kept;
}

function remember(key: string, kept: KeptPage): void {
  memory.delete(key);
  memory.set(key, kept);
  while (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value!);
}

/** Keeps a rendered page when it is a plain 200 HTML page without cookies; answers it either way. */
async function keep(key: string, page: Response, nonce: string, now: number, ctx: ExecutionContext): Promise<Response> {
  const keepable = page.status === 200 && page.headers.get("content-type")?.startsWith("text/html") && !page.headers.has("set-cookie") && page.body;
  if (!keepable) return page;
  const [forViewer, forCache] = page.body!.tee();
  const headers = [...page.headers];
  ctx.waitUntil(
    new Response(forCache).text().then((body) => {
      const kept: KeptPage = { body, nonce, headers, storedAt: now };
      remember(key, kept);
      const ttl = Math.ceil((FRESH_MS + STALE_MS) / 1000);
      return edgeCache()
        .put(key, new Response(JSON.stringify(kept), { headers: { "content-type": "application/json", "cache-control": `public, max-age=${ttl}` } }))
        .catch(() => undefined);
    }),
  );
  const answered = new Response(forViewer, { status: page.status, statusText: page.statusText, headers: page.headers });
  answered.headers.set("X-Page-Cache", "miss");
  return answered;
}

/**
 * The page for `key`: a kept copy when there is one young enough, else `render()`'s answer
 * (written with this request's `nonce`), kept for the next visitor. A stale copy is answered
 * while `refresh` renders a new one, with a nonce of its own, in the background.
 */
export async function keptPage(
  key: string,
  nonce: string,
  now: number,
  ctx: ExecutionContext,
  render: () => Promise<Response>,
  refresh: () => Promise<{ page: Response; nonce: string }>,
): Promise<Response> {
  const kept = await readKept(key);
  const age = kept ? now - kept.storedAt : Infinity;
  if (kept && age <= FRESH_MS) return answerKept(kept, nonce, age);
  if (kept && age <= FRESH_MS + STALE_MS) {
    if (!refreshing.has(key)) {
      refreshing.add(key);
      ctx.waitUntil(
        refresh()
          .then(async (fresh) => {
            const answered = await keep(key, fresh.page, fresh.nonce, Date.now(), ctx);
            await answered.body?.cancel();
          })
          .catch(() => undefined)
          .finally(() => refreshing.delete(key)),
      );
    }
    return answerKept(kept, nonce, age);
  }
  return keep(key, await render(), nonce, now, ctx);
}

/** Something changed through this isolate: no kept page may outlive it here. */
export function forgetKeptPages(now: number): void {
  memory.clear();
  forgottenAt = now;
}
