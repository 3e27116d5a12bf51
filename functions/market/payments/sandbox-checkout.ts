/**
 * The sandbox provider's hosted page, as data: what it shows for a payment, and what its Approve
 * and Decline buttons do, which is exactly what a real provider does: send a signed callback
 * into the confirmation path (receive-callback.ts), then send the buyer to the return URL. It
 * exists only where the sandbox may take payments (never in production).
 */
import { and, eq } from "drizzle-orm";
import { orders, payments, type OrderStatus, type PaymentStatus } from "../../db/schema";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import { orderStatusAt } from "../orders/rules";
import { type PaymentEventOutcome } from "./apply-event";
import { defaultPaymentDeps, sandboxAllowed, type PaymentDeps } from "./deps";
import { paymentCallbackUrl, payReturnUrl } from "./pay-paths";
import { receivePaymentCallback } from "./receive-callback";

export interface SandboxCheckout {
  providerPaymentId: string;
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
 * The buyer pressed Approve or Decline. Takes the sandbox payment id, the outcome and the
 * request's origin; returns where to send the buyer and what the callback did (null when the
 * payment had already been settled). Throws notFound as readSandboxCheckout. Side effects: as a
 * provider callback (applyPaymentEvent).
 */
export async function completeSandboxCheckout(
  ctx: MarketContext,
  providerPaymentId: string,
  outcome: "succeeded" | "failed",
  origin: string,
  deps: PaymentDeps = defaultPaymentDeps(ctx),
): Promise<{ returnUrl: string; outcome: PaymentEventOutcome | null }> {
  const checkout = await readSandboxCheckout(ctx, providerPaymentId, origin);
  if (!checkout.payable) return { returnUrl: checkout.returnUrl, outcome: null };
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
