/**
 * A hot session's purchase limit counts Stripe's card (docs/decisions.md 312): the payment is
 * authorised only (capture_method=manual); when Stripe says the money is held, the card's
 * fingerprint is read and counted with the same guarded statement as the sandbox's card, then
 * the money is taken, or the authorisation is canceled and the buyer refused. Stripe is answered
 * at its HTTP boundary (the adapter's fetcher), with the shapes of its API reference.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { stripeProvider } from "../../functions/integrations/payment/stripe";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { signToken } from "../../functions/market/demand/signed-token";
import { messageOf } from "../../functions/market/messages";
import { createOrder, getOrder, type OrderView } from "../../functions/market/orders";
import { receivePaymentCallback, startPayment, type PaymentDeps } from "../../functions/market/payments";
import { createMarketContext } from "../../functions/wiring";
import { CONTACT, clockAt, makeBuyer, makeListing, testDb } from "./support/buying";
import { cookieFor, visit } from "./support/chat";
import { BOT_CHECK } from "./support/queue";
import { cardPaymentMethod, paymentIntentCreated, paymentIntentEvent, paymentIntentSettled, STRIPE_SECRETS, stripeWebhook } from "./support/stripe-answers";

const MINUTE = 60_000;
const stripeEnv = { ...env, ...STRIPE_SECRETS } as Env;
const ORIGIN = "https://ovation.test";
/** The one card both buyers pay with, as Stripe names it. */
const SAME_CARD = { id: "pm_1QGa7c2eZvKYlo2CwSameCard", fingerprint: "Xt5EWLLDS7FJjR1c" };

interface Call {
  method: string;
  path: string;
  idempotencyKey: string | null;
  form: Record<string, string>;
}

/** Stripe's HTTP boundary: records each request and answers it as Stripe does, by path. */
function stripeDouble() {
  const calls: Call[] = [];
  const amounts = new Map<string, number>();
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const form = Object.fromEntries(new URLSearchParams(String(init?.body ?? "")));
    const method = init?.method ?? "GET";
    calls.push({ method, path: url.pathname, idempotencyKey: new Headers(init?.headers).get("idempotency-key"), form });
    const answer = (body: unknown) => Response.json(body);
    if (method === "POST" && url.pathname === "/v1/payment_intents") {
      const paymentId = Number(form["metadata[payment_id]"]);
      const id = `pi_3QGa7c2eZvKYlo2C${paymentId}Limit`;
      amounts.set(id, Number(form.amount));
      return answer({ ...paymentIntentCreated({ id, amount: Number(form.amount), currency: form.currency, orderNo: form["metadata[order_no]"], paymentId }), capture_method: form.capture_method ?? "automatic_async" });
    }
    const settled = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/);
    if (method === "POST" && settled) {
      return answer(paymentIntentSettled({ id: settled[1], amount: amounts.get(settled[1]) ?? 0, currency: "hkd", captured: settled[2] === "capture" }));
    }
    if (method === "GET" && url.pathname === `/v1/payment_methods/${SAME_CARD.id}`) return answer(cardPaymentMethod(SAME_CARD));
    return Response.json({ error: { type: "invalid_request_error", message: `No such route: ${url.pathname}` } }, { status: 404 });
  };
  const deps: PaymentDeps = { provider: () => stripeProvider(stripeEnv, fetcher) };
  const callsTo = (verb: "capture" | "cancel") => calls.filter((call) => call.path.endsWith(`/${verb}`)).map((call) => ({ path: call.path, idempotencyKey: call.idempotencyKey }));
  return { calls, deps, callsTo };
}

/** A session of 40 tickets whose queue is on (or off) with a limit of 4, and a buyer admitted to it, paying through Stripe. */
async function stripeBuyer(sessionId: number, clock: ReturnType<typeof clockAt>) {
  const userId = await makeBuyer();
  const market = createMarketContext({ env: stripeEnv, now: clock.now, viewer: { ...DEFAULT_VIEWER, environment: "production", requestId: "test", userId } });
  const admissionToken = await signToken(market, "admit", [sessionId, userId, clock.now() + 15 * MINUTE]);
  return { userId, market, order: (listingId: number, quantity: number) => createOrder(market, { listingId, quantity, ...CONTACT, admissionToken, ...BOT_CHECK }) };
}

async function hotSession(clock: ReturnType<typeof clockAt>, queueOn = true) {
  const { listingId, sessionId } = await makeListing({ quantity: 40, startsAt: clock.now() + 30 * 24 * 60 * MINUTE });
  await testDb.insert(schema.sessionDemand).values({ sessionId, queueOn, markedBy: "support", shards: 1, admitPerMinute: 300, opensAt: clock.now() - MINUTE, updatedAt: clock.now(), ticketLimit: 4 });
  return { listingId, sessionId };
}

