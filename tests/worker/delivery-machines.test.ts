import { describe, expect, test } from "vitest";
import {
  acceptTransfer,
  confirmPickup,
  confirmReceipt,
  deliverETickets,
  getDeliveryForBuyer,
  getProviderOrder,
  issueRedemptionCode,
  markCollected,
  markReadyForPickup,
  markRedeemed,
  markShipped,
  sendTransfer,
  setPickupDetails,
  startVoucher,
  uploadETicket,
} from "../../functions/market/delivery";
import { CODES } from "../../functions/market/errors";
import { getOrder } from "../../functions/market/orders";
import { ADDRESS } from "./support/buying";
import { refusal } from "./support/after-sales";
import { DAY, deliveryRow, HOUR, MINUTE, paidDelivery, pdfBytes } from "./support/delivery";

const PICKUP = { location: "Counter 3, Harbour Arena", remark: "Bring your ID", providerPhone: "+852 6000 0000" };

async function refusedWith(promise: Promise<unknown>) {
  return (await refusal(promise)).code;
}

describe("a paid order gets its delivery in the batch that pays it", () => {
  test("an unpaid order has no delivery, and paying it creates one in its method's first state", async () => {
    const unpaid = await paidDelivery({ method: "EXPRESS", unpaid: true });
    expect(await getDeliveryForBuyer(unpaid.buyer, unpaid.orderId)).toBeNull();
    expect((await getOrder(unpaid.buyer, unpaid.orderId)).delivery).toBeNull();

    const paid = await paidDelivery({ method: "EXPRESS" });
    const view = await getDeliveryForBuyer(paid.buyer, paid.orderId);
    expect(view).toMatchObject({ method: "EXPRESS", state: "awaiting_shipment", stateAt: paid.clock.now(), overdue: false });
    expect(view?.timeline).toEqual([{ step: "created", state: "awaiting_shipment", fromState: null, actor: "system", note: null, at: paid.clock.now() }]);
    expect((await getOrder(paid.buyer, paid.orderId)).delivery).toEqual(view);
  });

  test.each([
    ["E_TICKET", "awaiting_upload", 48 * HOUR],
    ["SELF_PICKUP", "awaiting_pickup_details", DAY],
    ["ON_SITE", "awaiting_collection_details", DAY],
    ["EXPRESS", "awaiting_shipment", 5 * DAY],
    ["TICKET_TRANSFER", "awaiting_transfer", 48 * HOUR],
    ["CUSTOMER_REDEMPTION", "awaiting_code", 48 * HOUR],
  ] as const)("%s starts %s, due its lead time before the show", async (method, state, lead) => {
    const { buyer, orderId, startsAt } = await paidDelivery({ method });
    expect(await getDeliveryForBuyer(buyer, orderId)).toMatchObject({ method, state, dueAt: startsAt - lead });
  });

  test("a late purchase gives the provider a short grace after payment, never past the start", async () => {
    const eTicket = await paidDelivery({ method: "E_TICKET", startsInMs: 10 * HOUR });
    expect((await deliveryRow(eTicket.orderId)).dueAt).toBe(eTicket.clock.now() + 2 * HOUR);
    const express = await paidDelivery({ method: "EXPRESS", startsInMs: 2 * DAY });
    expect((await deliveryRow(express.orderId)).dueAt).toBe(express.clock.now() + DAY);
    const soon = await paidDelivery({ method: "EXPRESS", startsInMs: 3 * HOUR });
    expect((await deliveryRow(soon.orderId)).dueAt).toBe(soon.startsAt);
  });

  test("a deadline passed reads overdue", async () => {
    const { clock, buyer, orderId, startsAt } = await paidDelivery({ method: "TICKET_TRANSFER" });
    clock.time = startsAt - 48 * HOUR;
    expect(await getDeliveryForBuyer(buyer, orderId)).toMatchObject({ overdue: true });
  });

  test("online contact opens the day before the event day and phone contact on the event day, in the venue's time zone", async () => {
    const { buyer, orderId, startsAt } = await paidDelivery({ method: "EXPRESS" });
    // Sessions start at 02:00 UTC, 10:00 in Hong Kong: the event day began at 16:00 UTC the day before.
    const eventDay = startsAt - 10 * HOUR;
    expect((await getDeliveryForBuyer(buyer, orderId))?.contact).toEqual({ onlineFrom: eventDay - DAY, phoneFrom: eventDay });
  });
});

