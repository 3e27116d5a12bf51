/**
 * An authorised payment (decision 312): a hot session's order is paid with manual capture, so
 * when the provider says the money is held on the card (Stripe's
 * payment_intent.amount_capturable_updated), nothing has been taken yet. The card is counted
 * against the session's purchase limit by its fingerprint, with the same guarded statement as the
 * sandbox's card (orders/purchase-limits.ts, countCard); within the limit the money is taken
 * (capture) and the provider's success then pays the order as any payment does; over it, or for
 * an order that no longer awaits payment, the authorisation is given back (cancel) and no money
 * ever moves, so there is nothing to refund.
 *
 * Every step may run again (the provider redelivers until it hears 200): the card's row is the
 * order's own (replaced, not added), and capture and cancel carry the payment's idempotency keys.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { orderNotes, orders, payments, paymentEvents, type PaymentProviderName } from "../../db/schema";
import type { PaymentEvent } from "../context/payment-port";
import type { MarketContext } from "../context";
import { CODES, MarketError } from "../errors";
import { countCard } from "../orders/purchase-limits";
import type { AppliedPaymentEvent } from "./apply-event";
import type { PaymentDeps } from "./deps";

/**
 * Applies an `authorized` event: counts the card and captures, or cancels. Takes the provider's
 * name and the verified event. Returns `captured`; `refused` with the refusal (purchaseLimitCard
 * 610064: 'This session allows 4 tickets per buyer, and this card has already bought 3.') when
 * the card is over the limit; `canceled` when the order no longer awaits payment; or
 * `unknown_payment`. Throws when the provider cannot be reached (the provider delivers again).
 * Side effects: the event recorded once; the card's row for the order; the provider asked to
 * capture or cancel; a refused payment marked canceled with reason `purchase_limit_card`, and an
 * order note (card_over_limit) that tells the buyer.
 */
export async function applyAuthorization(ctx: MarketContext, provider: PaymentProviderName, event: PaymentEvent, deps: PaymentDeps): Promise<AppliedPaymentEvent> {
  const now = ctx.now();
  await ctx.db
    .insert(paymentEvents)
    .values({
      provider,
      eventId: event.eventId,
      type: event.type,
      providerPaymentId: event.providerPaymentId,
      amount: event.amount,
      currencyCode: event.currency,
      deliveryToken: "authorization",
      receivedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select({
      paymentId: payments.id,
      amount: payments.amount,
      currency: payments.currencyCode,
      orderId: orders.id,
      userId: orders.userId,
      orderStatus: orders.status,
      expiresAt: orders.expiresAt,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, event.providerPaymentId)))
    .limit(1);
  if (!row) return { outcome: "unknown_payment", orderId: null };
  const capture = deps.provider(provider).manualCapture;
  if (!capture) throw new Error(`${provider} reported an authorisation it cannot capture`);
  const giveBack = async () => {
    await capture.cancel(event.providerPaymentId, `cancel-${row.paymentId}`);
    await ctx.db
      .update(payments)
      .set({ status: "canceled", failureReason: sql`COALESCE(${payments.failureReason}, 'authorization_released')`, updatedAt: now })
      .where(and(eq(payments.id, row.paymentId), inArray(payments.status, ["pending", "canceled"])));
  };

  if (row.orderStatus !== "pending_payment" || row.expiresAt <= now) {
    await giveBack();
    return { outcome: "canceled", orderId: row.orderId };
  }
  const fingerprint = event.paymentMethodId ? await capture.cardFingerprint(event.paymentMethodId) : null;
  try {
    // A payment method that is not a card has no fingerprint: the order's other keys stand.
    if (fingerprint) await countCard(ctx, row.orderId, fingerprint);
  } catch (error) {
    if (!(error instanceof MarketError) || error.code !== CODES.purchaseLimitCard) throw error;
    await ctx.db.update(payments).set({ failureReason: "purchase_limit_card", updatedAt: now }).where(eq(payments.id, row.paymentId));
    await giveBack();
    // The buyer reads why on the order (its notes), once however often the provider delivers.
    await ctx.db
      .insert(orderNotes)
      .values({ orderId: row.orderId, userId: row.userId, kind: "card_over_limit", dedupeKey: `card-limit:${row.paymentId}`, amount: row.amount, currencyCode: row.currency, createdAt: now })
      .onConflictDoNothing();
    return { outcome: "refused", orderId: row.orderId, refusal: error };
  }
  await capture.capture(event.providerPaymentId, `capture-${row.paymentId}`);
  return { outcome: "captured", orderId: row.orderId };
}
