/**
 * What a session offers a buyer right now, read once and shared by the listings list
 * (session-listings.ts), the seating map (seat-map.ts) and the ticket confirmation
 * (listing-detail.ts), so all three agree on every number.
 *
 * Rules:
 * - A session is orderable only while sessionStatus(…) is ONSALE (listings/session-status.ts):
 *   its show is ONSALE, it has not started and its sales have not ended.
 * - A listing is offered while it has tickets left at `now` (availability.ts); its quantities
 *   are exactly those its split rule allows (split-rules.ts).
 * - Prices are the all-in price per ticket (pricing.ts), converted once into the viewer's
 *   currency, with the face value converted the same way.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { listings, sellers, sessions, shows, tours, venueSections, venues, type DeliveryMethod, type ShowStatus, type SplitRule } from "../../db/schema";
import { loadReference, type CurrencyRow } from "../reference";
import { locationName } from "../reference/scope";
import { sessionStatus } from "./session-status";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import { convert, type Money } from "../money";
import { resaleNotices, type ResaleNotice } from "./buyer-notices";
import { ticketsLeft } from "./availability";
import { withinResaleCap } from "./resale-cap";
import { ticketPrice } from "../money/ticket-price";
import { allowedQuantities } from "./split-rules";
import { joinSessionEvent } from "./listing-event";
import { keeper } from "../context/kept";

export type SectionZone = (typeof venueSections.$inferSelect)["zone"];

/** Zones from the best view to the farthest, for 'best section' ordering. */
export const ZONE_RANK: Record<SectionZone, number> = { vip: 0, floor: 1, lower: 2, ga: 3, middle: 4, upper: 5, balcony: 6 };

export interface SessionSummary {
  sessionId: number;
  showId: number;
  tour: { id: number; title: string };
  venue: { id: number; name: string; kind: (typeof venues.$inferSelect)["kind"]; mapWidth: number; mapHeight: number };
  city: { code: string; name: string };
  /** Epoch ms, shown in `timeZone` (the venue's). */
  startsAt: number;
  timeZone: string;
  status: ShowStatus;
  /** True while a buyer can order from this session. */
  orderable: boolean;
  /**
   * Changes with every hold, order, payment and listing change of the session (decision 269). A
   * hold's expiry frees its tickets by the clock, writing nothing: offers kept from before it
   * show those tickets up to two seconds late, never a sold one.
   */
  inventoryVersion: number;
}

export interface OfferedListing {
  listingId: number;
  section: { id: number; code: string; name: string; zone: SectionZone; obstructed: boolean; generalAdmission: boolean; sort: number };
  /** Null for general admission. */
  rowLabel: string | null;
  /** The listed seat numbers, when the seats are numbered and together; else null. */
  seats: { from: number; to: number } | null;
  seatsTogether: boolean;
  provider: { nickname: string };
  deliveryMethod: DeliveryMethod;
  /** Present (true) when Ovation issues the entry codes (a rotating QR the event's door scans) rather than the seller's files. */
  entryCodes?: true;
  splitRule: SplitRule;
  ticketsLeft: number;
  /** Quantities a buyer may choose, ascending (split-rules.ts). */
  quantities: number[];
  /** All-in per ticket in the viewer's currency. */
  allIn: Money;
  faceValue: Money;
  comparedToFace: "below" | "at" | "above";
  /** Raw trade-currency amounts, for the confirmation's breakdown. */
  trade: { currency: string; priceMinor: number; faceValueMinor: number; allIn: number };
  /** 'Price capped by local law' and the law's disclosures (listings/buyer-notices.ts); null when none. */
  notice: ResaleNotice | null;
  /** The seller sells these to verified students only (market/students). */
  studentsOnly: boolean;
}

