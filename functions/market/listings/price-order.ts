/**
 * Pricing an order, in one pure function, for the quote, the confirm page and the statement
 * that places the order, so the total quoted is the total charged:
 *
 * - per ticket: the seller's price and each fee (pricing.ts), times the quantity;
 * - shipping once per order (EXPRESS only);
 * - a coupon comes off the ticket amount only, never more than it;
 * - the display currency: each part converted on its own for the lines, and the total converted
 *   once, as the order records it, so the display total is never a sum of rounded lines.
 */
import type { DeliveryMethod } from "../../db/schema";
import { convert, exchangeRate, type CurrencyRate } from "../money";
import { shippingFee, ticketPrice } from "../money/ticket-price";

export interface OrderPricing {
  unitPriceMinor: number;
  quantity: number;
  deliveryMethod: DeliveryMethod;
  /** The listing's currency: what is charged. */
  trade: CurrencyRate;
  /** The viewer's currency: what is shown. */
  display: CurrencyRate;
}

export interface PricedParts {
  currency: string;
  /** One ticket, all-in. */
  unitAllIn: number;
  ticketPrice: number;
  serviceFee: number;
  vat: number;
  paymentGatewayFee: number;
  additionalFees: number;
  shippingFee: number;
  /** Before any coupon. */
  subtotal: number;
  couponDiscount: number;
  /** What is charged: subtotal less the coupon. */
  total: number;
}

export interface OrderPrice {
  trade: PricedParts;
  display: PricedParts;
  /** Display units per trade unit, as the order records it. */
  exchangeRate: string;
}

/** The order's price; `couponDiscount` (trade minor units) is capped at the ticket amount. */
export function priceOrder(input: OrderPricing & { couponDiscount?: number }): OrderPrice {
  const unit = ticketPrice(input.unitPriceMinor, input.trade.code);
  const q = input.quantity;
  const parts = {
    ticketPrice: unit.ticketPrice * q,
    serviceFee: unit.serviceFee * q,
    vat: unit.vat * q,
    paymentGatewayFee: unit.paymentGatewayFee * q,
    additionalFees: unit.additionalFees * q,
    shippingFee: shippingFee(input.deliveryMethod, input.trade.code),
  };
  const subtotal = parts.ticketPrice + parts.serviceFee + parts.vat + parts.paymentGatewayFee + parts.additionalFees + parts.shippingFee;
  const couponDiscount = Math.max(0, Math.min(input.couponDiscount ?? 0, parts.ticketPrice));
  const trade: PricedParts = { currency: input.trade.code, unitAllIn: unit.allIn, ...parts, subtotal, couponDiscount, total: subtotal - couponDiscount };
  const shown = (amount: number) => convert(amount, input.trade, input.display);
  const displaySubtotal = shown(subtotal);
  const displayTotal = shown(trade.total);
  const display: PricedParts = {
    currency: input.display.code,
    unitAllIn: shown(unit.allIn),
    ticketPrice: shown(parts.ticketPrice),
    serviceFee: shown(parts.serviceFee),
    vat: shown(parts.vat),
    paymentGatewayFee: shown(parts.paymentGatewayFee),
    additionalFees: shown(parts.additionalFees),
    shippingFee: shown(parts.shippingFee),
    subtotal: displaySubtotal,
    couponDiscount: displaySubtotal - displayTotal,
    total: displayTotal,
  };
  return { trade, display, exchangeRate: exchangeRate(input.trade, input.display) };
}
