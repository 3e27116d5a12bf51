import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import {
  deliverETickets,
  getDeliveryForBuyer,
  openETicketFile,
  removeETicketFile,
  revealVoucher,
  startVoucher,
  uploadETicket,
} from "../../functions/market/delivery";
import { CODES } from "../../functions/market/errors";
import { refusal } from "./support/after-sales";
import { MINUTE, paidDelivery, pdfBytes } from "./support/delivery";

const PDF = "application/pdf";

async function text(body: ReadableStream): Promise<string> {
  return new Response(body).text();
}

async function keysOf(orderId: number): Promise<string[]> {
  const listed = await env.FILES.list({ prefix: `e-tickets/order-${orderId}/` });
  return listed.objects.map((object) => object.key);
}

/** An e-ticket order the provider uploaded `files` for and delivered. */
async function deliveredETicket(files = [{ name: "seats.pdf", text: "first" }]) {
  const paid = await paidDelivery({ method: "E_TICKET" });
  for (const file of files) {
    await uploadETicket(paid.provider.market, paid.orderId, { name: file.name, type: PDF, bytes: pdfBytes(file.text) });
  }
  await deliverETickets(paid.provider.market, paid.orderId);
  return paid;
}

function otherCode(code: string): string {
  return code === "0000" ? "1111" : "0000";
}

test("the scratch code has 4 digits, lasts 30 minutes, and is the same when asked again meanwhile", async () => {
  const { clock, buyer, orderId } = await deliveredETicket();
  const voucher = await startVoucher(buyer, orderId);
  expect(voucher.code).toMatch(/^\d{4}$/);
  expect(voucher.expiresAt).toBe(clock.now() + 30 * MINUTE);
  clock.advance(29 * MINUTE);
  expect(await startVoucher(buyer, orderId)).toEqual(voucher);
});

test("a wrong code is refused with the code to enter, and the right one reveals the e-ticket", async () => {
  const { buyer, orderId } = await deliveredETicket();
  const voucher = await startVoucher(buyer, orderId);
  const wrong = await refusal(revealVoucher(buyer, orderId, otherCode(voucher.code)));
  expect(wrong).toMatchObject({ code: CODES.voucherCodeError, params: { code: voucher.code }, data: voucher });
  expect((await getDeliveryForBuyer(buyer, orderId))?.eTicket?.revealed).toBe(false);

  const revealed = await revealVoucher(buyer, orderId, voucher.code);
  expect(revealed).toMatchObject({ state: "delivered", eTicket: { revealed: true }, actions: ["downloadFiles"] });
  expect(revealed.timeline.at(-1)).toMatchObject({ step: "voucher_revealed", actor: "buyer", state: "delivered", fromState: "delivered" });
  // Revealing again changes nothing and records nothing.
  expect((await revealVoucher(buyer, orderId, "9999")).timeline).toHaveLength(revealed.timeline.length);
  expect(await refusal(startVoucher(buyer, orderId))).toMatchObject({ code: CODES.deliveryStepRefused });
});

test("after 30 minutes the code has expired: the buyer is given a new one, which works", async () => {
  const { clock, buyer, orderId } = await deliveredETicket();
  const first = await startVoucher(buyer, orderId);
  clock.advance(30 * MINUTE);
  const expired = await refusal(revealVoucher(buyer, orderId, first.code));
  expect(expired.code).toBe(CODES.voucherCodeExpired);
  const fresh = expired.data as { code: string; expiresAt: number };
  expect(fresh.expiresAt).toBe(clock.now() + 30 * MINUTE);
  expect(expired.params).toEqual({ code: fresh.code });
  expect(await startVoucher(buyer, orderId)).toEqual(fresh);
  expect((await revealVoucher(buyer, orderId, fresh.code)).eTicket?.revealed).toBe(true);
});

test("files open only after the voucher is revealed, and come back from R2 exactly as uploaded", async () => {
  const { buyer, orderId } = await deliveredETicket([
    { name: "seat-F11.pdf", text: "first seat" },
    { name: "seat-F12.pdf", text: "second seat" },
  ]);
  const files = (await getDeliveryForBuyer(buyer, orderId))!.eTicket!.files;
  expect(files.map((file) => file.fileName)).toEqual(["seat-F11.pdf", "seat-F12.pdf"]);
  expect(await refusal(openETicketFile(buyer, orderId, files[0].id))).toMatchObject({ code: CODES.deliveryStepRefused });

  await revealVoucher(buyer, orderId, (await startVoucher(buyer, orderId)).code);
  const second = await openETicketFile(buyer, orderId, files[1].id);
  expect(second).toMatchObject({ fileName: "seat-F12.pdf", contentType: PDF, size: files[1].size });
  expect(await text(second.body)).toBe(new TextDecoder().decode(pdfBytes("second seat")));
  expect(await keysOf(orderId)).toHaveLength(2);
  expect(await refusal(openETicketFile(buyer, orderId, files[1].id + 1000))).toMatchObject({ code: CODES.notFound });
});

