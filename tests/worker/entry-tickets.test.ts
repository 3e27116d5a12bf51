/**
 * Tickets at the gate: a listing whose entry codes Ovation issues gives each paid ticket a holder
 * secret; the door takes the holder's current code once; a resale or a transfer puts a new secret
 * in the write that hands the ticket over, so the old holder's code (and any screenshot of it) is
 * refused from then on. The door's answers are checked through admitScans, the same call the
 * scanner makes online and on sync.
 */
import { env } from "cloudflare:test";
import { importSPKI, jwtVerify } from "jose";
import { expect, test } from "vitest";
import { CODES } from "../../functions/market/errors";
import { createOrder } from "../../functions/market/orders";
import { resellOrder } from "../../functions/market/selling";
import { fromBase64url } from "../../functions/market/context/crypto";
import { entryCodeAt } from "../../functions/market/entry/entry-code";
import { admitScans, admissionsSince, doorManifest, entryTicketForHolder, heldEntryTickets, transferEntryTicket } from "../../functions/market/entry";
import { googleWalletLink } from "../../functions/market/entry/google-wallet";
import { LOCAL_DEMO_WALLET_PUBLIC_KEY } from "../../functions/market/entry/google-wallet-demo-key";
import { countingProvider, parsedApplication, refusal, supportOn } from "./support/after-sales";
import { applyForAfterSale, decideCase, decideSchema } from "../../functions/market/aftersales";
import { clockAt, CONTACT, makeBuyer, marketFor, paySandbox, T0, testDb } from "./support/buying";
import { DAY, tokenHeaders } from "./support/delivery";
import { api } from "./support/api";
import { listFor, listingForm, sellerOn, sessionOnSale, TRADER_PROFILE, type SessionOptions } from "./support/selling";
import * as schema from "../../functions/db/schema";
import { eq } from "drizzle-orm";

/** A trader's listing of Row 6 seats 1–4 with Ovation entry codes, and a fan's paid order of two of them. */
async function fanWithEntryTickets(options: SessionOptions = {}) {
  const clock = clockAt();
  const organiser = await sellerOn(clock, TRADER_PROFILE);
  const session = await sessionOnSale({ startsAt: T0 + 30 * DAY, ...options });
  const { listingId } = await listFor(organiser, listingForm(session, { price: "880", eTicketTiming: "codes" }));
  const fanId = await makeBuyer();
  const fan = marketFor(fanId, clock);
  const order = await createOrder(fan, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(fan, clock, order);
  return { clock, organiser, session, fan, fanId, order };
}

/** The code a holder's phone shows at `at` for their ticket. */
async function codeOf(holder: ReturnType<typeof marketFor>, ticketId: number, at: number): Promise<string> {
  const ticket = await entryTicketForHolder(holder, ticketId);
  return `OVT1.${ticketId}.${await entryCodeAt(fromBase64url(ticket.secret!), at)}`;
}

test("each paid ticket of an entry-code listing gets its own sealed secret, numbered from its order, with its seat and no file", async () => {
  const { fan, order } = await fanWithEntryTickets();

  const held = await heldEntryTickets(fan);
  const rows = await testDb.select().from(schema.entryTickets).where(eq(schema.entryTickets.orderId, order.id));

  expect(held.map((ticket) => [ticket.id, ticket.seat, ticket.rowLabel, ticket.state])).toEqual([
    [order.id * 100 + 1, "1", "6", "valid"],
    [order.id * 100 + 2, "2", "6", "valid"],
  ]);
  expect(rows.map((row) => row.version)).toEqual([1, 1]);
  for (const row of rows) expect(row.sealedSecret).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{40,}$/);
  const ticket = await entryTicketForHolder(fan, order.id * 100 + 1);
  expect(fromBase64url(ticket.secret!).length).toBe(20);
  // The sealed text does not carry the secret itself.
  expect(rows[0].sealedSecret).not.toContain(ticket.secret);
  expect((await env.FILES.list({ prefix: `e-tickets/order-${order.id}/` })).objects).toEqual([]);
});

