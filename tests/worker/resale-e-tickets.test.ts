/**
 * No ticket is delivered that its seller never provided: an e-ticket order can be resold only
 * once its seller has delivered its files, the resale's buyer receives those very files, and a
 * listing uploaded with its e-ticket hands buyers the seller's file, not a PDF drawn by Ovation.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { deliverETickets, getDeliveryForBuyer, openETicketFile, revealVoucher, startVoucher, uploadETicket } from "../../functions/market/delivery";
import { CODES } from "../../functions/market/errors";
import { createOrder } from "../../functions/market/orders";
import { resellOrder } from "../../functions/market/selling";
import { refusal } from "./support/after-sales";
import { clockAt, CONTACT, makeBuyer, marketFor, paySandbox, T0, testDb } from "./support/buying";
import { DAY, pdfBytes, providerOf } from "./support/delivery";
import { listFor, listingForm, sellerOn, sessionOnSale } from "./support/selling";

async function filesOf(orderId: number) {
  return testDb.select().from(schema.deliveryFiles).where(eq(schema.deliveryFiles.orderId, orderId));
}

async function openedText(buyer: ReturnType<typeof marketFor>, orderId: number): Promise<string> {
  const voucher = await startVoucher(buyer, orderId);
  await revealVoucher(buyer, orderId, voucher.code);
  const [file] = await filesOf(orderId);
  return new Response((await openETicketFile(buyer, orderId, file.id)).body).text();
}

/** A fan's paid order of two e-tickets (Row 6 seats 1–2) from a seller who will upload them later. */
async function fanWithLaterETickets() {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: T0 + 30 * DAY });
  const { listingId } = await listFor(seller, listingForm(session, { price: "880", eTicketTiming: "later", deliverBy: "2026-12-10" }));
  const fan = marketFor(await makeBuyer(), clock);
  const order = await createOrder(fan, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(fan, clock, order);
  const provider = await providerOf(seller.sellerId, clock);
  return { clock, fan, order, provider };
}

test("an e-ticket never uploaded cannot be resold; once its seller delivers it, the resale's buyer receives the seller's own file", async () => {
  const { clock, fan, order, provider } = await fanWithLaterETickets();

  const early = await refusal(resellOrder(fan, { orderId: order.id, price: "880" }));
  await uploadETicket(provider.market, order.id, { name: "row6.pdf", type: "application/pdf", bytes: pdfBytes("row 6 seats 1-2 by the seller") });
  const uploadedOnly = await refusal(resellOrder(fan, { orderId: order.id, price: "880" }));
  await deliverETickets(provider.market, order.id);
  const { listingId } = await resellOrder(fan, { orderId: order.id, price: "880" });
  const newBuyer = marketFor(await makeBuyer(), clock);
  const resale = await createOrder(newBuyer, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(newBuyer, clock, resale);

  expect(early.code).toBe(CODES.resaleNotAllowed);
  expect(uploadedOnly.code).toBe(CODES.resaleNotAllowed);
  const moved = await filesOf(resale.id);
  expect(moved.map((file) => [file.fileName, file.uploadedBy])).toEqual([["row6.pdf", provider.userId]]);
  expect(await filesOf(order.id)).toEqual([]);
  expect((await getDeliveryForBuyer(newBuyer, resale.id))?.state).toBe("delivered");
  expect(await openedText(newBuyer, resale.id)).toContain("row 6 seats 1-2 by the seller");
  const drawn = await env.FILES.list({ prefix: `e-tickets/order-${resale.id}/` });
  expect(drawn.objects).toEqual([]);
});

test("a listing uploaded with its e-ticket hands its buyer the seller's file, which a resale then passes on", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: T0 + 30 * DAY });
  // listFor uploads support/selling's E_TICKET: pdfBytes("seller e-ticket").
  const { listingId } = await listFor(seller, listingForm(session, { price: "880" }));
  const fan = marketFor(await makeBuyer(), clock);
  const order = await createOrder(fan, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(fan, clock, order);

  const text = await openedText(fan, order.id);
  const resold = await resellOrder(fan, { orderId: order.id, price: "800" });
  const newBuyer = marketFor(await makeBuyer(), clock);
  const resale = await createOrder(newBuyer, { listingId: resold.listingId, quantity: 2, ...CONTACT });
  await paySandbox(newBuyer, clock, resale);

  expect(text).toContain("seller e-ticket");
  expect(text).not.toContain("Ovation e-ticket");
  expect((await filesOf(resale.id)).map((file) => [file.uploadedBy, file.size])).toEqual([[seller.userId, pdfBytes("seller e-ticket").length]]);
  expect(await openedText(newBuyer, resale.id)).toContain("seller e-ticket");
});
