/**
 * Ticket alerts (SPEC §2 tourDetail's email modal): a buyer leaves an email on a tour's page to
 * hear when tickets or new dates appear, or on a session's pick-seat page to follow that session,
 * optionally with a price to fall under.
 *
 * Rules:
 * - The email is required ('Please enter your email') and must be a valid address ('Please
 *   enter a valid email address', SPEC §5); it is kept trimmed and lower-cased, so the same
 *   address typed twice is one subscription.
 * - A subscription is one per tour, session (or the whole tour) and email: subscribing again is
 *   still a success; it sets the new price, if any, and resumes an alert that was unsubscribed.
 * - A price is whole units of the viewer's currency, kept in that currency.
 * - What the scope offers when subscribing is remembered, so only a change after it is mailed
 *   (alert-mail.ts). The alert is sent in the language the viewer subscribed in.
 * - A tour that does not exist, or a session not of that tour, is not found.
 */
import { and, eq } from "drizzle-orm";
import { sessions, shows, ticketAlerts, tours } from "../../db/schema";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import { loadReference } from "../reference";
import { displayCurrency } from "../listings/session-offer";
import { alertScopeState } from "./alert-mail";
import type { TicketAlertRequest } from "./ticket-alert-schema";
import { joinSessionEvent } from "../listings/listing-event";

export interface TicketAlertSubscription {
  tourId: number;
  sessionId: number | null;
  email: string;
  /** The price to fall under, in minor units of `priceCurrency`, when one was set. */
  priceBelow: number | null;
  priceCurrency: string | null;
  /** True when this alert was already active with the same price (nothing changed). */
  alreadySubscribed: boolean;
}

/**
 * Subscribes `email` to alerts for tour `tourId` (or one of its sessions), in the viewer's
 * language and currency. Idempotent per scope and email. Throws MarketError notFound when the
 * tour does not exist or the session is not one of its. Writes one ticket_alerts row at most.
 */
export async function subscribeTicketAlert(ctx: MarketContext, request: TicketAlertRequest): Promise<TicketAlertSubscription> {
  const sessionId = request.sessionId ?? 0;
  const [tour] = await ctx.db.select({ id: tours.id }).from(tours).where(eq(tours.id, request.tourId)).limit(1);
  if (!tour) throw notFound("tour");
  if (sessionId !== 0) {
    const [session] = await joinSessionEvent(
      ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .$dynamic(),
    )
      .where(and(eq(sessions.id, sessionId), eq(shows.tourId, request.tourId)))
      .limit(1);
    if (!session) throw notFound("session");
  }
  const currency = displayCurrency((await loadReference(ctx)).currencyByCode, ctx.viewer.currency);
  const priceBelow = request.priceBelow === undefined ? null : request.priceBelow * 10 ** currency.minorUnits;
  const priceCurrency = priceBelow === null ? null : currency.code;
  const scope = { tourId: request.tourId, sessionId };
  const [existing] = await ctx.db
    .select()
    .from(ticketAlerts)
    .where(and(eq(ticketAlerts.tourId, scope.tourId), eq(ticketAlerts.sessionId, sessionId), eq(ticketAlerts.email, request.email)))
    .limit(1);
  const answer = { tourId: request.tourId, sessionId: sessionId || null, email: request.email, priceBelow, priceCurrency };
  if (existing && existing.unsubscribedAt === null && existing.priceBelowMinor === priceBelow && existing.priceCurrency === priceCurrency) {
    return { ...answer, alreadySubscribed: true };
  }
  const seen = await alertScopeState(ctx, scope, { priceBelowMinor: priceBelow, priceCurrency });
  const state = { priceBelowMinor: priceBelow, priceCurrency, seenAvailable: seen.available, seenBelow: seen.below, unsubscribedAt: null };
  await ctx.db
    .insert(ticketAlerts)
    .values({ ...scope, email: request.email, language: ctx.viewer.language, createdAt: ctx.now(), ...state })
    .onConflictDoUpdate({ target: [ticketAlerts.tourId, ticketAlerts.sessionId, ticketAlerts.email], set: { ...state, language: ctx.viewer.language } });
  return { ...answer, alreadySubscribed: false };
}
