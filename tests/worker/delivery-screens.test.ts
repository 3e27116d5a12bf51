/**
 * The buyer's delivery screens through the web door: the e-ticket files' resource route (the
 * owner only, after the scratch code), the scratch voucher's refusals, the pickup ticket with its
 * confirmation step and SPEC §8's refusals in both languages, the not-applicable page, and the
 * buyer's steps posted from the delivery block.
 */
import { env } from "cloudflare:test";
import { describe, expect, test } from "vitest";
import type { DeliveryMethod } from "../../functions/db/schema";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import {
  deliverETickets,
  getDeliveryForBuyer,
  markCollected,
  markReadyForPickup,
  markShipped,
  revealVoucher,
  setPickupDetails,
  startVoucher,
  uploadETicket,
} from "../../functions/market/delivery";
import { SESSION_COOKIE } from "../../functions/web/session";
import enErrors from "../../functions/market/translations/locales/en-US/errors.json";
import zhErrors from "../../functions/market/translations/locales/zh-HK/errors.json";
import { makeBuyer } from "./support/buying";
import { ORIGIN, page } from "./support/api";
import { refusal } from "./support/after-sales";
import { paidDelivery, pdfBytes } from "./support/delivery";

const DAY = 24 * 60 * 60_000;

async function cookieFor(userId: number, language = "en-US"): Promise<string> {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return `${SESSION_COOKIE}=${session.token}; language=${language}`;
}

function visit(path: string, cookie = "", form?: Record<string, string>) {
  const headers = new Headers({ cookie });
  if (!form) return page(path, { headers });
  headers.set("content-type", "application/x-www-form-urlencoded");
  return page(path, { method: "POST", headers, body: new URLSearchParams(form).toString() });
}

/** A buyer's paid order delivered by `method` on the real clock (pages read it), its provider, and the buyer's cookie. */
async function paidOrderBy(method: DeliveryMethod, options: { language?: string } = {}) {
  const made = await paidDelivery({ method, at: Date.now() });
  return { orderId: made.orderId, buyer: made.buyer, provider: made.provider.market, cookie: await cookieFor(made.buyerId, options.language) };
}

/** An E_TICKET order whose provider uploaded one PDF and delivered it. */
async function deliveredETicket(options: { revealed?: boolean } = {}) {
  const made = await paidOrderBy("E_TICKET");
  await uploadETicket(made.provider, made.orderId, { name: "Row F seats 11-12.pdf", type: "application/pdf", bytes: pdfBytes() });
  await deliverETickets(made.provider, made.orderId);
  if (options.revealed) {
    const voucher = await startVoucher(made.buyer, made.orderId);
    await revealVoucher(made.buyer, made.orderId, voucher.code);
  }
  const delivery = await getDeliveryForBuyer(made.buyer, made.orderId);
  const fileId = delivery!.eTicket!.files[0].id;
  return { ...made, fileId, filePath: `/media/e-ticket/${made.orderId}/${fileId}.pdf` };
}

/** A SELF_PICKUP order the provider has made ready; answers its pickup code. */
async function readyPickup(options: { language?: string } = {}) {
  const made = await paidOrderBy("SELF_PICKUP", options);
  await setPickupDetails(made.provider, made.orderId, { at: Date.now() + 20 * DAY, location: "Counter 3, Harbour Arena", remark: "Bring your ID", providerPhone: "+852 6000 0000" });
  await markReadyForPickup(made.provider, made.orderId);
  const delivery = await getDeliveryForBuyer(made.buyer, made.orderId);
  return { ...made, code: delivery!.pickup!.code! };
}

