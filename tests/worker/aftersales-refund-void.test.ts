/**
 * A refund in full ends the order's delivery in the batch that records it: the buyer no longer
 * holds the tickets, so they take no more steps and no step mail reaches them, and the timeline
 * says why in the viewer's language. A partial refund leaves the delivery as it was.
 */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { applyForAfterSale, decideCase, decideSchema, type DecideInput } from "../../functions/market/aftersales";
import { getDeliveryForBuyer } from "../../functions/market/delivery";
import { countingProvider, paidOrder, parsedApplication, supportOn } from "./support/after-sales";
import { deliveryRow } from "./support/delivery";

const decision = (input: DecideInput) => decideSchema.parse(input);

test("a refund of the whole order voids its delivery, noted 'refunded' on the timeline", async () => {
  const { buyer, order, clock } = await paidOrder({ priceMinor: 123_457 });
  const support = await supportOn(clock);
  expect((await deliveryRow(order.id)).state).toBe("awaiting_upload");
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: (order.price.total / 100).toFixed(2) }));
  clock.advance(60_000);
  await decideCase(support.market, opened.id, decision({ decision: "approve", reason: "Event canceled by the organiser" }), countingProvider().deps);

  const row = await deliveryRow(order.id);
  expect(row.state).toBe("voided");
  const view = await getDeliveryForBuyer(buyer, order.id);
  expect(view?.timeline.at(-1)).toMatchObject({ step: "voided", state: "voided", actor: "system", noteKey: "refunded" });
  const events = await env.DB.prepare("SELECT note FROM delivery_events WHERE order_id = ? AND to_state = 'voided'").bind(order.id).all<{ note: string }>();
  expect(events.results).toEqual([{ note: "refunded" }]);
});

test("a partial refund leaves the delivery where it was", async () => {
  const { buyer, order, clock } = await paidOrder({ priceMinor: 123_457 });
  const support = await supportOn(clock);
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: "100.01" }));
  await decideCase(support.market, opened.id, decision({ decision: "approve", reason: "Partly refunded" }), countingProvider().deps);

  expect((await deliveryRow(order.id)).state).toBe("awaiting_upload");
});
