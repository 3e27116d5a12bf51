/**
 * The door's side of Ovation entry tickets, for the seller whose listing issued them (the event's
 * organiser or a trader for it) and the scanner their staff run (/provider/scan).
 *
 * - Before doors open the scanner downloads the event's manifest: every valid ticket with its
 *   holder secret, seat and (where the door checks names) the holder's name, so it can check a
 *   code with no signal (the same TOTP as the phone, entry-code.ts).
 * - Online, each scan is checked here as well, against the sealed secret and the door's clock,
 *   then admitted by the event's check-in record (check-in-object.ts), which lets a ticket in
 *   once whatever gate scans it. Offline scans are sent the same way on the next sync, with the
 *   time they were scanned.
 */
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { entryTickets, listings, sessions, showResaleFlags, tours, venueResaleFlags, venueSections, venues, ticketChangedAt } from "../../db/schema";
import type { MarketContext } from "../context";
import { base64url } from "../context/crypto";
import { MarketError, notFound } from "../errors";
import { requireSeller } from "../selling/seller-profiles";
import { recordId } from "../input/fields";
import { checkScannedCode, parseEntryPayload } from "./entry-code";
import { openHolderSecret } from "./holder-secret";
import { entrySealingKey } from "./sealing";
import { namedEntry } from "./holder";
import { checkInOf, type Admission } from "./check-in-object";
import { prepare } from "../context/statements";
import { joinEntryTicketEvent, joinSessionEvent } from "../listings/listing-event";

/** A scan sent later than this after it was made is not taken (an offline scanner syncs within a night). */
export const SCAN_SYNC_WINDOW_MS = 12 * 60 * 60 * 1000;
/** A scanner's clock may run this far ahead of the Worker's. */
const CLOCK_AHEAD_MS = 60 * 1000;
/** Scans one sync carries at most. */
export const SCANS_PER_SYNC = 200;

export interface DoorSession {
  sessionId: number;
  title: string;
  venue: string;
  startsAt: number;
  timeZone: string;
  tickets: number;
}

export interface ManifestTicket {
  id: number;
  version: number;
  secret: string;
  seat: string | null;
  rowLabel: string | null;
  section: string;
  holderName: string | null;
}

export interface DoorManifest extends DoorSession {
  tickets: number;
  entries: ManifestTicket[];
  admissions: Admission[];
  downloadedAt: number;
}

export type DoorVerdict =
  | { result: "admitted"; ticket: ManifestTicketFacts; admission: Admission }
  | { result: "alreadyAdmitted"; ticket: ManifestTicketFacts; first: Admission }
  | { result: "invalidCode" | "void"; ticket: ManifestTicketFacts }
  | { result: "notOurs" };

export type ManifestTicketFacts = Omit<ManifestTicket, "secret" | "version">;

/** The sessions whose tickets the viewer's listings issued, soonest first (past ones from a day ago on). Throws sellerProfileRequired. */
export async function doorSessions(ctx: MarketContext): Promise<DoorSession[]> {
  const seller = await requireSeller(ctx);
  const zh = ctx.viewer.language === "zh-HK";
  const rows = await joinSessionEvent(
    ctx.db
      .select({
        sessionId: sessions.id,
        titleEn: tours.titleEn,
        titleZh: tours.titleZh,
        venueEn: venues.nameEn,
        venueZh: venues.nameZh,
        startsAt: sessions.startsAt,
        timeZone: venues.timeZone,
        tickets: sql<number>`COUNT(*)`,
      })
      .from(entryTickets)
      .innerJoin(sessions, eq(sessions.id, entryTickets.sessionId))
      .$dynamic(),
  )
    .where(and(eq(entryTickets.issuerSellerId, seller.sellerId), eq(entryTickets.state, "valid"), gt(sessions.startsAt, ctx.now() - 24 * 60 * 60 * 1000)))
    .groupBy(sessions.id)
    .orderBy(asc(sessions.startsAt))
    .limit(50);
  return rows.map((row) => ({
    sessionId: row.sessionId,
    title: zh ? row.titleZh : row.titleEn,
    venue: zh ? row.venueZh : row.venueEn,
    startsAt: row.startsAt,
    timeZone: row.timeZone,
    tickets: row.tickets,
  }));
}

/** The session's tickets this seller issued; only `ids` when given (a scan reads its own tickets, not a stadium's). */
function doorTickets(ctx: MarketContext, sellerId: number, sessionId: number, ids?: number[]) {
  return joinEntryTicketEvent(
    ctx.db
      .select({
        id: entryTickets.id,
        version: entryTickets.version,
        sealedSecret: entryTickets.sealedSecret,
        state: entryTickets.state,
        seat: entryTickets.seatLabel,
        holderName: entryTickets.holderName,
        rowLabel: listings.rowLabel,
        sectionEn: venueSections.nameEn,
        sectionZh: venueSections.nameZh,
        cityCode: venues.cityCode,
        jurisdiction: venueResaleFlags.jurisdiction,
        designatedEvent: showResaleFlags.designatedEvent,
      })
      .from(entryTickets)
      .$dynamic(),
  ).where(and(eq(entryTickets.sessionId, sessionId), eq(entryTickets.issuerSellerId, sellerId), ids ? inArray(entryTickets.id, ids) : undefined));
}

type DoorTicketRow = Awaited<ReturnType<typeof doorTickets>>[number];

function factsOf(row: DoorTicketRow, zh: boolean): ManifestTicketFacts {
  return {
    id: row.id,
    seat: row.seat,
    rowLabel: row.rowLabel,
    section: zh ? row.sectionZh : row.sectionEn,
    holderName: namedEntry(row) ? row.holderName : null,
  };
}

