import { expect, test } from "vitest";
import {
  acceptTransfer,
  confirmPickup,
  confirmReceipt,
  getDeliveryForBuyer,
  getProviderOrder,
  listProviderOrders,
  loadDeliveries,
  markReadyForPickup,
  markShipped,
  openETicketFile,
  revealVoucher,
  setPickupDetails,
  startVoucher,
  uploadETicket,
} from "../../functions/market/delivery";
import { getSupportOrder, intervene, searchOrders } from "../../functions/market/payments";
import { CODES } from "../../functions/market/errors";
import { makeBuyer, marketFor } from "./support/buying";
import { refusal } from "./support/after-sales";
import { HOUR, otherProvider, paidDelivery, pdfBytes } from "./support/delivery";

const PAGING = { page: 1, pageSize: 20 };

test("another account's order is not found by any buyer call", async () => {
  const { clock, orderId } = await paidDelivery({ method: "E_TICKET" });
  const stranger = marketFor(await makeBuyer(), clock);
  for (const call of [
    () => getDeliveryForBuyer(stranger, orderId),
    () => startVoucher(stranger, orderId),
    () => revealVoucher(stranger, orderId, "1234"),
    () => openETicketFile(stranger, orderId, 1),
    () => confirmPickup(stranger, orderId),
    () => confirmReceipt(stranger, orderId),
    () => acceptTransfer(stranger, orderId),
  ]) {
    expect(await refusal(call())).toMatchObject({ code: CODES.notFound });
  }
  expect((await loadDeliveries(stranger, [orderId])).size).toBe(0);
});

test("a guest is asked to sign in", async () => {
  const { clock, orderId } = await paidDelivery();
  const guest = marketFor(null, clock);
  for (const call of [
    () => getDeliveryForBuyer(guest, orderId),
    () => listProviderOrders(guest, { paging: PAGING }),
    () => searchOrders(guest, { query: "", paging: PAGING }),
  ]) {
    expect(await refusal(call())).toMatchObject({ code: CODES.notLogin });
  }
});

test("a buyer finds neither console: every provider and support call is not found", async () => {
  const { buyer, orderId } = await paidDelivery({ method: "EXPRESS" });
  for (const call of [
    () => listProviderOrders(buyer, { paging: PAGING }),
    () => getProviderOrder(buyer, orderId),
    () => markShipped(buyer, orderId, { carrier: "SF", trackingNo: "1" }),
    () => uploadETicket(buyer, orderId, { name: "a.pdf", type: "application/pdf", bytes: pdfBytes() }),
    () => searchOrders(buyer, { query: "", paging: PAGING }),
    () => getSupportOrder(buyer, orderId),
    () => intervene(buyer, orderId, { action: "complete_on_behalf", reason: "x" }),
  ]) {
    expect(await refusal(call())).toMatchObject({ code: CODES.notFound });
  }
});

test("the provider of another listing neither sees nor moves the order", async () => {
  const { clock, orderId, startsAt } = await paidDelivery({ method: "SELF_PICKUP" });
  const other = await otherProvider(clock);
  expect(await refusal(getProviderOrder(other.market, orderId))).toMatchObject({ code: CODES.notFound });
  expect(
    await refusal(setPickupDetails(other.market, orderId, { at: startsAt - HOUR, location: "Desk", providerPhone: "60000000" })),
  ).toMatchObject({ code: CODES.notFound });
  expect(await refusal(markReadyForPickup(other.market, orderId))).toMatchObject({ code: CODES.notFound });
  expect((await listProviderOrders(other.market, { paging: PAGING })).list).toEqual([]);
});

test("a provider is not support, and support is not a provider", async () => {
  const { orderId, provider, support } = await paidDelivery({ method: "EXPRESS" });
  expect(await refusal(getSupportOrder(provider.market, orderId))).toMatchObject({ code: CODES.notFound });
  expect(await refusal(intervene(provider.market, orderId, { action: "void_and_refund", reason: "x" }))).toMatchObject({ code: CODES.notFound });
  expect(await refusal(markShipped(support.market, orderId, { carrier: "SF", trackingNo: "1" }))).toMatchObject({ code: CODES.notFound });
});

test("the provider lists their own paid orders, soonest deadline first, optionally by state", async () => {
  const first = await paidDelivery({ method: "EXPRESS", startsInMs: 20 * 24 * HOUR });
  const { provider } = first;
  const page = await listProviderOrders(provider.market, { paging: PAGING });
  expect(page).toMatchObject({ total: 1, hasMore: false, list: [{ id: first.orderId, orderNo: first.order.orderNo, actions: ["markShipped"] }] });
  expect(page.list[0]).toMatchObject({ contact: { email: first.order.contact.email }, shippingAddress: { fullName: "Mei Chan" }, quantity: 2 });
  expect((await listProviderOrders(provider.market, { state: "shipped", paging: PAGING })).total).toBe(0);
  await markShipped(provider.market, first.orderId, { carrier: "SF", trackingNo: "1" });
  expect((await listProviderOrders(provider.market, { state: "shipped", paging: PAGING })).list.map((order) => order.id)).toEqual([first.orderId]);
});

test("the pickup code is the buyer's: the provider never sees it, support does", async () => {
  const { buyer, orderId, provider, support, startsAt } = await paidDelivery({ method: "SELF_PICKUP" });
  await setPickupDetails(provider.market, orderId, { at: startsAt - HOUR, location: "Desk", providerPhone: "60000000" });
  const ready = await markReadyForPickup(provider.market, orderId);
  const code = (await getDeliveryForBuyer(buyer, orderId))?.pickup?.code;
  expect(code).toMatch(/^\d{6}$/);
  expect(ready.delivery.pickup?.code).toBeNull();
  expect((await getProviderOrder(provider.market, orderId)).delivery.pickup?.code).toBeNull();
  expect((await getSupportOrder(support.market, orderId)).delivery.pickup?.code).toBe(code);
});
