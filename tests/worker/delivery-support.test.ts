import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { readOutbox } from "../../functions/integrations/mail";
import {
  confirmReceipt,
  getDeliveryForBuyer,
  markReadyForPickup,
  markShipped,
  setPickupDetails,
  uploadETicket,
} from "../../functions/market/delivery";
import { CODES } from "../../functions/market/errors";
import { getOrder } from "../../functions/market/orders";
import { getSupportOrder, intervene, searchOrders, settleOwedRefunds } from "../../functions/market/payments";
import { expectConsoleError } from "../support/console-guard";
import { countingProvider, refusal } from "./support/after-sales";
import { DAY, deliveryRow, HOUR, paidDelivery, pdfBytes } from "./support/delivery";
import { testDb } from "./support/buying";
import * as schema from "../../functions/db/schema";
import { eq } from "drizzle-orm";

const PAGING = { page: 1, pageSize: 20 };

async function paymentOf(orderId: number) {
  return env.DB.prepare("SELECT id, status, provider_refund_id FROM payments WHERE order_id = ? AND succeeded_at IS NOT NULL")
    .bind(orderId)
    .first<{ id: number; status: string; provider_refund_id: string | null }>();
}

test("support finds an order by its order no. (or its start) and by the buyer's contact or account email", async () => {
  const { order, orderId, support, buyerId } = await paidDelivery({ method: "EXPRESS" });
  const ids = async (query: string) => (await searchOrders(support.market, { query, paging: PAGING })).list.map((found) => found.id);
  expect(await ids(order.orderNo)).toEqual([orderId]);
  expect(await ids(order.orderNo.slice(0, 12).toLowerCase())).toContain(orderId);
  expect(await ids(order.contact.email.toUpperCase())).toEqual([orderId]);
  const [account] = await testDb.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, buyerId));
  expect(await ids(account.email!)).toEqual([orderId]);
  expect(await ids("nobody@example.com")).toEqual([]);
  expect(await ids("OV_")).toEqual([]);

  const found = await getSupportOrder(support.market, orderId);
  expect(found).toMatchObject({ buyer: { userId: buyerId }, payments: [{ status: "succeeded", amount: order.price.total }] });
  expect(found.actions).toEqual(["extend_deadline", "complete_on_behalf", "void_and_refund"]);
});

test("extending a deadline gives the provider more time, with the reason in the timeline", async () => {
  const { clock, buyer, orderId, support, startsAt } = await paidDelivery({ method: "TICKET_TRANSFER" });
  clock.time = startsAt - 47 * HOUR;
  expect((await getDeliveryForBuyer(buyer, orderId))?.overdue).toBe(true);
  const extended = await intervene(support.market, orderId, { action: "extend_deadline", reason: "Provider asked for a day", dueAt: startsAt - 24 * HOUR });
  expect(extended.delivery).toMatchObject({ state: "awaiting_transfer", dueAt: startsAt - 24 * HOUR, overdue: false });
  expect((await getDeliveryForBuyer(buyer, orderId))?.timeline.at(-1)).toMatchObject({
    step: "deadline_extended",
    actor: "support",
    note: "Provider asked for a day",
  });
  const earlier = await refusal(intervene(support.market, orderId, { action: "extend_deadline", reason: "x", dueAt: startsAt - 30 * HOUR }));
  expect(earlier).toMatchObject({ code: CODES.invalidParam, params: { field: "dueAt" } });
  const noReason = await refusal(intervene(support.market, orderId, { action: "extend_deadline", reason: " ", dueAt: startsAt }));
  expect(noReason).toMatchObject({ code: CODES.invalidParam, messageKey: "delivery.reasonRequired" });
});

test("a deadline can only be extended while the provider owes a step", async () => {
  const { orderId, provider, support, startsAt } = await paidDelivery({ method: "EXPRESS" });
  await markShipped(provider.market, orderId, { carrier: "SF", trackingNo: "1" });
  const refused = await refusal(intervene(support.market, orderId, { action: "extend_deadline", reason: "x", dueAt: startsAt }));
  expect(refused.code).toBe(CODES.deliveryStepRefused);
});

test("support completes a delivery on the buyer's behalf, which then takes no more steps", async () => {
  const { buyer, orderId, provider, support } = await paidDelivery({ method: "EXPRESS" });
  await markShipped(provider.market, orderId, { carrier: "SF", trackingNo: "1" });
  const completed = await intervene(support.market, orderId, { action: "complete_on_behalf", reason: "Buyer confirmed by phone" });
  expect(completed.delivery).toMatchObject({ state: "received", dueAt: null });
  expect(completed.delivery.timeline.at(-1)).toMatchObject({ step: "completed_on_behalf", actor: "support", fromState: "shipped" });
  expect(completed.actions).toEqual([]);
  expect(await refusal(confirmReceipt(buyer, orderId))).toMatchObject({ code: CODES.deliveryStepRefused });
  expect(await refusal(intervene(support.market, orderId, { action: "void_and_refund", reason: "x" }))).toMatchObject({ code: CODES.deliveryStepRefused });
});

