/**
 * confirmTicket (SPEC §2 /confirm-ticket): one listing for a chosen quantity, with what the
 * buyer will pay, all-in first and then every part of it, the way the order will record it
 * (orders/place-order.ts uses the same pricing.ts parts): ticket price, service fee, VAT, the
 * shipping fee for EXPRESS, additional fees and the payment gateway fee, in the trade currency
 * and in the viewer's, with the exchange rate between them.
 *
 * Rules:
 * - The listing's session must be orderable (orderSessionUnavailable), the listing must have
 *   the tickets (orderInventoryNotEnough, 'Oops! The ticket has been sold.') and its split rule
 *   must allow the quantity (orderQuantityNotAllowed). Each refusal's data names the session
 *   (and the allowed quantities), so a screen can lead the buyer back to it.
 * - SPEC §9: for 4 tickets or more, consecutive seating is not guaranteed.
 */
import { eq } from "drizzle-orm";
import * as z from "zod";
import { listings } from "../../db/schema";
import { loadReference } from "../reference";
import type { Money } from "../money";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { resaleNotices, type ResaleNotice } from "./buyer-notices";
import { previewSeats } from "./seats";
import { priceOrder, type PricedParts } from "./price-order";
import { displayCurrency, offeredListings, sessionSummary, type OfferedListing, type SessionSummary } from "./session-offer";
import { recordId, wholeNumber } from "../input/fields";

export { CONSECUTIVE_NOT_GUARANTEED_FROM } from "./seats";

export const listingDetailQuerySchema = z.object({
  listingId: recordId(),
  quantity: wholeNumber(1, 100),
});

export type ListingDetailQuery = z.output<typeof listingDetailQuerySchema>;

export interface PriceBreakdown {
  ticketPrice: number;
  serviceFee: number;
  vat: number;
  shippingFee: number;
  additionalFees: number;
  paymentGatewayFee: number;
  total: number;
}

export interface ListingDetail {
  session: SessionSummary;
  listing: OfferedListing;
  quantity: number;
  /** Per ticket all-in and the order's total, in the viewer's currency. */
  allInPerTicket: Money;
  faceValuePerTicket: Money;
  /** Every part for `quantity` tickets, in minor units of `currency`. */
  display: PriceBreakdown & { currency: string };
  /** The same in the listing's trade currency, with how to write it. */
  trade: PriceBreakdown & { currency: string; symbol: string; minorUnits: number };
  /** Units of the display currency per unit of the trade currency (6 significant digits). */
  exchangeRate: string;
  consecutiveNotGuaranteed: boolean;
  /** The seat numbers the buyer gets if they order now (decided for good when the order is placed); null for general admission. */
  seats: string[] | null;
  /** 'Price capped by local law' and the disclosures the law requires (listings/buyer-notices.ts). */
  notice: ResaleNotice | null;
}

/**
 * The listing `listingId` priced for `quantity` tickets for the viewer at the context's clock.
 * Throws notFound (no such listing, or its show is DISABLED), orderSessionUnavailable,
 * orderInventoryNotEnough, orderQuantityNotAllowed. Reads only.
 */
export async function listingDetail(ctx: MarketContext, query: ListingDetailQuery): Promise<ListingDetail> {
  const [reference, [listing], sessionId] = await Promise.all([
    loadReference(ctx),
    offeredListings(ctx, { listingId: query.listingId }),
    sessionOfListing(ctx, query.listingId),
  ]);
  if (sessionId === null) throw notFound("listing");
  const session = await sessionSummary(ctx, sessionId);
  if (!session.orderable) throw new MarketError("orderSessionUnavailable", { data: { sessionId, status: session.status } });
  if (!listing || listing.ticketsLeft < query.quantity) throw new MarketError("orderInventoryNotEnough", { data: { sessionId } });
  if (!listing.quantities.includes(query.quantity)) {
    throw new MarketError("orderQuantityNotAllowed", {
      params: { allowed: listing.quantities.join(", ") },
      data: { sessionId, allowed: listing.quantities },
    });
  }
  const [pick, notices] = await Promise.all([previewSeats(ctx, query.listingId, query.quantity), resaleNotices(ctx, [query.listingId])]);
  const tradeCurrency = reference.currencyByCode.get(listing.trade.currency)!;
  const target = displayCurrency(reference.currencyByCode, ctx.viewer.currency);
  const priced = priceOrder({
    unitPriceMinor: listing.trade.priceMinor,
    quantity: query.quantity,
    deliveryMethod: listing.deliveryMethod,
    trade: tradeCurrency,
    display: target,
  });
  const breakdown = (parts: PricedParts): PriceBreakdown => ({
    ticketPrice: parts.ticketPrice,
    serviceFee: parts.serviceFee,
    vat: parts.vat,
    shippingFee: parts.shippingFee,
    additionalFees: parts.additionalFees,
    paymentGatewayFee: parts.paymentGatewayFee,
    total: parts.total,
  });
  const trade = breakdown(priced.trade);
  const display = breakdown(priced.display);
  return {
    session,
    listing,
    quantity: query.quantity,
    allInPerTicket: listing.allIn,
    faceValuePerTicket: listing.faceValue,
    display: { ...display, currency: target.code },
    trade: { ...trade, currency: tradeCurrency.code, symbol: tradeCurrency.symbol, minorUnits: tradeCurrency.minorUnits },
    exchangeRate: priced.exchangeRate,
    consecutiveNotGuaranteed: pick.consecutiveNotGuaranteed,
    seats: pick.seats,
    notice: notices.get(query.listingId) ?? null,
  };
}

async function sessionOfListing(ctx: MarketContext, listingId: number): Promise<number | null> {
  const [row] = await ctx.db.select({ sessionId: listings.sessionId }).from(listings).where(eq(listings.id, listingId)).limit(1);
  return row?.sessionId ?? null;
}
