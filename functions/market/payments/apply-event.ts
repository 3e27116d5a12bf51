/**
 * Applying what a provider says happened to a payment. One D1 batch records the event under its
 * unique (provider, event id) and applies its effects, each statement guarded on this delivery
 * having recorded it, so a second delivery of the same event changes nothing.
 *
 * A success pays its order by compare-and-set: only an order still pending payment, inside its
 * deadline, for exactly the amount and currency asked. Money that cannot pay its order (order
 * canceled, expired, already paid by another attempt, or the amount differs) is owed back: the
 * payment becomes refund_pending and is refunded through the provider at once (refunds.ts).
 *
 * A failure of the order's latest attempt cancels the order (SPEC §4: 'Oops, payment failed…
 * Try again!'), releasing its tickets; the buyer can buy again.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { orderNotes, orders, payments, paymentEvents, type PaymentProviderName } from "../../db/schema";
import type { PaymentEvent } from "../context/payment-port";
import type { MarketContext } from "../context";
import { mailOrderConfirmation } from "../delivery/buyer-mails";
import { mailSellerSold } from "../selling/sold-mail";
import { createDeliveryStatements, issueReadyETicket } from "../delivery/create-delivery";
import { prepare } from "../context/statements";
import { inventoryVersionMove } from "../listings/inventory-version";
import { handoverStatements } from "../selling/fan-resale";
import { entryTicketStatements } from "../entry/issue";
import { settleRefund } from "./refunds";
import type { MarketError } from "../errors";
import { defaultPaymentDeps, type PaymentDeps } from "./deps";

export type PaymentEventOutcome =
  /** The payment paid its order. */
  | "paid"
  /** The money could not be used and has been given back. */
  | "refunded"
  /** The money could not be used; giving it back failed and will be retried by the cron. */
  | "refund_pending"
  /** The payment failed (and, if it was the order's latest attempt, canceled the order). */
  | "failed"
  /** This event was delivered before; nothing changed. */
  | "duplicate"
  /** No payment of ours has this provider id. */
  | "unknown_payment"
  /** An authorisation whose card is within the purchase limit: the money is being taken (authorize.ts). */
  | "captured"
  /** An authorisation whose card is over the purchase limit: given back, the order still awaits payment. */
  | "refused"
  /** An authorisation for an order that no longer awaits payment: given back. */
  | "canceled";

export interface AppliedPaymentEvent {
  outcome: PaymentEventOutcome;
  orderId: number | null;
  /** Why an authorisation was refused (purchaseLimitCard), for whoever tells the buyer. */
  refusal?: MarketError;
}

function deliveryToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Records and applies one provider event. Takes the provider's name and the verified event.
 * Throws only if D1 fails (a provider failing to refund leaves the refund owed, logged).
 *
 * Side effects: the event recorded once; on success the order paid with its delivery
 * (market/delivery), the payment succeeded and the order confirmation mailed to the buyer (once),
 * or the payment refunded through the provider with an order note and a mail to the buyer; on failure the payment failed, the order canceled
 * (reason payment_failed) with an order note.
 */
