/**
 * The payment port: what the payments domain asks of a payment provider, and what a provider's
 * callback tells it. The adapters (sandbox, ours and the local default, and stripe) live in
 * functions/integrations/payment; the Worker hands them in as the context's `payments`.
 */
import type { PaymentEventType, PaymentProviderName } from "../../db/schema";

export interface CreatePaymentInput {
  /** Our payment id: the provider's idempotency key, and its reference back to us. */
  paymentId: number;
  orderNo: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** Where the buyer lands when the provider is done (SPEC §2's /pay-success). */
  returnUrl: string;
  /** Origin of the request, for hosted pages of ours. */
  origin: string;
  /**
   * Authorise only, and take the money when told (a hot session's order, whose card is counted
   * against its purchase limit in between: decision 312). Providers without manual capture ignore it.
   */
  captureManually?: boolean;
}

export interface CreatedPayment {
  providerPaymentId: string;
  /** A page to send the buyer to, when the provider hosts one. */
  redirectUrl: string | null;
  /** What the browser needs to complete the payment in place (Stripe's client secret), if anything. */
  clientSecret: string | null;
}

export interface RefundInput {
  providerPaymentId: string;
  amount: number;
  currency: string;
  /** The same key refunds once, however often it is asked. */
  idempotencyKey: string;
}

/** One thing a provider reports about a payment, under the provider's own unique event id. */
export interface PaymentEvent {
  eventId: string;
  type: PaymentEventType;
  providerPaymentId: string;
  /** What was captured (or attempted), minor units; null when the provider does not say. */
  amount: number | null;
  currency: string | null;
  failureReason: string | null;
  /** For an `authorized` event: the provider's id of the payment method, whose card is then looked up. */
  paymentMethodId?: string | null;
}

/**
 * Manual capture (Stripe's capture_method=manual): the money authorised on the card is taken, or
 * the authorisation given back, when we say. Every call carries an idempotency key.
 */
export interface ManualCapture {
  /** The fingerprint of a payment method's card (the same card, the same fingerprint), or null for one that is not a card. */
  cardFingerprint(paymentMethodId: string): Promise<string | null>;
  /** Takes the money authorised. */
  capture(providerPaymentId: string, idempotencyKey: string): Promise<void>;
  /** Gives the authorisation back: no money moves. */
  cancel(providerPaymentId: string, idempotencyKey: string): Promise<void>;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  refund(input: RefundInput): Promise<{ providerRefundId: string }>;
  /**
   * Verifies a callback's signature and reads its event: null for a genuine event we do not act
   * on. Throws CallbackRejected when the callback is not genuine or not readable.
   */
  readCallback(request: Request, now: number): Promise<PaymentEvent | null>;
  /** Present where the provider can authorise first and capture later. */
  manualCapture?: ManualCapture;
}

/** The sandbox's signed callback: what its hosted page sends when the buyer approves or declines. */
export interface SandboxCallbackInput {
  callbackUrl: string;
  providerPaymentId: string;
  outcome: "succeeded" | "failed";
  amount: number;
  currency: string;
  now: number;
  eventId?: string;
}

export interface PaymentPort {
  /** The adapter of a named provider (the one a payment was made with). */
  provider(name: PaymentProviderName): PaymentProvider;
  /** The provider new payments go to here, or null when none may take payments. */
  activeProviderName(environment: string): PaymentProviderName | null;
  /** A signed sandbox callback, as the sandbox page would send it. */
  sandboxCallback(input: SandboxCallbackInput): Promise<Request>;
  /** The sandbox's fingerprint of a card number (its digits): the same card, the same fingerprint; never the number. */
  sandboxCardFingerprint(digits: string): Promise<string>;
}

/**
 * What moving money needs from the port: the adapter of a provider. Payments take and refund
 * through it, and so do after-sales refunds; tests replace it to play a provider that fails.
 */
export interface PaymentDeps {
  provider: (name: PaymentProviderName) => PaymentProvider;
}

export function defaultPaymentDeps(ctx: { payments: PaymentPort }): PaymentDeps {
  return { provider: (name) => ctx.payments.provider(name) };
}

/** A callback that failed verification: answered 400 and never acted on. */
export class CallbackRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "CallbackRejected";
  }
}

/** A provider that could not be reached or refused a request; the caller decides what it means. */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProviderUnavailable";
  }
}
