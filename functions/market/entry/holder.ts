/**
 * The holder's side of Ovation entry tickets: the tickets an account holds, one ticket with the
 * secret its phone computes codes from, and transfer to a friend.
 *
 * A transfer is one compare-and-set on the ticket: only its holder, only while it is valid, not
 * yet let in at the door, and not on a live resale of its order; it puts the friend in as holder
 * with a new secret and the next version, so the sender's code (and every screenshot of it) dies
 * in the same write.
 */
import { and, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import {
  entryTickets,
  listings,
  orders,
  sessions,
  showResaleFlags,
  tours,
  users,
  venueResaleFlags,
  venueSections,
  venues,
  ticketChangedAt,
} from "../../db/schema";
import type { MarketContext } from "../context";
import { base64url } from "../context/crypto";
import { MarketError, notFound } from "../errors";
import { resaleListed } from "../aftersales/rules";
import { emailField } from "../accounts/schemas";
import { jurisdictionOf } from "../reference/resale-laws";
import { newHolderSecret, openHolderSecret, sealHolderSecret } from "./holder-secret";
import { entrySealingKey } from "./sealing";
import { joinEntryTicketEvent } from "../listings/listing-event";
import { resaleOfOrder } from "../selling/fan-resale";
import { mailTicketReceived } from "./entry-mail";
import { tellMovedPasses } from "./pass-updates";

/**
 * Markets whose doors check the attendee's name against the ticket: mainland China's real-name
 * rule for large shows, and Japan's Ticket Resale Act, whose 'specified tickets' name their
 * holder (../shared research: resale-laws.md). Elsewhere the name stays off the door's screen.
 */
export const NAMED_ENTRY_JURISDICTIONS: ReadonlySet<string> = new Set(["CN", "JP"]);

export const ENTRY_NAME_MAX = 60;

const ticketColumns = {
  id: entryTickets.id,
  orderId: entryTickets.orderId,
  holderUserId: entryTickets.holderUserId,
  holderName: entryTickets.holderName,
  seatLabel: entryTickets.seatLabel,
  version: entryTickets.version,
  sealedSecret: entryTickets.sealedSecret,
  state: entryTickets.state,
  admittedAt: entryTickets.admittedAt,
  orderUserId: orders.userId,
  sessionId: entryTickets.sessionId,
  startsAt: sessions.startsAt,
  timeZone: venues.timeZone,
  titleEn: tours.titleEn,
  titleZh: tours.titleZh,
  artistEn: tours.artistEn,
  artistZh: tours.artistZh,
  tourId: tours.id,
  venueEn: venues.nameEn,
  venueZh: venues.nameZh,
  cityCode: venues.cityCode,
  sectionEn: venueSections.nameEn,
  sectionZh: venueSections.nameZh,
  rowLabel: listings.rowLabel,
  jurisdiction: venueResaleFlags.jurisdiction,
  designatedEvent: showResaleFlags.designatedEvent,
  updatedAt: entryTickets.updatedAt,
  venueLat: venues.lat,
  venueLng: venues.lng,
};

function selectTickets(ctx: MarketContext) {
  return joinEntryTicketEvent(ctx.db.select(ticketColumns).from(entryTickets).$dynamic());
}

/** The valid ticket `ticketId` held by `userId`. Throws notFound (not theirs, void, or no such ticket: never told apart). */
async function heldTicket(ctx: MarketContext, userId: number, ticketId: number) {
  const [row] = await selectTickets(ctx)
    .where(and(eq(entryTickets.id, ticketId), eq(entryTickets.holderUserId, userId), eq(entryTickets.state, "valid")))
    .limit(1);
  if (!row) throw notFound("ticket");
  return row;
}

type TicketRow = Awaited<ReturnType<ReturnType<typeof selectTickets>["where"]>>[number];

/** Whether the door of this ticket's event checks names (NAMED_ENTRY_JURISDICTIONS, or an event designated for it). */
export function namedEntry(row: { cityCode: string; jurisdiction: string | null; designatedEvent: boolean | null }): boolean {
  return NAMED_ENTRY_JURISDICTIONS.has(jurisdictionOf(row.cityCode, row.jurisdiction)) || row.designatedEvent === true;
}

export interface EntryTicketSummary {
  id: number;
  orderId: number;
  sessionId: number;
  seat: string | null;
  rowLabel: string | null;
  section: string;
  title: string;
  artist: string;
  tourId: number;
  venue: string;
  startsAt: number;
  timeZone: string;
  /** The name the door checks, where it checks names; null elsewhere. */
  holderName: string | null;
  named: boolean;
  state: "valid" | "void";
  admittedAt: number | null;
}

export interface EntryTicketView extends EntryTicketSummary {
  /** The holder secret (base64url) the phone computes its codes from; null once void. */
  secret: string | null;
  version: number;
  /** When this copy was read from Ovation: what the page shows as 'last synced'. */
  syncedAt: number;
  /** Whether the holder may send it to a friend now. */
  transferable: boolean;
  /** The buyer's own order (a friend holding a transferred ticket has none to open). */
  ownOrder: boolean;
}

function summaryOf(row: TicketRow, zh: boolean): EntryTicketSummary {
  const named = namedEntry(row);
  return {
    id: row.id,
    orderId: row.orderId,
    sessionId: row.sessionId,
    seat: row.seatLabel,
    rowLabel: row.rowLabel,
    section: zh ? row.sectionZh : row.sectionEn,
    title: zh ? row.titleZh : row.titleEn,
    artist: zh ? row.artistZh : row.artistEn,
    tourId: row.tourId,
    venue: zh ? row.venueZh : row.venueEn,
    startsAt: row.startsAt,
    timeZone: row.timeZone,
    holderName: named ? row.holderName : null,
    named,
    state: row.state,
    admittedAt: row.admittedAt,
  };
}

function requireViewer(ctx: MarketContext): number {
  const userId = ctx.viewer.userId;
  if (userId === null) throw new MarketError("notLogin");
  return userId;
}

/** The entry tickets the viewer holds (valid ones, soonest show first), or of one of their orders. Throws notLogin. */
export async function heldEntryTickets(ctx: MarketContext, options: { orderId?: number } = {}): Promise<EntryTicketSummary[]> {
  const userId = requireViewer(ctx);
  const rows = await selectTickets(ctx)
    .where(
      and(
        eq(entryTickets.holderUserId, userId),
        eq(entryTickets.state, "valid"),
        options.orderId === undefined ? undefined : eq(entryTickets.orderId, options.orderId),
      ),
    )
    .orderBy(sessions.startsAt, entryTickets.id)
    .limit(200);
  const zh = ctx.viewer.language === "zh-HK";
  return rows.map((row) => summaryOf(row, zh));
}

/**
 * One ticket the viewer holds, with its secret. A ticket whose move left it without a secret
 * (issue.ts) gets a new one here. Throws notLogin, notFound (not held by the viewer, or void).
 */
export async function entryTicketForHolder(ctx: MarketContext, ticketId: number): Promise<EntryTicketView> {
  const userId = requireViewer(ctx);
  const row = await heldTicket(ctx, userId, ticketId);
  const key = await entrySealingKey(ctx);
  let version = row.version;
  let secret = row.sealedSecret ? await openHolderSecret(key, row.id, row.version, row.sealedSecret) : null;
  if (!secret) {
    const fresh = newHolderSecret();
    const sealed = await sealHolderSecret(key, row.id, row.version + 1, fresh);
    const now = ctx.now();
    const moved = await ctx.db
      .update(entryTickets)
      .set({ sealedSecret: sealed, version: row.version + 1, updatedAt: ticketChangedAt(now) })
      .where(and(eq(entryTickets.id, row.id), eq(entryTickets.version, row.version), eq(entryTickets.holderUserId, userId), eq(entryTickets.state, "valid")))
      .returning({ id: entryTickets.id });
    if (moved.length === 0) return entryTicketForHolder(ctx, ticketId);
    version = row.version + 1;
    secret = fresh;
  }
  const listed = await resaleOfOrder(ctx, row.orderId);
  return {
    ...summaryOf(row, ctx.viewer.language === "zh-HK"),
    secret: base64url(secret),
    version,
    syncedAt: ctx.now(),
    transferable: row.admittedAt === null && !listed,
    ownOrder: row.orderUserId === userId,
  };
}

/** A ticket as its wallet pass shows it, to whoever fetches the pass (apple-wallet.ts checks who may). */
export interface EntryTicketPass extends EntryTicketSummary {
  /** Who holds it now (the pass web service has no viewer to check against; a download does). */
  holderUserId: number;
  version: number;
  /** The holder secret, or null for a void ticket or one whose move left it without one. */
  secret: Uint8Array<ArrayBuffer> | null;
  /** The last change to the ticket (a move, a void, an admission): the pass's Last-Modified. */
  updatedAt: number;
  /** The venue's position in degrees, for the lock screen near it. */
  latitude: number;
  longitude: number;
}

/** Ticket `ticketId` in `language`, valid or void, whoever holds it; null when there is no such ticket. */
export async function entryTicketForPass(ctx: MarketContext, ticketId: number, language: string): Promise<EntryTicketPass | null> {
  const [row] = await selectTickets(ctx).where(eq(entryTickets.id, ticketId)).limit(1);
  if (!row) return null;
  const secret = row.state === "valid" && row.sealedSecret ? await openHolderSecret(await entrySealingKey(ctx), row.id, row.version, row.sealedSecret) : null;
  return {
    ...summaryOf(row, language === "zh-HK"),
    holderUserId: row.holderUserId,
    version: row.version,
    secret,
    updatedAt: row.updatedAt,
    latitude: row.venueLat / 1e6,
    longitude: row.venueLng / 1e6,
  };
}

export const transferSchema = z.object({
  email: emailField,
  name: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(ENTRY_NAME_MAX, { error: "transfer.nameTooLong" }))),
    z.transform((value) => (value ? value : null)),
  ),
});
export type TransferInput = z.input<typeof transferSchema>;

