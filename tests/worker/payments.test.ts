import { env, SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { readOutbox } from "../../functions/integrations/mail";
import { paymentProvider, sandboxCallback, type PaymentProvider } from "../../functions/integrations/payment";
import { CODES, MarketError } from "../../functions/market/errors";
import { buyAgain, cancelOrder, createOrder, getOrder } from "../../functions/market/orders";
import {
  applyPaymentEvent,
  paymentCallbackUrl,
  receivePaymentCallback,
  settleOwedRefunds,
  startPayment,
  type PaymentDeps,
} from "../../functions/market/payments";
import { expectConsoleError } from "../support/console-guard";
import { clockAt, CONTACT, makeBuyer, makeListing, marketFor, ticketsLeftAt } from "./support/buying";
import { refusal } from "./support/refusal";

const ORIGIN = "http://localhost";

/** A buyer with an unpaid order for `quantity` of a fresh listing, and the clock it was placed on. */
async function unpaidOrder(options: { quantity?: number; listingQuantity?: number; language?: string; at?: number } = {}) {
  const clock = clockAt(options.at);
  const buyer = marketFor(await makeBuyer({ language: options.language }), clock);
  const { listingId } = await makeListing({ quantity: options.listingQuantity ?? 4, startsAt: clock.now() + 30 * 24 * 60 * 60_000 });
  const contactEmail = `buyer-${crypto.randomUUID()}@example.com`;
  const order = await createOrder(buyer, { ...CONTACT, contactEmail, listingId, quantity: options.quantity ?? 2 });
  return { clock, buyer, order, listingId, contactEmail };
}

/** What the sandbox's page would send for a payment. */
async function sandboxEvent(
  clock: { now: () => number },
  providerPaymentId: string,
  outcome: "succeeded" | "failed",
  options: { amount: number; currency?: string; eventId?: string },
) {
  return sandboxCallback(env, {
    callbackUrl: paymentCallbackUrl(ORIGIN, "sandbox"),
    providerPaymentId,
    outcome,
    amount: options.amount,
    currency: options.currency ?? "HKD",
    now: clock.now(),
    eventId: options.eventId,
  });
}

async function paymentRow(id: number) {
  return env.DB.prepare("SELECT status, provider_payment_id, provider_refund_id FROM payments WHERE id = ?")
    .bind(id)
    .first<{ status: string; provider_payment_id: string; provider_refund_id: string | null }>();
}

function providerId(redirectUrl: string | null): string {
  return new URL(redirectUrl ?? "").searchParams.get("payment") ?? "";
}

test("paying with the sandbox answers its hosted page and the pay-success return URL", async () => {
  const { buyer, order } = await unpaidOrder();
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  expect(started).toMatchObject({ provider: "sandbox", amount: order.price.total, currency: "HKD", clientSecret: null, expiresAt: order.expiresAt });
  expect(started.redirectUrl).toMatch(/^http:\/\/localhost\/sandbox-pay\?payment=sbx_[0-9a-f]{24}$/);
  expect(started.returnUrl).toBe(`http://localhost/pay-success?orderId=${order.id}&orderType=ticket&channelId=web`);
  expect((await paymentRow(started.paymentId))?.status).toBe("pending");
});

test("an approved payment pays the order, which then keeps its tickets past the 10 minutes", async () => {
  const { clock, buyer, order, listingId } = await unpaidOrder({ quantity: 2, listingQuantity: 4 });
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  clock.advance(60_000);

  const applied = await receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, providerId(started.redirectUrl), "succeeded", { amount: order.price.total }));

  expect(applied).toEqual({ outcome: "paid", orderId: order.id });
  const paid = await getOrder(buyer, order.id);
  expect(paid).toMatchObject({ status: "paid", paidAt: clock.now(), actions: { pay: false, cancel: false, buyAgain: false } });
  clock.time = order.expiresAt + 60 * 60_000;
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(2);
});

test("the same payment event delivered twice is applied once", async () => {
  const { clock, buyer, order } = await unpaidOrder();
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  const id = providerId(started.redirectUrl);

  const first = await receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, id, "succeeded", { amount: order.price.total, eventId: "evt_once" }));
  clock.advance(30_000);
  const second = await receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, id, "succeeded", { amount: order.price.total, eventId: "evt_once" }));

  expect(first?.outcome).toBe("paid");
  expect(second?.outcome).toBe("duplicate");
  const events = await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_events WHERE provider = 'sandbox' AND event_id = 'evt_once'").first<{ n: number }>();
  expect(events?.n).toBe(1);
  const payments = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND status = 'succeeded'").bind(order.id).first<{ n: number }>();
  expect(payments?.n).toBe(1);
  expect((await getOrder(buyer, order.id)).paidAt).toBe(order.createdAt);
});