test("only an organiser or trader may have Ovation issue entry codes", async () => {
  const clock = clockAt();
  const fanSeller = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: T0 + 30 * DAY });

  const error = await refusal(listFor(fanSeller, listingForm(session, { eTicketTiming: "codes" })));

  expect(error.code).toBe(CODES.entryCodesNeedTrader);
});

test("the door admits the holder's current code once, at any gate, and refuses a code two steps old", async () => {
  const { clock, organiser, session, fan, order } = await fanWithEntryTickets();
  const first = order.id * 100 + 1;
  const second = order.id * 100 + 2;

  const now = await codeOf(fan, first, T0);
  const stale = await codeOf(fan, second, T0 - 30_000);
  const oneStepLate = await codeOf(fan, second, T0 - 15_000);
  const [admitted, again] = await admitScans(organiser.market, session.sessionId, [
    { payload: now, gate: "North 1" },
    { payload: now, gate: "South 4" },
  ]);
  const [tooOld] = await admitScans(organiser.market, session.sessionId, [{ payload: stale, gate: "North 1" }]);
  const [late] = await admitScans(organiser.market, session.sessionId, [{ payload: oneStepLate, gate: "North 1" }]);

  expect(admitted).toMatchObject({
    result: "admitted",
    ticket: { id: first, seat: "1", holderName: null },
    admission: { gate: "North 1", at: T0, seq: 1 },
  });
  expect(again).toMatchObject({
    result: "alreadyAdmitted",
    first: { gate: "North 1", at: T0, seq: 1 },
  });
  expect(tooOld).toMatchObject({
    result: "invalidCode",
    ticket: { id: second },
  });
  expect(late).toMatchObject({ result: "admitted", ticket: { id: second } });
  expect((await admissionsSince(organiser.market, session.sessionId, 1)).map((one) => [one.ticketId, one.seq])).toEqual([[second, 2]]);
  const [row] = await testDb.select().from(schema.entryTickets).where(eq(schema.entryTickets.id, first));
  expect(row.admittedAt).toBe(T0);
  // Another seller's scanner does not know these tickets.
  const stranger = await sellerOn(clock, TRADER_PROFILE);
  expect(await admitScans(stranger.market, session.sessionId, [{ payload: now, gate: "North 1" }])).toEqual([{ result: "notOurs" }]);
});

test("a resale moves the tickets with new secrets: the old holder's code is refused and the new holder's admitted", async () => {
  const { clock, organiser, session, fan, order } = await fanWithEntryTickets();
  const ticketId = order.id * 100 + 1;
  const oldCode = await codeOf(fan, ticketId, T0);

  const { listingId } = await resellOrder(fan, {
    orderId: order.id,
    price: "800",
  });
  const newBuyer = marketFor(await makeBuyer(), clock);
  const resale = await createOrder(newBuyer, {
    listingId,
    quantity: 2,
    ...CONTACT,
  });
  await paySandbox(newBuyer, clock, resale);

  const [refused] = await admitScans(organiser.market, session.sessionId, [{ payload: oldCode, gate: "North 1" }]);
  const [admitted] = await admitScans(organiser.market, session.sessionId, [{ payload: await codeOf(newBuyer, ticketId, T0), gate: "North 1" }]);
  const rows = await testDb.select().from(schema.entryTickets).where(eq(schema.entryTickets.orderId, resale.id));

  expect(refused).toMatchObject({
    result: "invalidCode",
    ticket: { id: ticketId },
  });
  expect(admitted).toMatchObject({
    result: "admitted",
    ticket: { id: ticketId, seat: "1" },
  });
  expect(rows.map((row) => [row.id, row.version, row.state])).toEqual([
    [order.id * 100 + 1, 2, "valid"],
    [order.id * 100 + 2, 2, "valid"],
  ]);
  expect(await heldEntryTickets(fan)).toEqual([]);
  expect((await refusal(entryTicketForHolder(fan, ticketId))).code).toBe(CODES.notFound);
  // The manifest a scanner downloads now carries the new secret only.
  const manifest = await doorManifest(organiser.market, session.sessionId);
  expect(manifest.entries.map((entry) => [entry.id, entry.version])).toEqual([
    [order.id * 100 + 1, 2],
    [order.id * 100 + 2, 2],
  ]);
  expect(manifest.entries[0].secret).toBe((await entryTicketForHolder(newBuyer, ticketId)).secret);
});

