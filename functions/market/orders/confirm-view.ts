/**
 * What confirmOrder (/confirm-order) shows before an order is placed, built once for the page:
 * the quote in the viewer's currency with the chosen coupon taken off, the chosen address, how
 * the seller will reach the buyer (prefilled), and, when the tickets sold meanwhile, the next
 * best listings of the same session so the buyer is not left at a dead end.
 *
 * Amounts are written by the caller's `write` (the web door's money writer), so this module
 * never depends on a screen.
 */
import type { AddressView } from "../addresses/address-book";
import { getAddress } from "../addresses/address-book";
import { loadReference } from "../reference";
import type { MarketContext } from "../context";
import { quoteCoupon } from "../coupons/my-coupons";
import { MarketError } from "../errors";
import { quoteListing, type ListingQuote, type QuotePrice } from "../listings/quote";
import { offeredListings, type OfferedListing } from "../listings/session-offer";
import { convert } from "../money";
import { contactDefaults, type ContactDefaults } from "./contact-defaults";
import { getOrder, type OrderView } from "./order-views";
import { purchaseLimitOf } from "./purchase-limits";

export type WriteAmount = (amount: number, code: string) => string;

/** How many other listings a sold-out confirmation offers. */
export const ALTERNATIVES_SHOWN = 3;

export interface ConfirmQuery {
  listingId: number;
  quantity: number;
  addressId?: number;
  couponId?: number;
  orderId?: number;
  previousOrderId?: number;
}

export interface PriceLine {
  key: "ticketPrice" | "serviceFee" | "vat" | "paymentGatewayFee" | "additionalFees" | "shippingFee";
  amount: number;
  text: string;
}

export interface Alternative {
  listingId: number;
  section: string;
  rowLabel: string | null;
  seatsTogether: boolean;
  deliveryMethod: OfferedListing["deliveryMethod"];
  /** All-in per ticket, written in the viewer's currency. */
  allIn: string;
}

/** A missing record, or another account's, reads as absent on this page. */
function absentIfNotFound(error: unknown): null {
  if (error instanceof MarketError && error.status === 404) return null;
  throw error;
}

/** The price details shown: the ticket price and service fee always, other lines when not zero. */
export function priceLines(price: QuotePrice, write: WriteAmount) {
  const keys: PriceLine["key"][] = ["ticketPrice", "serviceFee", "vat", "paymentGatewayFee", "additionalFees", "shippingFee"];
  return {
    lines: keys
      .map((key): PriceLine => ({ key, amount: price[key], text: write(price[key], price.currency) }))
      .filter((line) => line.key === "ticketPrice" || line.key === "serviceFee" || line.amount > 0),
    unitAllIn: write(price.unitAllIn, price.currency),
    unitFaceValue: write(price.unitFaceValue, price.currency),
    total: write(price.total, price.currency),
  };
}

export function addressLine(address: AddressView) {
  return {
    name: `${address.fullName} · +${address.phoneCode} ${address.phone}`,
    line: [address.address, address.district, address.city, address.province, address.countryRegion].filter(Boolean).join(", "),
  };
}

/** `charged` (trade currency) in the viewer's currency, converted as the order records it. */
async function chargedInDisplay(ctx: MarketContext, quote: ListingQuote, charged: number): Promise<number> {
  if (charged === quote.price.total) return quote.displayPrice.total;
  const reference = await loadReference(ctx);
  const trade = reference.currencyByCode.get(quote.price.currency);
  const display = reference.currencyByCode.get(quote.displayPrice.currency);
  if (!trade || !display) throw new Error(`no rate for ${quote.price.currency} or ${quote.displayPrice.currency}`);
  return convert(charged, trade, display);
}

/**
 * The other listings of the session that can still sell `quantity` tickets, the nearest in
 * section and then in price to the one that sold first. Reads only.
 */