test("a file of another order is not found, even with its id", async () => {
  const mine = await deliveredETicket();
  const theirs = await deliveredETicket();
  await revealVoucher(mine.buyer, mine.orderId, (await startVoucher(mine.buyer, mine.orderId)).code);
  const theirFile = (await getDeliveryForBuyer(theirs.buyer, theirs.orderId))!.eTicket!.files[0];
  expect(await refusal(openETicketFile(mine.buyer, mine.orderId, theirFile.id))).toMatchObject({ code: CODES.notFound });
  expect(await refusal(openETicketFile(mine.buyer, theirs.orderId, theirFile.id))).toMatchObject({ code: CODES.notFound });
});

test("only PDFs of up to 10 MB are taken, and a refused file leaves nothing in R2", async () => {
  const { orderId, provider } = await paidDelivery({ method: "E_TICKET" });
  const tooBig = new Uint8Array(10 * 1024 * 1024 + 1);
  tooBig.set(pdfBytes());
  for (const file of [
    { name: "seats.png", type: "image/png", bytes: pdfBytes() },
    { name: "seats.pdf", type: PDF, bytes: new TextEncoder().encode("not a pdf at all") },
    { name: "seats.pdf", type: PDF, bytes: new Uint8Array(0) },
    { name: "seats.pdf", type: PDF, bytes: tooBig },
  ]) {
    expect(await refusal(uploadETicket(provider.market, orderId, file))).toMatchObject({ code: CODES.eTicketFileInvalid });
  }
  expect(await keysOf(orderId)).toEqual([]);
  const exactly10Mb = new Uint8Array(10 * 1024 * 1024);
  exactly10Mb.set(pdfBytes());
  const taken = await uploadETicket(provider.market, orderId, { name: "../../big.PDF", type: PDF, bytes: exactly10Mb });
  expect(taken.delivery.eTicket?.files).toEqual([{ id: expect.any(Number), fileName: "big.pdf", size: 10 * 1024 * 1024 }]);
});

test("an upload the machine refuses is removed from R2 again", async () => {
  const { orderId, provider } = await deliveredETicket();
  const before = await keysOf(orderId);
  expect(await refusal(uploadETicket(provider.market, orderId, { name: "late.pdf", type: PDF, bytes: pdfBytes() }))).toMatchObject({
    code: CODES.deliveryStepRefused,
  });
  expect(await keysOf(orderId)).toEqual(before);
});

test("a file uploaded by mistake is removed before delivery, from the order and from R2", async () => {
  const { orderId, provider } = await paidDelivery({ method: "E_TICKET" });
  const uploaded = await uploadETicket(provider.market, orderId, { name: "wrong.pdf", type: PDF, bytes: pdfBytes() });
  const [file] = uploaded.delivery.eTicket!.files;
  const removed = await removeETicketFile(provider.market, orderId, file.id);
  expect(removed.delivery.eTicket?.files).toEqual([]);
  expect(removed.actions).toEqual(["uploadETicket"]);
  expect(removed.delivery.timeline.at(-1)).toMatchObject({ step: "eticket_removed", note: "wrong.pdf" });
  expect(await keysOf(orderId)).toEqual([]);
  expect(await refusal(removeETicketFile(provider.market, orderId, file.id))).toMatchObject({ code: CODES.notFound });
});

test("a listing's ready e-ticket is a PDF naming the order, drawn once into R2", async () => {
  const { buyer, orderId, order } = await paidDelivery({ method: "E_TICKET", eTicketReady: true });
  expect(await keysOf(orderId)).toEqual([`e-tickets/order-${orderId}/ticket.pdf`]);
  await revealVoucher(buyer, orderId, (await startVoucher(buyer, orderId)).code);
  const [file] = (await getDeliveryForBuyer(buyer, orderId))!.eTicket!.files;
  expect(file.fileName).toBe(`e-ticket-${order.orderNo}.pdf`);
  const opened = await openETicketFile(buyer, orderId, file.id);
  const body = await text(opened.body);
  expect(body.startsWith("%PDF-1.4")).toBe(true);
  expect(body).toContain(`Order no. ${order.orderNo}`);
  expect(body.trimEnd().endsWith("%%EOF")).toBe(true);
  expect(opened.size).toBe(file.size);
});

test("a ready e-ticket whose object went missing is drawn again on opening", async () => {
  const { buyer, orderId } = await paidDelivery({ method: "E_TICKET", eTicketReady: true });
  await env.FILES.delete(`e-tickets/order-${orderId}/ticket.pdf`);
  await revealVoucher(buyer, orderId, (await startVoucher(buyer, orderId)).code);
  const [file] = (await getDeliveryForBuyer(buyer, orderId))!.eTicket!.files;
  expect((await text((await openETicketFile(buyer, orderId, file.id)).body)).startsWith("%PDF")).toBe(true);
});