test("a transfer to a friend's account does the same, records the friend's name where the door checks names, and stops the order's resale", async () => {
  const { clock, organiser, session, fan, order } = await fanWithEntryTickets({
    jurisdiction: "JP",
  });
  const ticketId = order.id * 100 + 2;
  const friendId = await makeBuyer({ language: "zh-HK" });
  const [friendRow] = await testDb.select().from(schema.users).where(eq(schema.users.id, friendId));
  const friend = marketFor(friendId, clock);
  const oldCode = await codeOf(fan, ticketId, T0);

  const noName = await refusal(transferEntryTicket(fan, ticketId, { email: friendRow.email! }));
  await transferEntryTicket(fan, ticketId, {
    email: ` ${friendRow.email!.toUpperCase()} `,
    name: "Sato Hana",
  });

  const [refused] = await admitScans(organiser.market, session.sessionId, [{ payload: oldCode, gate: "Gate A" }]);
  const [admitted] = await admitScans(organiser.market, session.sessionId, [{ payload: await codeOf(friend, ticketId, T0), gate: "Gate A" }]);
  expect(noName.code).toBe(CODES.invalidParam);
  expect(noName.params).toEqual({ field: "name" });
  expect(refused).toMatchObject({ result: "invalidCode" });
  expect(admitted).toMatchObject({
    result: "admitted",
    ticket: { id: ticketId, seat: "2", holderName: "Sato Hana" },
  });
  expect((await heldEntryTickets(friend)).map((ticket) => [ticket.id, ticket.holderName, ticket.named])).toEqual([[ticketId, "Sato Hana", true]]);
  expect((await heldEntryTickets(fan)).map((ticket) => ticket.id)).toEqual([order.id * 100 + 1]);
  expect((await refusal(resellOrder(fan, { orderId: order.id, price: "800" }))).code).toBe(CODES.resaleNotAllowed);
  // The friend is told, in their language, where the ticket is.
  const mail = await env.DB.prepare("SELECT subject, text_body FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1")
    .bind(friendRow.email)
    .first<{ subject: string; text_body: string }>();
  expect(mail?.subject).toMatch(/^你收到一張門票：/);
  expect(mail?.text_body).toContain(`http://127.0.0.1:8787/tickets/${ticketId}`);
});

test("a transfer is refused to an unknown email, to oneself, and once the ticket has been let in", async () => {
  const { organiser, session, fan, fanId, order } = await fanWithEntryTickets();
  const ticketId = order.id * 100 + 1;
  const [me] = await testDb.select().from(schema.users).where(eq(schema.users.id, fanId));
  const friendId = await makeBuyer();
  const [friendRow] = await testDb.select().from(schema.users).where(eq(schema.users.id, friendId));

  const unknown = await refusal(transferEntryTicket(fan, ticketId, { email: "nobody-here@example.com" }));
  const self = await refusal(transferEntryTicket(fan, ticketId, { email: me.email! }));
  const badEmail = await refusal(transferEntryTicket(fan, ticketId, { email: "not an email" }));
  await admitScans(organiser.market, session.sessionId, [{ payload: await codeOf(fan, ticketId, T0), gate: "Gate A" }]);
  const afterEntry = await refusal(transferEntryTicket(fan, ticketId, { email: friendRow.email! }));

  expect(unknown.code).toBe(CODES.entryTransferNoAccount);
  expect(unknown.params).toEqual({ email: "nobody-here@example.com" });
  expect(self.code).toBe(CODES.entryTransferToSelf);
  expect(badEmail.code).toBe(CODES.invalidParam);
  expect(afterEntry.code).toBe(CODES.entryTicketNotTransferable);
  expect((await entryTicketForHolder(fan, ticketId)).version).toBe(1);
});