/** What a scanner needs to check session `sessionId`'s tickets offline. Throws sellerProfileRequired, notFound (no tickets of the viewer's there). */
export async function doorManifest(ctx: MarketContext, sessionId: number): Promise<DoorManifest> {
  const seller = await requireSeller(ctx);
  const session = (await doorSessions(ctx)).find((one) => one.sessionId === sessionId);
  if (!session) throw notFound("session");
  const [rows, admissions, key] = await Promise.all([
    doorTickets(ctx, seller.sellerId, sessionId),
    checkInOf(ctx.env, sessionId).since(0),
    entrySealingKey(ctx),
  ]);
  const zh = ctx.viewer.language === "zh-HK";
  const entries: ManifestTicket[] = [];
  for (const row of rows) {
    if (row.state !== "valid" || !row.sealedSecret) continue;
    const secret = await openHolderSecret(key, row.id, row.version, row.sealedSecret);
    if (secret)
      entries.push({
        ...factsOf(row, zh),
        version: row.version,
        secret: base64url(secret),
      });
  }
  return { ...session, entries, admissions, downloadedAt: ctx.now() };
}

export const scanSchema = z.object({
  payload: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  gate: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  /** When it was scanned; absent: now. */
  at: z.optional(z.int().check(z.positive())),
});
export type ScanInput = z.input<typeof scanSchema>;

export const syncSchema = z.object({
  sessionId: recordId(),
  scans: z.array(scanSchema).check(z.minLength(1), z.maxLength(SCANS_PER_SYNC)),
});

/**
 * Checks and admits scans at session `sessionId`'s door, in order: each code against its ticket's
 * sealed secret at the time it was scanned, then the check-in record decides the first. Throws
 * sellerProfileRequired, invalidParam (a scan's time outside the sync window).
 */
export async function admitScans(ctx: MarketContext, sessionId: number, scans: ScanInput[]): Promise<DoorVerdict[]> {
  const seller = await requireSeller(ctx);
  const now = ctx.now();
  const parsed = scans.map((scan) => scanSchema.safeParse(scan));
  if (parsed.some((one) => !one.success)) throw new MarketError("invalidParam", { params: { field: "scans" } });
  const checked = parsed.map((one) => one.data!);
  for (const scan of checked) {
    if (scan.at !== undefined && (scan.at > now + CLOCK_AHEAD_MS || scan.at < now - SCAN_SYNC_WINDOW_MS))
      throw new MarketError("invalidParam", { params: { field: "at" } });
  }
  const wanted = checked.map((scan) => parseEntryPayload(scan.payload));
  const ids = [...new Set(wanted.flatMap((one) => (one ? [one.ticketId] : [])))];
  const rows = ids.length ? await doorTickets(ctx, seller.sellerId, sessionId, ids) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const key = await entrySealingKey(ctx);
  const zh = ctx.viewer.language === "zh-HK";

  const verdicts: (DoorVerdict | { pending: number; ticket: ManifestTicketFacts })[] = [];
  const calls: { ticketId: number; gate: string; at: number }[] = [];
  for (const [index, scan] of checked.entries()) {
    const code = wanted[index];
    const row = code ? byId.get(code.ticketId) : undefined;
    if (!code || !row) {
      verdicts.push({ result: "notOurs" });
      continue;
    }
    const facts = factsOf(row, zh);
    const secret = row.state === "valid" && row.sealedSecret ? await openHolderSecret(key, row.id, row.version, row.sealedSecret) : null;
    if (!secret) {
      verdicts.push({ result: "void", ticket: facts });
      continue;
    }
    const at = scan.at ?? now;
    if (!(await checkScannedCode(secret, code, at))) {
      verdicts.push({ result: "invalidCode", ticket: facts });
      continue;
    }
    verdicts.push({ pending: calls.length, ticket: facts });
    calls.push({ ticketId: row.id, gate: scan.gate, at });
  }
  const answers = calls.length ? await checkInOf(ctx.env, sessionId).admit(calls) : [];
  const admitted = answers.flatMap((answer) => (answer.admitted ? [answer.admission] : []));
  if (admitted.length) {
    // The copy that stops a resale or transfer of a ticket already let in (holder.ts, selling/fan-resale.ts).
    await ctx.d1.batch(
      admitted.map((admission) =>
        prepare(
          ctx.d1,
          sql`UPDATE ${entryTickets} SET admitted_at = COALESCE(admitted_at, ${admission.at}), updated_at = ${ticketChangedAt(now)} WHERE id = ${admission.ticketId}`,
        ),
      ),
    );
  }
  return verdicts.map((verdict) => {
    if (!("pending" in verdict)) return verdict;
    const answer = answers[verdict.pending];
    return answer.admitted
      ? {
          result: "admitted" as const,
          ticket: verdict.ticket,
          admission: answer.admission,
        }
      : {
          result: "alreadyAdmitted" as const,
          ticket: verdict.ticket,
          first: answer.first,
        };
  });
}

/** Admissions at session `sessionId`'s door after `seq` (other gates' scans, for a scanner to catch up). Throws sellerProfileRequired, notFound. */
export async function admissionsSince(ctx: MarketContext, sessionId: number, seq: number): Promise<Admission[]> {
  const seller = await requireSeller(ctx);
  const [issued] = await ctx.db
    .select({ id: entryTickets.id })
    .from(entryTickets)
    .where(and(eq(entryTickets.sessionId, sessionId), eq(entryTickets.issuerSellerId, seller.sellerId)))
    .limit(1);
  if (!issued) throw notFound("session");
  return checkInOf(ctx.env, sessionId).since(seq);
}