/** The session `sessionId` as a buyer sees it at `now`. Throws notFound for a missing or DISABLED one. */
export async function sessionSummary(ctx: MarketContext, sessionId: number): Promise<SessionSummary> {
  const zh = ctx.viewer.language === "zh-HK";
  const [reference, rows] = await Promise.all([
    loadReference(ctx),
    joinSessionEvent(
      ctx.db
        .select({
          sessionId: sessions.id,
          showId: shows.id,
          startsAt: sessions.startsAt,
          saleEndsAt: sessions.saleEndsAt,
          inventoryVersion: sessions.inventoryVersion,
          showStatus: shows.status,
          tourId: tours.id,
          tourTitle: zh ? tours.titleZh : tours.titleEn,
          venueId: venues.id,
          venueName: zh ? venues.nameZh : venues.nameEn,
          venueKind: venues.kind,
          mapWidth: venues.mapWidth,
          mapHeight: venues.mapHeight,
          timeZone: venues.timeZone,
          cityCode: shows.cityCode,
        })
        .from(sessions)
        .$dynamic(),
    )
      .where(eq(sessions.id, sessionId))
      .limit(1),
  ]);
  const row = rows[0];
  if (!row || row.showStatus === "DISABLED") throw notFound("session");
  const status = sessionStatus(row, ctx.now());
  return {
    sessionId: row.sessionId,
    showId: row.showId,
    tour: { id: row.tourId, title: row.tourTitle },
    venue: { id: row.venueId, name: row.venueName, kind: row.venueKind, mapWidth: row.mapWidth, mapHeight: row.mapHeight },
    city: { code: row.cityCode, name: locationName(reference, row.cityCode, ctx.viewer.language) },
    startsAt: row.startsAt,
    timeZone: row.timeZone,
    status,
    orderable: status === "ONSALE",
    inventoryVersion: row.inventoryVersion,
  };
}

/** How long the waiting room's heading (its session's tour title and time zone) is kept in the isolate (decision 315). */
export const HEADING_KEPT_FOR_MS = 60_000;
const keptHeadings = keeper<Pick<SessionSummary, "tour" | "timeZone">>(HEADING_KEPT_FOR_MS);

/**
 * What the waiting room shows of its session (the tour's title in the viewer's language, the
 * venue's time zone), kept for HEADING_KEPT_FOR_MS: a page that refreshes itself without scripts
 * reads it from this isolate, so with the shard's document from the edge such a refresh reads no
 * D1. Throws notFound as sessionSummary does.
 */
export function keptSessionHeading(ctx: MarketContext, sessionId: number): Promise<Pick<SessionSummary, "tour" | "timeZone">> {
  return keptHeadings.read(`${sessionId}:${ctx.viewer.language}`, ctx.now(), async () => {
    const { tour, timeZone } = await sessionSummary(ctx, sessionId);
    return { tour, timeZone };
  });
}

/** The other upcoming sessions of the same show, soonest first (the session switcher). */
export async function sessionsOfShow(ctx: MarketContext, showId: number): Promise<{ sessionId: number; startsAt: number; status: ShowStatus }[]> {
  const now = ctx.now();
  const rows = await joinSessionEvent(
    ctx.db
      .select({ sessionId: sessions.id, startsAt: sessions.startsAt, saleEndsAt: sessions.saleEndsAt, showStatus: shows.status })
      .from(sessions)
      .$dynamic(),
  )
    .where(and(eq(sessions.showId, showId), gt(sessions.startsAt, now)))
    .orderBy(asc(sessions.startsAt), asc(sessions.id));
  return rows.map((row) => ({ sessionId: row.sessionId, startsAt: row.startsAt, status: sessionStatus(row, now) }));
}

/** The viewer's display currency row (HKD when the viewer's is unknown). */
export function displayCurrency(currencies: Map<string, CurrencyRow>, code: string): CurrencyRow {
  const row = currencies.get(code) ?? currencies.get("HKD");
  if (!row) throw new Error("the currency list has neither the viewer's currency nor HKD");
  return row;
}

/** How long a session's offered listings are kept in the isolate (decision 269). */
export const OFFER_KEPT_FOR_MS = 2_000;
const keptOffers = keeper<OfferedListing[]>(OFFER_KEPT_FOR_MS);

/**
 * The session's offered listings (offeredListings), kept for OFFER_KEPT_FOR_MS under the session's
 * inventory version: every pick-seat, seat map and listing page of a busy session in this isolate
 * reads them once, and any write that changes what the session offers (a hold, an order, a
 * payment, a listing) makes a new version, so a seat sold before the page was asked is never
 * shown longer than that (an expired hold's tickets come back by the clock, up to that late).
 * Placing an order still decides on the primary.
 */