test("thirty transfers of one ticket at once: one friend gets it, the others are refused, and the ticket has one holder", async () => {
  const { clock, fan, order } = await fanWithEntryTickets();
  const ticketId = order.id * 100 + 1;
  const friends = await Promise.all(Array.from({ length: 30 }, () => makeBuyer()));
  const emails = await Promise.all(friends.map(async (id) => (await testDb.select().from(schema.users).where(eq(schema.users.id, id)))[0].email!));

  const outcomes = await Promise.allSettled(emails.map((email) => transferEntryTicket(fan, ticketId, { email })));

  const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
  expect(won.length).toBe(1);
  expect(outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => (outcome as PromiseRejectedResult).reason.code)).toEqual(
    Array(29).fill(CODES.entryTicketNotTransferable),
  );
  const [row] = await testDb.select().from(schema.entryTickets).where(eq(schema.entryTickets.id, ticketId));
  expect(row.version).toBe(2);
  expect(row.holderUserId).toBe((won[0] as PromiseFulfilledResult<{ toUserId: number }>).value.toUserId);
  expect((await heldEntryTickets(marketFor(row.holderUserId, clock))).map((ticket) => ticket.id)).toEqual([ticketId]);
});

test("forty scans of one code at four gates at once: exactly one is admitted", async () => {
  const { organiser, session, fan, order } = await fanWithEntryTickets();
  const payload = await codeOf(fan, order.id * 100 + 1, T0);

  const verdicts = (
    await Promise.all(Array.from({ length: 40 }, (_, i) => admitScans(organiser.market, session.sessionId, [{ payload, gate: `Gate ${(i % 4) + 1}` }])))
  ).flat();

  expect(verdicts.filter((verdict) => verdict.result === "admitted").length).toBe(1);
  expect(verdicts.filter((verdict) => verdict.result === "alreadyAdmitted").length).toBe(39);
  expect((await admissionsSince(organiser.market, session.sessionId, 0)).length).toBe(1);
});

test("an offline scan synced later is judged at the time it was scanned, and one older than the sync window is invalid input", async () => {
  const { organiser, session, fan, order } = await fanWithEntryTickets();
  const ticketId = order.id * 100 + 1;
  const scannedAt = T0 - 10 * 60_000;

  const [synced] = await admitScans(organiser.market, session.sessionId, [
    {
      payload: await codeOf(fan, ticketId, scannedAt),
      gate: "East",
      at: scannedAt,
    },
  ]);
  const tooLate = await refusal(admitScans(organiser.market, session.sessionId, [{ payload: "OVT1.1.12345678", gate: "East", at: T0 - 13 * 60 * 60_000 }]));

  expect(synced).toMatchObject({
    result: "admitted",
    admission: { at: scannedAt },
  });
  expect(tooLate.code).toBe(CODES.invalidParam);
});

test("a refund of the whole order voids its entry tickets in the batch that records it", async () => {
  const { clock, organiser, session, fan, order } = await fanWithEntryTickets();
  const code = await codeOf(fan, order.id * 100 + 1, T0);
  const support = await supportOn(clock);
  const opened = await applyForAfterSale(
    fan,
    parsedApplication(order.id, {
      refundAmount: (order.price.total / 100).toFixed(2),
    }),
  );
  await decideCase(
    support.market,
    opened.id,
    decideSchema.parse({
      decision: "approve",
      reason: "Event canceled by the organiser",
    }),
    countingProvider().deps,
  );

  const [refused] = await admitScans(organiser.market, session.sessionId, [{ payload: code, gate: "North 1" }]);

  expect(refused).toMatchObject({
    result: "void",
    ticket: { id: order.id * 100 + 1 },
  });
  expect(await heldEntryTickets(fan)).toEqual([]);
  const rows = await testDb.select().from(schema.entryTickets).where(eq(schema.entryTickets.orderId, order.id));
  expect(rows.map((row) => [row.state, row.sealedSecret])).toEqual([
    ["void", null],
    ["void", null],
  ]);
});

