/**
 * How the API door answers a refusal (SPEC §8): HTTP 200 with the catalogue code in the body's
 * statusCode, so a client reads one field; a path or record that is not there is HTTP 404; and
 * the sandbox's payment callback, whose signing secret is public, is not there in production.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { sandboxCallback } from "../../functions/integrations/payment";
import { CODES } from "../../functions/market/errors";
import { createOrder, getOrder } from "../../functions/market/orders";
import { paymentCallbackUrl, receivePaymentCallback, startPayment } from "../../functions/market/payments";
import { api } from "./support/api";
import { refusal } from "./support/after-sales";
import { clockAt, CONTACT, makeBuyer, makeListing, marketFor, seedCurrencies } from "./support/buying";
import { tokenHeaders } from "./support/delivery";

// Every door reads the currencies once per isolate: they must be there before the first call.
beforeAll(seedCurrencies);

test("business refusals travel with HTTP 200 and their code in the body", async () => {
  const signedOut = await api("/user/order/v1/list");
  expect(signedOut.status).toBe(200);
  expect(signedOut.body).toMatchObject({ statusCode: CODES.notLogin, data: null });

  const headers = await tokenHeaders(await makeBuyer());
  const invalid = await api("/user/order/v1/cancel", { headers, body: { orderId: "first" } });
  expect(invalid.status).toBe(200);
  expect(invalid.body).toMatchObject({ statusCode: CODES.invalidParam, message: "orderId is invalid." });

  const { listingId } = await makeListing({ quantity: 1, startsAt: Date.now() + 30 * 24 * 60 * 60_000 });
  const tooMany = await api("/user/order/v1/create", { headers, body: { listingId, quantity: 2, ...CONTACT } });
  expect(tooMany.status).toBe(200);
  expect(tooMany.body.statusCode).toBe(CODES.orderInventoryNotEnough);
  expect(tooMany.body.message).toBe("Oops! The ticket has been sold.");
});

test("a record that is not the caller's, and a path that does not exist, answer HTTP 404", async () => {
  const headers = await tokenHeaders(await makeBuyer());
  const missing = await api("/user/order/v1/detail?orderId=987654321", { headers });
  expect(missing.status).toBe(404);
  expect(missing.body.statusCode).toBe(CODES.notFound);
  const nowhere = await api("/user/order/v1/no-such-call", { headers });
  expect(nowhere.status).toBe(404);
  expect(nowhere.body.statusCode).toBe(404);
});

test("a genuinely signed sandbox callback is refused in production and pays nothing", async () => {
  const clock = clockAt(Date.now());
  const buyer = marketFor(await makeBuyer(), clock);
  const { listingId } = await makeListing({ startsAt: clock.now() + 30 * 24 * 60 * 60_000 });
  const order = await createOrder(buyer, { ...CONTACT, listingId, quantity: 1 });
  const started = await startPayment(buyer, { orderId: order.id }, "http://localhost");
  const signed = () =>
    sandboxCallback(env, {
      callbackUrl: paymentCallbackUrl("https://ovation.test", "sandbox"),
      providerPaymentId: new URL(started.redirectUrl ?? "").searchParams.get("payment") ?? "",
      outcome: "succeeded",
      amount: order.price.total,
      currency: order.price.currency,
      now: clock.now(),
    });

  // The domain: production never believes the sandbox.
  const production = marketFor(buyer.viewer.userId, clock, { environment: "production" });
  expect((await refusal(receivePaymentCallback(production, "sandbox", await signed()))).code).toBe(CODES.notFound);

  // The door: ovation.test is the production host.
  const answer = await SELF.fetch(await signed());
  expect(answer.status).toBe(404);
  expect((await getOrder(buyer, order.id)).status).toBe("pending_payment");
});
