/**
 * The arithmetic and the state of a coupon, without the database, so every door and the order
 * batch agree.
 *
 * - The discount is taken from the ticket amount (seller's price × quantity) only, never from
 *   fees or shipping, and never more than it.
 * - A coupon's amounts (fixed amount, cap, minimum spend) are in its own currency and are
 *   converted to the order's trade currency at today's rates, rounded half up.
 * - percent: ticket amount × basis points ÷ 10,000, rounded half up, then capped.
 * - A claimed coupon's state at `now`, first match wins: used (its order is paid or still
 *   holding tickets), expired (validTo passed), notStarted, newUserOnly (the account has paid
 *   for an order before), else available. For a prospective order, minSpend follows.
 */
import type { CouponKind } from "../../db/schema";
import { convert, type CurrencyRate } from "../money";

export interface CouponTerms {
  kind: CouponKind;
  currencyCode: string;
  amountOff: number | null;
  percentBps: number | null;
  maxDiscount: number | null;
  minSpend: number;
  validFrom: number;
  validTo: number;
  newUserOnly: boolean;
}

export const COUPON_STATES = ["available", "used", "expired", "notStarted", "newUserOnly", "minSpend"] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** The state of a claimed coupon at `now`, before any order is considered. */
export function couponState(terms: CouponTerms, facts: { now: number; spent: boolean; hasPaidOrder: boolean }): CouponState {
  if (facts.spent) return "used";
  if (facts.now >= terms.validTo) return "expired";
  if (facts.now < terms.validFrom) return "notStarted";
  if (terms.newUserOnly && facts.hasPaidOrder) return "newUserOnly";
  return "available";
}

export interface Quote {
  /** What the coupon takes off, in the trade currency's minor units (0 when it does not apply). */
  discount: number;
  /** The minimum spend in the trade currency. */
  minSpend: number;
  meetsMinSpend: boolean;
}

function halfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/** What `terms` takes off a ticket amount in `trade`, converting from the coupon's `own` currency. */
export function quoteTerms(terms: CouponTerms, ticketAmount: number, own: CurrencyRate, trade: CurrencyRate): Quote {
  const minSpend = convert(terms.minSpend, own, trade);
  const meetsMinSpend = ticketAmount >= minSpend;
  let discount: number;
  if (terms.kind === "fixed") {
    discount = convert(terms.amountOff ?? 0, own, trade);
  } else {
    discount = halfUp(ticketAmount * (terms.percentBps ?? 0), 10_000);
    if (terms.maxDiscount !== null) discount = Math.min(discount, convert(terms.maxDiscount, own, trade));
  }
  return { discount: meetsMinSpend ? Math.max(0, Math.min(discount, ticketAmount)) : 0, minSpend, meetsMinSpend };
}