test("the Google Wallet save link is signed with the wallet key and carries the ticket's rotating code: the same secret, 15 s, 8 digits", async () => {
  const { fan, order } = await fanWithEntryTickets();
  const ticket = await entryTicketForHolder(fan, order.id * 100 + 1);

  const link = await googleWalletLink(fan, ticket);

  expect(link).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  const { payload, protectedHeader } = await jwtVerify(link!.split("/").pop()!, await importSPKI(LOCAL_DEMO_WALLET_PUBLIC_KEY, "RS256"), {
    audience: "google",
  });
  expect(protectedHeader.alg).toBe("RS256");
  expect(payload.iss).toBe("wallet@ovation-demo.iam.gserviceaccount.com");
  expect(payload.typ).toBe("savetowallet");
  const object = (payload.payload as { eventTicketObjects: Record<string, unknown>[] }).eventTicketObjects[0] as {
    id: string;
    seatInfo: { seat: { defaultValue: { value: string } } };
    rotatingBarcode: {
      valuePattern: string;
      totpDetails: {
        periodMillis: string;
        algorithm: string;
        parameters: { key: string; valueLength: number }[];
      };
    };
  };
  expect(object.id).toBe(`3388000000000000000.ovation-ticket-${order.id * 100 + 1}-v1`);
  expect(object.seatInfo.seat.defaultValue.value).toBe("1");
  expect(object.rotatingBarcode.valuePattern).toBe(`OVT1.${order.id * 100 + 1}.{totp_value_0}`);
  expect(object.rotatingBarcode.totpDetails.periodMillis).toBe("15000");
  expect(object.rotatingBarcode.totpDetails.algorithm).toBe("TOTP_SHA1");
  const hex = [...fromBase64url(ticket.secret!)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  expect(object.rotatingBarcode.totpDetails.parameters).toEqual([{ key: hex, valueLength: 8 }]);
});

test("through the API: the holder reads the ticket with its secret, the door scans it, the door's paths are not there for a buyer, and a malformed call is invalidParam", async () => {
  const { organiser, session, fanId, order } = await fanWithEntryTickets();
  const [fan, door] = await Promise.all([tokenHeaders(fanId), tokenHeaders(organiser.userId)]);
  const ticketId = order.id * 100 + 1;

  const listed = await api<{ id: number }[]>(`/user/order/v1/entry/tickets?orderId=${order.id}`, { headers: fan });
  const read = await api<{ secret: string; version: number }>(`/user/order/v1/entry/ticket?ticketId=${ticketId}`, { headers: fan });
  expect(read.body).toMatchObject({ statusCode: 200 });
  const payload = `OVT1.${ticketId}.${await entryCodeAt(fromBase64url(read.body.data.secret), Date.now())}`;
  const scanned = await api<{ result: string }[]>("/provider/v1/door/scan", { headers: door, body: { sessionId: session.sessionId, scans: [{ payload, gate: "North 1" }] } });
  const admissions = await api<{ ticketId: number; seq: number }[]>(`/provider/v1/door/admissions?sessionId=${session.sessionId}&since=0`, { headers: door });
  const asBuyer = await api(`/provider/v1/door/manifest?sessionId=${session.sessionId}`, { headers: fan });
  const listAsSession = await api("/provider/v1/door/scan", { headers: door, body: { sessionId: [session.sessionId], scans: [{ payload, gate: "North 1" }] } });
  const noEmail = await api("/user/order/v1/entry/transfer", { headers: { ...fan, lan: "zh-HK" }, body: { ticketId } });

  expect(listed.body.data.map((ticket) => ticket.id)).toEqual([ticketId, ticketId + 1]);
  expect(read.body.data.version).toBe(1);
  expect(scanned.body.data.map((verdict) => verdict.result)).toEqual(["admitted"]);
  expect(admissions.body.data.map((one) => [one.ticketId, one.seq])).toEqual([[ticketId, 1]]);
  expect(asBuyer.status).toBe(404);
  // SPEC §8: a refusal is HTTP 200 with its code in the envelope.
  expect([listAsSession.status, listAsSession.body.statusCode]).toEqual([200, CODES.invalidParam]);
  expect([noEmail.status, noEmail.body.statusCode]).toEqual([200, CODES.invalidParam]);
});