describe("E_TICKET", () => {
  test("the provider uploads, then delivers; the buyer can then scratch the voucher", async () => {
    const { buyer, orderId, provider } = await paidDelivery({ method: "E_TICKET" });
    expect(await refusedWith(startVoucher(buyer, orderId))).toBe(CODES.deliveryStepRefused);
    expect(await refusedWith(deliverETickets(provider.market, orderId))).toBe(CODES.deliveryStepRefused);

    const uploaded = await uploadETicket(provider.market, orderId, { name: "seats.pdf", type: "application/pdf", bytes: pdfBytes() });
    expect(uploaded.delivery).toMatchObject({ state: "awaiting_upload", eTicket: { files: [{ fileName: "seats.pdf" }] } });
    expect(uploaded.actions).toEqual(["uploadETicket", "removeETicketFile", "deliverETickets"]);

    const delivered = await deliverETickets(provider.market, orderId);
    expect(delivered.delivery).toMatchObject({ state: "delivered", dueAt: null, overdue: false });
    expect(delivered.actions).toEqual([]);
    expect((await getDeliveryForBuyer(buyer, orderId))?.actions).toEqual(["startVoucher", "revealVoucher"]);
    expect(delivered.delivery.timeline.map((event) => [event.step, event.actor])).toEqual([
      ["created", "system"],
      ["eticket_uploaded", "seller"],
      ["etickets_delivered", "seller"],
    ]);
  });

  test("once delivered, nothing more can be uploaded or delivered", async () => {
    const { orderId, provider } = await paidDelivery({ method: "E_TICKET" });
    await uploadETicket(provider.market, orderId, { name: "a.pdf", type: "application/pdf", bytes: pdfBytes() });
    await deliverETickets(provider.market, orderId);
    expect(await refusedWith(uploadETicket(provider.market, orderId, { name: "b.pdf", type: "application/pdf", bytes: pdfBytes() }))).toBe(
      CODES.deliveryStepRefused,
    );
    expect(await refusedWith(deliverETickets(provider.market, orderId))).toBe(CODES.deliveryStepRefused);
  });

  test("a listing uploaded with its e-ticket is delivered at once, with its file", async () => {
    const { buyer, orderId, provider } = await paidDelivery({ method: "E_TICKET", eTicketReady: true });
    const view = await getDeliveryForBuyer(buyer, orderId);
    expect(view).toMatchObject({ state: "delivered", dueAt: null, eTicket: { voucherRequired: true, revealed: false, checkWithinMinutes: 30 } });
    expect(view?.eTicket?.files).toHaveLength(1);
    expect(view?.eTicket?.files[0].size).toBeGreaterThan(200);
    expect(await refusedWith(uploadETicket(provider.market, orderId, { name: "a.pdf", type: "application/pdf", bytes: pdfBytes() }))).toBe(
      CODES.deliveryStepRefused,
    );
  });

  test("other methods' steps are refused for an e-ticket", async () => {
    const { buyer, orderId, provider } = await paidDelivery({ method: "E_TICKET" });
    for (const step of [
      () => markShipped(provider.market, orderId, { carrier: "SF", trackingNo: "1" }),
      () => markReadyForPickup(provider.market, orderId),
      () => sendTransfer(provider.market, orderId, { to: "a@example.com", ref: "r" }),
      () => issueRedemptionCode(provider.market, orderId, { code: "X" }),
      () => markRedeemed(provider.market, orderId),
      () => confirmReceipt(buyer, orderId),
      () => acceptTransfer(buyer, orderId),
    ]) {
      expect(await refusedWith(step())).toBe(CODES.deliveryStepRefused);
    }
    expect(await refusedWith(confirmPickup(buyer, orderId))).toBe(CODES.pickupOrderMissing);
  });
});