/** Stripe's webhook that the card holds the order's money (its intent named by the double). */
async function authorized(order: OrderView, intentId: string, eventId: string, clock: ReturnType<typeof clockAt>) {
  return stripeWebhook(
    paymentIntentEvent({ eventId, type: "payment_intent.amount_capturable_updated", intentId, amount: order.price.total, currency: "HKD", paymentMethod: SAME_CARD.id }),
    { at: clock.now() },
  );
}

const cardRows = (orderId: number) => testDb.select().from(schema.sessionPurchaseKeys).where(eq(schema.sessionPurchaseKeys.orderId, orderId));

test("two orders paid with the same Stripe card over a limit of 4: the first's 3 tickets are captured and paid, the second's 2 refused and its authorisation canceled", async () => {
  const clock = clockAt(Date.now());
  const { listingId, sessionId } = await hotSession(clock);
  const stripe = stripeDouble();
  const first = await stripeBuyer(sessionId, clock);
  const second = await stripeBuyer(sessionId, clock);
  const held = await first.order(listingId, 3);
  const over = await second.order(listingId, 2);

  // The first: authorised only, then counted and captured once Stripe holds the money, then paid by Stripe's success.
  const started = await startPayment(first.market, { orderId: held.id }, ORIGIN, stripe.deps);
  expect(stripe.calls[0].form.capture_method).toBe("manual");
  const firstIntent = `pi_3QGa7c2eZvKYlo2C${started.paymentId}Limit`;
  expect(await receivePaymentCallback(first.market, "stripe", await authorized(held, firstIntent, "evt_1QGa7cAuthFirst", clock), stripe.deps)).toEqual({ outcome: "captured", orderId: held.id });
  const paid = await stripeWebhook(paymentIntentEvent({ eventId: "evt_1QGa7cPaidFirst", type: "payment_intent.succeeded", intentId: firstIntent, amount: held.price.total, currency: "HKD" }), { at: clock.now() });
  expect(await receivePaymentCallback(first.market, "stripe", paid, stripe.deps)).toEqual({ outcome: "paid", orderId: held.id });

  // The second, with the same card: 3 + 2 is over 4, so the money held is given back and the buyer told why.
  const again = await startPayment(second.market, { orderId: over.id }, ORIGIN, stripe.deps);
  const secondIntent = `pi_3QGa7c2eZvKYlo2C${again.paymentId}Limit`;
  const refused = await receivePaymentCallback(second.market, "stripe", await authorized(over, secondIntent, "evt_1QGa7cAuthSecond", clock), stripe.deps);
  expect(refused).toMatchObject({ outcome: "refused", orderId: over.id, refusal: { code: 610064, data: { ticketLimit: 4, held: 3, countedBy: "card" } } });
  expect(await messageOf(refused!.refusal!, "en-US")).toBe("This session allows 4 tickets per buyer, and this card has already bought 3.");
  expect(await messageOf(refused!.refusal!, "zh-HK")).toBe("此場次每位買家最多可購買 4 張門票，而此付款卡已購買 3 張。");

  expect(stripe.callsTo("capture")).toEqual([{ path: `/v1/payment_intents/${firstIntent}/capture`, idempotencyKey: `capture-${started.paymentId}` }]);
  expect(stripe.callsTo("cancel")).toEqual([{ path: `/v1/payment_intents/${secondIntent}/cancel`, idempotencyKey: `cancel-${again.paymentId}` }]);
  expect(stripe.calls.filter((call) => call.path === `/v1/payment_methods/${SAME_CARD.id}`)).toHaveLength(2);
  expect((await getOrder(first.market, held.id)).status).toBe("paid");
  expect((await getOrder(second.market, over.id)).status).toBe("pending_payment");
  const [refusedPayment] = await testDb.select().from(schema.payments).where(eq(schema.payments.id, again.paymentId));
  expect(refusedPayment).toMatchObject({ status: "canceled", failureReason: "purchase_limit_card" });
  expect((await cardRows(held.id)).filter((row) => row.keyKind === "card")).toHaveLength(1);
  expect((await cardRows(over.id)).filter((row) => row.keyKind === "card")).toHaveLength(0);
  // The buyer reads why on the order, in their language.
  expect((await getOrder(second.market, over.id)).notes).toMatchObject([{ kind: "card_over_limit", amount: 225_500, currency: "HKD" }]);
  for (const [language, said] of [
    ["en-US", "<li>A card reached this session's purchase limit, so its payment of HK$2,255 was canceled and no money was taken. You can pay with another card.</li>"],
    ["zh-HK", "<li>一張付款卡已達此場次的限購數量，所以其 HK$2,255 的付款已取消，並無扣款。你可以改用另一張付款卡付款。</li>"],
  ] as const) {
    const html = (await (await visit(`/order-detail?id=${over.id}`, await cookieFor(second.userId, language))).text()).replaceAll("&#x27;", "'");
    expect(html).toContain(said);
  }

  // Stripe delivering the second's event again changes nothing: the same cancel, under the same key.
  expect(await receivePaymentCallback(second.market, "stripe", await authorized(over, secondIntent, "evt_1QGa7cAuthSecond", clock), stripe.deps)).toMatchObject({ outcome: "refused" });
  expect(stripe.callsTo("cancel")).toEqual([
    { path: `/v1/payment_intents/${secondIntent}/cancel`, idempotencyKey: `cancel-${again.paymentId}` },
    { path: `/v1/payment_intents/${secondIntent}/cancel`, idempotencyKey: `cancel-${again.paymentId}` },
  ]);
  expect(stripe.callsTo("capture")).toHaveLength(1);
});

