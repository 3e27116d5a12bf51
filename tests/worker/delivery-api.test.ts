import { SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { CODES } from "../../functions/market/errors";
import { api, ORIGIN, type ApiAnswer } from "./support/api";
import { HOUR, paidDelivery, pdfBytes, tokenHeaders } from "./support/delivery";

type Envelope = ApiAnswer["body"];

/** The API reads the real clock, so orders are placed on it; answers are read loosely. */
const call = (path: string, init: Parameters<typeof api>[1] = {}) => api<any>(path, init);

function upload(orderId: number, headers: Record<string, string>, file: File) {
  const form = new FormData();
  form.set("orderId", String(orderId));
  form.set("file", file);
  return SELF.fetch(`${ORIGIN}/provider/v1/order/e_ticket/upload`, { method: "POST", headers, body: form });
}

/** A paid order on the real clock, with API headers for its buyer, provider and support. */
async function paidThroughApi(options: Parameters<typeof paidDelivery>[0] = {}) {
  const paid = await paidDelivery({ ...options, at: Date.now() });
  const [buyer, provider, support] = await Promise.all([tokenHeaders(paid.buyerId), tokenHeaders(paid.provider.userId), tokenHeaders(paid.support.userId)]);
  return { ...paid, headers: { buyer, provider, support } };
}

test("a buyer scratches the voucher and downloads the e-ticket PDF", async () => {
  const { orderId, order, headers } = await paidThroughApi({ method: "E_TICKET", eTicketReady: true });
  const detail = await call(`/user/order/v1/delivery/detail?orderId=${orderId}`, { headers: headers.buyer });
  expect(detail.body).toMatchObject({ statusCode: 200, data: { method: "E_TICKET", state: "delivered", actions: ["startVoucher", "revealVoucher"] } });
  const fileId = detail.body.data.eTicket.files[0].id;

  const early = await SELF.fetch(`${ORIGIN}/user/order/v1/delivery/file?orderId=${orderId}&fileId=${fileId}`, { headers: headers.buyer });
  expect(((await early.json()) as Envelope).statusCode).toBe(CODES.deliveryStepRefused);

  const started = await call("/user/order/v1/delivery/voucher/start", { headers: headers.buyer, body: { orderId } });
  const code: string = started.body.data.code;
  expect(code).toMatch(/^\d{4}$/);
  const wrong = await call("/user/order/v1/delivery/voucher/reveal", { headers: headers.buyer, body: { orderId, code: code === "0000" ? "1111" : "0000" } });
  expect(wrong.body).toEqual({
    statusCode: CODES.voucherCodeError,
    message: `Verification code error. Please enter the verification code: ${code}`,
    data: { code, expiresAt: started.body.data.expiresAt },
  });
  const wrongZh = await call("/user/order/v1/delivery/voucher/reveal", { headers: { ...headers.buyer, lan: "zh-HK" }, body: { orderId, code: "12" } });
  expect(wrongZh.body).toMatchObject({ statusCode: CODES.invalidParam, message: "請輸入 4 位數字驗證碼。" });
  const revealed = await call("/user/order/v1/delivery/voucher/reveal", { headers: headers.buyer, body: { orderId, code } });
  expect(revealed.body.data).toMatchObject({ eTicket: { revealed: true }, actions: ["downloadFiles"] });

  const file = await SELF.fetch(`${ORIGIN}/user/order/v1/delivery/file?orderId=${orderId}&fileId=${fileId}`, { headers: headers.buyer });
  expect(file.status).toBe(200);
  expect(file.headers.get("content-type")).toBe("application/pdf");
  expect(file.headers.get("content-disposition")).toBe(
    `attachment; filename="e-ticket-${order.orderNo}.pdf"; filename*=UTF-8''e-ticket-${order.orderNo}.pdf`,
  );
  expect(new TextDecoder().decode(await file.arrayBuffer()).startsWith("%PDF-1.4")).toBe(true);
});

test("the API's e-ticket download carries the same safe headers as the web app's: never sniffed, sandboxed", async () => {
  const { orderId, headers } = await paidThroughApi({ method: "E_TICKET", eTicketReady: true });
  const detail = await call(`/user/order/v1/delivery/detail?orderId=${orderId}`, { headers: headers.buyer });
  const { code } = (await call("/user/order/v1/delivery/voucher/start", { headers: headers.buyer, body: { orderId } })).body.data;
  await call("/user/order/v1/delivery/voucher/reveal", { headers: headers.buyer, body: { orderId, code } });
  const file = await SELF.fetch(`${ORIGIN}/user/order/v1/delivery/file?orderId=${orderId}&fileId=${detail.body.data.eTicket.files[0].id}`, {
    headers: headers.buyer,
  });
  expect(file.status).toBe(200);
  expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(file.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
  expect(file.headers.get("Cache-Control")).toBe("private, no-store");
  await file.arrayBuffer();
});

test("the voucher's wrong-code message is in the buyer's language", async () => {
  const { orderId, headers } = await paidThroughApi({ method: "E_TICKET", eTicketReady: true });
  const { code } = (await call("/user/order/v1/delivery/voucher/start", { headers: headers.buyer, body: { orderId } })).body.data;
  const wrong = await call("/user/order/v1/delivery/voucher/reveal", {
    headers: { ...headers.buyer, lan: "zh-HK" },
    body: { orderId, code: code === "0000" ? "1111" : "0000" },
  });
  expect(wrong.body.message).toBe(`驗證碼錯誤，請輸入驗證碼：${code}`);
});

test("a provider uploads a PDF through the console API and delivers it; the buyer gets it with its name", async () => {
  const { orderId, headers } = await paidThroughApi({ method: "E_TICKET" });
  const refused = await upload(orderId, headers.provider, new File(["hello"], "notes.txt", { type: "text/plain" }));
  expect((await refused.json()) as Envelope).toMatchObject({ statusCode: CODES.eTicketFileInvalid, message: "E-tickets must be PDF files of up to 10 MB." });

  const uploaded = await upload(orderId, headers.provider, new File([pdfBytes("row F")], "座位 F11.pdf", { type: "application/pdf" }));
  expect(((await uploaded.json()) as Envelope).data).toMatchObject({ delivery: { eTicket: { files: [{ fileName: "座位 F11.pdf" }] } } });
  expect((await call("/provider/v1/order/e_ticket/deliver", { headers: headers.provider, body: { orderId } })).body.data.delivery.state).toBe("delivered");

  const { code } = (await call("/user/order/v1/delivery/voucher/start", { headers: headers.buyer, body: { orderId } })).body.data;
  const view = (await call("/user/order/v1/delivery/voucher/reveal", { headers: headers.buyer, body: { orderId, code } })).body.data;
  const file = await SELF.fetch(`${ORIGIN}/user/order/v1/delivery/file?orderId=${orderId}&fileId=${view.eTicket.files[0].id}`, { headers: headers.buyer });
  expect(file.headers.get("content-disposition")).toBe(`attachment; filename="__ F11.pdf"; filename*=UTF-8''${encodeURIComponent("座位 F11.pdf")}`);
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdfBytes("row F"));
});

test("SELF_PICKUP through the API: details, ready, the buyer confirms, and the code no longer works", async () => {
  const { orderId, startsAt, headers } = await paidThroughApi({ method: "SELF_PICKUP" });
  const details = { orderId, at: startsAt - HOUR, location: "Counter 3", providerPhone: "+852 6000 0000" };
  expect((await call("/provider/v1/order/pickup/details", { headers: headers.provider, body: details })).body.data.actions).toContain("markReadyForPickup");
  await call("/provider/v1/order/pickup/ready", { headers: headers.provider, body: { orderId } });
  const seen = (await call(`/user/order/v1/delivery/detail?orderId=${orderId}`, { headers: headers.buyer })).body.data;
  expect(seen).toMatchObject({ state: "ready_for_pickup", pickup: { location: "Counter 3", providerPhone: "+852 6000 0000" } });

  const confirmed = await call("/user/order/v1/delivery/pickup/confirm", { headers: headers.buyer, body: { orderId } });
  expect(confirmed.body.data).toMatchObject({ state: "picked_up", pickup: { code: null } });
  const again = await call("/user/order/v1/delivery/pickup/confirm", { headers: headers.buyer, body: { orderId } });
  expect(again.body).toMatchObject({ statusCode: CODES.pickupAlreadyDone, message: "Pickup unavailable: this order has already been picked up." });
  const counter = await call("/provider/v1/order/pickup/collect", { headers: headers.provider, body: { orderId, code: seen.pickup.code } });
  expect(counter.body.statusCode).toBe(CODES.pickupAlreadyDone);
});

test("EXPRESS, transfer and redemption steps through the API", async () => {
  const express = await paidThroughApi({ method: "EXPRESS" });
  await call("/provider/v1/order/ship", { headers: express.headers.provider, body: { orderId: express.orderId, carrier: "SF", trackingNo: "SF1" } });
  expect((await call("/user/order/v1/delivery/receipt/confirm", { headers: express.headers.buyer, body: { orderId: express.orderId } })).body.data.state).toBe("received");

  const transfer = await paidThroughApi({ method: "TICKET_TRANSFER" });
  await call("/provider/v1/order/transfer/send", { headers: transfer.headers.provider, body: { orderId: transfer.orderId, to: "mei@example.com", ref: "T1" } });
  expect((await call("/user/order/v1/delivery/transfer/accept", { headers: transfer.headers.buyer, body: { orderId: transfer.orderId } })).body.data.state).toBe(
    "transfer_accepted",
  );

  const redemption = await paidThroughApi({ method: "CUSTOMER_REDEMPTION" });
  await call("/provider/v1/order/redemption/issue", { headers: redemption.headers.provider, body: { orderId: redemption.orderId, code: "R-1" } });
  const redeemed = await call("/provider/v1/order/redemption/redeemed", { headers: redemption.headers.provider, body: { orderId: redemption.orderId } });
  expect(redeemed.body.data.delivery).toMatchObject({ state: "redeemed", redemption: { code: "R-1" } });
});

test("a buyer gets not found from both consoles, and a guest is asked to sign in", async () => {
  const { orderId, headers } = await paidThroughApi({ method: "EXPRESS" });
  for (const [path, body] of [
    ["/provider/v1/order/list", undefined],
    [`/provider/v1/order/detail?orderId=${orderId}`, undefined],
    ["/provider/v1/order/ship", { orderId, carrier: "SF", trackingNo: "1" }],
    ["/support/v1/order/list", undefined],
    [`/support/v1/order/detail?orderId=${orderId}`, undefined],
    ["/support/v1/order/intervene", { orderId, action: "void_and_refund", reason: "x" }],
  ] as const) {
    const answer = await call(path, { headers: headers.buyer, body });
    expect(answer.status).toBe(404);
    expect(answer.body.statusCode).toBe(CODES.notFound);
  }
  expect((await call("/provider/v1/order/list")).body.statusCode).toBe(CODES.notLogin);
  expect((await call(`/user/order/v1/delivery/detail?orderId=${orderId}`)).body.statusCode).toBe(CODES.notLogin);
});

test("another account's order is not found through the API", async () => {
  const mine = await paidThroughApi({ method: "EXPRESS" });
  const theirs = await paidThroughApi({ method: "EXPRESS" });
  const answer = await call(`/user/order/v1/delivery/detail?orderId=${theirs.orderId}`, { headers: mine.headers.buyer });
  expect(answer.status).toBe(404);
  const ship = await call("/provider/v1/order/ship", { headers: mine.headers.provider, body: { orderId: theirs.orderId, carrier: "SF", trackingNo: "1" } });
  expect(ship.status).toBe(404);
});

test("support searches, reads and intervenes through the API", async () => {
  const { orderId, order, headers } = await paidThroughApi({ method: "TICKET_TRANSFER" });
  const found = await call(`/support/v1/order/list?query=${order.orderNo}`, { headers: headers.support });
  expect(found.body.data).toMatchObject({ total: 1, list: [{ id: orderId }] });
  const noReason = await call("/support/v1/order/intervene", { headers: headers.support, body: { orderId, action: "complete_on_behalf", reason: "" } });
  expect(noReason.body).toMatchObject({ statusCode: CODES.invalidParam, message: "Give a reason: the buyer will see it in the order's timeline." });
  const done = await call("/support/v1/order/intervene", { headers: headers.support, body: { orderId, action: "complete_on_behalf", reason: "Sent by hand" } });
  expect(done.body.data.delivery).toMatchObject({ state: "transfer_accepted" });
  expect((await call(`/support/v1/order/detail?orderId=${orderId}`, { headers: headers.support })).body.data.actions).toEqual([]);
});
