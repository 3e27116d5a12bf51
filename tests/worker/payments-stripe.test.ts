import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { CallbackRejected, ProviderUnavailable } from "../../functions/integrations/payment";
import { stripeProvider } from "../../functions/integrations/payment/stripe";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { createOrder, getOrder } from "../../functions/market/orders";
import { receivePaymentCallback, startPayment, type PaymentDeps } from "../../functions/market/payments";
import { clockAt, CONTACT, makeBuyer, makeListing } from "./support/buying";
import { amountTooSmall, paymentIntentCreated, paymentIntentEvent, refundCreated, STRIPE_SECRETS as SECRETS, stripeWebhook } from "./support/stripe-answers";

const stripeEnv = { ...env, ...SECRETS } as Env;

interface Call {
  url: string;
  headers: Headers;
  form: URLSearchParams;
}

/** Stripe's HTTP boundary: records each request and replays the given answer. */
function replay(answer: { status?: number; body: unknown }) {
  const calls: Call[] = [];
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), headers: new Headers(init?.headers), form: new URLSearchParams(String(init?.body ?? "")) });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { "content-type": "application/json" } });
  };
  return { calls, fetcher };
}

test("creating a Stripe payment posts a PaymentIntent for the amount, with automatic payment methods and an idempotency key", async () => {
  const { calls, fetcher } = replay({ body: paymentIntentCreated({ id: "pi_3QFxYz2eZvKYlo2C1aBcDeFg", amount: 225_500, currency: "HKD", orderNo: "OV2611180000000001", paymentId: 7 }) });
  const created = await stripeProvider(stripeEnv, fetcher).createPayment({
    paymentId: 7,
    orderNo: "OV2611180000000001",
    amount: 225_500,
    currency: "HKD",
    returnUrl: "https://ovation.test/pay-success?orderId=1&orderType=ticket&channelId=web",
    origin: "https://ovation.test",
  });

  expect(created).toEqual({
    providerPaymentId: "pi_3QFxYz2eZvKYlo2C1aBcDeFg",
    redirectUrl: null,
    clientSecret: "pi_3QFxYz2eZvKYlo2C1aBcDeFg_secret_Xy1Zw2Vu3Ts4Rq5Po6Nm7Lk8J",
  });
  expect(calls).toHaveLength(1);
  expect(calls[0].url).toBe("https://api.stripe.com/v1/payment_intents");
  expect(calls[0].headers.get("authorization")).toBe(`Bearer ${SECRETS.STRIPE_SECRET_KEY}`);
  expect(calls[0].headers.get("idempotency-key")).toBe("payment-7");
  expect(Object.fromEntries(calls[0].form)).toEqual({
    amount: "225500",
    currency: "hkd",
    "automatic_payment_methods[enabled]": "true",
    description: "Ovation order OV2611180000000001",
    "metadata[payment_id]": "7",
    "metadata[order_no]": "OV2611180000000001",
  });
});

test("a Stripe refund names the payment intent and amount under the refund's idempotency key", async () => {
  const { calls, fetcher } = replay({ body: refundCreated({ paymentIntent: "pi_3QFxYz2eZvKYlo2C1aBcDeFg", amount: 225_500, currency: "HKD" }) });
  const refund = await stripeProvider(stripeEnv, fetcher).refund({
    providerPaymentId: "pi_3QFxYz2eZvKYlo2C1aBcDeFg",
    amount: 225_500,
    currency: "HKD",
    idempotencyKey: "refund-7",
  });
  expect(refund).toEqual({ providerRefundId: "re_3QFxYz2eZvKYlo2C0HiJkLmN" });
  expect(calls[0].url).toBe("https://api.stripe.com/v1/refunds");
  expect(calls[0].headers.get("idempotency-key")).toBe("refund-7");
  expect(Object.fromEntries(calls[0].form)).toEqual({ payment_intent: "pi_3QFxYz2eZvKYlo2C1aBcDeFg", amount: "225500", reason: "requested_by_customer" });
});

test("a Stripe error answer surfaces as the provider being unavailable, with Stripe's message", async () => {
  const { fetcher } = replay({ status: 400, body: amountTooSmall });
  const attempt = stripeProvider(stripeEnv, fetcher).createPayment({ paymentId: 8, orderNo: "OV1", amount: 100, currency: "HKD", returnUrl: "https://ovation.test/", origin: "https://ovation.test" });
  await expect(attempt).rejects.toBeInstanceOf(ProviderUnavailable);
  await expect(attempt).rejects.toThrow("Amount must be at least HK$4.00 hkd");
});

