/**
 * Apple Wallet passes for Ovation entry tickets (market/entry/apple-wallet.ts): signed by the
 * pass signer Worker with the tests' own certificate, checked here with pkijs against its CA; the
 * pass web service Apple's devices call, through the real Worker; and what a resale or transfer
 * does to the pass and its code at the door.
 */
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import * as pkijs from "pkijs";
import { expect, test, vi } from "vitest";
import worker from "../../functions/worker";
import * as schema from "../../functions/db/schema";
import { createOrder } from "../../functions/market/orders";
import { resellOrder } from "../../functions/market/selling";
import { admitScans, applePassForHolder, tellMovedPasses, transferEntryTicket } from "../../functions/market/entry";
import { APNS_RELAY_ORIGIN } from "../support/apns-relay-double";
import { TEST_WWDR_CERTIFICATE } from "../support/pass-certificates";
import { clockAt, CONTACT, makeBuyer, marketFor, paySandbox, T0, testDb } from "./support/buying";
import { DAY } from "./support/delivery";
import { ORIGIN } from "./support/api";
import { listFor, listingForm, sellerOn, sessionOnSale, TRADER_PROFILE } from "./support/selling";

pkijs.setEngine("workerd", new pkijs.CryptoEngine({ name: "workerd", crypto }));

const PASS_TYPE = "pass.test.ovation.ticket";

