import { expect, test } from "vitest";
import { CODES } from "../../functions/market/errors";
import { getDeliveryForBuyer, revealVoucher, startVoucher } from "../../functions/market/delivery";
import { createOrder, getOrder } from "../../functions/market/orders";
import { getSellerProfile, providerPayouts, resellOrder, saveSellerProfile } from "../../functions/market/selling";
import { api } from "./support/api";
import { HKD_ACCOUNT, refusal } from "./support/after-sales";
import { clockAt, CONTACT, makeBuyer, marketFor, paySandbox, T0 } from "./support/buying";
import { DAY, deliveryRow, tokenHeaders } from "./support/delivery";
import { listFor, listingForm, sellerOn, sessionOnSale } from "./support/selling";

/** A fan who bought two e-tickets, Row 6 seats 1 and 2 (face value HK$880), and revealed them. */
async function fanWithTickets(options: { jurisdiction?: string } = {}) {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ jurisdiction: options.jurisdiction, startsAt: T0 + 30 * DAY });
  const { listingId } = await listFor(seller, listingForm(session, { price: "880" }));
  const fanId = await makeBuyer();
  const fan = marketFor(fanId, clock);
  const order = await createOrder(fan, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(fan, clock, order);
  const voucher = await startVoucher(fan, order.id);
  await revealVoucher(fan, order.id, voucher.code);
  return { clock, fan, fanId, order, seller };
}

test("a fan resells a bought order in one call; when it sells, the old voucher stops working and the new buyer gets a fresh one", async () => {
  const { clock, fan, order } = await fanWithTickets();

  const { listingId } = await resellOrder(fan, { orderId: order.id, price: "900" });
  const newBuyer = marketFor(await makeBuyer(), clock);
  const resale = await createOrder(newBuyer, { listingId, quantity: 2, ...CONTACT });
  expect(resale.tickets.seats).toEqual(["1", "2"]);
  expect(resale.tickets.rowLabel).toBe("6");
  await paySandbox(newBuyer, clock, resale);

  expect((await deliveryRow(order.id)).state).toBe("voided");
  expect((await deliveryRow(order.id)).voucherCode).toBeNull();
  expect((await refusal(startVoucher(fan, order.id))).code).toBe(CODES.deliveryStepRefused);
  const fresh = await getDeliveryForBuyer(newBuyer, resale.id);
  expect(fresh?.state).toBe("delivered");
  const voucher = await startVoucher(newBuyer, resale.id);
  expect(voucher.code).toMatch(/^\d{4}$/);
  const timeline = (await getOrder(fan, order.id)).delivery?.timeline.at(-1);
  expect(timeline).toMatchObject({ step: "voided", actor: "system", note: "resold" });
});

test("the fan becomes a private seller named after their account, and is paid for the resale while the original seller is paid too", async () => {
  const { clock, fan, order, seller } = await fanWithTickets();

  const { listingId } = await resellOrder(fan, { orderId: order.id, price: "800" });
  const newBuyer = marketFor(await makeBuyer(), clock);
  await paySandbox(newBuyer, clock, await createOrder(newBuyer, { listingId, quantity: 2, ...CONTACT }));

  expect((await getSellerProfile(fan))?.kind).toBe("private");
  expect((await providerPayouts(fan))[0]).toMatchObject({ ticketAmount: 160_000, fee: 8_000, payout: 152_000, status: "scheduled" });
  expect((await providerPayouts(seller.market))[0]).toMatchObject({ orderId: order.id, status: "scheduled" });
});

test("a resale above face value in Taiwan is refused naming the law, and an order cannot be listed twice", async () => {
  const { fan, order } = await fanWithTickets({ jurisdiction: "TW" });

  const capped = await refusal(resellOrder(fan, { orderId: order.id, price: "881" }));
  await resellOrder(fan, { orderId: order.id, price: "880" });
  const twice = await refusal(resellOrder(fan, { orderId: order.id, price: "700" }));

  expect(capped.code).toBe(CODES.listingPriceCapped);
  expect(capped.params.law).toBe("Development of the Cultural and Creative Industries Act, Art. 10-1");
  expect(twice.code).toBe(CODES.resaleNotAllowed);
});

test("another account's order cannot be resold: it is not found", async () => {
  const { clock, order } = await fanWithTickets();
  const stranger = marketFor(await makeBuyer(), clock);

  expect((await refusal(resellOrder(stranger, { orderId: order.id, price: "800" }))).code).toBe(CODES.notFound);
});

test("through the API a seller profile masks the payout account, and a list sent as an order id is invalidParam naming the field", async () => {
  const clock = clockAt(Date.now());
  const userId = await makeBuyer();
  await saveSellerProfile(marketFor(userId, clock), { displayName: "Mei", kind: "private", ...HKD_ACCOUNT });
  const headers = await tokenHeaders(userId);

  const profile = await api<{ payoutAccount: { cardNumber: string } }>("/user/selling/v1/profile", { headers });
  const resell = await api("/user/selling/v1/resell", { headers, body: { orderId: [1], price: "100" } });
  const guest = await api("/provider/v1/listing/list");

  expect(profile.body.data.payoutAccount.cardNumber).toBe("**** **** **** 1234");
  expect(JSON.stringify(profile.body)).not.toContain("4929123456781234");
  expect(resell.body).toEqual({ statusCode: 12308, message: "orderId is invalid.", data: null });
  expect(guest.body.statusCode).toBe(CODES.notLogin);
});
