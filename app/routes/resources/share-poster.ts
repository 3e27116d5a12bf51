/**
 * An order's share poster (/media/share/{orderId}.svg, shown on /pay-success): the tour's
 * poster art (catalog/poster.ts) with the show's date and venue beneath, for the buyer to share.
 * Only the account that placed the order may draw it; any other order is not found, so the
 * address reveals nothing. Private to the buyer's browser: it names their night out.
 */
import { tourPoster } from "@market/catalog/poster-art";
import { escapeXml } from "@market/catalog/poster";
import { getOrder } from "@market/orders";
import { sessionTime } from "~/i18n/session-time";
import type { Route } from "./+types/share-poster";
import { isMissing, notFoundResponse } from "~/server/refusal.server";

const WIDTH = 600;
const POSTER_HEIGHT = 800;
const HEIGHT = 960;

export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^(\d{1,12})\.svg$/.exec(params.file ?? "");
  if (!match) throw notFoundResponse();
  const ctx = context.market;
  // A guest has no orders: the same 'not found' as another account's.
  if (ctx.viewer.userId === null) throw notFoundResponse();
  const language = ctx.viewer.language;

  let svg: string;
  try {
    const order = await getOrder(ctx, Number(match[1]));
    const poster = await tourPoster(ctx, order.event.tourId, language, "portrait");
    const when = sessionTime(order.event.startsAt, order.event.timeZone, language);
    svg = sharePoster(poster.svg, `${when.date} · ${when.time}`, order.event.venueName);
  } catch (error) {
    if (isMissing(error)) throw notFoundResponse();
    throw error;
  }

  return new Response(svg, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      // An image has no business running script or loading anything, even if opened on its own.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

/** The tour poster on top, the night's date and venue on a dark band beneath. */
function sharePoster(posterSvg: string, when: string, venue: string): string {
  const art = posterSvg.replace(/^<\?xml[^>]*>\s*/, "");
  const font = "'Helvetica Neue',Arial,'Noto Sans CJK TC','PingFang TC',sans-serif";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#141318"/>` +
    `<svg x="0" y="0" width="${WIDTH}" height="${POSTER_HEIGHT}" viewBox="0 0 ${WIDTH} ${POSTER_HEIGHT}">${art}</svg>` +
    `<rect x="0" y="${POSTER_HEIGHT}" width="${WIDTH}" height="4" fill="#ff1d41"/>` +
    `<text x="32" y="${POSTER_HEIGHT + 58}" fill="#ffffff" font-family="${font}" font-size="28" font-weight="700">${escapeXml(when)}</text>` +
    `<text x="32" y="${POSTER_HEIGHT + 98}" fill="#ebeaf0" font-family="${font}" font-size="22">${escapeXml(venue)}</text>` +
    `<text x="${WIDTH - 32}" y="${POSTER_HEIGHT + 136}" fill="#95949e" font-family="${font}" font-size="16" text-anchor="end" letter-spacing="4">OVATION</text>` +
    `</svg>`
  );
}
