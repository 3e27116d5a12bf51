/**
 * Files the Worker answers before the web app: robots.txt, sitemap.xml, the PNG icons and
 * favicon.ico, and tours' link-preview cards (/media/og/{tourId}.png?v=). Icons are drawn once
 * per isolate; a card is drawn once per version, kept in R2, and put in the edge cache so
 * later requests near that edge never reach R2.
 */
import { createMarketContext } from "../wiring";
import { DEFAULT_VIEWER } from "../market/context/viewer";
import { MarketError } from "../market/errors";
import { tourShareCard } from "../market/catalog/share-card";
import { ICON_FILES } from "../imaging/icons";
import { robotsTxt, sitemapXml } from "./crawl";
import { CACHE } from "./security-headers";

const drawnIcons = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

const notFound = () => new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

function bytes(body: Uint8Array<ArrayBuffer>, contentType: string, cacheControl: string): Response {
  return new Response(body, { headers: { "content-type": contentType, "cache-control": cacheControl } });
}

async function shareCard(request: Request, url: URL, env: Env, ctx: ExecutionContext, tourId: number): Promise<Response> {
  const cache = (caches as unknown as { default: Cache }).default;
  const cached = await cache.match(request);
  if (cached) return cached;
  const version = url.searchParams.get("v");
  let png: Uint8Array<ArrayBuffer>;
  try {
    png = await tourShareCard(createMarketContext({ env, viewer: DEFAULT_VIEWER, reads: "nearest" }), tourId, version);
  } catch (error) {
    if (error instanceof MarketError && error.status === 404) return notFound();
    throw error;
  }
  // A versioned address never changes; an unversioned one is the current card, asked again daily.
  const response = bytes(png, "image/png", version ? CACHE.immutable : CACHE.file);
  ctx.waitUntil(cache.put(request, response.clone()));
  return response;
}

/** The answer for one of these files, or null when the path is the web app's. */
export async function answerEdgeFile(request: Request, env: Env, ctx: ExecutionContext): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  const path = url.pathname;
  if (path === "/robots.txt") return bytes(new TextEncoder().encode(robotsTxt(url)), "text/plain; charset=utf-8", CACHE.file);
  if (path === "/sitemap.xml") {
    const xml = await sitemapXml(url, createMarketContext({ env, viewer: DEFAULT_VIEWER, reads: "nearest" }));
    return bytes(new TextEncoder().encode(xml), "application/xml; charset=utf-8", "public, max-age=3600, must-revalidate");
  }
  const draw = ICON_FILES[path];
  if (draw) {
    if (!drawnIcons.has(path)) drawnIcons.set(path, draw());
    return bytes(await drawnIcons.get(path)!, path.endsWith(".ico") ? "image/x-icon" : "image/png", CACHE.file);
  }
  const card = /^\/media\/og\/(\d{1,9})\.png$/.exec(path);
  if (card) return shareCard(request, url, env, ctx, Number(card[1]));
  return null;
}