/** The text of a page with its markup and entities taken out, for looking for sentences. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

describe("the e-ticket files' resource route", () => {
  test("the buyer who entered the scratch code downloads the PDF itself, as an attachment nobody caches", async () => {
    const { cookie, filePath } = await deliveredETicket({ revealed: true });
    const response = await visit(filePath, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="Row F seats 11-12\.pdf"/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    expect(bytes.length).toBe(pdfBytes().length);
  });

  test("before the scratch code is entered the file is refused", async () => {
    const { cookie, filePath } = await deliveredETicket();
    expect((await visit(filePath, cookie)).status).toBe(403);
  });

  test("another account, a guest, an unknown file and a malformed address all get not found", async () => {
    const { orderId, filePath } = await deliveredETicket({ revealed: true });
    const stranger = await cookieFor(await makeBuyer());
    expect((await visit(filePath, stranger)).status).toBe(404);
    expect((await visit(filePath)).status).toBe(404);
    const { cookie } = await deliveredETicket({ revealed: true });
    // A file of another order, asked for under the buyer's own order.
    expect((await visit(`/media/e-ticket/${orderId}/${filePath.split("/").pop()}`, cookie)).status).toBe(404);
    expect((await visit(`/media/e-ticket/${orderId}/999999999.pdf`, cookie)).status).toBe(404);
    expect((await visit(`/media/e-ticket/${orderId}/1.exe`, cookie)).status).toBe(404);
  });
});

describe("the scratch voucher", () => {
  test("scratching shows a 4-digit code; a wrong code is refused with SPEC's sentence naming it; the right one opens the voucher", async () => {
    const { cookie, orderId } = await deliveredETicket();
    const before = textOf(await (await visit(`/e-ticket?id=${orderId}`, cookie)).text());
    expect(before).toContain("Scratch for your code");

    const scratched = await visit(`/e-ticket?id=${orderId}`, cookie, { intent: "scratch" });
    expect(scratched.status).toBe(200);
    const code = /data-testid="scratch-code"[^>]*>(\d{4})</.exec(await scratched.text())?.[1];
    expect(code).toMatch(/^\d{4}$/);

    const wrongCode = code === "0000" ? "1111" : "0000";
    const wrong = await visit(`/e-ticket?id=${orderId}`, cookie, { intent: "reveal", code: wrongCode, shownCode: code! });
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain(`Verification code error. Please enter the verification code: ${code}`);

    const malformed = await visit(`/e-ticket?id=${orderId}`, cookie, { intent: "reveal", code: "12a" });
    expect(malformed.status).toBe(400);

    const right = await visit(`/e-ticket?id=${orderId}`, cookie, { intent: "reveal", code: code! });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe(`/e-ticket?id=${orderId}`);
    const voucher = textOf(await (await visit(`/e-ticket?id=${orderId}`, cookie)).text());
    expect(voucher).toContain("Row F seats 11-12.pdf");
    expect(voucher).toMatch(/Please check the e-ticket within \d+ minutes before the event\./);
  });

  test("the PDF download page links each file once the voucher is open, and points to the voucher before", async () => {
    const locked = await deliveredETicket();
    const lockedHtml = await (await visit(`/pdf-download?id=${locked.orderId}`, locked.cookie)).text();
    expect(lockedHtml).toContain(`href="/e-ticket?id=${locked.orderId}"`);
    expect(lockedHtml).not.toContain("/media/e-ticket/");

    const open = await deliveredETicket({ revealed: true });
    const html = await (await visit(`/pdf-download?id=${open.orderId}`, open.cookie)).text();
    expect(html).toContain(`href="${open.filePath}"`);
  });

  test("another account's order is not found on the voucher and the download page", async () => {
    const { orderId } = await deliveredETicket();
    const stranger = await cookieFor(await makeBuyer());
    expect((await visit(`/e-ticket?id=${orderId}`, stranger)).status).toBe(404);
    expect((await visit(`/e-ticket?id=${orderId}`, stranger, { intent: "scratch" })).status).toBe(404);
    expect((await visit(`/pdf-download?id=${orderId}`, stranger)).status).toBe(404);
  });
});

describe("the pickup ticket", () => {
  test("shows the code, the details and a confirm button; confirming takes a confirmation step, then the code stops working", async () => {
    const { cookie, orderId, code, provider } = await readyPickup();
    const html = await (await visit(`/pickup-ticket?id=${orderId}`, cookie)).text();
    const text = textOf(html);
    expect(text).toContain(code);
    expect(text).toContain("Counter 3, Harbour Arena");
    expect(text).toContain("Bring your ID");
    expect(html).toContain('href="tel:+85260000000"');

    const step = await visit(`/pickup-ticket?id=${orderId}`, cookie, { intent: "review" });
    expect(step.status).toBe(200);
    expect(textOf(await step.text())).toContain("Have you got your tickets?");

    const confirmed = await visit(`/pickup-ticket?id=${orderId}`, cookie, { intent: "confirm" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(`/pickup-ticket?id=${orderId}`);
    const after = textOf(await (await visit(`/pickup-ticket?id=${orderId}`, cookie)).text());
    expect(after).toContain("Picked up");
    expect(after).not.toContain(code);

    const again = await visit(`/pickup-ticket?id=${orderId}`, cookie, { intent: "confirm" });
    expect(again.status).toBe(400);
    expect(textOf(await again.text())).toContain(enErrors.pickupAlreadyDone);
    expect((await refusal(markCollected(provider, orderId, { code }))).messageKey).toBe("pickupAlreadyDone");
  });

  test("the review step does not confirm pickup", async () => {
    const { cookie, orderId, buyer } = await readyPickup();
    await visit(`/pickup-ticket?id=${orderId}`, cookie, { intent: "review" });
    expect((await getDeliveryForBuyer(buyer, orderId))!.state).toBe("ready_for_pickup");
  });

  test("an order not yet ready says SPEC's 'not ready for self-pickup', and confirming it is refused, in Traditional Chinese too", async () => {
    const { cookie, orderId } = await paidOrderBy("SELF_PICKUP", { language: "zh-HK" });
    const html = textOf(await (await visit(`/pickup-ticket?id=${orderId}`, cookie)).text());
    expect(html).toContain(zhErrors.pickupNotReady);
    const refused = await visit(`/pickup-ticket?id=${orderId}`, cookie, { intent: "confirm" });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain(zhErrors.pickupNotReady);
  });

  test("another account's order and an unknown one read as 'does not exist'", async () => {
    const { orderId } = await readyPickup();
    const stranger = await cookieFor(await makeBuyer());
    const foreign = await visit(`/pickup-ticket?id=${orderId}`, stranger);
    expect(foreign.status).toBe(404);
    expect(textOf(await foreign.text())).toContain(enErrors.pickupOrderMissing);
    const confirm = await visit(`/pickup-ticket?id=${orderId}`, stranger, { intent: "confirm" });
    expect(textOf(await confirm.text())).toContain(enErrors.pickupOrderMissing);
    expect((await visit(`/pickup-ticket?id=999999999`, stranger)).status).toBe(404);
  });

  test("an order of another method goes to pickup-ticket-na, which names the method and links the order; a pickup order goes the other way", async () => {
    const eTicket = await paidOrderBy("E_TICKET");
    const sent = await visit(`/pickup-ticket?id=${eTicket.orderId}`, eTicket.cookie);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/pickup-ticket-na?id=${eTicket.orderId}`);
    const na = await (await visit(`/pickup-ticket-na?id=${eTicket.orderId}`, eTicket.cookie)).text();
    expect(textOf(na)).toContain("This order's tickets come by E-ticket, not by self-pickup.");
    expect(na).toContain(`href="/order-detail?id=${eTicket.orderId}"`);

    const stranger = await cookieFor(await makeBuyer());
    const missing = await visit(`/pickup-ticket-na?id=${eTicket.orderId}`, stranger);
    expect(missing.headers.get("location")).toBe(`/pickup-ticket?id=${eTicket.orderId}`);

    const pickup = await paidOrderBy("SELF_PICKUP");
    const back = await visit(`/pickup-ticket-na?id=${pickup.orderId}`, pickup.cookie);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(`/pickup-ticket?id=${pickup.orderId}`);
  });

  test("a guest is sent to sign in and brought back", async () => {
    const response = await visit("/pickup-ticket?id=1");
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, ORIGIN).searchParams.get("redirectTo")).toBe("/pickup-ticket?id=1");
  });
});

describe("the buyer's steps from the delivery block", () => {
  test("confirming receipt of a shipped order goes back to the page with a toast", async () => {
    const { cookie, orderId, provider, buyer } = await paidOrderBy("EXPRESS");
    await markShipped(provider, orderId, { carrier: "SF Express", trackingNo: "SF1234567890" });
    const response = await visit("/delivery-step", cookie, { intent: "confirmReceipt", orderId: String(orderId), returnTo: `/order-detail?id=${orderId}` });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/order-detail?id=${orderId}`);
    expect(response.headers.get("set-cookie")).toContain("toast=");
    expect((await getDeliveryForBuyer(buyer, orderId))!.state).toBe("received");
  });

  test("a step the delivery does not allow comes back with the refusal, and another account's order is not found", async () => {
    const { cookie, orderId } = await paidOrderBy("EXPRESS");
    const refused = await visit("/delivery-step", cookie, { intent: "confirmReceipt", orderId: String(orderId), returnTo: "https://evil.example/" });
    expect(refused.status).toBe(302);
    // A return address off the site is never followed.
    expect(refused.headers.get("location")).toBe(`/order-detail?id=${orderId}`);
    const stranger = await cookieFor(await makeBuyer());
    expect((await visit("/delivery-step", stranger, { intent: "confirmReceipt", orderId: String(orderId) })).status).toBe(404);
  });
});