/** A trader's entry-code listing of Row 6 and a fan's paid order of two of its tickets. */
async function fanWithTickets(language: "en-US" | "zh-HK" = "en-US") {
  const clock = clockAt();
  const organiser = await sellerOn(clock, TRADER_PROFILE);
  const session = await sessionOnSale({ startsAt: T0 + 30 * DAY });
  const { listingId } = await listFor(organiser, listingForm(session, { price: "880", eTicketTiming: "codes" }));
  const fanId = await makeBuyer({ language });
  const fan = marketFor(fanId, clock, { language });
  const order = await createOrder(fan, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(fan, clock, order);
  return { clock, organiser, session, fan, fanId, order, ticketId: order.id * 100 + 1 };
}

interface PassJson {
  passTypeIdentifier: string;
  teamIdentifier: string;
  serialNumber: string;
  authenticationToken: string;
  webServiceURL: string;
  voided: boolean;
  barcodes: { format: string; message: string; altText: string }[];
  relevantDate: string;
  locations: { latitude: number; longitude: number }[];
  eventTicket: Record<string, { key: string; label: string; value: string }[]>;
  semantics: { eventName: string; seats: unknown[] };
}

/** The files of a .pkpass (a zip) and its pass.json. */
function openPass(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  return { files, json: JSON.parse(strFromU8(files["pass.json"])) as PassJson };
}

/** The service's plain answer (Apple's statuses, no API envelope). */
function service(path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `ApplePass ${init.token}`);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return SELF.fetch(`${ORIGIN}/wallet/apple/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
}

const registrationPath = (device: string, ticketId: number) => `/devices/${device}/registrations/${PASS_TYPE}/${ticketId}`;

async function toldTokens(token: string): Promise<string[]> {
  return (await (await fetch(`${APNS_RELAY_ORIGIN}/__told?token=${token}`)).json()) as string[];
}

test("a pass is signed over its manifest by the pass certificate, whose chain verifies against the test CA", async () => {
  const { fan, ticketId } = await fanWithTickets();

  const { files, json } = openPass(await applePassForHolder(fan, ticketId));

  expect(Object.keys(files).sort()).toEqual(["icon.png", "icon@2x.png", "icon@3x.png", "logo.png", "logo@2x.png", "manifest.json", "pass.json", "signature"]);
  const manifest = JSON.parse(strFromU8(files["manifest.json"])) as Record<string, string>;
  expect(Object.keys(manifest).sort()).toEqual(["icon.png", "icon@2x.png", "icon@3x.png", "logo.png", "logo@2x.png", "pass.json"]);
  for (const [name, digest] of Object.entries(manifest)) {
    const sha1 = [...new Uint8Array(await crypto.subtle.digest("SHA-1", files[name].slice()))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    expect(digest, name).toBe(sha1);
  }

  const content = pkijs.ContentInfo.fromBER(files.signature.slice().buffer);
  const signed = new pkijs.SignedData({ schema: content.content });
  const ca = pkijs.Certificate.fromBER(Uint8Array.from(atob(TEST_WWDR_CERTIFICATE.replace(/-----[A-Z ]+-----|\s/g, "")), (char) => char.charCodeAt(0)));
  const signer = signed.certificates!.find((one) => one instanceof pkijs.Certificate && one.subject.typesAndValues.some((tv) => tv.value.valueBlock.value === `Pass Type ID: ${PASS_TYPE}`)) as pkijs.Certificate;
  expect(signer.issuer.isEqual(ca.subject)).toBe(true);
  const verified = await signed.verify({ signer: 0, data: files["manifest.json"].slice().buffer, trustedCerts: [ca], checkChain: true });
  expect(verified).toBe(true);
  // The same signature over a manifest changed by one byte does not verify.
  const tampered = files["manifest.json"].slice();
  tampered[10] ^= 1;
  await expect(signed.verify({ signer: 0, data: tampered.buffer, trustedCerts: [ca], checkChain: true }).catch(() => false)).resolves.toBe(false);
});

test("the pass names the ticket, its seat and venue, and carries its fixed wallet code, which the door lets in once", async () => {
  const { fan, organiser, session, ticketId } = await fanWithTickets();

  const { json } = openPass(await applePassForHolder(fan, ticketId));

  expect(json).toMatchObject({
    passTypeIdentifier: PASS_TYPE,
    teamIdentifier: "OVATIONTST",
    serialNumber: String(ticketId),
    webServiceURL: "http://127.0.0.1:8787/wallet/apple",
    voided: false,
    relevantDate: new Date(T0 + 30 * DAY).toISOString(),
    sharingProhibited: true,
  });
  expect(json.authenticationToken).toMatch(new RegExp(`^pass\\.${ticketId}\\.1\\.en\\.[A-Za-z0-9_-]{43}$`));
  expect(json.eventTicket.auxiliaryFields).toEqual([
    { key: "section", label: "SECTION", value: expect.any(String) },
    { key: "row", label: "ROW", value: "6" },
    { key: "seat", label: "SEAT", value: "1" },
  ]);
  expect(json.barcodes).toHaveLength(1);
  expect(json.barcodes[0]).toMatchObject({ format: "PKBarcodeFormatQR", altText: `#${ticketId}` });
  expect(json.barcodes[0].message).toMatch(new RegExp(`^OVW1\\.${ticketId}\\.[0-9]{8}$`));

  const [admitted, again] = await admitScans(organiser.market, session.sessionId, [
    { payload: json.barcodes[0].message, gate: "North 1" },
    { payload: json.barcodes[0].message, gate: "South 2" },
  ]);
  expect(admitted).toMatchObject({ result: "admitted", ticket: { id: ticketId, seat: "1" } });
  expect(again).toMatchObject({ result: "alreadyAdmitted", first: { gate: "North 1" } });
});

test("in Chinese the pass's labels and terms are Chinese", async () => {
  const { fan, ticketId } = await fanWithTickets("zh-HK");

  const { json } = openPass(await applePassForHolder(fan, ticketId));

  expect(json.authenticationToken).toMatch(new RegExp(`^pass\\.${ticketId}\\.1\\.zh\\.`));
  expect(json.eventTicket.auxiliaryFields.map((field) => field.label)).toEqual(["區域", "行", "座位"]);
  expect(json.eventTicket.backFields.at(-1)).toEqual({
    key: "terms",
    label: "入場須知",
    value: "入場時出示此二維碼一次。門票轉售或轉贈後此碼即失效；Ovation 的門票頁面一直顯示有效的二維碼。",
  });
});