export async function nextBestListings(ctx: MarketContext, quote: ListingQuote, write: WriteAmount): Promise<Alternative[]> {
  const offered = await offeredListings(ctx, { sessionId: quote.event.sessionId });
  const target = quote.displayPrice.unitAllIn;
  return offered
    .filter((listing) => listing.listingId !== quote.listingId && listing.quantities.includes(quote.quantity))
    .sort(
      (a, b) =>
        Number(b.section.name === quote.tickets.section) - Number(a.section.name === quote.tickets.section) ||
        Math.abs(a.allIn.amount - target) - Math.abs(b.allIn.amount - target) ||
        a.allIn.amount - b.allIn.amount ||
        a.listingId - b.listingId,
    )
    .slice(0, ALTERNATIVES_SHOWN)
    .map((listing) => ({
      listingId: listing.listingId,
      section: listing.section.name,
      rowLabel: listing.rowLabel,
      seatsTogether: listing.seatsTogether,
      deliveryMethod: listing.deliveryMethod,
      allIn: write(listing.allIn.amount, listing.allIn.currency),
    }));
}

/** The contact the form starts with: a previous order's (re-ordering), else the buyer's defaults. */
function startingContact(previous: OrderView | null, defaults: ContactDefaults, fallbackCode: string) {
  if (previous) return previous.contact;
  return { email: defaults.email ?? "", phoneCode: defaults.phoneCode ?? fallbackCode, phone: defaults.phone ?? "" };
}

/**
 * Everything the confirm page shows for the signed-in viewer. Throws notFound for an unknown
 * listing, notLogin for a guest. Reads only: nothing is held until the order is placed.
 */
export async function confirmOrderView(ctx: MarketContext, query: ConfirmQuery, write: WriteAmount) {
  const [quote, order, address, previous, coupon, defaults, ticketLimit] = await Promise.all([
    quoteListing(ctx, query),
    query.orderId ? getOrder(ctx, query.orderId).catch(absentIfNotFound) : null,
    query.addressId ? getAddress(ctx, query.addressId).catch(absentIfNotFound) : null,
    query.previousOrderId ? getOrder(ctx, query.previousOrderId).catch(absentIfNotFound) : null,
    // A coupon that is not the buyer's, or cannot be used on these tickets, is simply not shown.
    query.couponId
      ? quoteCoupon(ctx, { listingId: query.listingId, quantity: query.quantity, couponId: query.couponId }).catch((error: unknown) => {
          if (error instanceof MarketError && error.status < 500) return null;
          throw error;
        })
      : null,
    contactDefaults(ctx),
    purchaseLimitOf(ctx, { listingId: query.listingId }),
  ]);
  // The buyer's own unpaid order holds these tickets, so they are not sold out to this buyer.
  const holding = order !== null && order.actions.pay;
  const soldOut = quote.onSale && !holding && !quote.allowedQuantities.includes(query.quantity);
  const charged = quote.price.total - (coupon?.discount ?? 0);
  const chargedShown = await chargedInDisplay(ctx, quote, charged);
  return {
    quote,
    order,
    soldOut,
    alternatives: soldOut ? await nextBestListings(ctx, quote, write) : [],
    price: priceLines({ ...quote.displayPrice, total: chargedShown }, write),
    tradeTotal: quote.price.currency === quote.displayPrice.currency ? null : write(charged, quote.price.currency),
    address: address ? addressLine(address) : null,
    couponDiscount: coupon && coupon.discount > 0 ? `−${write(coupon.discount, coupon.currencyCode)}` : null,
    // The coupon's own line in the price details, in the currency the lines are shown in.
    couponLine: chargedShown < quote.displayPrice.total ? `−${write(quote.displayPrice.total - chargedShown, quote.displayPrice.currency)}` : null,
    contact: startingContact(previous, defaults, quote.defaultPhoneCode),
    previous: previous && previous.actions.cancel ? { id: previous.id, orderNo: previous.orderNo } : null,
    /** Tickets of the session one buyer may hold while its queue is on (purchase-limits.ts), or null. */
    ticketLimit,
  };
}
