/**
 * Stripe's answers at the HTTP boundary, in the shapes of Stripe's API reference (API version
 * 2024-06-20): a created PaymentIntent, a refund, an error, and the two webhook events we act
 * on. Ids and amounts are filled in per test.
 */

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
  type: "payment_intent.succeeded" | "payment_intent.payment_failed" | "charge.refunded";
  intentId: string;
  amount: number;
  currency: string;
}) {
  const succeeded = input.type === "payment_intent.succeeded";
  return {
    id: input.eventId,
    object: "event",
    api_version: "2024-06-20",
    created: 1795400300,
    data: {
      object: {
        ...paymentIntentCreated({ id: input.intentId, amount: input.amount, currency: input.currency, orderNo: "OV", paymentId: 0 }),
        amount_received: succeeded ? input.amount : 0,
        latest_charge: "ch_3QFxYz2eZvKYlo2C0QrStUvW",
        payment_method: "pm_1QFxZ02eZvKYlo2CkLmNoPqR",
        status: succeeded ? "succeeded" : "requires_payment_method",
        last_payment_error: succeeded
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