test("after a transfer the sender's device is woken, its pass comes back void, its code is refused, and the friend's pass is let in", async () => {
  const { clock, fan, organiser, session, ticketId } = await fanWithTickets();
  const { json: senders } = openPass(await applePassForHolder(fan, ticketId));
  const registered = await service(registrationPath("sender-phone-1", ticketId), { token: senders.authenticationToken, body: { pushToken: "aa01" } });
  const again = await service(registrationPath("sender-phone-1", ticketId), { token: senders.authenticationToken, body: { pushToken: "aa02" } });
  expect([registered.status, again.status]).toEqual([201, 200]);

  const friendId = await makeBuyer();
  const [friendRow] = await testDb.select().from(schema.users).where(eq(schema.users.id, friendId));
  await transferEntryTicket(fan, ticketId, { email: friendRow.email! });
  expect(await tellMovedPasses(fan)).toBe(1);
  expect(await tellMovedPasses(fan)).toBe(0);

  expect(await toldTokens("aa02")).toEqual([PASS_TYPE]);
  expect(await toldTokens("aa01")).toEqual([]);
  const changed = await service(`/devices/sender-phone-1/registrations/${PASS_TYPE}?passesUpdatedSince=0`);
  const [row] = await testDb.select().from(schema.entryTickets).where(eq(schema.entryTickets.id, ticketId));
  expect(await changed.json()).toEqual({ serialNumbers: [String(ticketId)], lastUpdated: String(row.updatedAt) });
  const nothingNewer = await service(`/devices/sender-phone-1/registrations/${PASS_TYPE}?passesUpdatedSince=${row.updatedAt}`);
  expect(nothingNewer.status).toBe(204);

  const fetched = await service(`/passes/${PASS_TYPE}/${ticketId}`, { token: senders.authenticationToken });
  expect(fetched.status).toBe(200);
  expect(fetched.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
  const { json: voided } = openPass(new Uint8Array(await fetched.arrayBuffer()));
  expect(voided).toMatchObject({ voided: true, barcodes: [] });
  expect(voided.eventTicket.backFields.at(-1)?.value).toBe("This ticket has moved to its new holder and no longer opens the door.");

  const friend = marketFor(friendId, clock);
  const { json: friends } = openPass(await applePassForHolder(friend, ticketId));
  expect(friends.authenticationToken).toMatch(new RegExp(`^pass\\.${ticketId}\\.2\\.en\\.`));
  const [refused] = await admitScans(organiser.market, session.sessionId, [{ payload: senders.barcodes[0].message, gate: "North 1" }]);
  const [admitted] = await admitScans(organiser.market, session.sessionId, [{ payload: friends.barcodes[0].message, gate: "North 1" }]);
  expect(refused).toMatchObject({ result: "invalidCode", ticket: { id: ticketId } });
  expect(admitted).toMatchObject({ result: "admitted", ticket: { id: ticketId } });
});

test("after a resale the old holder's wallet code is refused and the minute's chore wakes their device; a gone token is dropped", async () => {
  const { clock, fan, organiser, session, order, ticketId } = await fanWithTickets();
  const { json: old } = openPass(await applePassForHolder(fan, ticketId));
  await service(registrationPath("seller-phone", ticketId), { token: old.authenticationToken, body: { pushToken: "bb01" } });
  await service(registrationPath("seller-watch", ticketId), { token: old.authenticationToken, body: { pushToken: "bb02" } });
  await fetch(`${APNS_RELAY_ORIGIN}/__gone?token=bb02`);

  const { listingId } = await resellOrder(fan, { orderId: order.id, price: "800" });
  const buyer = marketFor(await makeBuyer(), clock);
  const resale = await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(buyer, clock, resale);

  const [refused] = await admitScans(organiser.market, session.sessionId, [{ payload: old.barcodes[0].message, gate: "North 1" }]);
  expect(refused).toMatchObject({ result: "invalidCode" });
  const context = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), env, context);
  await waitOnExecutionContext(context);
  expect(await toldTokens("bb01")).toEqual([PASS_TYPE]);
  const left = await testDb.select({ device: schema.applePassRegistrations.deviceLibraryId }).from(schema.applePassRegistrations).where(eq(schema.applePassRegistrations.ticketId, ticketId));
  expect(left).toEqual([{ device: "seller-phone" }]);
});