test("completing a pickup on the buyer's behalf invalidates its code", async () => {
  const { orderId, provider, support, startsAt } = await paidDelivery({ method: "SELF_PICKUP" });
  await setPickupDetails(provider.market, orderId, { at: startsAt - HOUR, location: "Desk", providerPhone: "60000000" });
  await markReadyForPickup(provider.market, orderId);
  const completed = await intervene(support.market, orderId, { action: "complete_on_behalf", reason: "Seen at the counter" });
  expect(completed.delivery).toMatchObject({ state: "picked_up", pickup: { code: null } });
  expect((await deliveryRow(orderId)).pickupCode).toBeNull();
});

test("an e-ticket is completed on the buyer's behalf only once it has a file", async () => {
  const { orderId, provider, support } = await paidDelivery({ method: "E_TICKET" });
  expect((await getSupportOrder(support.market, orderId)).actions).toEqual(["extend_deadline", "void_and_refund"]);
  expect(await refusal(intervene(support.market, orderId, { action: "complete_on_behalf", reason: "x" }))).toMatchObject({
    code: CODES.deliveryStepRefused,
  });
  await uploadETicket(provider.market, orderId, { name: "a.pdf", type: "application/pdf", bytes: pdfBytes() });
  expect((await intervene(support.market, orderId, { action: "complete_on_behalf", reason: "Provider sent it by mail" })).delivery.state).toBe(
    "delivered",
  );
});

test("voiding a delivery refunds the whole payment once, tells the buyer why, and ends the delivery", async () => {
  const { buyer, order, orderId, provider, support } = await paidDelivery({ method: "EXPRESS" });
  const counting = countingProvider();
  const voided = await intervene(support.market, orderId, { action: "void_and_refund", reason: "Provider cannot ship" }, counting.deps);
  const payment = await paymentOf(orderId);
  expect(counting.refunds).toEqual([{ providerPaymentId: expect.any(String), amount: order.price.total, currency: "HKD", idempotencyKey: `refund-${payment!.id}` }]);
  expect(payment?.status).toBe("refunded");
  expect(voided.delivery).toMatchObject({ state: "voided", dueAt: null });
  expect(voided.payments[0]).toMatchObject({ status: "refunded" });
  expect(voided.actions).toEqual([]);

  const seen = await getOrder(buyer, orderId);
  expect(seen.notes.map((note) => note.kind).sort()).toEqual(["delivery_voided", "payment_refunded"]);
  expect(seen.delivery?.timeline.at(-1)).toMatchObject({ step: "voided", actor: "support", note: "Provider cannot ship" });
  // The purchase's own confirmation aside, the void sends one mail.
  const mails = (await readOutbox(buyer, { to: order.contact.email })).filter((mail) => mail.kind !== "order_confirmed");
  expect(mails).toHaveLength(1);
  expect(mails[0].textBody).toContain("the delivery of your tickets was canceled by our customer service team");

  expect(await refusal(intervene(support.market, orderId, { action: "void_and_refund", reason: "again" }, counting.deps))).toMatchObject({
    code: CODES.deliveryStepRefused,
  });
  expect(await refusal(markShipped(provider.market, orderId, { carrier: "SF", trackingNo: "1" }))).toMatchObject({ code: CODES.deliveryStepRefused });
  expect(counting.refunds).toHaveLength(1);
});

test("two voids at once refund once", async () => {
  const { orderId, support } = await paidDelivery({ method: "TICKET_TRANSFER" });
  const counting = countingProvider();
  const results = await Promise.allSettled([
    intervene(support.market, orderId, { action: "void_and_refund", reason: "a" }, counting.deps),
    intervene(support.market, orderId, { action: "void_and_refund", reason: "b" }, counting.deps),
  ]);
  expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  expect(counting.refunds).toHaveLength(1);
  const events = await env.DB.prepare("SELECT COUNT(*) AS n FROM delivery_events WHERE order_id = ? AND step = 'voided'").bind(orderId).first<{ n: number }>();
  expect(events?.n).toBe(1);
});

test("a refund the provider fails stays owed and the cron refunds it later, once", async () => {
  const { clock, orderId, support } = await paidDelivery({ method: "CUSTOMER_REDEMPTION" });
  const failing = countingProvider({ failing: true });
  expectConsoleError();
  const voided = await intervene(support.market, orderId, { action: "void_and_refund", reason: "No codes" }, failing.deps);
  expect(voided.delivery.state).toBe("voided");
  expect((await paymentOf(orderId))?.status).toBe("refund_pending");

  clock.advance(DAY);
  const working = countingProvider();
  expect(await settleOwedRefunds(support.market, working.deps)).toBeGreaterThanOrEqual(1);
  expect(await settleOwedRefunds(support.market, working.deps)).toBe(0);
  const payment = await paymentOf(orderId);
  expect(working.refunds.filter((refund) => refund.idempotencyKey === `refund-${payment!.id}`)).toHaveLength(1);
  expect(payment?.status).toBe("refunded");
});
