/** Where a delivery stands for its buyer is the domain's rule (machine.ts), read by every screen and the API alike. */
import { expect, test } from "vitest";
import { deliveryStage } from "../../functions/market/delivery/machine";

test("each method's states read as waiting on the provider, ready for the buyer, done, or ended", () => {
  const stages = {
    E_TICKET: ["awaiting_upload", "delivered", "voided"],
    SELF_PICKUP: ["awaiting_pickup_details", "ready_for_pickup", "picked_up", "voided"],
    ON_SITE: ["awaiting_collection_details", "ready_for_collection", "collected", "voided"],
    EXPRESS: ["awaiting_shipment", "shipped", "received", "voided"],
    TICKET_TRANSFER: ["awaiting_transfer", "transfer_sent", "transfer_accepted", "voided"],
    CUSTOMER_REDEMPTION: ["awaiting_code", "code_issued", "redeemed", "voided"],
  } as const;
  const read = Object.fromEntries(
    Object.entries(stages).map(([method, states]) => [method, states.map((state) => deliveryStage(method as keyof typeof stages, state))]),
  );
  expect(read).toEqual({
    E_TICKET: ["waiting", "ready", "ended"],
    SELF_PICKUP: ["waiting", "ready", "done", "ended"],
    ON_SITE: ["waiting", "ready", "done", "ended"],
    EXPRESS: ["waiting", "ready", "done", "ended"],
    TICKET_TRANSFER: ["waiting", "ready", "done", "ended"],
    CUSTOMER_REDEMPTION: ["waiting", "ready", "done", "ended"],
  });
});
