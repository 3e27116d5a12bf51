/**
 * What the provider console shows of a seller's listings: each with its status at this instant
 * (a listing ends by itself when its session starts, closes or is canceled, or it sells out),
 * what is sold, held and left, and its change record; the sessions a seller can list for; and,
 * for support only, a listing's face-value proof.
 */
import { and, asc, desc, eq, gt, inArray, like, or, sql } from "drizzle-orm";
import { listingChanges, listings, listingTerms, listingViews, orders, sessions, shows, tours, venues, venueSections, type ListingChangeKind } from "../../db/schema";
import type { StoredFile } from "../context/file-store";
import { sessionStatus } from "../listings/session-status";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import { ticketsLeft } from "../listings/availability";
import { requireRole } from "../staff";
import { ruleById } from "../reference/resale-laws";
import { requireSeller } from "./seller-profiles";
import { inJson } from "../context/statements";
import { joinListingEvent, joinSessionEvent } from "../listings/listing-event";

export type ListingStatus = "active" | "withdrawn" | "sold_out" | "ended";

export interface ProviderListingView {
  listingId: number;
  status: ListingStatus;
  event: { title: string; sessionId: number; startsAt: number; timeZone: string; venueName: string };
  section: string;
  rowLabel: string | null;
  seats: string[] | null;
  quantity: number;
  sold: number;
  held: number;
  left: number;
  priceMinor: number;
  faceValueMinor: number;
  currency: string;
  deliveryMethod: string;
  splitRule: string;
  /** The law capping its price, and the cap; null when uncapped. */
  cap: { law: string; capMinor: number } | null;
  /** Price and quantity can change only while nothing is held and the listing is active. */
  editable: boolean;
  fanResale: boolean;
  /** How often buyers opened it (listings/listing-views.ts). */
  views: number;
  changes: { kind: ListingChangeKind; from: string | null; to: string | null; at: number; byUserId: number | null }[];
}

/** A listing's status at `now` from its facts (withdrawn first: the seller's act is what they remember). */
export function listingStatus(facts: { withdrawnAt: number | null; sessionOpen: boolean; left: number }): ListingStatus {
  if (facts.withdrawnAt !== null) return "withdrawn";
  if (!facts.sessionOpen) return "ended";
  return facts.left > 0 ? "active" : "sold_out";
}

/**
 * The viewer's listings as a seller, newest first (optionally one). Throws notLogin,
 * sellerProfileRequired. Reads only.
 */
export async function listProviderListings(ctx: MarketContext, only?: { listingId: number }): Promise<ProviderListingView[]> {
  const seller = await requireSeller(ctx);
  const now = ctx.now();
  const zh = ctx.viewer.language === "zh-HK";
  const where = only ? and(eq(listings.sellerId, seller.sellerId), eq(listings.id, only.listingId)) : eq(listings.sellerId, seller.sellerId);
  const rows = await joinListingEvent(
    ctx.db
      .select({
        listing: listings,
        terms: listingTerms,
        views: sql<number>`COALESCE(${listingViews.views}, 0)`.mapWith(Number),
        left: ticketsLeft(now),
        sold: sql<number>`(SELECT COALESCE(SUM(quantity), 0) FROM ${orders} WHERE listing_id = ${listings.id} AND status = 'paid')`.mapWith(Number),
        held: sql<number>`(SELECT COALESCE(SUM(quantity), 0) FROM ${orders} WHERE listing_id = ${listings.id} AND status = 'pending_payment' AND expires_at > ${now})`.mapWith(Number),
        title: zh ? tours.titleZh : tours.titleEn,
        startsAt: sessions.startsAt,
        saleEndsAt: sessions.saleEndsAt,
        showStatus: shows.status,
        timeZone: venues.timeZone,
        venueName: zh ? venues.nameZh : venues.nameEn,
        section: zh ? venueSections.nameZh : venueSections.nameEn,
      })
      .from(listings)
      .leftJoin(listingTerms, eq(listingTerms.listingId, listings.id))
      .leftJoin(listingViews, eq(listingViews.listingId, listings.id))
      .$dynamic(),
  )
    .where(where)
    .orderBy(desc(listings.listedAt), desc(listings.id))
    .limit(100);
  if (only && rows.length === 0) throw notFound("listing");
  const changes =
    rows.length === 0
      ? []
      : await ctx.db
          .select()
          .from(listingChanges)
          .where(inJson(listingChanges.listingId, rows.map((row) => row.listing.id)))
          .orderBy(asc(listingChanges.id));
  return rows.map((row) => {
    const { listing, terms } = row;
    const sessionOpen = sessionStatus({ showStatus: row.showStatus, startsAt: row.startsAt, saleEndsAt: row.saleEndsAt }, now) === "ONSALE";
    const status = listingStatus({ withdrawnAt: terms?.withdrawnAt ?? null, sessionOpen, left: row.left });
    const rule = ruleById(terms?.lawRule ?? null);
    const numbers = terms?.seatNumbers ? (JSON.parse(terms.seatNumbers) as string[]).slice(0, listing.quantity) : null;
    return {
      listingId: listing.id,
      status,
      event: { title: row.title, sessionId: listing.sessionId, startsAt: row.startsAt, timeZone: row.timeZone, venueName: row.venueName },
      section: row.section,
      rowLabel: listing.rowLabel,
      seats: numbers ?? (listing.seatFrom === null ? null : Array.from({ length: listing.quantity }, (_, index) => String(listing.seatFrom! + index))),
      quantity: listing.quantity,
      sold: row.sold,
      held: row.held,
      left: Math.max(0, row.left),
      priceMinor: listing.priceMinor,
      faceValueMinor: listing.faceValueMinor,
      currency: listing.currencyCode,
      deliveryMethod: listing.deliveryMethod,
      splitRule: listing.splitRule,
      cap: rule && terms?.capMinor != null ? { law: zh ? rule.law.zh : rule.law.en, capMinor: terms.capMinor } : null,
      editable: (status === "active" || status === "sold_out") && row.held === 0,
      fanResale: terms?.sourceOrderId != null,
      views: row.views,
      changes: changes
        .filter((change) => change.listingId === listing.id)
        .map((change) => ({ kind: change.kind, from: change.fromValue, to: change.toValue, at: change.createdAt, byUserId: change.actorUserId })),
    };
  });
}