test("30 orders of one ticket paid with the same card, their authorisations arriving at once over a limit of 4: exactly 4 are captured, 26 canceled", async () => {
  const clock = clockAt(Date.now());
  const { listingId, sessionId } = await hotSession(clock);
  const stripe = stripeDouble();
  const buyers = await Promise.all(Array.from({ length: 30 }, () => stripeBuyer(sessionId, clock)));
  const orders = await Promise.all(buyers.map((buyer) => buyer.order(listingId, 1)));
  const started = await Promise.all(buyers.map((buyer, i) => startPayment(buyer.market, { orderId: orders[i].id }, ORIGIN, stripe.deps)));
  const outcomes = await Promise.all(
    buyers.map(async (buyer, i) => {
      const webhook = await authorized(orders[i], `pi_3QGa7c2eZvKYlo2C${started[i].paymentId}Limit`, `evt_1QGa7cRace${i}`, clock);
      return (await receivePaymentCallback(buyer.market, "stripe", webhook, stripe.deps))!.outcome;
    }),
  );
  expect(outcomes.filter((outcome) => outcome === "captured")).toHaveLength(4);
  expect(outcomes.filter((outcome) => outcome === "refused")).toHaveLength(26);
  expect(stripe.callsTo("capture")).toHaveLength(4);
  expect(stripe.callsTo("cancel")).toHaveLength(26);
  const counted = await env.DB.prepare("SELECT COUNT(*) AS n, SUM(tickets) AS tickets FROM session_purchase_keys WHERE session_id = ? AND key_kind = 'card'").bind(sessionId).first<{ n: number; tickets: number }>();
  expect(counted).toEqual({ n: 4, tickets: 4 });
});

test("an authorisation for an order that no longer awaits payment is canceled, and a session without the queue is captured by Stripe at once", async () => {
  const clock = clockAt(Date.now());
  const { listingId, sessionId } = await hotSession(clock);
  const stripe = stripeDouble();
  const buyer = await stripeBuyer(sessionId, clock);
  const order = await buyer.order(listingId, 1);
  const started = await startPayment(buyer.market, { orderId: order.id }, ORIGIN, stripe.deps);
  const intent = `pi_3QGa7c2eZvKYlo2C${started.paymentId}Limit`;
  clock.time += 11 * MINUTE;
  expect(await receivePaymentCallback(buyer.market, "stripe", await authorized(order, intent, "evt_1QGa7cAuthLate", clock), stripe.deps)).toEqual({ outcome: "canceled", orderId: order.id });
  expect(stripe.callsTo("cancel")).toEqual([{ path: `/v1/payment_intents/${intent}/cancel`, idempotencyKey: `cancel-${started.paymentId}` }]);
  expect(stripe.callsTo("capture")).toEqual([]);

  const cold = await hotSession(clock, false);
  const coldBuyer = await stripeBuyer(cold.sessionId, clock);
  const coldOrder = await createOrder(coldBuyer.market, { listingId: cold.listingId, quantity: 6, ...CONTACT });
  await startPayment(coldBuyer.market, { orderId: coldOrder.id }, ORIGIN, stripe.deps);
  expect(stripe.calls.at(-1)!.form.capture_method).toBeUndefined();
});
