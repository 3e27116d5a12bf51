/**
 * Price history: each session's lowest available all-in price over time.
 *
 * Rules:
 * - The price is the session's 'from' price (listings/lowest-price.ts): the lowest all-in price
 *   per ticket among listings a buyer can buy right now. Listings of several trade currencies
 *   are compared through their USD rates; the point keeps the winner's own amount and currency,
 *   so no rounding is stored and each viewer converts once, at reading.
 * - A point is written only when the price changes (a null amount: no tickets left). Kept
 *   compact: a change within 10 minutes of the last point overwrites it instead of adding one
 *   (and removes it when the price is back to the one before), so a hold placed and canceled
 *   within minutes leaves no trace.
 * - Changes are recorded by recordLowestPrice at every place that changes availability (an
 *   order placed or canceled; a listing created, edited or withdrawn), and the minute cron
 *   samples every session (sampleLowestPrices) for what no request causes: holds expiring,
 *   sales ending.
 * - The chart reads the last 30 days, with the price before the window carried in at its start.
 */
import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { listings, sessionPricePoints, sessions, shows } from "../../db/schema";
import { buyableListing } from "../listings/lowest-price";
import { loadReference, type Reference } from "../reference";
import { inJson } from "../context/statements";
import type { MarketContext } from "../context";
import { ticketPrice } from "../money/ticket-price";
import { displayCurrency } from "../listings/session-offer";
import { convert } from "../money";
import { logError } from "../../observability";
import { notFound } from "../errors";
import { joinListingEvent, joinSessionEvent } from "../listings/listing-event";

/** A change within this long of the last point overwrites it. */
export const PRICE_POINT_MERGE_MS = 10 * 60_000;
/** How far back the chart looks. */
export const PRICE_HISTORY_WINDOW_MS = 30 * 24 * 60 * 60_000;

/** A session's lowest all-in price per ticket, in the cheapest listing's trade currency. */
export interface TradeLowest {
  allInMinor: number;
  currency: string;
}

type HistoryContext = Pick<MarketContext, "db" | "d1" | "env" | "now">;

/** The lowest all-in price of each session in `sessionIds` (all sessions when omitted) at the context's clock. */
export async function currentLowest(ctx: HistoryContext, sessionIds?: readonly number[]): Promise<Map<number, TradeLowest>> {
  const now = ctx.now();
  const [reference, rows] = await Promise.all([
    loadReference(ctx),
    joinListingEvent(
      ctx.db
        .select({
          sessionId: listings.sessionId,
          currency: listings.currencyCode,
          priceMinor: sql<number>`min(${listings.priceMinor})`.mapWith(Number),
        })
        .from(listings)
        .$dynamic(),
    )
      .where(sessionIds ? and(inJson(listings.sessionId, sessionIds), buyableListing(now)) : buyableListing(now))
      .groupBy(listings.sessionId, listings.currencyCode),
  ]);
  const usd = reference.currencyByCode.get("USD");
  const lowest = new Map<number, TradeLowest & { usd: number }>();
  for (const row of rows) {
    const trade = reference.currencyByCode.get(row.currency);
    if (!trade) continue;
    const allInMinor = ticketPrice(row.priceMinor, row.currency).allIn;
    const inUsd = usd ? convert(allInMinor, trade, usd) : allInMinor;
    const best = lowest.get(row.sessionId);
    if (!best || inUsd < best.usd) lowest.set(row.sessionId, { allInMinor, currency: row.currency, usd: inUsd });
  }
  return new Map([...lowest].map(([id, { allInMinor, currency }]) => [id, { allInMinor, currency }]));
}

interface LatestPoint {
  id: number;
  sessionId: number;
  at: number;
  allInMinor: number | null;
  currencyCode: string | null;
}

async function latestPoints(ctx: HistoryContext, sessionIds?: readonly number[]): Promise<Map<number, LatestPoint>> {
  const newest = ctx.db
    .select({ id: sql<number>`max(${sessionPricePoints.id})` })
    .from(sessionPricePoints)
    .where(sessionIds ? inJson(sessionPricePoints.sessionId, sessionIds) : undefined)
    .groupBy(sessionPricePoints.sessionId);
  const rows = await ctx.db
    .select()
    .from(sessionPricePoints)
    .where(sql`${sessionPricePoints.id} in ${newest}`);
  return new Map(rows.map((row) => [row.sessionId, row]));
}

const sameLowest = (point: LatestPoint | undefined, lowest: TradeLowest | undefined) =>
  (point?.allInMinor ?? null) === (lowest?.allInMinor ?? null) && (point?.currencyCode ?? null) === (lowest?.currency ?? null);

/**
 * Writes a point for every session of `sessionIds` (every session with tickets or a last point
 * with a price, when omitted) whose lowest price differs from its last point. Returns how many
 * sessions changed. Throws only if D1 fails.
 */
