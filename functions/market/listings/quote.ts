/**
 * What confirming an order shows before it is placed: the listing's event and seats, how it is
 * delivered, and the price of `quantity` tickets with every fee, in the listing's (trade)
 * currency and in the viewer's (display) currency at today's rate. The same arithmetic as
 * placing the order (orders/place-order.ts), so the total quoted is the total charged.
 */
import { eq } from "drizzle-orm";
import { listings, sessions, shows, tours, venues, venueSections, type DeliveryMethod } from "../../db/schema";
import { loadReference } from "../reference";
import { sessionStatus } from "./session-status";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import { convert } from "../money";
import { joinListingEvent, tourNames } from "./listing-event";
import { ticketsLeft } from "./availability";
import { listingCap, listingCapRule, refuseAboveLawCap } from "./resale-cap";
import { priceOrder, type OrderPricing, type PricedParts } from "./price-order";
import { allowedQuantities } from "./split-rules";

/** The quote's price lines (before any coupon), with one ticket's face value beside them. */
export type QuotePrice = Omit<PricedParts, "subtotal" | "couponDiscount"> & {
  /** One ticket at face value. */
  unitFaceValue: number;
};

export interface ListingQuote {
  listingId: number;
  quantity: number;
  event: { tourId: number; title: string; artist: string; sessionId: number; startsAt: number; timeZone: string; venueName: string };
  tickets: { section: string; rowLabel: string | null; seatsTogether: boolean };
  deliveryMethod: DeliveryMethod;
  /** The session can be ordered now (SPEC §8: 'This session cannot be ordered temporarily!' otherwise). */
  onSale: boolean;
  ticketsLeft: number;
  allowedQuantities: number[];
  /** In the listing's currency: what would be charged. */
  price: QuotePrice;
  /** In the viewer's currency, each part converted on its own. */
  displayPrice: QuotePrice;
  /** Display units per trade unit. */
  exchangeRate: string;
  /** What priceOrder needs to price these tickets again, with a coupon (the confirm page's total). */
  pricing: OrderPricing;
  /** Area codes buyers may give a mobile number under (SPEC §3 locations' phone codes), the viewer's first. */
  phoneCodes: { code: string; label: string }[];
  defaultPhoneCode: string;
}

/**
 * Quotes `quantity` tickets of a listing for the viewer. Takes { listingId, quantity }. Throws
 * notFound for an unknown listing, listingAboveLawCap for a price above the resale law in force. No side effects: nothing is held until the order is placed.
 */
export async function quoteListing(ctx: MarketContext, input: { listingId: number; quantity: number }): Promise<ListingQuote> {
  const now = ctx.now();
  const zh = ctx.viewer.language === "zh-HK";
  const [rows, reference] = await Promise.all([
    joinListingEvent(
      ctx.db
        .select({
          id: listings.id,
          sessionId: listings.sessionId,
          priceMinor: listings.priceMinor,
          faceValueMinor: listings.faceValueMinor,
          currencyCode: listings.currencyCode,
          deliveryMethod: listings.deliveryMethod,
          splitRule: listings.splitRule,
          quantity: listings.quantity,
          rowLabel: listings.rowLabel,
          seatsTogether: listings.seatsTogether,
          left: ticketsLeft(now),
          capMinor: listingCap(),
          capRule: listingCapRule(),
          showStatus: shows.status,
          startsAt: sessions.startsAt,
          saleEndsAt: sessions.saleEndsAt,
          tourId: tours.id,
          titleEn: tours.titleEn,
          titleZh: tours.titleZh,
          artistEn: tours.artistEn,
          artistZh: tours.artistZh,
          venueEn: venues.nameEn,
          venueZh: venues.nameZh,
          timeZone: venues.timeZone,
          sectionEn: venueSections.nameEn,
          sectionZh: venueSections.nameZh,
        })
        .from(listings)
        .$dynamic(),
    )
      .where(eq(listings.id, input.listingId))
      .limit(1),
    loadReference(ctx),
  ]);
  const row = rows[0];
  if (!row) throw notFound("listing");
  // What is quoted is what can be placed: a price above the law in force is refused here too.
  refuseAboveLawCap(ctx, row, reference);

  const trade = reference.currencyByCode.get(row.currencyCode);
  const display = reference.currencyByCode.get(ctx.viewer.currency) ?? trade;
  if (!trade || !display) throw new Error(`no rate for ${row.currencyCode} or ${ctx.viewer.currency}`);

  const pricing: OrderPricing = { unitPriceMinor: row.priceMinor, quantity: input.quantity, deliveryMethod: row.deliveryMethod, trade, display };
  const priced = priceOrder(pricing);
  const q = input.quantity;
  const price = quotePrice(priced.trade, row.faceValueMinor);
  const displayPrice = quotePrice(priced.display, convert(row.faceValueMinor, trade, display));

  const codes = new Map<string, string>();
  const viewerLocation = reference.locationByCode.get(ctx.viewer.location);
  for (const location of [viewerLocation, ...reference.locations]) {
    // A hidden location is offered only as the viewer's own (CN, +86, in the partner channels).
    if (!location || (location.clientHidden && location !== viewerLocation) || codes.has(location.phoneCode)) continue;
    codes.set(location.phoneCode, `+${location.phoneCode} ${zh ? location.nameZh : location.nameEn}`);
  }
  const status = sessionStatus({ showStatus: row.showStatus, startsAt: row.startsAt, saleEndsAt: row.saleEndsAt }, now);

  return {
    listingId: row.id,
    quantity: q,
    event: {
      tourId: row.tourId,
      ...tourNames(row, zh),
      sessionId: row.sessionId,
      startsAt: row.startsAt,
      timeZone: row.timeZone,
      venueName: zh ? row.venueZh : row.venueEn,
    },
    tickets: { section: zh ? row.sectionZh : row.sectionEn, rowLabel: row.rowLabel, seatsTogether: row.seatsTogether },
    deliveryMethod: row.deliveryMethod,
    onSale: status === "ONSALE",
    ticketsLeft: Math.max(0, row.left),
    allowedQuantities: allowedQuantities(row, Math.max(0, row.left)),
    price,
    displayPrice,
    exchangeRate: priced.exchangeRate,
    pricing,
    phoneCodes: [...codes].map(([code, label]) => ({ code, label })),
    defaultPhoneCode: viewerLocation?.phoneCode ?? "852",
  };
}

/** The quote's lines from priced parts (before any coupon: the coupon is the confirm page's). */
function quotePrice(parts: PricedParts, unitFaceValue: number): QuotePrice {
  return {
    currency: parts.currency,
    unitAllIn: parts.unitAllIn,
    unitFaceValue,
    ticketPrice: parts.ticketPrice,
    serviceFee: parts.serviceFee,
    vat: parts.vat,
    paymentGatewayFee: parts.paymentGatewayFee,
    additionalFees: parts.additionalFees,
    shippingFee: parts.shippingFee,
    total: parts.subtotal,
  };
}
