/**
 * A pickup code is the buyer's key at the counter: once an order is ready, nothing the provider
 * does again (marking it ready, changing the details) may change the code the buyer holds.
 */
import { expect, test } from "vitest";
import { getDeliveryForBuyer, markReadyForPickup, setPickupDetails } from "../../functions/market/delivery";
import { CODES } from "../../functions/market/errors";
import { api } from "./support/api";
import { refusal } from "./support/after-sales";
import { deliveryRow, HOUR, paidDelivery, tokenHeaders } from "./support/delivery";

const PICKUP = { location: "Counter 3, Harbour Arena", remark: "Bring your ID", providerPhone: "+852 6000 0000" };

test.each(["SELF_PICKUP", "ON_SITE"] as const)("%s: marking a ready order ready again is refused and keeps the buyer's code", async (method) => {
  const { buyer, orderId, provider, startsAt } = await paidDelivery({ method });
  await setPickupDetails(provider.market, orderId, { at: startsAt - HOUR, ...PICKUP });
  await markReadyForPickup(provider.market, orderId);
  const code = (await deliveryRow(orderId)).pickupCode;
  expect(code).toMatch(/^\d{6}$/);

  expect((await refusal(markReadyForPickup(provider.market, orderId))).code).toBe(CODES.deliveryStepRefused);
  await setPickupDetails(provider.market, orderId, { at: startsAt - 2 * HOUR, ...PICKUP, location: "Counter 5" });
  expect((await deliveryRow(orderId)).pickupCode).toBe(code);
  expect((await getDeliveryForBuyer(buyer, orderId))?.pickup?.code).toBe(code);
});

test("through the API, marking a ready order ready again answers deliveryStepRefused with HTTP 200 and keeps the code", async () => {
  const { orderId, provider, startsAt } = await paidDelivery({ method: "SELF_PICKUP", at: Date.now() });
  await setPickupDetails(provider.market, orderId, { at: startsAt - HOUR, ...PICKUP });
  const headers = await tokenHeaders(provider.userId);
  expect((await api("/provider/v1/order/pickup/ready", { headers, body: { orderId } })).body.statusCode).toBe(200);
  const code = (await deliveryRow(orderId)).pickupCode;

  const again = await api("/provider/v1/order/pickup/ready", { headers, body: { orderId } });
  expect(again.status).toBe(200);
  expect(again.body.statusCode).toBe(CODES.deliveryStepRefused);
  expect((await deliveryRow(orderId)).pickupCode).toBe(code);
});
