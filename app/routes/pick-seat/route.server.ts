/**
 * What pick-seat shows (/pick-seat?sessionId=…), built on the server from the buyer's choices in
 * the address: the session, its other dates, its price history, and when it is on sale its
 * listings and seating map. The route module only frames it (route.tsx beside it).
 */
import type { AppLoadContext } from "react-router";
import { sessionEvents } from "@market/catalog/event-structured-data";
import { priceHistory } from "@market/demand/price-history";
import { MarketError } from "@market/errors";
import { sessionSeatMap } from "@market/listings/seat-map";
import { listingsQueryInput, sessionListings, sessionListingsQuerySchema, type SessionListingsQuery } from "@market/listings/session-listings";
import { sessionsOfShow, sessionSummary } from "@market/listings/session-offer";
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

export async function pickSeatView(request: Request, context: AppLoadContext) {
  const ctx = context.market;
  const query = queryOf(request);
  const choices = mapChoicesOf(request);
  const [session, t] = await Promise.all([sessionSummary(ctx, query.sessionId).catch(notFoundPage), i18nServer.getFixedT(ctx.viewer.language, "buy")]);
  const pageTitle = t("pickSeat.metaTitle", { title: session.tour.title });
  const pageDescription = t("pickSeat.metaDescription", { title: session.tour.title });
  await guardPickSeat(request, context, session.sessionId);
  const [otherSessions, history, events] = await Promise.all([
    sessionsOfShow(ctx, session.showId),
    priceHistory(ctx, [session.sessionId]),
    sessionEvents(ctx, session.tour.id, session.sessionId, new URL(request.url).origin),
  ]);
  // What search engines and link previews read (app/seo/page-meta.ts).
  const seo = { pageTitle, pageDescription, events, shareImage: (events[0]?.image as string[] | undefined)?.[0] ?? null };
  const base = { session, otherSessions, history, query, choices, ...seo };
  if (!session.orderable) return { state: "unavailable" as const, ...base, offer: null, map: null };
  const offer = await sessionListings(ctx, query).catch((error: unknown) => {
    // Sales may close between the two reads; the page then says so rather than failing.
    if (error instanceof MarketError && error.code === 610001) return null;
    throw error;
  });
  if (!offer) return { state: "unavailable" as const, ...base, offer: null, map: null };
  // Seats are read for the zoomed section only; the rest of the venue stays outlines.
  const map = await sessionSeatMap(ctx, {
    sessionId: session.sessionId,
    quantity: offer.quantity ?? undefined,
    section: choices.zoom ? query.section : undefined,
  });
  return { state: "open" as const, ...base, offer, map };
}

export type PickSeatView = Awaited<ReturnType<typeof pickSeatView>>;
export type OpenPickSeat = Extract<PickSeatView, { state: "open" }>;