export async function applyPaymentEvent(
  ctx: MarketContext,
  provider: PaymentProviderName,
  event: PaymentEvent,
  deps: PaymentDeps = defaultPaymentDeps(ctx),
): Promise<AppliedPaymentEvent> {
  const now = ctx.now();
  const token = deliveryToken();
  const ours: SQL = sql`EXISTS (SELECT 1 FROM ${paymentEvents} WHERE provider = ${provider} AND event_id = ${event.eventId} AND delivery_token = ${token})`;
  const thisPayment: SQL = sql`provider = ${provider} AND provider_payment_id = ${event.providerPaymentId}`;

  const record = prepare(
    ctx.d1,
    sql`INSERT INTO ${paymentEvents} (provider, event_id, type, provider_payment_id, amount, currency_code, delivery_token, received_at)
        VALUES (${provider}, ${event.eventId}, ${event.type}, ${event.providerPaymentId}, ${event.amount}, ${event.currency}, ${token}, ${now})
        ON CONFLICT (provider, event_id) DO NOTHING`,
  );
  // Entry codes are sealed here, before the batch; the batch decides whether they are written.
  const entry = event.type === "succeeded" ? await entryTicketStatements(ctx, { provider, providerPaymentId: event.providerPaymentId }, ours, now) : [];
  const effects =
    event.type === "succeeded"
      ? [
          // Compare-and-set: only a live unpaid order, only for exactly what was asked.
          sql`UPDATE ${orders}
              SET status = 'paid', paid_at = ${now},
                  paid_payment_id = (SELECT id FROM ${payments} WHERE ${thisPayment})
              WHERE id = (SELECT order_id FROM ${payments}
                          WHERE ${thisPayment} AND amount = ${event.amount} AND currency_code = ${event.currency}
                            AND status NOT IN ('succeeded', 'refund_pending', 'refunded'))
                AND status = 'pending_payment' AND expires_at > ${now} AND ${ours}`,
          // The paid order's delivery, in the same batch: no paid order is ever without one.
          ...createDeliveryStatements(
            sql`SELECT id FROM ${orders} WHERE paid_payment_id = (SELECT id FROM ${payments} WHERE ${thisPayment})`,
            ours,
            now,
          ),
          // Ovation entry codes: issued to the buyer, or (a fan resale) moved to them with new secrets (entry/issue.ts).
          ...entry,
          // A fan resale: the old holder's credential stops working in this same batch (selling/fan-resale.ts).
          ...handoverStatements(
            sql`SELECT id FROM ${orders} WHERE paid_payment_id = (SELECT id FROM ${payments} WHERE ${thisPayment})`,
            ours,
            now,
          ),
          sql`UPDATE ${payments}
              SET status = CASE WHEN EXISTS (SELECT 1 FROM ${orders} o WHERE o.id = ${payments}.order_id AND o.paid_payment_id = ${payments}.id)
                                THEN 'succeeded' ELSE 'refund_pending' END,
                  succeeded_at = ${now}, updated_at = ${now}
              WHERE ${thisPayment} AND status NOT IN ('succeeded', 'refund_pending', 'refunded') AND ${ours}`,
          // Held tickets became sold ones (listings/inventory-version.ts).
          inventoryVersionMove(sql`SELECT session_id FROM ${orders} WHERE paid_payment_id = (SELECT id FROM ${payments} WHERE ${thisPayment})`, ours),
        ]
      : [
          // Only the order's latest attempt speaks for it: a superseded attempt failing is moot.
          sql`UPDATE ${orders}
              SET status = 'canceled', cancel_reason = 'payment_failed', canceled_at = ${now}
              WHERE id = (SELECT p.order_id FROM ${payments} p
                          WHERE p.provider = ${provider} AND p.provider_payment_id = ${event.providerPaymentId} AND p.status = 'pending'
                            AND NOT EXISTS (SELECT 1 FROM ${payments} newer WHERE newer.order_id = p.order_id AND newer.id > p.id))
                AND status = 'pending_payment' AND expires_at > ${now} AND ${ours}`,
          sql`UPDATE ${payments}
              SET status = 'failed', failure_reason = ${event.failureReason ?? "failed"}, updated_at = ${now}
              WHERE ${thisPayment} AND status IN ('pending', 'canceled') AND ${ours}`,
          sql`INSERT INTO ${orderNotes} (order_id, user_id, kind, dedupe_key, amount, currency_code, created_at)
              SELECT o.id, o.user_id, 'payment_failed', 'failed:' || o.id, p.amount, p.currency_code, ${now}
              FROM ${orders} o INNER JOIN ${payments} p ON p.order_id = o.id
              WHERE p.provider = ${provider} AND p.provider_payment_id = ${event.providerPaymentId} AND p.status = 'failed'
                AND o.status = 'canceled' AND o.cancel_reason = 'payment_failed' AND ${ours}
              ON CONFLICT (dedupe_key) DO NOTHING`,
          // The failed order's tickets are back on sale.
          inventoryVersionMove(
            sql`SELECT o.session_id FROM ${orders} o INNER JOIN ${payments} p ON p.order_id = o.id
                WHERE p.provider = ${provider} AND p.provider_payment_id = ${event.providerPaymentId} AND o.status = 'canceled'`,
            ours,
          ),
        ];
  const [recorded, firstEffect] = await ctx.d1.batch([record, ...effects.map((statement) => prepare(ctx.d1, statement))]);
  const duplicate = recorded.meta.changes === 0;
  // This very event paid the order (its compare-and-set changed it), so the buyer is told once.
  const paidNow = event.type === "succeeded" && firstEffect.meta.changes === 1;

  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, event.providerPaymentId)))
    .limit(1);
  if (!payment) return { outcome: "unknown_payment", orderId: null };

  // Money owed back is settled whenever it is seen, so a redelivery also retries a failed refund.
  if (payment.status === "refund_pending") {
    const refunded = await settleRefund(ctx, payment, deps);
    return { outcome: refunded ? "refunded" : "refund_pending", orderId: payment.orderId };
  }
  if (duplicate) return { outcome: "duplicate", orderId: payment.orderId };
  if (payment.status === "succeeded") {
    await issueReadyETicket(ctx, payment.orderId);
    if (paidNow) await Promise.all([mailOrderConfirmation(ctx, payment.orderId), mailSellerSold(ctx, payment.orderId)]);
    return { outcome: "paid", orderId: payment.orderId };
  }
  if (payment.status === "refunded") return { outcome: "refunded", orderId: payment.orderId };
  return { outcome: "failed", orderId: payment.orderId };
}
