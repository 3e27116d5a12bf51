/**
 * A demo price history for each on-sale session, so the price chart has a past on a fresh
 * database: the lowest all-in price easing down to today's over the last three weeks (resale
 * prices usually soften as sellers compete), never before the show's sale opened. Its last
 * point is today's real lowest price, so the minute's sample finds nothing changed.
 */
import type * as schema from "../db/schema";
import { ticketPrice } from "../market/money/ticket-price";
import { DAY_MS } from "./calendar";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

/** Days before the anchor, and the price then as a share of today's (in per cent). */
const STEPS: readonly [days: number, percent: number][] = [
  [20, 130],
  [12, 118],
  [6, 108],
  [2, 100],
];

export function demoPriceHistory(
  now: number,
  shows: Insert<typeof schema.shows>[],
  sessions: Insert<typeof schema.sessions>[],
  listings: Insert<typeof schema.listings>[],
): Insert<typeof schema.sessionPricePoints>[] {
  const showById = new Map(shows.map((show) => [show.id, show]));
  const cheapest = new Map<number, { priceMinor: number; currencyCode: string }>();
  for (const listing of listings) {
    const best = cheapest.get(listing.sessionId);
    // Sessions trade in their venue's currency; a stray other currency is left out, not compared.
    if (!best || (best.currencyCode === listing.currencyCode && listing.priceMinor < best.priceMinor)) {
      cheapest.set(listing.sessionId, { priceMinor: listing.priceMinor, currencyCode: listing.currencyCode });
    }
  }
  return sessions.flatMap((session) => {
    const show = showById.get(session.showId);
    const best = cheapest.get(session.id!);
    if (!show || !best || show.status !== "ONSALE" || session.saleEndsAt <= now || session.startsAt <= now) return [];
    const allIn = ticketPrice(best.priceMinor, best.currencyCode).allIn;
    return STEPS.filter(([days]) => now - days * DAY_MS >= show.saleStartsAt).map(([days, percent]) => ({
      sessionId: session.id!,
      at: now - days * DAY_MS,
      allInMinor: Math.round((allIn * percent) / 100),
      currencyCode: best.currencyCode,
    }));
  });
}
