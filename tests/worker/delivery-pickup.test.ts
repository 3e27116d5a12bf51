import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { confirmPickup, getDeliveryForBuyer, markReadyForPickup, markShipped, setPickupDetails } from "../../functions/market/delivery";
import { intervene } from "../../functions/market/payments";
import { buyerDeliveryRow } from "../../functions/market/delivery/access";
import { takeStep } from "../../functions/market/delivery/steps";
import { CODES, MarketError } from "../../functions/market/errors";
import { refusal } from "./support/after-sales";
import { HOUR, MINUTE, paidDelivery } from "./support/delivery";

const PICKUP = { location: "Counter 3", remark: null, providerPhone: "+852 6000 0000" };

/** A SELF_PICKUP order the provider has made ready, picked up at `at` (an hour before the show unless given). */
async function readyForPickup(options: { at?: (startsAt: number) => number } = {}) {
  const paid = await paidDelivery({ method: "SELF_PICKUP" });
  const at = options.at?.(paid.startsAt) ?? paid.startsAt - HOUR;
  await setPickupDetails(paid.provider.market, paid.orderId, { at, ...PICKUP });
  await markReadyForPickup(paid.provider.market, paid.orderId);
  return paid;
}

async function eventCount(orderId: number, step: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM delivery_events WHERE order_id = ? AND step = ?").bind(orderId, step).first<{ n: number }>();
  return row?.n ?? 0;
}

test("pickup can be confirmed until 30 minutes after the show starts, and not from then on", async () => {
  const early = await readyForPickup();
  early.clock.time = early.startsAt + 30 * MINUTE - 1;
  expect((await confirmPickup(early.buyer, early.orderId)).state).toBe("picked_up");

  const late = await readyForPickup();
  late.clock.time = late.startsAt + 30 * MINUTE;
  expect(await refusal(confirmPickup(late.buyer, late.orderId))).toMatchObject({ code: CODES.pickupWindowClosed });
  expect((await getDeliveryForBuyer(late.buyer, late.orderId))?.actions).toEqual([]);
});

test("a pickup time later than that keeps pickup open until the pickup time", async () => {
  const { clock, buyer, orderId, startsAt } = await readyForPickup({ at: (startsAt) => startsAt + 2 * HOUR });
  expect((await getDeliveryForBuyer(buyer, orderId))?.pickup?.closesAt).toBe(startsAt + 2 * HOUR);
  clock.time = startsAt + 2 * HOUR - 1;
  expect((await confirmPickup(buyer, orderId)).state).toBe("picked_up");
});

test("pickup of an order that has nothing to pick up says the order does not exist", async () => {
  const unpaid = await paidDelivery({ method: "SELF_PICKUP", unpaid: true });
  expect(await refusal(confirmPickup(unpaid.buyer, unpaid.orderId))).toMatchObject({ code: CODES.pickupOrderMissing });
  const express = await paidDelivery({ method: "EXPRESS" });
  expect(await refusal(confirmPickup(express.buyer, express.orderId))).toMatchObject({ code: CODES.pickupOrderMissing });
  const voided = await readyForPickup();
  await intervene(voided.support.market, voided.orderId, { action: "void_and_refund", reason: "Provider has no tickets" });
  expect(await refusal(confirmPickup(voided.buyer, voided.orderId))).toMatchObject({ code: CODES.pickupOrderMissing });
  expect((await getDeliveryForBuyer(voided.buyer, voided.orderId))?.pickup?.code).toBeNull();
});

test("of two pickup confirmations at once, one wins and the other is refused", async () => {
  const { buyer, orderId } = await readyForPickup();
  const results = await Promise.allSettled([confirmPickup(buyer, orderId), confirmPickup(buyer, orderId)]);
  expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  const [lost] = results.filter((result) => result.status === "rejected");
  expect(lost.reason).toBeInstanceOf(MarketError);
  expect([CODES.deliveryStepRefused, CODES.pickupAlreadyDone]).toContain((lost.reason as MarketError).code);
  expect(await eventCount(orderId, "pickup_confirmed")).toBe(1);
});

test("a step taken on a delivery read before another step moved it is refused, and records nothing", async () => {
  const { buyer, orderId } = await readyForPickup();
  const stale = (await buyerDeliveryRow(buyer, orderId))!;
  await takeStep(buyer, stale, { step: "pickup_confirmed", actorUserId: null });
  expect(await refusal(takeStep(buyer, stale, { step: "pickup_confirmed", actorUserId: null }))).toMatchObject({ code: CODES.deliveryStepRefused });
  expect(await eventCount(orderId, "pickup_confirmed")).toBe(1);
});

test("a provider step racing itself moves the delivery once", async () => {
  const { orderId, provider } = await paidDelivery({ method: "EXPRESS" });
  const results = await Promise.allSettled([
    markShipped(provider.market, orderId, { carrier: "SF", trackingNo: "A1" }),
    markShipped(provider.market, orderId, { carrier: "DHL", trackingNo: "B2" }),
  ]);
  expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  expect(await eventCount(orderId, "shipped")).toBe(1);
  const row = await env.DB.prepare("SELECT version FROM deliveries WHERE order_id = ?").bind(orderId).first<{ version: number }>();
  expect(row?.version).toBe(1);
});