test("the same event delivered twice at once is applied once", async () => {
  const { clock, buyer, order } = await unpaidOrder();
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  const id = providerId(started.redirectUrl);
  const deliveries = await Promise.all(
    [1, 2, 3].map(async () => receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, id, "succeeded", { amount: order.price.total, eventId: "evt_burst" }))),
  );
  expect(deliveries.map((d) => d?.outcome).sort()).toEqual(["duplicate", "duplicate", "paid"]);
});

test("a payment arriving after the order expired is refunded automatically and the buyer is told", async () => {
  const { clock, buyer, order, listingId, contactEmail } = await unpaidOrder({ quantity: 2, listingQuantity: 2 });
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);

  clock.time = order.expiresAt;
  const applied = await receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, providerId(started.redirectUrl), "succeeded", { amount: order.price.total }));

  expect(applied).toEqual({ outcome: "refunded", orderId: order.id });
  expect(await paymentRow(started.paymentId)).toMatchObject({ status: "refunded", provider_refund_id: `sbx_re_refund-${started.paymentId}` });
  const after = await getOrder(buyer, order.id);
  expect(after).toMatchObject({ status: "canceled", cancelReason: "expired", paidAt: null });
  expect(after.notes).toEqual([{ kind: "payment_refunded", amount: order.price.total, currency: "HKD", createdAt: clock.now() }]);
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(2);
  const mails = await readOutbox(buyer, { to: contactEmail });
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({ kind: "payment_refunded", subject: `Your payment for order ${order.orderNo} has been refunded` });
  expect(mails[0].textBody).toContain("HK$2,255");
  expect(mails[0].textBody).toContain("1-3 working days");
});

test("the buyer's refund mail is written in the buyer's language", async () => {
  const { clock, buyer, order, contactEmail } = await unpaidOrder({ language: "zh-HK" });
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  clock.time = order.expiresAt + 1;
  await receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, providerId(started.redirectUrl), "succeeded", { amount: order.price.total }));
  const [mail] = await readOutbox(buyer, { to: contactEmail });
  expect(mail).toMatchObject({ language: "zh-HK", subject: `訂單 ${order.orderNo} 的付款已退回` });
});

test("a payment arriving after the buyer canceled is refunded and does not revive the order", async () => {
  const { clock, buyer, order } = await unpaidOrder();
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  await cancelOrder(buyer, order.id);
  expect((await paymentRow(started.paymentId))?.status).toBe("canceled");

  const applied = await receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, providerId(started.redirectUrl), "succeeded", { amount: order.price.total }));
  expect(applied?.outcome).toBe("refunded");
  expect(await getOrder(buyer, order.id)).toMatchObject({ status: "canceled", cancelReason: "buyer" });
});

test("a canceled order can never be paid", async () => {
  const { buyer, order } = await unpaidOrder();
  await cancelOrder(buyer, order.id);
  expect((await refusal(startPayment(buyer, { orderId: order.id }, ORIGIN))).code).toBe(CODES.orderAlreadyCancel);
});

test("an order whose 10 minutes have passed can no longer be paid", async () => {
  const { clock, buyer, order } = await unpaidOrder();
  clock.time = order.expiresAt;
  expect((await refusal(startPayment(buyer, { orderId: order.id }, ORIGIN))).code).toBe(CODES.orderAlreadyCancel);
});

test("a paid order is neither paid again nor canceled", async () => {
  const { clock, buyer, order } = await unpaidOrder();
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  await receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, providerId(started.redirectUrl), "succeeded", { amount: order.price.total }));
  expect((await refusal(startPayment(buyer, { orderId: order.id }, ORIGIN))).code).toBe(CODES.orderAlreadyPaid);
  expect((await refusal(cancelOrder(buyer, order.id))).code).toBe(CODES.orderNotCancelable);
});

test("another account cannot pay someone's order", async () => {
  const { clock, order } = await unpaidOrder();
  const stranger = marketFor(await makeBuyer(), clock);
  expect((await refusal(startPayment(stranger, { orderId: order.id }, ORIGIN))).code).toBe(CODES.notFound);
});