export interface ListableSession {
  sessionId: number;
  title: string;
  venueName: string;
  startsAt: number;
  timeZone: string;
  sections: { id: number; name: string; generalAdmission: boolean }[];
}

/**
 * Sessions on sale a seller can list for, soonest first, matching `query` in the tour's title or
 * artist or the venue's name (both languages), or only `only.sessionId`; at most 20. Throws notLogin, sellerProfileRequired. Reads only.
 */
export async function listableSessions(ctx: MarketContext, query: string, only?: { sessionId: number }): Promise<ListableSession[]> {
  await requireSeller(ctx);
  const now = ctx.now();
  const zh = ctx.viewer.language === "zh-HK";
  const term = `%${query.trim().slice(0, 60).replace(/[%_\\]/g, (match) => `\\${match}`)}%`;
  const matches = sql`(${like(tours.titleEn, term)} ESCAPE '\\' OR ${like(tours.titleZh, term)} ESCAPE '\\' OR ${like(tours.artistEn, term)} ESCAPE '\\' OR ${like(tours.artistZh, term)} ESCAPE '\\' OR ${like(venues.nameEn, term)} ESCAPE '\\' OR ${like(venues.nameZh, term)} ESCAPE '\\')`;
  const rows = await joinSessionEvent(
    ctx.db
      .select({
        sessionId: sessions.id,
        venueId: venues.id,
        title: zh ? tours.titleZh : tours.titleEn,
        venueName: zh ? venues.nameZh : venues.nameEn,
        startsAt: sessions.startsAt,
        timeZone: venues.timeZone,
      })
      .from(sessions)
      .$dynamic(),
  )
    .where(
      and(eq(shows.status, "ONSALE"), gt(sessions.startsAt, now), gt(sessions.saleEndsAt, now), query.trim() ? matches : sql`1`, only ? eq(sessions.id, only.sessionId) : sql`1`),
    )
    .orderBy(asc(sessions.startsAt), asc(sessions.id))
    .limit(20);
  if (rows.length === 0) return [];
  const sections = await ctx.db
    .select({ id: venueSections.id, venueId: venueSections.venueId, name: zh ? venueSections.nameZh : venueSections.nameEn, generalAdmission: venueSections.generalAdmission })
    .from(venueSections)
    .where(or(...[...new Set(rows.map((row) => row.venueId))].map((venueId) => eq(venueSections.venueId, venueId))))
    .orderBy(asc(venueSections.sort), asc(venueSections.id));
  return rows.map(({ venueId, ...row }) => ({
    ...row,
    sections: sections.filter((section) => section.venueId === venueId).map(({ venueId: _, ...section }) => section),
  }));
}

/** A listing's face-value proof, for support only. Throws notLogin, notFound (no support role, no such listing or proof). */
export async function openListingProof(ctx: MarketContext, listingId: number): Promise<StoredFile & { fileName: string }> {
  await requireRole(ctx, "support");
  const [terms] = await ctx.db.select().from(listingTerms).where(eq(listingTerms.listingId, listingId)).limit(1);
  if (!terms?.proofR2Key) throw notFound("proof");
  const stored = await ctx.files.get(terms.proofR2Key);
  if (!stored) throw notFound("proof");
  return { ...stored, contentType: terms.proofContentType ?? stored.contentType, fileName: terms.proofFileName ?? "proof" };
}
