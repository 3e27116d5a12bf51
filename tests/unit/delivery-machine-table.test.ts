/**
 * The delivery state machine over its whole table: every step × every method × every state.
 * The allowed moves are written out literally below; every other cell is refused.
 */
import { expect, test } from "vitest";
import { DELIVERY_METHODS, DELIVERY_STATES, DELIVERY_STEPS } from "../../functions/db/schema";
import { transitionOf, type StepName } from "../../functions/market/delivery/machine";

/** `method step from → to`, one line per allowed move. */
const ALLOWED = `
E_TICKET eticket_uploaded awaiting_upload awaiting_upload
E_TICKET eticket_removed awaiting_upload awaiting_upload
E_TICKET etickets_delivered awaiting_upload delivered
E_TICKET voucher_revealed delivered delivered
E_TICKET deadline_extended awaiting_upload awaiting_upload
E_TICKET completed_on_behalf awaiting_upload delivered
E_TICKET voided awaiting_upload voided
SELF_PICKUP pickup_details_set awaiting_pickup_details awaiting_pickup_details
SELF_PICKUP pickup_details_set ready_for_pickup ready_for_pickup
SELF_PICKUP marked_ready awaiting_pickup_details ready_for_pickup
SELF_PICKUP collected ready_for_pickup picked_up
SELF_PICKUP pickup_confirmed ready_for_pickup picked_up
SELF_PICKUP deadline_extended awaiting_pickup_details awaiting_pickup_details
SELF_PICKUP completed_on_behalf awaiting_pickup_details picked_up
SELF_PICKUP completed_on_behalf ready_for_pickup picked_up
SELF_PICKUP voided awaiting_pickup_details voided
SELF_PICKUP voided ready_for_pickup voided
ON_SITE pickup_details_set awaiting_collection_details awaiting_collection_details
ON_SITE pickup_details_set ready_for_collection ready_for_collection
ON_SITE marked_ready awaiting_collection_details ready_for_collection
ON_SITE collected ready_for_collection collected
ON_SITE pickup_confirmed ready_for_collection collected
ON_SITE deadline_extended awaiting_collection_details awaiting_collection_details
ON_SITE completed_on_behalf awaiting_collection_details collected
ON_SITE completed_on_behalf ready_for_collection collected
ON_SITE voided awaiting_collection_details voided
ON_SITE voided ready_for_collection voided
EXPRESS shipped awaiting_shipment shipped
EXPRESS receipt_confirmed shipped received
EXPRESS deadline_extended awaiting_shipment awaiting_shipment
EXPRESS completed_on_behalf awaiting_shipment received
EXPRESS completed_on_behalf shipped received
EXPRESS voided awaiting_shipment voided
EXPRESS voided shipped voided
TICKET_TRANSFER transfer_sent awaiting_transfer transfer_sent
TICKET_TRANSFER transfer_accepted transfer_sent transfer_accepted
TICKET_TRANSFER deadline_extended awaiting_transfer awaiting_transfer
TICKET_TRANSFER completed_on_behalf awaiting_transfer transfer_accepted
TICKET_TRANSFER completed_on_behalf transfer_sent transfer_accepted
TICKET_TRANSFER voided awaiting_transfer voided
TICKET_TRANSFER voided transfer_sent voided
CUSTOMER_REDEMPTION redemption_code_issued awaiting_code code_issued
CUSTOMER_REDEMPTION redeemed code_issued redeemed
CUSTOMER_REDEMPTION receipt_confirmed code_issued redeemed
CUSTOMER_REDEMPTION deadline_extended awaiting_code awaiting_code
CUSTOMER_REDEMPTION completed_on_behalf awaiting_code redeemed
CUSTOMER_REDEMPTION completed_on_behalf code_issued redeemed
CUSTOMER_REDEMPTION voided awaiting_code voided
CUSTOMER_REDEMPTION voided code_issued voided
`
  .trim()
  .split("\n")
  .map((line) => line.split(" "));

const expected = new Map(ALLOWED.map(([method, step, from, to]) => [`${method} ${step} ${from}`, to]));

test("the table lists 49 allowed moves, each a step the machine knows", () => {
  expect(ALLOWED).toHaveLength(49);
  for (const [method, step, from, to] of ALLOWED) {
    expect(DELIVERY_METHODS, method).toContain(method);
    expect(DELIVERY_STEPS, step).toContain(step);
    expect(DELIVERY_STATES, from).toContain(from);
    expect(DELIVERY_STATES, to).toContain(to);
  }
});

test("every step from every state of every method moves exactly as the table says, and no other", () => {
  const steps = DELIVERY_STEPS.filter((step): step is StepName => step !== "created");
  let refused = 0;
  for (const method of DELIVERY_METHODS) {
    for (const step of steps) {
      for (const state of DELIVERY_STATES) {
        const cell = `${method} ${step} ${state}`;
        const to = expected.get(cell) ?? null;
        if (to === null) refused += 1;
        expect(transitionOf(step, method, state), cell).toBe(to);
      }
    }
  }
  // 6 methods × 17 steps × 18 states, less the allowed moves.
  expect(refused).toBe(6 * 17 * 18 - 49);
});

test("a ready pickup cannot be marked ready again, and a voided delivery takes no step at all", () => {
  expect(transitionOf("marked_ready", "SELF_PICKUP", "ready_for_pickup")).toBeNull();
  expect(transitionOf("marked_ready", "ON_SITE", "ready_for_collection")).toBeNull();
  for (const method of DELIVERY_METHODS) {
    for (const step of DELIVERY_STEPS) if (step !== "created") expect(transitionOf(step, method, "voided"), `${method} ${step}`).toBeNull();
  }
});