test("a declined payment cancels the order, releases its tickets and tells the buyer, who can buy again", async () => {
  const { clock, buyer, order, listingId } = await unpaidOrder({ quantity: 2, listingQuantity: 2 });
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);

  const applied = await receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, providerId(started.redirectUrl), "failed", { amount: order.price.total }));

  expect(applied?.outcome).toBe("failed");
  const failed = await getOrder(buyer, order.id);
  expect(failed).toMatchObject({ status: "canceled", cancelReason: "payment_failed", actions: { pay: false, buyAgain: true } });
  expect(failed.notes.map((note) => note.kind)).toEqual(["payment_failed"]);
  expect(await ticketsLeftAt(listingId, clock.now())).toBe(2);
  expect((await refusal(startPayment(buyer, { orderId: order.id }, ORIGIN))).code).toBe(CODES.orderAlreadyCancel);

  const again = await buyAgain(buyer, order.id);
  expect(again).toMatchObject({ status: "pending_payment", quantity: 2 });
});

test("retrying payment starts a new attempt and the earlier one, if it still succeeds, is refunded once the order is paid", async () => {
  const { clock, buyer, order } = await unpaidOrder();
  const first = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  clock.advance(60_000);
  const retry = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  expect((await paymentRow(first.paymentId))?.status).toBe("canceled");

  const paid = await receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, providerId(retry.redirectUrl), "succeeded", { amount: order.price.total }));
  const late = await receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, providerId(first.redirectUrl), "succeeded", { amount: order.price.total }));

  expect(paid?.outcome).toBe("paid");
  expect(late?.outcome).toBe("refunded");
  const after = await getOrder(buyer, order.id);
  expect(after.status).toBe("paid");
  expect(after.notes.map((note) => note.kind)).toEqual(["payment_refunded"]);
});

test("a superseded attempt being declined does not cancel the order", async () => {
  const { clock, buyer, order } = await unpaidOrder();
  const first = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  await startPayment(buyer, { orderId: order.id }, ORIGIN);
  await receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, providerId(first.redirectUrl), "failed", { amount: order.price.total }));
  expect((await getOrder(buyer, order.id)).status).toBe("pending_payment");
});

test("a payment of a different amount than asked is refunded and does not pay the order", async () => {
  const { clock, buyer, order } = await unpaidOrder();
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  const applied = await receivePaymentCallback(buyer, "sandbox", await sandboxEvent(clock, providerId(started.redirectUrl), "succeeded", { amount: order.price.total - 1 }));
  expect(applied?.outcome).toBe("refunded");
  expect((await getOrder(buyer, order.id)).status).toBe("pending_payment");
});

test("a refund the provider fails stays owed, and the cron refunds it later, telling the buyer once", async () => {
  const { clock, buyer, order, contactEmail } = await unpaidOrder();
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  const sandbox = paymentProvider(env, "sandbox");
  const failing: PaymentDeps = {
    provider: (): PaymentProvider => ({ ...sandbox, refund: () => Promise.reject(new Error("provider down")) }),
  };
  clock.time = order.expiresAt + 5_000;
  expectConsoleError();

  const event = { eventId: "evt_late", type: "succeeded" as const, providerPaymentId: providerId(started.redirectUrl), amount: order.price.total, currency: "HKD", failureReason: null };
  const applied = await applyPaymentEvent(buyer, "sandbox", event, failing);
  expect(applied.outcome).toBe("refund_pending");
  expect((await paymentRow(started.paymentId))?.status).toBe("refund_pending");
  expect(await readOutbox(buyer, { to: contactEmail })).toHaveLength(0);

  clock.advance(60_000);
  expect(await settleOwedRefunds(marketFor(null, clock))).toBeGreaterThanOrEqual(1);
  expect(await settleOwedRefunds(marketFor(null, clock))).toBe(0);
  expect((await paymentRow(started.paymentId))?.status).toBe("refunded");
  expect(await readOutbox(buyer, { to: contactEmail })).toHaveLength(1);
  expect((await getOrder(buyer, order.id)).notes).toHaveLength(1);
});