async function recordChanges(ctx: HistoryContext, sessionIds?: readonly number[]): Promise<number> {
  const now = ctx.now();
  const [lowest, latest] = await Promise.all([currentLowest(ctx, sessionIds), latestPoints(ctx, sessionIds)]);
  const candidates = new Set<number>([...(sessionIds ?? []), ...lowest.keys(), ...[...latest.values()].filter((p) => p.allInMinor !== null).map((p) => p.sessionId)]);
  const writes = [];
  for (const sessionId of candidates) {
    const point = latest.get(sessionId);
    const price = lowest.get(sessionId);
    // A session never priced and still without tickets has nothing to say.
    if (sameLowest(point, price) || (!point && !price)) continue;
    const values = { allInMinor: price?.allInMinor ?? null, currencyCode: price?.currency ?? null };
    if (!point || now - point.at >= PRICE_POINT_MERGE_MS) {
      writes.push(ctx.db.insert(sessionPricePoints).values({ sessionId, at: now, ...values }));
      continue;
    }
    // Within the merge window the last point takes the new price, or goes when that is the price before it.
    const [previous] = await ctx.db
      .select()
      .from(sessionPricePoints)
      .where(and(eq(sessionPricePoints.sessionId, sessionId), lt(sessionPricePoints.id, point.id)))
      .orderBy(desc(sessionPricePoints.id))
      .limit(1);
    writes.push(
      previous && sameLowest(previous, price)
        ? ctx.db.delete(sessionPricePoints).where(eq(sessionPricePoints.id, point.id))
        : ctx.db.update(sessionPricePoints).set(values).where(eq(sessionPricePoints.id, point.id)),
    );
  }
  if (writes.length > 0) await ctx.db.batch(writes as [(typeof writes)[number], ...(typeof writes)[number][]]);
  return writes.length;
}

/**
 * Records the session's lowest price when it changed. Call it after anything that changes what a
 * session offers (orders placed or canceled; listings created, edited or withdrawn). Never
 * throws: a failure is logged and the next minute's sample catches up.
 */
export async function recordLowestPrice(ctx: HistoryContext & Partial<Pick<MarketContext, "viewer">>, sessionId: number): Promise<void> {
  try {
    await recordChanges(ctx, [sessionId]);
  } catch (error) {
    logError(error, { requestId: ctx.viewer?.requestId ?? "", where: "recordLowestPrice" });
  }
}

/** The minute cron's sample of every session, for changes no request causes. Returns how many changed. */
export function sampleLowestPrices(ctx: HistoryContext): Promise<number> {
  return recordChanges(ctx);
}

export interface PricePoint {
  at: number;
  /** The lowest all-in price in the viewer's currency; null while nothing was on sale. */
  amount: number | null;
}

export interface PriceHistory {
  currency: string;
  from: number;
  to: number;
  /** Steps: each point holds until the next; the first is at `from` when the price predates the window. */
  points: PricePoint[];
}

/** Reads the points of `sessionIds` in the window, plus the one before it, oldest first. */
async function pointsOf(ctx: HistoryContext, sessionIds: readonly number[], from: number) {
  const [inside, before] = await Promise.all([
    ctx.db
      .select()
      .from(sessionPricePoints)
      .where(and(inJson(sessionPricePoints.sessionId, sessionIds), gte(sessionPricePoints.at, from)))
      .orderBy(asc(sessionPricePoints.at), asc(sessionPricePoints.id)),
    Promise.all(
      sessionIds.map((id) =>
        ctx.db
          .select()
          .from(sessionPricePoints)
          .where(and(eq(sessionPricePoints.sessionId, id), lt(sessionPricePoints.at, from)))
          .orderBy(desc(sessionPricePoints.at), desc(sessionPricePoints.id))
          .limit(1),
      ),
    ),
  ]);
  return { inside, before: before.flat() };
}

/**
 * The lowest price over time of one session, or of several together (a tour: at each instant the
 * lowest of its sessions), in the viewer's currency, over the last 30 days. Reads only.
 */
export async function priceHistory(ctx: MarketContext, sessionIds: readonly number[]): Promise<PriceHistory> {
  const to = ctx.now();
  const from = to - PRICE_HISTORY_WINDOW_MS;
  const reference = await loadReference(ctx);
  const target = displayCurrency(reference.currencyByCode, ctx.viewer.currency);
  if (sessionIds.length === 0) return { currency: target.code, from, to, points: [] };
  const { inside, before } = await pointsOf(ctx, sessionIds, from);
  const events = [...before.map((point) => ({ ...point, at: from })), ...inside].sort((a, b) => a.at - b.at || a.id - b.id);
  const current = new Map<number, number | null>();
  const points: PricePoint[] = [];
  for (const event of events) {
    current.set(event.sessionId, inViewerCurrency(reference, event, target.code));
    const prices = [...current.values()].filter((amount): amount is number => amount !== null);
    const amount = prices.length > 0 ? Math.min(...prices) : null;
    const last = points[points.length - 1];
    if (last && last.at === event.at) last.amount = amount;
    else if (!last || last.amount !== amount) points.push({ at: event.at, amount });
  }
  return { currency: target.code, from, to, points };
}

function inViewerCurrency(reference: Reference, point: { allInMinor: number | null; currencyCode: string | null }, target: string): number | null {
  if (point.allInMinor === null || point.currencyCode === null) return null;
  const trade = reference.currencyByCode.get(point.currencyCode);
  const shown = reference.currencyByCode.get(target);
  return trade && shown ? convert(point.allInMinor, trade, shown) : null;
}

/** A tour's price history: the lowest of its sessions' at each moment. Throws notFound for an unknown tour. Reads only. */
export async function tourPriceHistory(ctx: MarketContext, tourId: number): Promise<PriceHistory> {
  const rows = await joinSessionEvent(
    ctx.db
      .select({ sessionId: sessions.id, status: shows.status })
      .from(sessions)
      .$dynamic(),
  )
    .where(eq(shows.tourId, tourId));
  const sessionIds = rows.filter((row) => row.status !== "DISABLED").map((row) => row.sessionId);
  if (sessionIds.length === 0) throw notFound("tour");
  return priceHistory(ctx, sessionIds);
}