/**
 * Sends the viewer's ticket to the account of `email`, with the attendee's name (required where
 * the door checks names). Throws notLogin, invalidParam, notFound (not the viewer's),
 * entryTransferToSelf, entryTransferNoAccount, entryTicketNotTransferable (admitted, on a live
 * resale, moved meanwhile). Side effects: the ticket's holder, name, secret and version; a mail
 * to the friend. Returns the friend's account id.
 */
export async function transferEntryTicket(ctx: MarketContext, ticketId: number, input: TransferInput): Promise<{ toUserId: number }> {
  const userId = requireViewer(ctx);
  const parsed = transferSchema.safeParse(input);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "email");
    throw new MarketError("invalidParam", { params: { field } });
  }
  const row = await heldTicket(ctx, userId, ticketId);
  const named = namedEntry(row);
  if (named && !parsed.data.name) throw new MarketError("invalidParam", { params: { field: "name" } });
  const [friend] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, parsed.data.email)).limit(1);
  if (!friend)
    throw new MarketError("entryTransferNoAccount", {
      params: { email: parsed.data.email },
    });
  if (friend.id === userId) throw new MarketError("entryTransferToSelf");

  const key = await entrySealingKey(ctx);
  const sealed = await sealHolderSecret(key, row.id, row.version + 1, newHolderSecret());
  const now = ctx.now();
  const moved = await ctx.db
    .update(entryTickets)
    .set({
      holderUserId: friend.id,
      holderName: parsed.data.name,
      sealedSecret: sealed,
      version: row.version + 1,
      updatedAt: ticketChangedAt(now),
    })
    .where(
      and(
        eq(entryTickets.id, row.id),
        eq(entryTickets.holderUserId, userId),
        eq(entryTickets.version, row.version),
        eq(entryTickets.state, "valid"),
        sql`${entryTickets.admittedAt} IS NULL`,
        sql`NOT ${resaleListed(sql`${entryTickets.orderId}`)}`,
        sql`EXISTS (SELECT 1 FROM ${orders} o WHERE o.id = ${entryTickets.orderId} AND o.status = 'paid')`,
      ),
    )
    .returning({ id: entryTickets.id });
  if (moved.length === 0) throw new MarketError("entryTicketNotTransferable");
  // The sender's Wallet pass turns void on their phone now rather than at the minute's chore.
  ctx.defer?.(tellMovedPasses(ctx));
  await mailTicketReceived(ctx, {
    ticketId: row.id,
    toUserId: friend.id,
    title: { en: row.titleEn, zh: row.titleZh },
  });
  return { toUserId: friend.id };
}