test("a payment_intent.succeeded webhook signed with the endpoint's secret reads as a success for the amount received", async () => {
  const request = await stripeWebhook(paymentIntentEvent({ eventId: "evt_1", type: "payment_intent.succeeded", intentId: "pi_1", amount: 225_500, currency: "HKD" }));
  const event = await stripeProvider(stripeEnv).readCallback(request, Date.now());
  expect(event).toEqual({ eventId: "evt_1", type: "succeeded", providerPaymentId: "pi_1", amount: 225_500, currency: "HKD", failureReason: null });
});

test("a payment_intent.payment_failed webhook reads as a failure with its decline code", async () => {
  const request = await stripeWebhook(paymentIntentEvent({ eventId: "evt_2", type: "payment_intent.payment_failed", intentId: "pi_2", amount: 225_500, currency: "HKD" }));
  const event = await stripeProvider(stripeEnv).readCallback(request, Date.now());
  expect(event).toMatchObject({ eventId: "evt_2", type: "failed", providerPaymentId: "pi_2", failureReason: "insufficient_funds" });
});

test("a webhook with an altered body, another secret or an old timestamp is rejected", async () => {
  const body = paymentIntentEvent({ eventId: "evt_3", type: "payment_intent.succeeded", intentId: "pi_3", amount: 225_500, currency: "HKD" });
  const genuine = await stripeWebhook(body);
  const altered = new Request(genuine.url, { method: "POST", headers: genuine.headers, body: JSON.stringify({ ...body, id: "evt_4" }) });
  const otherSecret = await stripeWebhook(body, { secret: "whsec_someone_else" });
  const old = await stripeWebhook(body, { at: Date.now() - 10 * 60_000 });
  const provider = stripeProvider(stripeEnv);
  for (const request of [altered, otherSecret, old]) {
    await expect(provider.readCallback(request, Date.now())).rejects.toBeInstanceOf(CallbackRejected);
  }
});

test("a Stripe event we do not act on is read as nothing", async () => {
  const request = await stripeWebhook({ id: "evt_5", object: "event", type: "charge.refunded", data: { object: { id: "ch_1", object: "charge" } } });
  expect(await stripeProvider(stripeEnv).readCallback(request, Date.now())).toBeNull();
});

test("an order is paid through Stripe end to end: client secret to the browser, webhook to the order", async () => {
  const clock = clockAt(Date.now());
  const ctx = createMarketContext({ env: stripeEnv, now: clock.now, viewer: { ...DEFAULT_VIEWER, environment: "production", userId: await makeBuyer() } });
  const { listingId } = await makeListing({ startsAt: clock.now() + 30 * 24 * 60 * 60_000 });
  const order = await createOrder(ctx, { ...CONTACT, listingId, quantity: 2 });
  const { calls, fetcher } = replay({ body: paymentIntentCreated({ id: "pi_end_to_end", amount: order.price.total, currency: "HKD", orderNo: order.orderNo, paymentId: 1 }) });
  const deps: PaymentDeps = { provider: () => stripeProvider(stripeEnv, fetcher) };

  const started = await startPayment(ctx, { orderId: order.id, payMethod: "google" }, "https://ovation.test", deps);
  expect(started).toMatchObject({ provider: "stripe", redirectUrl: null, clientSecret: "pi_end_to_end_secret_Xy1Zw2Vu3Ts4Rq5Po6Nm7Lk8J", publishableKey: SECRETS.STRIPE_PUBLISHABLE_KEY });
  expect(calls[0].headers.get("idempotency-key")).toBe(`payment-${started.paymentId}`);

  const webhook = await stripeWebhook(paymentIntentEvent({ eventId: "evt_paid", type: "payment_intent.succeeded", intentId: "pi_end_to_end", amount: order.price.total, currency: "HKD" }), { at: clock.now() });
  expect(await receivePaymentCallback(ctx, "stripe", webhook, deps)).toEqual({ outcome: "paid", orderId: order.id });
  expect((await getOrder(ctx, order.id)).status).toBe("paid");
});
