/**
 * Starting a payment for an order (the pay modal, and 'retry payment'). Each start is a new
 * attempt, allowed only while the order awaits payment inside its deadline; the attempt before
 * it is superseded (marked canceled here) but, should its money still arrive, it may pay the
 * order if the order still awaits payment, or is refunded if not.
 */
import { eq, sql } from "drizzle-orm";
import { orders, payments, type PaymentProviderName } from "../../db/schema";
import { logError } from "../../observability";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { requireBuyer } from "../context/buyer";
import { payOrderSchema, type PayOrderInput } from "../orders/order-schemas";
import { getOrder } from "../orders/order-views";
import { purchaseLimitOf } from "../orders/purchase-limits";
import { prepare } from "../context/statements";
import { invalidInput } from "../orders/validation";
import { defaultPaymentDeps, type PaymentDeps } from "./deps";
import { payReturnUrl } from "./pay-paths";

export interface StartedPayment {
  paymentId: number;
  provider: PaymentProviderName;
  /** Send the buyer here (the sandbox's page), when the provider hosts one. */
  redirectUrl: string | null;
  /** Complete the payment in the browser with this (Stripe), when the provider needs it. */
  clientSecret: string | null;
  publishableKey: string | null;
  /** Where the buyer lands afterwards (SPEC §2 /pay-success). */
  returnUrl: string;
  amount: number;
  currency: string;
  /** The order's payment deadline. */
  expiresAt: number;
}

/**
 * Starts a payment attempt for one of the viewer's orders, in the order's trade currency, for
 * its total. Takes { orderId, payMethod? } and the request's origin (for our hosted pages and
 * the return URL).
 *
 * Throws notLogin (guest); invalidParam; notFound (not the viewer's order); orderAlreadyCancel
 * (canceled, or its 10 minutes have passed); orderAlreadyPaid; paymentsUnavailable (no provider may
 * take payments here; logged); systemError (the provider could not be reached; logged).
 *
 * Side effects: a payment row (pending) with the provider's id; the order's earlier pending
 * attempts marked canceled; the provider asked to create the payment (authorise only, where the
 * provider can, while the session's queue is on: authorize.ts).
 */
export async function startPayment(
  ctx: MarketContext,
  input: PayOrderInput,
  origin: string,
  deps: PaymentDeps = defaultPaymentDeps(ctx),
): Promise<StartedPayment> {
  const buyerId = requireBuyer(ctx);
  const parsed = payOrderSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { orderId, payMethod } = parsed.data;

  const providerName = ctx.payments.activeProviderName(ctx.viewer.environment);
  if (!providerName) {
    // A deployment left without Stripe's keys: the buyer is told payments are unavailable (503), operators read why.
    logError(new Error(`payments are unavailable: no payment provider may take payments in ${ctx.viewer.environment} (set STRIPE_SECRET_KEY)`), {
      requestId: ctx.viewer.requestId,
      where: "startPayment",
    });
    throw new MarketError("paymentsUnavailable");
  }

  const now = ctx.now();
  const [opened] = await ctx.d1.batch<{ id: number }>([
    prepare(
      ctx.d1,
      sql`INSERT INTO ${payments} (order_id, user_id, provider, amount, currency_code, pay_method, status, created_at, updated_at)
          SELECT id, user_id, ${providerName}, total_amount, currency_code, ${payMethod ?? null}, 'pending', ${now}, ${now}
          FROM ${orders}
          WHERE id = ${orderId} AND user_id = ${buyerId} AND status = 'pending_payment' AND expires_at > ${now}
          RETURNING id`,
    ),
    prepare(
      ctx.d1,
      sql`UPDATE ${payments} SET status = 'canceled', updated_at = ${now}
          WHERE order_id = ${orderId} AND user_id = ${buyerId} AND status = 'pending'
            AND id < (SELECT MAX(id) FROM ${payments} WHERE order_id = ${orderId})`,
    ),
  ]);
  const paymentId = opened.results[0]?.id;
  const order = await getOrder(ctx, orderId);
  if (paymentId === undefined) {
    if (order.status === "canceled") throw new MarketError("orderAlreadyCancel");
    if (order.status !== "pending_payment") throw new MarketError("orderAlreadyPaid");
    throw new MarketError("systemError");
  }

  const returnUrl = payReturnUrl(origin, order);
  const provider = deps.provider(providerName);
  // A hot session's card is counted against its purchase limit before the money is taken (decision 312).
  const captureManually = provider.manualCapture !== undefined && (await purchaseLimitOf(ctx, { sessionId: order.event.sessionId })) !== null;
  let created;
  try {
    created = await provider.createPayment({
      paymentId,
      orderNo: order.orderNo,
      amount: order.price.total,
      currency: order.price.currency,
      returnUrl,
      origin,
      captureManually,
    });
  } catch (error) {
    await ctx.db
      .update(payments)
      .set({ status: "canceled", failureReason: "provider_unavailable", updatedAt: ctx.now() })
      .where(eq(payments.id, paymentId));
    logError(error, { requestId: ctx.viewer.requestId, where: "startPayment", paymentId });
    throw new MarketError("systemError", { cause: error });
  }
  await ctx.db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, updatedAt: ctx.now() })
    .where(eq(payments.id, paymentId));

  return {
    paymentId,
    provider: providerName,
    redirectUrl: created.redirectUrl,
    clientSecret: created.clientSecret,
    publishableKey: providerName === "stripe" ? (ctx.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    returnUrl,
    amount: order.price.total,
    currency: order.price.currency,
    expiresAt: order.expiresAt,
  };
}
