/**
 * A tour's poster art: /media/poster/{tourId}.svg?lan=&v=&shape=. The address carries a version
 * of everything the art is drawn from (poster-art.ts), so browsers and the edge may keep it for
 * a long time; the ETag lets a client that kept it past that confirm it with a 304.
 */
import { isPosterShape, tourPoster } from "@market/catalog/poster-art";
import { isLanguage } from "@market/context/language";
import type { Route } from "./+types/poster";
import { isMissing, notFoundResponse } from "~/server/refusal.server";

const CACHE_CONTROL = "public, max-age=2592000, stale-while-revalidate=604800";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const match = /^(\d{1,9})\.svg$/.exec(params.file ?? "");
  if (!match) throw notFoundResponse();
  const url = new URL(request.url);
  const lan = url.searchParams.get("lan");
  const shape = url.searchParams.get("shape") ?? "portrait";
  if (!isPosterShape(shape)) throw notFoundResponse();
  const language = isLanguage(lan) ? lan : context.market.viewer.language;

  let poster;
  try {
    poster = await tourPoster(context.market, Number(match[1]), language, shape);
  } catch (error) {
    if (isMissing(error)) throw notFoundResponse();
    throw error;
  }

  const headers = new Headers({ "cache-control": CACHE_CONTROL, etag: poster.etag, vary: "accept-encoding" });
  if (request.headers.get("if-none-match")?.split(/\s*,\s*/).includes(poster.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("content-type", "image/svg+xml; charset=utf-8");
  headers.set("x-content-type-options", "nosniff");
  // An image has no business running script or loading anything, even if opened on its own.
  headers.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return new Response(poster.svg, { headers });
}