describe("SELF_PICKUP and ON_SITE", () => {
  test("SELF_PICKUP: details, ready with a code only the buyer sees, then the buyer confirms pickup", async () => {
    const { clock, buyer, orderId, provider, startsAt } = await paidDelivery({ method: "SELF_PICKUP" });
    expect(await refusedWith(markReadyForPickup(provider.market, orderId))).toBe(CODES.deliveryStepRefused);
    expect(await refusedWith(confirmPickup(buyer, orderId))).toBe(CODES.pickupNotReady);

    const at = startsAt - 3 * HOUR;
    const set = await setPickupDetails(provider.market, orderId, { at, ...PICKUP });
    expect(set.delivery).toMatchObject({ state: "awaiting_pickup_details", pickup: { at, ...PICKUP, code: null, closesAt: startsAt + 30 * MINUTE } });
    expect(set.actions).toEqual(["setPickupDetails", "markReadyForPickup"]);

    const ready = await markReadyForPickup(provider.market, orderId);
    expect(ready.delivery).toMatchObject({ state: "ready_for_pickup", dueAt: null, pickup: { code: null } });
    const seen = await getDeliveryForBuyer(buyer, orderId);
    expect(seen?.pickup?.code).toMatch(/^\d{6}$/);
    expect(seen?.actions).toEqual(["confirmPickup"]);

    clock.advance(HOUR);
    const picked = await confirmPickup(buyer, orderId);
    expect(picked).toMatchObject({ state: "picked_up", stateAt: clock.now(), pickup: { code: null }, actions: [] });
    expect(picked.timeline.at(-1)).toMatchObject({ step: "pickup_confirmed", actor: "buyer", fromState: "ready_for_pickup" });
    expect(await refusedWith(confirmPickup(buyer, orderId))).toBe(CODES.pickupAlreadyDone);
    expect(await refusedWith(setPickupDetails(provider.market, orderId, { at, ...PICKUP }))).toBe(CODES.deliveryStepRefused);
  });

  test("the code no longer works at the counter once the buyer confirmed pickup", async () => {
    const { buyer, orderId, provider, startsAt } = await paidDelivery({ method: "SELF_PICKUP" });
    await setPickupDetails(provider.market, orderId, { at: startsAt - HOUR, ...PICKUP });
    await markReadyForPickup(provider.market, orderId);
    const code = (await getDeliveryForBuyer(buyer, orderId))!.pickup!.code!;
    await confirmPickup(buyer, orderId);
    expect(await refusedWith(markCollected(provider.market, orderId, { code }))).toBe(CODES.pickupAlreadyDone);
    expect((await deliveryRow(orderId)).pickupCode).toBeNull();
  });

  test("ON_SITE: the provider collects on the buyer's code; a wrong code is refused", async () => {
    const { buyer, orderId, provider, startsAt } = await paidDelivery({ method: "ON_SITE" });
    expect(await refusedWith(markCollected(provider.market, orderId, { code: "123456" }))).toBe(CODES.pickupNotReady);
    await setPickupDetails(provider.market, orderId, { at: startsAt - HOUR, ...PICKUP });
    expect((await markReadyForPickup(provider.market, orderId)).delivery.state).toBe("ready_for_collection");
    const code = (await getDeliveryForBuyer(buyer, orderId))!.pickup!.code!;
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await refusedWith(markCollected(provider.market, orderId, { code: wrong }))).toBe(CODES.pickupOrderMissing);

    const collected = await markCollected(provider.market, orderId, { code });
    expect(collected.delivery).toMatchObject({ state: "collected", pickup: { code: null } });
    expect(collected.delivery.timeline.at(-1)).toMatchObject({ step: "collected", actor: "seller" });
    expect(await refusedWith(confirmPickup(buyer, orderId))).toBe(CODES.pickupAlreadyDone);
  });

  test("ON_SITE: the buyer may also confirm collection", async () => {
    const { buyer, orderId, provider, startsAt } = await paidDelivery({ method: "ON_SITE" });
    await setPickupDetails(provider.market, orderId, { at: startsAt - HOUR, ...PICKUP });
    await markReadyForPickup(provider.market, orderId);
    expect((await confirmPickup(buyer, orderId)).state).toBe("collected");
  });

  test("pickup details may be a wall time in the venue's time zone, and must not have passed", async () => {
    const { orderId, provider, startsAt } = await paidDelivery({ method: "SELF_PICKUP" });
    // The show starts at 10:00 Hong Kong time; 08:30 that day is 00:30 UTC.
    const day = new Date(startsAt).toISOString().slice(0, 10);
    const set = await setPickupDetails(provider.market, orderId, { at: `${day}T08:30`, ...PICKUP });
    expect(set.delivery.pickup?.at).toBe(Date.parse(`${day}T00:30:00Z`));
    const past = await refusal(setPickupDetails(provider.market, orderId, { at: "2020-01-01T10:00", ...PICKUP }));
    expect(past).toMatchObject({ code: CODES.invalidParam, params: { field: "at" } });
    const missing = await refusal(setPickupDetails(provider.market, orderId, { at: startsAt - HOUR, ...PICKUP, location: " " }));
    expect(missing).toMatchObject({ code: CODES.invalidParam, messageKey: "order.fieldRequired", params: { field: "location" } });
  });
});

