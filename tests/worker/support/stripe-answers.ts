/**
 * Stripe's answers at the HTTP boundary, in the shapes of Stripe's API reference (API version
 * 2024-06-20): a created PaymentIntent, a refund, an error, the webhook events we act on, a
 * card's PaymentMethod, and an intent captured or canceled. Ids and amounts are filled in per test.
 */

/** The test deployment's Stripe keys. */
export const STRIPE_SECRETS = {
  STRIPE_SECRET_KEY: "sk_test_51Ovation0000000000000000",
  STRIPE_WEBHOOK_SECRET: "whsec_test_ovation_0000000000000000",
  STRIPE_PUBLISHABLE_KEY: "pk_test_51Ovation0000000000000000",
};

/** A webhook as Stripe signs it: HMAC-SHA256 over "<t>.<body>" with the endpoint's secret, computed here independently. */
export async function stripeWebhook(body: unknown, options: { secret?: string; at?: number } = {}) {
  const text = JSON.stringify(body);
  const t = Math.floor((options.at ?? Date.now()) / 1000);
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(options.secret ?? STRIPE_SECRETS.STRIPE_WEBHOOK_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${t}.${text}`)));
  const v1 = [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
  return new Request("https://ovation.test/pub/payment/v1/callback/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": `t=${t},v1=${v1},v0=ignored` },
    body: text,
  });
}

export function paymentIntentCreated(input: { id: string; amount: number; currency: string; orderNo: string; paymentId: number }) {
  return {
    id: input.id,
    object: "payment_intent",
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: { allow_redirects: "always", enabled: true },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: `${input.id}_secret_Xy1Zw2Vu3Ts4Rq5Po6Nm7Lk8J`,
    confirmation_method: "automatic",
    created: 1795400000,
    currency: input.currency.toLowerCase(),
    customer: null,
    description: `Ovation order ${input.orderNo}`,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: { order_no: input.orderNo, payment_id: String(input.paymentId) },
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: { id: "pmc_1PgT2e2eZvKYlo2CvX3qWz9L", parent: null },
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" } },
    payment_method_types: ["card"],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_data: null,
    transfer_group: null,
  };
}

export function refundCreated(input: { paymentIntent: string; amount: number; currency: string }) {
  return {
    id: "re_3QFxYz2eZvKYlo2C0HiJkLmN",
    object: "refund",
    amount: input.amount,
    balance_transaction: "txn_3QFxYz2eZvKYlo2C0AbCdEfG",
    charge: "ch_3QFxYz2eZvKYlo2C0QrStUvW",
    created: 1795400600,
    currency: input.currency.toLowerCase(),
    destination_details: { card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" }, type: "card" },
    metadata: {},
    payment_intent: input.paymentIntent,
    reason: "requested_by_customer",
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
}

export const amountTooSmall = {
  error: {
    code: "amount_too_small",
    doc_url: "https://stripe.com/docs/error-codes/amount-too-small",
    message: "Amount must be at least HK$4.00 hkd",
    param: "amount",
    request_log_url: "https://dashboard.stripe.com/test/logs/req_Lq0ZkYp8dBvT2M?t=1795400000",
    type: "invalid_request_error",
  },
};

export function paymentIntentEvent(input: {
  eventId: string;
  type: "payment_intent.succeeded" | "payment_intent.payment_failed" | "payment_intent.amount_capturable_updated" | "charge.refunded";
  intentId: string;
  amount: number;
  currency: string;
  paymentMethod?: string;
}) {
  const succeeded = input.type === "payment_intent.succeeded";
  const authorized = input.type === "payment_intent.amount_capturable_updated";
  return {
    id: input.eventId,
    object: "event",
    api_version: "2024-06-20",
    created: 1795400300,
    data: {
      object: {
        ...paymentIntentCreated({ id: input.intentId, amount: input.amount, currency: input.currency, orderNo: "OV", paymentId: 0 }),
        amount_received: succeeded ? input.amount : 0,
        amount_capturable: authorized ? input.amount : 0,
        capture_method: authorized ? "manual" : "automatic_async",
        latest_charge: "ch_3QFxYz2eZvKYlo2C0QrStUvW",
        payment_method: input.paymentMethod ?? "pm_1QFxZ02eZvKYlo2CkLmNoPqR",
        status: succeeded ? "succeeded" : authorized ? "requires_capture" : "requires_payment_method",
        last_payment_error: succeeded || authorized
          ? null
          : {
              charge: "ch_3QFxYz2eZvKYlo2C0QrStUvW",
              code: "card_declined",
              decline_code: "insufficient_funds",
              doc_url: "https://stripe.com/docs/error-codes/card-declined",
              message: "Your card has insufficient funds.",
              type: "card_error",
            },
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: input.type,
  };
}

/** A card's PaymentMethod (GET /v1/payment_methods/:id): its fingerprint names the card across payments. */
export function cardPaymentMethod(input: { id: string; fingerprint: string }) {
  return {
    id: input.id,
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: { address: { city: null, country: "HK", line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null },
    card: {
      brand: "visa",
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      country: "US",
      display_brand: "visa",
      exp_month: 8,
      exp_year: 2028,
      fingerprint: input.fingerprint,
      funding: "credit",
      generated_from: null,
      last4: "4242",
      networks: { available: ["visa"], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: 1795400200,
    customer: null,
    livemode: false,
    metadata: {},
    type: "card",
  };
}

/** The intent after POST …/capture (succeeded) or POST …/cancel (canceled). */
export function paymentIntentSettled(input: { id: string; amount: number; currency: string; captured: boolean }) {
  return {
    ...paymentIntentCreated({ id: input.id, amount: input.amount, currency: input.currency, orderNo: "OV", paymentId: 0 }),
    capture_method: "manual",
    amount_received: input.captured ? input.amount : 0,
    canceled_at: input.captured ? null : 1795400400,
    cancellation_reason: input.captured ? null : "abandoned",
    status: input.captured ? "succeeded" : "canceled",
  };
}
