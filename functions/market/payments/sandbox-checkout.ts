/**
 * The sandbox provider's hosted page, as data: what it shows for a payment, and what its Approve
 * and Decline buttons do, which is exactly what a real provider does: send a signed callback
 * into the confirmation path (receive-callback.ts), then send the buyer to the return URL. It
 * exists only where the sandbox may take payments (never in production).
 */
import { and, eq } from "drizzle-orm";
import * as z from "zod";
import { orders, payments, type OrderStatus, type PaymentStatus } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { countCard } from "../orders/purchase-limits";
import { orderStatusAt } from "../orders/rules";
import { type PaymentEventOutcome } from "./apply-event";
import { defaultPaymentDeps, sandboxAllowed, type PaymentDeps } from "./deps";
import { paymentCallbackUrl, payReturnUrl } from "./pay-paths";
import { receivePaymentCallback } from "./receive-callback";

/** The test card the sandbox page offers: any number passing the Luhn check is taken. */
export const SANDBOX_TEST_CARD = "4242 4242 4242 4242";

/** The Luhn check every card number passes. Pure. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number as typed on the sandbox page (spaces or dashes between digits), as its digits. */
export const sandboxCardSchema = z
  .string()
  .trim()
  .max(40)
  .transform((typed) => typed.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{12,19}$/).refine(passesLuhn));

export interface SandboxCheckout {
  providerPaymentId: string;
  orderId: number;
  orderNo: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  orderStatus: OrderStatus;
  /** Approve and Decline are offered while the money has not moved (as on a real provider's page). */
  payable: boolean;
  returnUrl: string;
}

/**
 * The sandbox page's payment. Takes the sandbox payment id and the request's origin. Throws
 * notFound for an unknown payment, or anywhere the sandbox may not take payments. No side effects.
 */
export async function readSandboxCheckout(ctx: MarketContext, providerPaymentId: string, origin: string): Promise<SandboxCheckout> {
  if (!sandboxAllowed(ctx)) throw notFound("payment");
  const [row] = await ctx.db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, "sandbox"), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1);
  if (!row) throw notFound("payment");
  return {
    providerPaymentId,
    orderId: row.order.id,
    orderNo: row.order.orderNo,
    amount: row.payment.amount,
    currency: row.payment.currencyCode,
    status: row.payment.status,
    orderStatus: orderStatusAt(row.order, ctx.now()).status,
    payable: row.payment.status === "pending" || row.payment.status === "canceled",
    returnUrl: payReturnUrl(origin, row.order),
  };
}

/**
 * The buyer pressed Approve or Decline. Takes the sandbox payment id, the outcome, the request's
 * origin and, to approve, the card number typed (sandboxCardSchema); returns where to send the
 * buyer and what the callback did (null when the payment had already been settled). Before an
 * approval is sent (before the money moves), the card is counted against a hot on-sale's
 * purchase limit by its fingerprint (orders/purchase-limits.ts). Throws notFound as
 * readSandboxCheckout; invalidParam (a card number that is not one); purchaseLimitCard (nothing
 * sent). Side effects: the card's count; as a provider callback (applyPaymentEvent).
 */
export async function completeSandboxCheckout(
  ctx: MarketContext,
  providerPaymentId: string,
  outcome: "succeeded" | "failed",
  origin: string,
  card?: unknown,
  deps: PaymentDeps = defaultPaymentDeps(ctx),
): Promise<{ returnUrl: string; outcome: PaymentEventOutcome | null }> {
  const checkout = await readSandboxCheckout(ctx, providerPaymentId, origin);
  if (!checkout.payable) return { returnUrl: checkout.returnUrl, outcome: null };
  // The page always sends its card; a bare Approve (an older client) names none, and counts none.
  if (outcome === "succeeded" && card !== undefined) {
    const digits = sandboxCardSchema.safeParse(card);
    if (!digits.success) throw new MarketError("invalidParam", { params: { field: "card" } });
    await countCard(ctx, checkout.orderId, await ctx.payments.sandboxCardFingerprint(digits.data));
  }
  const callback = await ctx.payments.sandboxCallback({
    callbackUrl: paymentCallbackUrl(origin, "sandbox"),
    providerPaymentId,
    outcome,
    amount: checkout.amount,
    currency: checkout.currency,
    now: ctx.now(),
  });
  const applied = await receivePaymentCallback(ctx, "sandbox", callback, deps);
  return { returnUrl: checkout.returnUrl, outcome: applied?.outcome ?? null };
}