test("a payment racing the buyer's cancel has exactly one winner", async () => {
  for (let round = 0; round < 5; round++) {
    const { clock, buyer, order } = await unpaidOrder();
    const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
    const callback = await sandboxEvent(clock, providerId(started.redirectUrl), "succeeded", { amount: order.price.total });
    const [canceled, applied] = await Promise.allSettled([cancelOrder(buyer, order.id), receivePaymentCallback(buyer, "sandbox", callback)]);
    const after = await getOrder(buyer, order.id);
    const payment = await paymentRow(started.paymentId);
    if (after.status === "paid") {
      expect(canceled.status === "rejected" && (canceled.reason as MarketError).code).toBe(CODES.orderNotCancelable);
      expect(payment?.status).toBe("succeeded");
    } else {
      expect(after).toMatchObject({ status: "canceled", cancelReason: "buyer" });
      expect(applied.status === "fulfilled" && applied.value?.outcome).toBe("refunded");
      expect(payment?.status).toBe("refunded");
    }
  }
});

test("a callback whose signature does not match changes nothing", async () => {
  const { clock, buyer, order } = await unpaidOrder();
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  const genuine = await sandboxEvent(clock, providerId(started.redirectUrl), "succeeded", { amount: order.price.total, eventId: "evt_forged" });
  const forged = new Request(genuine.url, {
    method: "POST",
    headers: genuine.headers,
    body: (await genuine.text()).replace(String(order.price.total), "1"),
  });

  expect((await refusal(receivePaymentCallback(buyer, "sandbox", forged))).code).toBe(CODES.invalidParam);
  const events = await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_events WHERE event_id = 'evt_forged'").first<{ n: number }>();
  expect(events?.n).toBe(0);
  expect((await getOrder(buyer, order.id)).status).toBe("pending_payment");
});

test("a callback signed too long ago is refused", async () => {
  const { clock, buyer, order } = await unpaidOrder();
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  const old = await sandboxEvent(clock, providerId(started.redirectUrl), "succeeded", { amount: order.price.total });
  clock.advance(6 * 60_000);
  expect((await refusal(receivePaymentCallback(buyer, "sandbox", old))).code).toBe(CODES.invalidParam);
});

test("the sandbox takes no payments in production", async () => {
  const { clock, buyer, order } = await unpaidOrder();
  const production = marketFor(buyer.viewer.userId, clock, { environment: "production" });
  expectConsoleError();
  expect((await refusal(startPayment(production, { orderId: order.id }, ORIGIN))).code).toBe(CODES.paymentsUnavailable);
});

test("the callback path applies a signed sandbox callback and refuses a forged one with 400", async () => {
  // The Worker reads the real clock, so this order is placed and paid now.
  const { clock, buyer, order } = await unpaidOrder({ at: Date.now() });
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  const genuine = await sandboxEvent(clock, providerId(started.redirectUrl), "succeeded", { amount: order.price.total });

  const forged = await SELF.fetch(genuine.url, { method: "POST", headers: { "content-type": "application/json", "ovation-sandbox-signature": "t=1,v1=00" }, body: "{}" });
  expect(forged.status).toBe(400);
  expect((await getOrder(buyer, order.id)).status).toBe("pending_payment");

  const answer = await SELF.fetch(genuine);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ statusCode: 200, data: { outcome: "paid" } });
  expect((await getOrder(buyer, order.id)).status).toBe("paid");
});

test("the sandbox page offers Approve and Decline, and Approve pays the order and goes on to pay-success", async () => {
  const { buyer, order } = await unpaidOrder({ at: Date.now() });
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  const page = started.redirectUrl ?? "";

  const shown = await SELF.fetch(page);
  expect(shown.status).toBe(200);
  const html = await shown.text();
  expect(html).toContain(order.orderNo);
  expect(html).toContain(">Approve<");
  expect(html).toContain(">Decline<");

  const approved = await SELF.fetch(page, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, host: new URL(ORIGIN).host },
    body: "intent=approve",
    redirect: "manual",
  });
  expect(approved.status).toBe(302);
  expect(approved.headers.get("location")).toBe(`http://localhost/pay-success?orderId=${order.id}&orderType=ticket&channelId=web`);
  expect((await getOrder(buyer, order.id)).status).toBe("paid");
});

test("the sandbox page does not exist in production", async () => {
  const { buyer, order } = await unpaidOrder();
  const started = await startPayment(buyer, { orderId: order.id }, ORIGIN);
  const response = await SELF.fetch(`https://ovation.test/sandbox-pay?payment=${providerId(started.redirectUrl)}`);
  expect(response.status).toBe(404);
});
