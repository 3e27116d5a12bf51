/**
 * What a seller sees before pricing (docs/decisions.md 240): the face value, the resale law that
 * binds the tickets with its cap and source, the session's lowest price as buyers see it, and a
 * suggested price, 'sells within a day at or under X'.
 *
 * The suggestion's rule (suggestPrice, pure so it can be stated with numbers):
 * - comparables are the live listings a buyer can buy now in the same section of the session, in
 *   the session's trade currency, other than the seller's own; when the section has none, the
 *   whole session's;
 * - recent sales are the prices per ticket of the orders paid for those listings' section (or
 *   session, by the same fallback) in the last 7 days;
 * - X is the lower of the cheapest comparable (at or under it, the tickets are the cheapest of
 *   their kind, which buyers sort by) and the median recent sale (what buyers were paying this
 *   week), rounded down to a whole unit of the currency;
 * - X is never above the law's cap: above it, the cap;
 * - with neither comparables nor sales there is no suggestion: the screen says so and offers the
 *   face value (within the cap).
 */
import { and, eq, gte, ne } from "drizzle-orm";
import { listings, orders } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { buyableListing } from "../listings/lowest-price";
import { joinListingEvent } from "../listings/listing-event";
import { currentLowest, type TradeLowest } from "../demand/price-history";
import { toMinorUnits } from "../money/minor-units";
import type { SellerKind } from "../../db/schema";
import { refuseAboveCap, sessionMarket, verdictFor } from "./market-law";
import { minorOf } from "./create-listing";
import { getSellerProfile } from "./seller-profiles";
import { invalidField, sellingInvalid } from "./invalid-input";
import { pricingQuerySchema, type PricingQuery } from "./selling-schemas";
import type { ResaleCap } from "../reference/resale-laws";

/** How far back a sale counts as recent for the suggestion. */
export const RECENT_SALES_MS = 7 * 24 * 60 * 60_000;

export interface PriceSuggestion {
  /** The suggested price per ticket, in minor units of the trade currency. */
  amountMinor: number;
  /** What it came from: the cheapest comparable listing, the median recent sale, or the cap. */
  basis: "listings" | "sales" | "cap";
  /** How many comparable listings and recent sales were weighed. */
  listings: number;
  sales: number;
}

