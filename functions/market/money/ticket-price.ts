/**
 * What a buyer pays for a listing's tickets, and why. The price a buyer first sees is the
 * all-in price per ticket: the seller's price plus every unavoidable fee (service fee, VAT on
 * that fee, payment gateway fee). Shipping is charged once per order and only for EXPRESS, so
 * it is shown at the order, not in the per-ticket price.
 *
 * All amounts are integer minor units of the listing's trade currency; each component is
 * rounded half up on its own, so the parts always add up to the total.
 */
import type { DeliveryMethod } from "../../db/schema";

/** The platform's service fee, in basis points of the ticket price. */
export const SERVICE_FEE_BPS = 1_000;
/** The payment gateway's fee, in basis points of ticket price + service fee + VAT. */
export const GATEWAY_FEE_BPS = 250;

/** VAT charged on the service fee, by trade currency (the venue's country), in basis points. */
const VAT_BPS_BY_CURRENCY: Record<string, number> = {
  GBP: 2_000,
  EUR: 2_000,
  JPY: 1_000,
  KRW: 1_000,
  SGD: 900,
  THB: 700,
  TWD: 500,
};

/** Shipping for EXPRESS delivery, once per order, in minor units of the trade currency. */
const EXPRESS_SHIPPING_MINOR: Record<string, number> = {
  HKD: 3_000,
  MOP: 3_000,
  CNY: 2_500,
  TWD: 15_000,
  SGD: 800,
  THB: 15_000,
  JPY: 800,
  KRW: 5_000,
  GBP: 600,
  USD: 900,
  EUR: 700,
};

export interface TicketPrice {
  ticketPrice: number;
  serviceFee: number;
  vat: number;
  paymentGatewayFee: number;
  additionalFees: number;
  /** Per ticket, every unavoidable fee included. */
  allIn: number;
}

function bps(amount: number, basisPoints: number): number {
  return Math.floor((amount * basisPoints + 5_000) / 10_000);
}

/** The all-in price of one ticket at `priceMinor` in `currency`, with its parts. */
export function ticketPrice(priceMinor: number, currency: string): TicketPrice {
  const serviceFee = bps(priceMinor, SERVICE_FEE_BPS);
  const vat = bps(serviceFee, VAT_BPS_BY_CURRENCY[currency] ?? 0);
  const paymentGatewayFee = bps(priceMinor + serviceFee + vat, GATEWAY_FEE_BPS);
  const additionalFees = 0;
  return {
    ticketPrice: priceMinor,
    serviceFee,
    vat,
    paymentGatewayFee,
    additionalFees,
    allIn: priceMinor + serviceFee + vat + paymentGatewayFee + additionalFees,
  };
}

/** The shipping fee of an order with this delivery method, in the trade currency. */
export function shippingFee(method: DeliveryMethod, currency: string): number {
  return method === "EXPRESS" ? (EXPRESS_SHIPPING_MINOR[currency] ?? 0) : 0;
}
