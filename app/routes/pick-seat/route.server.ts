/**
 * What pick-seat shows (/pick-seat?sessionId=…), built on the server from the buyer's choices in
 * the address: the session, its other dates, its price history, and when it is on sale its
 * listings and seating map. The route module only frames it (route.tsx beside it).
 */
import type { AppLoadContext } from "react-router";
import { sessionEvents } from "@market/catalog/event-structured-data";
import { MarketError } from "@market/errors";
import { sessionSeatMap } from "@market/listings/seat-map";
import { listingsQueryInput, sessionListings, sessionListingsQuerySchema, type SessionListingsQuery } from "@market/listings/session-listings";
import { sessionsOfShow, sessionSummary } from "@market/listings/session-offer";
import { purchaseLimitOf } from "@market/orders/purchase-limits";
import { i18nServer } from "~/i18n/i18n.server";
import { guardPickSeat } from "~/server/demand.server";
import { notFoundPage, notFoundResponse } from "~/server/refusal.server";

/**
 * The buyer's choices from the address. A missing or malformed session is not found; a malformed
 * filter is dropped (an old or hand-edited link still shows the session).
 */
export function queryOf(request: Request): SessionListingsQuery {
  const input = listingsQueryInput(new URL(request.url).searchParams);
  for (let attempt = 0; attempt < 10; attempt++) {
    const parsed = sessionListingsQuerySchema.safeParse(input);
    if (parsed.success) return parsed.data;
    const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")));
    if (fields.has("sessionId") || fields.has("")) break;
    for (const field of fields) delete input[field];
  }
  throw notFoundResponse();
}

/** The map's own choices: zoomed into the chosen section, and the listing tapped there. */
function mapChoicesOf(request: Request): { zoom: boolean; listing: number | null } {
  const params = new URL(request.url).searchParams;
  const listing = Number(params.get("listing"));
  return { zoom: params.get("zoom") === "1", listing: Number.isSafeInteger(listing) && listing > 0 ? listing : null };
}

/**
 * What the first screen needs, in two round trips: the session with the waiting room's check
 * beside it, then everything the session names at once (its other dates, its Event for search
 * engines, its listings and seating map). The price history is the page's deferred half (route.tsx).
 */
export async function pickSeatView(request: Request, context: AppLoadContext) {
  const ctx = context.market;
  const query = queryOf(request);
  const choices = mapChoicesOf(request);
  // The waiting room's check needs only the id: it runs beside the session's read, and still
  // before any listing is read, which is what it protects in a surge.
  const [session, t, , ticketLimit] = await Promise.all([
    sessionSummary(ctx, query.sessionId).catch(notFoundPage),
    i18nServer.getFixedT(ctx.viewer.language, "buy"),
    guardPickSeat(request, context, query.sessionId),
    // A hot on-sale's limit per buyer, stated on the page (orders/purchase-limits.ts).
    purchaseLimitOf(ctx, { sessionId: query.sessionId }),
  ]);
  const pageTitle = t("pickSeat.metaTitle", { title: session.tour.title });
  const pageDescription = t("pickSeat.metaDescription", { title: session.tour.title });
  // Sales may close between the reads; the page then says so rather than failing.
  const closed = (error: unknown) => {
    if (error instanceof MarketError && error.code === 610001) return null;
    throw error;
  };
  const [otherSessions, events, offer, map] = await Promise.all([
    sessionsOfShow(ctx, session.showId),
    sessionEvents(ctx, session.tour.id, session.sessionId, new URL(request.url).origin),
    session.orderable ? sessionListings(ctx, query, session).catch(closed) : null,
    // Seats are read for the zoomed section only; the rest of the venue stays outlines. Priced for
    // the quantity the list settles on: both choose it from the same offer.
    session.orderable ? sessionSeatMap(ctx, { sessionId: session.sessionId, quantity: query.quantity, section: choices.zoom ? query.section : undefined }, session) : null,
  ]);
  // What search engines and link previews read (app/seo/page-meta.ts).
  const seo = { pageTitle, pageDescription, events, shareImage: (events[0]?.image as string[] | undefined)?.[0] ?? null };
  const base = { session, otherSessions, query, choices, ticketLimit, ...seo };
  if (!offer || !map) return { state: "unavailable" as const, ...base, offer: null, map: null };
  return { state: "open" as const, ...base, offer, map };
}

export type PickSeatView = Awaited<ReturnType<typeof pickSeatView>>;
export type OpenPickSeat = Extract<PickSeatView, { state: "open" }>;
