/**
 * The Stripe adapter, over Stripe's REST API with fetch (no SDK: the Worker stays small, and the
 * HTTP boundary is where tests replay Stripe's answers). A payment is a PaymentIntent with
 * automatic payment methods (cards, Google Pay, Apple Pay: SPEC §3's pay methods), completed in
 * the browser with its client secret; Stripe tells us the outcome by webhook
 * (payment_intent.succeeded / payment_intent.payment_failed), verified with the webhook secret.
 * A hot session's payment is authorised only (capture_method=manual): Stripe's
 * payment_intent.amount_capturable_updated reads as `authorized` with its payment method, whose
 * card's fingerprint we read, then capture or cancel (decision 312).
 * Every write carries an idempotency key, so a retried request never charges or refunds twice.
 *
 * Amounts are minor units, which is Stripe's 'smallest currency unit' (JPY and KRW have none in
 * both); currencies are ISO codes, lower-cased for Stripe.
 */
import type { CreatedPayment, CreatePaymentInput, PaymentEvent, PaymentProvider, RefundInput } from "../../market/context/payment-port";
import { CallbackRejected, ProviderUnavailable } from "../../market/context/payment-port";
import { signedCallbackBody } from "./signature";

export const STRIPE_API = "https://api.stripe.com/v1";
export const STRIPE_SIGNATURE_HEADER = "stripe-signature";

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

interface StripePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received?: number;
  currency: string;
  client_secret: string | null;
  status: string;
  amount_capturable?: number;
  payment_method?: string | { id: string } | null;
  last_payment_error?: { code?: string; decline_code?: string; message?: string } | null;
}

interface StripeRefund {
  id: string;
  object: "refund";
  status: string;
}

interface StripePaymentMethod {
  id: string;
  object: "payment_method";
  type: string;
  card?: { fingerprint?: string | null } | null;
}

interface StripeEvent {
  id: string;
  object: "event";
  type: string;
  data: { object: StripePaymentIntent };
}

/** Stripe's form encoding: nested keys as `metadata[order_no]`. */
function form(fields: Record<string, string | number | Record<string, string | number>>): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "object") {
      for (const [inner, innerValue] of Object.entries(value)) body.append(`${key}[${inner}]`, String(innerValue));
    } else {
      body.append(key, String(value));
    }
  }
  return body.toString();
}

/** `fetcher` is Stripe's HTTP boundary; tests pass one that replays recorded answers. */
export function stripeProvider(env: Env, fetcher: Fetch = (input, init) => fetch(input, init)): PaymentProvider {
  /** A write (with its body and idempotency key), or a read when `write` is null. */
  async function call<T>(path: string, write: { body: string; idempotencyKey: string } | null): Promise<T> {
    const secretKey = env.STRIPE_SECRET_KEY;
    if (!secretKey) throw new ProviderUnavailable("STRIPE_SECRET_KEY is not set");
    let response: Response;
    try {
      response = await fetcher(
        `${STRIPE_API}${path}`,
        write
          ? {
              method: "POST",
              headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/x-www-form-urlencoded", "idempotency-key": write.idempotencyKey },
              body: write.body,
            }
          : { method: "GET", headers: { authorization: `Bearer ${secretKey}` } },
      );
    } catch (error) {
      throw new ProviderUnavailable(`Stripe ${path} unreachable`, { cause: error });
    }
    const answer = (await response.json().catch(() => null)) as (T & { error?: { message?: string; type?: string } }) | null;
    if (!response.ok || !answer) {
      throw new ProviderUnavailable(`Stripe ${path} answered ${response.status}: ${answer?.error?.message ?? "no body"}`);
    }
    return answer;
  }
  const post = <T>(path: string, body: string, idempotencyKey: string) => call<T>(path, { body, idempotencyKey });

  return {
    name: "stripe",
    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const intent = await post<StripePaymentIntent>(
        "/payment_intents",
        form({
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          "automatic_payment_methods[enabled]": "true",
          ...(input.captureManually ? { capture_method: "manual" } : {}),
          description: `Ovation order ${input.orderNo}`,
          metadata: { payment_id: input.paymentId, order_no: input.orderNo },
        }),
        `payment-${input.paymentId}`,
      );
      return { providerPaymentId: intent.id, redirectUrl: null, clientSecret: intent.client_secret };
    },
    async refund(input: RefundInput) {
      const refund = await post<StripeRefund>(
        "/refunds",
        form({ payment_intent: input.providerPaymentId, amount: input.amount, reason: "requested_by_customer" }),
        input.idempotencyKey,
      );
      return { providerRefundId: refund.id };
    },
    async readCallback(request: Request, now: number): Promise<PaymentEvent | null> {
      const secret = env.STRIPE_WEBHOOK_SECRET;
      if (!secret) throw new CallbackRejected("STRIPE_WEBHOOK_SECRET is not set");
      const event = await signedCallbackBody<StripeEvent>(request, secret, STRIPE_SIGNATURE_HEADER, now);
      if (!READ_EVENTS.has(event.type)) return null;
      const intent = event.data?.object;
      if (!intent || intent.object !== "payment_intent") throw new CallbackRejected("event carries no payment intent");
      if (event.type === "payment_intent.amount_capturable_updated") {
        const method = intent.payment_method;
        return {
          eventId: event.id,
          type: "authorized",
          providerPaymentId: intent.id,
          amount: intent.amount_capturable ?? intent.amount,
          currency: intent.currency.toUpperCase(),
          failureReason: null,
          paymentMethodId: typeof method === "string" ? method : (method?.id ?? null),
        };
      }
      const succeeded = event.type === "payment_intent.succeeded";
      return {
        eventId: event.id,
        type: succeeded ? "succeeded" : "failed",
        providerPaymentId: intent.id,
        amount: succeeded ? (intent.amount_received ?? intent.amount) : intent.amount,
        currency: intent.currency.toUpperCase(),
        failureReason: succeeded ? null : (intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? "failed"),
      };
    },
    manualCapture: {
      async cardFingerprint(paymentMethodId: string) {
        const method = await call<StripePaymentMethod>(`/payment_methods/${encodeURIComponent(paymentMethodId)}`, null);
        return method.card?.fingerprint ?? null;
      },
      async capture(providerPaymentId: string, idempotencyKey: string) {
        await post<StripePaymentIntent>(`/payment_intents/${encodeURIComponent(providerPaymentId)}/capture`, "", idempotencyKey);
      },
      async cancel(providerPaymentId: string, idempotencyKey: string) {
        await post<StripePaymentIntent>(`/payment_intents/${encodeURIComponent(providerPaymentId)}/cancel`, form({ cancellation_reason: "abandoned" }), idempotencyKey);
      },
    },
  };
}

/** The webhook events we act on: the outcome of a payment, and an authorisation to capture. */
const READ_EVENTS = new Set(["payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.amount_capturable_updated"]);
