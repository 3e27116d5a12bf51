import { expect, test } from "vitest";
import { deliverETickets, markReadyForPickup, markShipped, sendTransfer, setPickupDetails, uploadETicket } from "../../functions/market/delivery";
import { createOrder } from "../../functions/market/orders";
import { readOutbox } from "../../functions/integrations/mail";
import { clockAt, CONTACT, makeBuyer, makeListing, marketFor, paySandbox } from "./support/buying";
import { HOUR, paidDelivery, pdfBytes } from "./support/delivery";

/** The mails to one address, oldest first, as kind and subject and text. */
async function mailsTo(market: Parameters<typeof readOutbox>[0], to: string) {
  return (await readOutbox(market, { to })).reverse().map((row) => ({ kind: row.kind, language: row.language, subject: row.subject, text: row.textBody }));
}

test("paying an order mails the buyer its confirmation: order, seats, delivery, what comes next and the guarantee", async () => {
  const { buyer, order } = await paidDelivery({ method: "SELF_PICKUP" });
  const mails = await mailsTo(buyer, order.contact.email);
  expect(mails.map((mail) => mail.kind)).toEqual(["order_confirmed"]);
  const [mail] = mails;
  expect(mail.subject).toBe(`Order ${order.orderNo} confirmed: ${order.event.title}`);
  expect(mail.text).toContain(`Order number: ${order.orderNo}`);
  expect(mail.text).toContain("Venue: Harbour Arena");
  expect(mail.text).toContain("× 2");
  expect(mail.text).toContain("Delivery: Self-pickup");
  expect(mail.text).toContain("What happens next: The seller sets a pickup time and place; we email you when your tickets are ready for pickup.");
  expect(mail.text).toContain("100% entry guarantee: you get in, or you get your money back in full.");
});

test("a buyer who reads Traditional Chinese gets the confirmation in Traditional Chinese with the glossary's words", async () => {
  const clock = clockAt();
  const buyerId = await makeBuyer({ language: "zh-HK" });
  const buyer = marketFor(buyerId, clock);
  const { listingId } = await makeListing({ deliveryMethod: "ON_SITE" });
  const order = await createOrder(buyer, { ...CONTACT, contactEmail: `zh-${crypto.randomUUID()}@example.com`, listingId, quantity: 2 });
  await paySandbox(buyer, clock, order);
  const [mail] = await mailsTo(buyer, order.contact.email);
  expect(mail.language).toBe("zh-HK");
  expect(mail.subject).toMatch(new RegExp(`^訂單 ${order.orderNo} 已確認：夜之巡演 \\d+$`));
  expect(mail.text).toContain("取票方式：場館取票");
  expect(mail.text).toContain("場館：海港體育館");
  expect(mail.text).toContain("100% 入場保證：保證入場，否則全數退款。");
});

test("shipping the tickets mails the buyer the carrier and tracking number", async () => {
  const { buyer, provider, order, orderId } = await paidDelivery({ method: "EXPRESS" });
  await markShipped(provider.market, orderId, { carrier: "SF Express", trackingNo: "SF1234567890" });
  const mails = await mailsTo(buyer, order.contact.email);
  expect(mails.map((mail) => mail.kind)).toEqual(["order_confirmed", "delivery_shipped"]);
  expect(mails[1].subject).toBe(`Your tickets for order ${order.orderNo} have shipped`);
  expect(mails[1].text).toContain("Carrier: SF Express");
  expect(mails[1].text).toContain("Tracking number: SF1234567890");
});

test("tickets ready for pickup mail the buyer where and when, and setting the details alone mails nothing", async () => {
  const { buyer, provider, order, orderId, startsAt } = await paidDelivery({ method: "SELF_PICKUP" });
  await setPickupDetails(provider.market, orderId, { at: startsAt - 2 * HOUR, location: "Gate 3 counter", remark: "Bring your ID", providerPhone: "+852 6000 0000" });
  expect((await mailsTo(buyer, order.contact.email)).map((mail) => mail.kind)).toEqual(["order_confirmed"]);
  await markReadyForPickup(provider.market, orderId);
  const mails = await mailsTo(buyer, order.contact.email);
  expect(mails.map((mail) => mail.kind)).toEqual(["order_confirmed", "delivery_ready_for_pickup"]);
  expect(mails[1].text).toContain("Where: Gate 3 counter");
});

test("delivered e-tickets and a sent transfer each mail the buyer", async () => {
  const eTicket = await paidDelivery({ method: "E_TICKET" });
  await uploadETicket(eTicket.provider.market, eTicket.orderId, { name: "seats.pdf", type: "application/pdf", bytes: pdfBytes() });
  await deliverETickets(eTicket.provider.market, eTicket.orderId);
  const eMails = await mailsTo(eTicket.buyer, eTicket.order.contact.email);
  expect(eMails.map((mail) => mail.kind)).toEqual(["order_confirmed", "delivery_eticket_ready"]);
  expect(eMails[1].subject).toBe(`Your e-tickets for order ${eTicket.order.orderNo} are ready`);

  const transfer = await paidDelivery({ method: "TICKET_TRANSFER" });
  await sendTransfer(transfer.provider.market, transfer.orderId, { to: "fan@example.com", ref: "TX-42" });
  const tMails = await mailsTo(transfer.buyer, transfer.order.contact.email);
  expect(tMails.map((mail) => mail.kind)).toEqual(["order_confirmed", "delivery_transfer_sent"]);
  expect(tMails[1].text).toContain("Reference: TX-42");
});

test("an e-ticket uploaded with the listing is ready at payment, and the confirmation says so", async () => {
  const { buyer, order } = await paidDelivery({ method: "E_TICKET", eTicketReady: true });
  const [mail] = await mailsTo(buyer, order.contact.email);
  expect(mail.text).toContain("What happens next: Your e-tickets are ready: open them from your order.");
});
