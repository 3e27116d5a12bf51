/**
 * 'Add to Apple Wallet' for an Ovation entry ticket, and the pass web service Apple's devices
 * call to keep the pass current (decision 309).
 *
 * - The pass is an event ticket whose QR is the ticket's wallet code (entry-code.ts): Wallet
 *   cannot rotate a code, so it carries a fixed one derived from the holder secret. When the
 *   ticket moves (resold, transferred, voided) the secret and version change: the door refuses
 *   the old code from that write on, and the pass the old holder's device fetches next is void.
 * - Its serial number is the ticket id; its authentication token is signed (demand/signed-token)
 *   over the ticket, the version it was issued at and the language it speaks, so the service
 *   knows, without a table of tokens, which holder's copy a device has.
 * - Devices register for a pass's updates (apple_pass_registrations). A moved ticket's devices
 *   are woken through the port (tellMovedPasses: at once after a transfer, otherwise by the
 *   minute's chore: pass-updates.ts), fetch the serials updated since their last tag and then
 *   the pass itself. So are those of a ticket whose event changed (its time, status or venue:
 *   migration 0026's triggers mark its tickets changed).
 */
import { and, eq, gt, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { applePassRegistrations, entryTickets } from "../../db/schema";
import type { ApplePassIdentity, MarketContext } from "../context";
import { publicOrigin } from "../config/deployment";
import { signToken, verifyToken } from "../demand/signed-token";
import { MarketError, notFound } from "../errors";
import { iconPng } from "../../imaging/icons";
import { walletCodeOf, walletPayload } from "./entry-code";
import { entryTicketForHolder, entryTicketForPass, type EntryTicketPass } from "./holder";

export const PKPASS_TYPE = "application/vnd.apple.pkpass";
/** Where Apple's devices call the pass web service ({webServiceURL}/v1/…). */
export const APPLE_PASS_SERVICE_PATH = "/wallet/apple";
/** Devices one pass may have registered (a holder's phone and watch, a few times over). */
export const DEVICES_PER_PASS = 10;

type PassLanguage = "en" | "zh";

const PASS_TEXT: Record<PassLanguage, Record<string, string>> = {
  en: {
    description: "Ovation ticket: {title}",
    event: "EVENT",
    venue: "VENUE",
    date: "DATE",
    section: "SECTION",
    row: "ROW",
    seat: "SEAT",
    generalAdmission: "General admission",
    holder: "NAME",
    ticket: "TICKET",
    terms: "At the door",
    termsValue: "Show this code once, at the door. It stops working if the ticket is resold or sent to a friend; the ticket page in Ovation always has the current one.",
    moved: "This ticket has moved to its new holder and no longer opens the door.",
  },
  zh: {
    description: "Ovation 門票：{title}",
    event: "活動",
    venue: "場地",
    date: "日期",
    section: "區域",
    row: "行",
    seat: "座位",
    generalAdmission: "自由入座",
    holder: "姓名",
    ticket: "門票",
    terms: "入場須知",
    termsValue: "入場時出示此二維碼一次。門票轉售或轉贈後此碼即失效；Ovation 的門票頁面一直顯示有效的二維碼。",
    moved: "此門票已轉給新持有人，不能再用於入場。",
  },
};

const languageOf = (language: string): PassLanguage => (language === "zh-HK" ? "zh" : "en");

/** The token a pass of `ticketId` at `version` in `language` carries (Apple sends it back as `ApplePass <token>`). */
export function passToken(ctx: Pick<MarketContext, "env" | "viewer">, ticketId: number, version: number, language: PassLanguage): Promise<string> {
  return signToken(ctx, "pass", [ticketId, version, language]);
}

/** The ticket, version and language a pass's token was issued for; null for a token not ours or not this ticket's. */
async function tokenOf(ctx: MarketContext, ticketId: number, authorization: string | null | undefined) {
  const token = /^ApplePass (\S{16,400})$/.exec(authorization ?? "")?.[1];
  const fields = token ? await verifyToken(ctx, "pass", token, 3) : null;
  if (!fields || Number(fields[0]) !== ticketId || (fields[2] !== "en" && fields[2] !== "zh")) return null;
  return { token: token!, version: Number(fields[1]), language: fields[2] as PassLanguage };
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

/**
 * pass.json of `ticket` as the holder of `issuedVersion` sees it: the wallet code while that is
 * still the ticket's version and the ticket is valid, a void pass once it has moved on (exported
 * for tests, which read it field by field).
 */
export async function passJson(ticket: EntryTicketPass, identity: ApplePassIdentity, options: { origin: string; token: string; issuedVersion: number; language: PassLanguage }) {
  const text = PASS_TEXT[options.language];
  const current = ticket.secret !== null && ticket.state === "valid" && ticket.version === options.issuedVersion;
  const startsAt = new Date(ticket.startsAt).toISOString();
  const seatFields = [
    { key: "section", label: text.section, value: ticket.section },
    ...(ticket.rowLabel ? [{ key: "row", label: text.row, value: ticket.rowLabel }] : []),
    { key: "seat", label: text.seat, value: ticket.seat ?? text.generalAdmission },
  ];
  return {
    formatVersion: 1,
    passTypeIdentifier: identity.passTypeIdentifier,
    teamIdentifier: identity.teamIdentifier,
    serialNumber: String(ticket.id),
    organizationName: "Ovation",
    description: fill(text.description, { title: ticket.title }),
    webServiceURL: `${options.origin}${APPLE_PASS_SERVICE_PATH}`,
    authenticationToken: options.token,
    relevantDate: startsAt,
    expirationDate: new Date(ticket.startsAt + 24 * 60 * 60 * 1000).toISOString(),
    locations: [{ latitude: ticket.latitude, longitude: ticket.longitude }],
    sharingProhibited: true,
    voided: !current,
    backgroundColor: "rgb(255, 29, 65)",
    foregroundColor: "rgb(255, 255, 255)",
    labelColor: "rgb(255, 222, 228)",
    barcodes: current ? [{ format: "PKBarcodeFormatQR", message: walletPayload(ticket.id, await walletCodeOf(ticket.secret!)), messageEncoding: "iso-8859-1", altText: `#${ticket.id}` }] : [],
    eventTicket: {
      headerFields: [{ key: "ticket", label: text.ticket, value: `#${ticket.id}` }],
      primaryFields: [{ key: "event", label: text.event, value: ticket.title }],
      secondaryFields: [
        { key: "venue", label: text.venue, value: ticket.venue },
        { key: "date", label: text.date, value: startsAt, dateStyle: "PKDateStyleMedium", timeStyle: "PKDateStyleShort" },
      ],
      auxiliaryFields: seatFields,
      backFields: [
        ...(ticket.holderName ? [{ key: "holder", label: text.holder, value: ticket.holderName }] : []),
        { key: "terms", label: text.terms, value: current ? text.termsValue : text.moved },
      ],
    },
    semantics: {
      eventType: "PKEventTypeLivePerformance",
      eventName: ticket.title,
      performerNames: [ticket.artist],
      venueName: ticket.venue,
      venueLocation: { latitude: ticket.latitude, longitude: ticket.longitude },
      eventStartDate: startsAt,
      seats: [{ seatSection: ticket.section, ...(ticket.rowLabel ? { seatRow: ticket.rowLabel } : {}), ...(ticket.seat ? { seatNumber: ticket.seat } : {}) }],
    },
  };
}

/** The signed .pkpass of `ticket` for the holder of `issuedVersion`. */
async function signedPass(ctx: MarketContext, identity: ApplePassIdentity, ticket: EntryTicketPass, issued: { token: string; version: number; language: PassLanguage }) {
  const json = await passJson(ticket, identity, { origin: publicOrigin(ctx), token: issued.token, issuedVersion: issued.version, language: issued.language });
  const [icon, icon2x, icon3x, logo, logo2x] = await Promise.all([iconPng(29), iconPng(58), iconPng(87), iconPng(50), iconPng(100)]);
  return ctx.walletPasses.sign(ctx.viewer, {
    "pass.json": new TextEncoder().encode(JSON.stringify(json)),
    "icon.png": icon,
    "icon@2x.png": icon2x,
    "icon@3x.png": icon3x,
    "logo.png": logo,
    "logo@2x.png": logo2x,
  });
}

/** Whether this deployment can hand out Apple Wallet passes (the ticket page shows the button only then). */
export function appleWalletOffered(ctx: MarketContext): boolean {
  return ctx.walletPasses.identity(ctx.viewer) !== null;
}

/**
 * The pass of the viewer's ticket, in the viewer's language. Throws notLogin, notFound (not the
 * viewer's, void), systemError 503 where passes cannot be signed.
 */
export async function applePassForHolder(ctx: MarketContext, ticketId: number): Promise<Uint8Array<ArrayBuffer>> {
  const identity = ctx.walletPasses.identity(ctx.viewer);
  if (!identity) throw notFound("ticket");
  if (ctx.viewer.userId === null) throw new MarketError("notLogin");
  const held = async () => {
    const ticket = await entryTicketForPass(ctx, ticketId, ctx.viewer.language);
    if (!ticket || ticket.holderUserId !== ctx.viewer.userId || ticket.state !== "valid") throw notFound("ticket");
    return ticket;
  };
  let ticket = await held();
  if (!ticket.secret) {
    // A move left it without a secret: the holder's own view gives it a new one (holder.ts).
    await entryTicketForHolder(ctx, ticketId);
    ticket = await held();
    if (!ticket.secret) throw notFound("ticket");
  }
  const language = languageOf(ctx.viewer.language);
  const token = await passToken(ctx, ticketId, ticket.version, language);
  return signedPass(ctx, identity, ticket, { token, version: ticket.version, language });
}

// ---------------------------------------------------------------------------------------------
// The pass web service (Apple's Wallet Passes web service reference, v1). Each answer is the
// status Apple's devices expect; the API door (api/routes/apple-wallet.ts) writes it as is.

const DEVICE_ID = z.string().check(z.regex(/^[A-Za-z0-9._-]{1,128}$/));
const SERIAL = z.string().check(z.regex(/^[1-9][0-9]{0,15}$/));
const registration = z.object({ pushToken: z.string().check(z.regex(/^[A-Za-z0-9]{1,200}$/)) });

export type PassServiceAnswer = { status: 200 | 201 | 204 | 304 | 400 | 401 | 403 | 404 } | { status: 200; json: unknown } | { status: 200; pass: Uint8Array<ArrayBuffer>; lastModified: number };

interface PassAddress {
  deviceLibraryId?: string;
  passTypeIdentifier: string;
  serialNumber: string;
}

/** The ticket a request's pass address names, under this deployment's pass type; null when it names none of ours. */
function ticketIdOf(ctx: MarketContext, address: PassAddress): number | null {
  const identity = ctx.walletPasses.identity(ctx.viewer);
  if (!identity || address.passTypeIdentifier !== identity.passTypeIdentifier) return null;
  if (address.deviceLibraryId !== undefined && !DEVICE_ID.safeParse(address.deviceLibraryId).success) return null;
  return SERIAL.safeParse(address.serialNumber).success ? Number(address.serialNumber) : null;
}

/**
 * POST /v1/devices/{device}/registrations/{passType}/{serial}: 201 registered, 200 already, 401 a
 * token not this pass's, 403 when the pass already has DEVICES_PER_PASS devices.
 */
export async function registerPassDevice(ctx: MarketContext, address: Required<PassAddress>, authorization: string | null, body: unknown): Promise<PassServiceAnswer> {
  const ticketId = ticketIdOf(ctx, address);
  const issued = ticketId === null ? null : await tokenOf(ctx, ticketId, authorization);
  if (ticketId === null || !issued) return { status: 401 };
  const parsed = registration.safeParse(body);
  if (!parsed.success) return { status: 400 };
  const now = ctx.now();
  // One statement decides a new device: only while the pass has fewer than DEVICES_PER_PASS.
  const added = await ctx.db.all(sql`
    INSERT INTO ${applePassRegistrations} (device_library_id, ticket_id, push_token, told_at, created_at, updated_at)
    SELECT ${address.deviceLibraryId}, ${ticketId}, ${parsed.data.pushToken}, et.updated_at, ${now}, ${now}
    FROM ${entryTickets} et
    WHERE et.id = ${ticketId} AND (SELECT count(*) FROM ${applePassRegistrations} WHERE ticket_id = ${ticketId}) < ${DEVICES_PER_PASS}
    ON CONFLICT (device_library_id, ticket_id) DO NOTHING
    RETURNING ticket_id`);
  if (added.length > 0) return { status: 201 };
  const known = await ctx.db
    .update(applePassRegistrations)
    .set({ pushToken: parsed.data.pushToken, updatedAt: now })
    .where(and(eq(applePassRegistrations.deviceLibraryId, address.deviceLibraryId), eq(applePassRegistrations.ticketId, ticketId)))
    .returning({ ticketId: applePassRegistrations.ticketId });
  return { status: known.length > 0 ? 200 : 403 };
}

/** DELETE /v1/devices/{device}/registrations/{passType}/{serial}: 200 (also for a registration already gone). */
export async function unregisterPassDevice(ctx: MarketContext, address: Required<PassAddress>, authorization: string | null): Promise<PassServiceAnswer> {
  const ticketId = ticketIdOf(ctx, address);
  if (ticketId === null || !(await tokenOf(ctx, ticketId, authorization))) return { status: 401 };
  await ctx.db
    .delete(applePassRegistrations)
    .where(and(eq(applePassRegistrations.deviceLibraryId, address.deviceLibraryId), eq(applePassRegistrations.ticketId, ticketId)));
  return { status: 200 };
}

/**
 * GET /v1/devices/{device}/registrations/{passType}?passesUpdatedSince=tag: the serials of the
 * device's passes changed after the tag (the last change's time), or 204 when none.
 */
export async function passesUpdatedSince(ctx: MarketContext, address: { deviceLibraryId: string; passTypeIdentifier: string }, tag: string | undefined): Promise<PassServiceAnswer> {
  const identity = ctx.walletPasses.identity(ctx.viewer);
  if (!identity || address.passTypeIdentifier !== identity.passTypeIdentifier || !DEVICE_ID.safeParse(address.deviceLibraryId).success) return { status: 404 };
  const since = tag !== undefined && /^[0-9]{1,16}$/.test(tag) ? Number(tag) : 0;
  const rows = await ctx.db
    .select({ id: entryTickets.id, updatedAt: entryTickets.updatedAt })
    .from(applePassRegistrations)
    .innerJoin(entryTickets, eq(entryTickets.id, applePassRegistrations.ticketId))
    .where(and(eq(applePassRegistrations.deviceLibraryId, address.deviceLibraryId), gt(entryTickets.updatedAt, since)))
    .orderBy(entryTickets.id)
    .limit(200);
  if (rows.length === 0) return { status: 204 };
  return { status: 200, json: { serialNumbers: rows.map((row) => String(row.id)), lastUpdated: String(Math.max(...rows.map((row) => row.updatedAt))) } };
}

/** GET /v1/passes/{passType}/{serial}: the pass as its token's holder should now see it; 304 when unchanged since If-Modified-Since. */
export async function latestPass(ctx: MarketContext, address: PassAddress, authorization: string | null, ifModifiedSince: string | undefined): Promise<PassServiceAnswer> {
  const ticketId = ticketIdOf(ctx, address);
  const issued = ticketId === null ? null : await tokenOf(ctx, ticketId, authorization);
  if (ticketId === null || !issued) return { status: 401 };
  const ticket = await entryTicketForPass(ctx, ticketId, issued.language === "zh" ? "zh-HK" : "en-US");
  if (!ticket) return { status: 401 };
  const modifiedSince = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NaN;
  // HTTP dates have whole seconds: unchanged when the last change is not in a later second.
  if (Number.isFinite(modifiedSince) && Math.floor(ticket.updatedAt / 1000) * 1000 <= modifiedSince) return { status: 304 };
  const pass = await signedPass(ctx, ctx.walletPasses.identity(ctx.viewer)!, ticket, issued);
  return { status: 200, pass, lastModified: ticket.updatedAt };
}

/** POST /v1/log: what a device reports of its trouble with our passes, kept as a warning line. */
export function logFromDevices(body: unknown): PassServiceAnswer {
  const parsed = z.object({ logs: z.array(z.string().check(z.maxLength(1000))).check(z.maxLength(50)) }).safeParse(body);
  if (!parsed.success) return { status: 400 };
  console.warn(JSON.stringify({ level: "warn", message: "apple wallet device log", logs: parsed.data.logs }));
  return { status: 200 };
}