export function keptOfferedListings(ctx: MarketContext, session: Pick<SessionSummary, "sessionId" | "inventoryVersion">): Promise<OfferedListing[]> {
  const key = `${session.sessionId}:${session.inventoryVersion}:${ctx.viewer.language}:${ctx.viewer.currency}`;
  return keptOffers.read(key, ctx.now(), () => offeredListings(ctx, { sessionId: session.sessionId }));
}

/**
 * Every listing of the session with tickets left at `now`, priced for the viewer, or of one
 * listing when `listingId` is given. Listings of an unknown trade currency, and listings priced
 * above the resale law in force now (no order can take them), are left out. Reads only.
 */
export async function offeredListings(ctx: MarketContext, scope: { sessionId: number } | { listingId: number }): Promise<OfferedListing[]> {
  const now = ctx.now();
  const zh = ctx.viewer.language === "zh-HK";
  const left = ticketsLeft(now);
  const [reference, notices, rows] = await Promise.all([
    loadReference(ctx),
    // Beside the listings, not after them: the offer waits on one round trip, not two.
    resaleNotices(ctx, "sessionId" in scope ? scope : [scope.listingId]),
    ctx.db
      .select({
        listingId: listings.id,
        sectionId: venueSections.id,
        sectionCode: venueSections.code,
        sectionName: zh ? venueSections.nameZh : venueSections.nameEn,
        zone: venueSections.zone,
        obstructed: venueSections.obstructed,
        generalAdmission: venueSections.generalAdmission,
        sectionSort: venueSections.sort,
        rowLabel: listings.rowLabel,
        seatFrom: listings.seatFrom,
        seatsTogether: listings.seatsTogether,
        quantity: listings.quantity,
        nickname: sellers.nickname,
        deliveryMethod: listings.deliveryMethod,
        entryCodes: listings.entryCodes,
        splitRule: listings.splitRule,
        priceMinor: listings.priceMinor,
        faceValueMinor: listings.faceValueMinor,
        currency: listings.currencyCode,
        studentsOnly: listings.studentsOnly,
        left,
      })
      .from(listings)
      .innerJoin(venueSections, eq(venueSections.id, listings.sectionId))
      .innerJoin(sellers, eq(sellers.id, listings.sellerId))
      .where(and("listingId" in scope ? eq(listings.id, scope.listingId) : eq(listings.sessionId, scope.sessionId), gt(left, 0), withinResaleCap())),
  ]);
  const target = displayCurrency(reference.currencyByCode, ctx.viewer.currency);
  const offered: OfferedListing[] = [];
  for (const row of rows) {
    const trade = reference.currencyByCode.get(row.currency);
    if (!trade) continue;
    const allIn = ticketPrice(row.priceMinor, row.currency).allIn;
    const numbered = !row.generalAdmission && row.seatFrom !== null && row.rowLabel !== null;
    offered.push({
      listingId: row.listingId,
      section: {
        id: row.sectionId,
        code: row.sectionCode,
        name: row.sectionName,
        zone: row.zone,
        obstructed: row.obstructed,
        generalAdmission: row.generalAdmission,
        sort: row.sectionSort,
      },
      rowLabel: row.generalAdmission ? null : row.rowLabel,
      seats: numbered && row.seatsTogether ? { from: row.seatFrom!, to: row.seatFrom! + row.quantity - 1 } : null,
      seatsTogether: row.seatsTogether,
      provider: { nickname: row.nickname },
      deliveryMethod: row.deliveryMethod,
      ...(row.entryCodes ? { entryCodes: true as const } : {}),
      splitRule: row.splitRule,
      ticketsLeft: row.left,
      quantities: allowedQuantities(row, row.left),
      allIn: { amount: convert(allIn, trade, target), currency: target.code },
      faceValue: { amount: convert(row.faceValueMinor, trade, target), currency: target.code },
      comparedToFace: allIn < row.faceValueMinor ? "below" : allIn > row.faceValueMinor ? "above" : "at",
      trade: { currency: row.currency, priceMinor: row.priceMinor, faceValueMinor: row.faceValueMinor, allIn },
      notice: notices.get(row.listingId) ?? null,
      studentsOnly: row.studentsOnly,
    });
  }
  return offered;
}