describe("EXPRESS, TICKET_TRANSFER, CUSTOMER_REDEMPTION", () => {
  test("EXPRESS: shipped with carrier and tracking to the order's address, then received", async () => {
    const { buyer, orderId, provider } = await paidDelivery({ method: "EXPRESS" });
    expect(await refusedWith(confirmReceipt(buyer, orderId))).toBe(CODES.deliveryStepRefused);
    const shipped = await markShipped(provider.market, orderId, { carrier: "SF Express", trackingNo: "SF1234567890" });
    expect(shipped.delivery).toMatchObject({
      state: "shipped",
      dueAt: null,
      shipping: { carrier: "SF Express", trackingNo: "SF1234567890", address: { fullName: ADDRESS.fullName, address: ADDRESS.address } },
    });
    expect(await refusedWith(markShipped(provider.market, orderId, { carrier: "DHL", trackingNo: "2" }))).toBe(CODES.deliveryStepRefused);
    expect((await getDeliveryForBuyer(buyer, orderId))?.actions).toEqual(["confirmReceipt"]);
    expect(await confirmReceipt(buyer, orderId)).toMatchObject({ state: "received", actions: [] });
    expect(await refusedWith(confirmReceipt(buyer, orderId))).toBe(CODES.deliveryStepRefused);
  });

  test("TICKET_TRANSFER: sent to the buyer's account, then accepted", async () => {
    const { buyer, orderId, provider } = await paidDelivery({ method: "TICKET_TRANSFER" });
    expect(await refusedWith(acceptTransfer(buyer, orderId))).toBe(CODES.deliveryStepRefused);
    const sent = await sendTransfer(provider.market, orderId, { to: "mei@example.com", ref: "TM-889" });
    expect(sent.delivery).toMatchObject({ state: "transfer_sent", transfer: { to: "mei@example.com", ref: "TM-889" } });
    expect(await refusedWith(sendTransfer(provider.market, orderId, { to: "x@example.com", ref: "2" }))).toBe(CODES.deliveryStepRefused);
    expect(await acceptTransfer(buyer, orderId)).toMatchObject({ state: "transfer_accepted", actions: [] });
    expect(await refusedWith(acceptTransfer(buyer, orderId))).toBe(CODES.deliveryStepRefused);
  });

  test("CUSTOMER_REDEMPTION: a code issued, then redeemed by the buyer's confirmation", async () => {
    const { buyer, orderId, provider } = await paidDelivery({ method: "CUSTOMER_REDEMPTION" });
    expect(await refusedWith(markRedeemed(provider.market, orderId))).toBe(CODES.deliveryStepRefused);
    const issued = await issueRedemptionCode(provider.market, orderId, { code: "RDM-4411-AB" });
    expect(issued.delivery).toMatchObject({ state: "code_issued", redemption: { code: "RDM-4411-AB" } });
    expect(issued.actions).toEqual(["markRedeemed"]);
    expect(await confirmReceipt(buyer, orderId)).toMatchObject({ state: "redeemed" });
    expect(await refusedWith(markRedeemed(provider.market, orderId))).toBe(CODES.deliveryStepRefused);
  });

  test("CUSTOMER_REDEMPTION: or marked redeemed by the provider", async () => {
    const { orderId, provider } = await paidDelivery({ method: "CUSTOMER_REDEMPTION" });
    await issueRedemptionCode(provider.market, orderId, { code: "RDM-1" });
    const redeemed = await markRedeemed(provider.market, orderId);
    expect(redeemed.delivery.state).toBe("redeemed");
    expect(redeemed.delivery.timeline.map((event) => event.step)).toEqual(["created", "redemption_code_issued", "redeemed"]);
    expect((await getProviderOrder(provider.market, orderId)).actions).toEqual([]);
  });

  test("a step's input is checked before anything moves", async () => {
    const { orderId, provider } = await paidDelivery({ method: "EXPRESS" });
    const refused = await refusal(markShipped(provider.market, orderId, { carrier: "SF", trackingNo: "" }));
    expect(refused).toMatchObject({ code: CODES.invalidParam, params: { field: "trackingNo" } });
    expect((await deliveryRow(orderId)).state).toBe("awaiting_shipment");
  });
});