/** The lower median of `values` (the middle one, or the lower of the two middle ones). */
function lowerMedian(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * The suggested price from comparable live listings' prices and recent sales' prices (minor
 * units), under `capMinor` when the law caps the price; null when there is nothing to compare.
 */
export function suggestPrice(input: { listingsMinor: readonly number[]; salesMinor: readonly number[]; capMinor: number | null; minorUnits: number }): PriceSuggestion | null {
  const { listingsMinor, salesMinor, capMinor } = input;
  if (listingsMinor.length === 0 && salesMinor.length === 0) return null;
  const cheapest = listingsMinor.length > 0 ? Math.min(...listingsMinor) : null;
  const median = salesMinor.length > 0 ? lowerMedian(salesMinor) : null;
  const fromListings = median === null || (cheapest !== null && cheapest <= median);
  const anchor = fromListings ? cheapest! : median!;
  const unit = 10 ** input.minorUnits;
  // A whole unit reads as a price a person chose; below one unit the anchor stands.
  const rounded = anchor >= unit ? Math.floor(anchor / unit) * unit : anchor;
  const counts = { listings: listingsMinor.length, sales: salesMinor.length };
  if (capMinor !== null && rounded > capMinor) return { amountMinor: capMinor, basis: "cap", ...counts };
  return { amountMinor: rounded, basis: fromListings ? "listings" : "sales", ...counts };
}

export interface PricingFacts {
  sessionId: number;
  sectionId: number;
  /** The trade currency of the session's market, and its minor units. */
  currency: string;
  minorUnits: number;
  faceValueMinor: number | null;
  /** The law capping the price, if one binds; `capMinor` is null until the face value is known. */
  law: { rule: string; name: string; source: string; cap: ResaleCap; capMinor: number | null } | null;
  /** The session's lowest all-in price per ticket now, as buyers see it ('from'), in its listing's trade currency. */
  lowest: TradeLowest | null;
  suggestion: PriceSuggestion | null;
}

interface FactsInput {
  sessionId: number;
  sectionId: number;
  faceValueMinor: number | null;
  sellerKind: SellerKind;
  /** The seller whose own listings are not their own comparables. */
  sellerId: number | null;
}

/** Prices per ticket of comparable listings and recent sales: the section's, or the session's when the section has neither. */
async function comparables(ctx: MarketContext, input: FactsInput, currency: string) {
  const now = ctx.now();
  const read = (sectionOnly: boolean) =>
    Promise.all([
      joinListingEvent(ctx.db.select({ price: listings.priceMinor }).from(listings).$dynamic()).where(
        and(
          eq(listings.sessionId, input.sessionId),
          sectionOnly ? eq(listings.sectionId, input.sectionId) : undefined,
          eq(listings.currencyCode, currency),
          input.sellerId !== null ? ne(listings.sellerId, input.sellerId) : undefined,
          buyableListing(now),
        ),
      ),
      ctx.db
        .select({ price: orders.unitPrice })
        .from(orders)
        .innerJoin(listings, eq(listings.id, orders.listingId))
        .where(
          and(
            eq(orders.sessionId, input.sessionId),
            sectionOnly ? eq(listings.sectionId, input.sectionId) : undefined,
            eq(orders.status, "paid"),
            eq(orders.currencyCode, currency),
            gte(orders.paidAt, now - RECENT_SALES_MS),
            input.sellerId !== null ? ne(listings.sellerId, input.sellerId) : undefined,
          ),
        ),
    ]);
  const [sectionListings, sectionSales] = await read(true);
  const [live, sold] = sectionListings.length + sectionSales.length > 0 ? [sectionListings, sectionSales] : await read(false);
  return { listingsMinor: live.map((row) => row.price), salesMinor: sold.map((row) => row.price) };
}

async function factsFor(ctx: MarketContext, input: FactsInput): Promise<PricingFacts> {
  const market = await sessionMarket(ctx, input.sessionId);
  const zh = ctx.viewer.language === "zh-HK";
  const verdict = verdictFor(market, { sellerKind: input.sellerKind, restriction: null, faceValueMinor: input.faceValueMinor ?? 0 });
  const capping = verdict.capping;
  const capMinor = capping && input.faceValueMinor !== null ? capping.capMinor : null;
  const [lowest, compared] = await Promise.all([currentLowest(ctx, [input.sessionId]), comparables(ctx, input, market.currency.code)]);
  return {
    sessionId: input.sessionId,
    sectionId: input.sectionId,
    currency: market.currency.code,
    minorUnits: market.currency.minorUnits,
    faceValueMinor: input.faceValueMinor,
    law: capping
      ? { rule: capping.rule.id, name: zh ? capping.rule.law.zh : capping.rule.law.en, source: capping.rule.source, cap: capping.rule.cap!, capMinor }
      : null,
    lowest: lowest.get(input.sessionId) ?? null,
    suggestion: suggestPrice({ ...compared, capMinor, minorUnits: market.currency.minorUnits }),
  };
}

/**
 * What the viewer, as the seller they are (a fan without a profile as a private seller), sees
 * before pricing tickets of `sectionId` at `sessionId` with face value `faceValue` (major units,
 * optional). Throws notLogin, invalidParam (naming the field), notFound (no such session).
 * Reads only.
 */
export async function pricingFacts(ctx: MarketContext, input: PricingQuery): Promise<PricingFacts> {
  if (ctx.viewer.userId === null) throw new MarketError("notLogin");
  const parsed = pricingQuerySchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const { sessionId, sectionId, faceValue } = parsed.data;
  const [market, profile] = await Promise.all([sessionMarket(ctx, sessionId), getSellerProfile(ctx)]);
  const faceValueMinor = faceValue === undefined ? null : toMinorUnits(faceValue, market.currency.minorUnits);
  if (faceValueMinor === null && faceValue !== undefined) throw invalidField("faceValue");
  // A seller without a profile is listing as the private fan they will be once they set one up.
  return factsFor(ctx, { sessionId, sectionId, faceValueMinor, sellerKind: profile?.kind ?? "private", sellerId: profile?.sellerId ?? null });
}

/**
 * Refuses `price` for the listing the facts describe when it is above the law's cap, as the
 * listing itself will be (create-listing.ts), so the form's price step says so before the last
 * step. Throws what pricingFacts throws, invalidParam naming price, listingPriceCapped. Reads only.
 */
export async function checkListingPrice(ctx: MarketContext, input: PricingQuery & { price: unknown }): Promise<void> {
  const parsed = pricingQuerySchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const [market, profile] = await Promise.all([sessionMarket(ctx, parsed.data.sessionId), getSellerProfile(ctx)]);
  const faceValueMinor = minorOf(parsed.data.faceValue ?? "", market.currency.minorUnits, "faceValue");
  const priceMinor = minorOf(typeof input.price === "string" ? input.price : "", market.currency.minorUnits, "price");
  const verdict = verdictFor(market, { sellerKind: profile?.kind ?? "private", restriction: null, faceValueMinor });
  refuseAboveCap(ctx, verdict, priceMinor, market.currency);
}

export interface ResalePricing extends PricingFacts {
  /** What the viewer paid per ticket (the seller's price they bought at). */
  paidMinor: number;
  /** The price the resale form starts at: the price paid when within the cap, otherwise the cap. */
  startMinor: number;
}

/**
 * What a fan sees before pricing the resale of their order `orderId`: the facts of its section
 * and face value, as a private seller, and the price to start from. Throws notLogin, notFound
 * (not the viewer's order). Reads only.
 */
export async function resalePricing(ctx: MarketContext, orderId: number): Promise<ResalePricing> {
  const userId = ctx.viewer.userId;
  if (userId === null) throw new MarketError("notLogin");
  const [row] = await ctx.db
    .select({ sessionId: listings.sessionId, sectionId: listings.sectionId, faceValueMinor: listings.faceValueMinor, paidMinor: orders.unitPrice })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!row) throw notFound("order");
  const profile = await getSellerProfile(ctx);
  const facts = await factsFor(ctx, { sessionId: row.sessionId, sectionId: row.sectionId, faceValueMinor: row.faceValueMinor, sellerKind: "private", sellerId: profile?.sellerId ?? null });
  const cap = facts.law?.capMinor ?? null;
  return { ...facts, paidMinor: row.paidMinor, startMinor: cap !== null && row.paidMinor > cap ? cap : row.paidMinor };
}

/** Where a price stands against the session's lowest all-in price: its own all-in minus the lowest, or null when nothing is on sale or the currencies differ. */
export function againstLowest(allInMinor: number, currency: string, lowest: TradeLowest | null): number | null {
  return lowest && lowest.currency === currency ? allInMinor - lowest.allInMinor : null;
}