test("when the event moves to another time, its passes' devices are woken and the pass they fetch has the new date", async () => {
  const { fan, session, ticketId } = await fanWithTickets();
  const { json } = openPass(await applePassForHolder(fan, ticketId));
  await service(registrationPath("event-phone", ticketId), { token: json.authenticationToken, body: { pushToken: "ee01" } });
  expect(await tellMovedPasses(fan)).toBe(0);

  await env.DB.prepare("UPDATE sessions SET starts_at = ? WHERE id = ?").bind(T0 + 31 * DAY, session.sessionId).run();

  expect(await tellMovedPasses(fan)).toBe(1);
  expect(await toldTokens("ee01")).toEqual([PASS_TYPE]);
  const fetched = await service(`/passes/${PASS_TYPE}/${ticketId}`, { token: json.authenticationToken });
  const { json: moved } = openPass(new Uint8Array(await fetched.arrayBuffer()));
  expect(moved).toMatchObject({ voided: false, relevantDate: new Date(T0 + 31 * DAY).toISOString() });
  expect(moved.barcodes[0].message).toBe(json.barcodes[0].message);
});

test("the service refuses a token of another ticket or none, a bad body, another pass type, and answers 304 when nothing changed", async () => {
  const { fan, ticketId } = await fanWithTickets();
  const { json } = openPass(await applePassForHolder(fan, ticketId));
  const { json: other } = openPass(await applePassForHolder(fan, ticketId + 1));
  const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);

  const answers = await Promise.all([
    service(registrationPath("phone", ticketId), { token: other.authenticationToken, body: { pushToken: "cc01" } }),
    service(registrationPath("phone", ticketId), { body: { pushToken: "cc01" } }),
    service(registrationPath("phone", ticketId), { token: `${json.authenticationToken.slice(0, -2)}xx`, body: { pushToken: "cc01" } }),
    service(registrationPath("phone", ticketId), { token: json.authenticationToken, body: "{not json" }),
    service(registrationPath("phone", ticketId), { token: json.authenticationToken, body: { pushToken: 42 } }),
    service(`/devices/phone/registrations/pass.other.example/${ticketId}`, { token: json.authenticationToken, body: { pushToken: "cc01" } }),
    service(`/passes/${PASS_TYPE}/${ticketId}`, { token: other.authenticationToken }),
    service(`/passes/${PASS_TYPE}/${ticketId}`, { token: json.authenticationToken, headers: { "if-modified-since": new Date(T0 + DAY).toUTCString() } }),
    service(`/passes/${PASS_TYPE}/${ticketId}`, { token: json.authenticationToken, headers: { "if-modified-since": new Date(T0 - DAY).toUTCString() } }),
    service("/log", { body: { logs: ["[2026-11-30] Web service error for pass.test.ovation.ticket"] } }),
    service("/log", { body: { logs: "not a list" } }),
  ]);

  expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 400, 400, 401, 401, 304, 200, 200, 400]);
  expect(await testDb.select().from(schema.applePassRegistrations).where(eq(schema.applePassRegistrations.ticketId, ticketId))).toEqual([]);
  expect(warned.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
    { level: "warn", message: "apple wallet device log", logs: ["[2026-11-30] Web service error for pass.test.ovation.ticket"] },
  ]);
  warned.mockRestore();
});

test("thirty devices registering one pass at once: ten are kept, twenty refused", async () => {
  const { fan, ticketId } = await fanWithTickets();
  const { json } = openPass(await applePassForHolder(fan, ticketId));

  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) => service(registrationPath(`device-${i}`, ticketId), { token: json.authenticationToken, body: { pushToken: `dd${i}` } })),
  );

  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(10);
  expect(statuses.filter((status) => status === 403)).toHaveLength(20);
  expect(await testDb.select().from(schema.applePassRegistrations).where(eq(schema.applePassRegistrations.ticketId, ticketId))).toHaveLength(10);
});
