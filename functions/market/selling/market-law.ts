/**
 * Where a session stands in resale law: its venue's jurisdiction and flags, its event's flags,
 * the trade currency of its market, and whether tickets can be listed for it now (on sale, like
 * a buyer can order). The verdict for a listing adds the seller's kind, the ticket's own
 * restriction and its face value (resale-laws.ts).
 */
import { eq } from "drizzle-orm";
import { sessions, showResaleFlags, shows, venueResaleFlags, venues, type SellerKind, type ShowStatus } from "../../db/schema";
import { loadReference, type CurrencyRow } from "../reference";
import { sessionStatus } from "../listings/session-status";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { formatMoney } from "../money";
import { jurisdictionOf, resaleVerdict, type ResaleVerdict } from "../reference/resale-laws";
import { joinSessionEvent } from "../listings/listing-event";

export interface SessionMarket {
  sessionId: number;
  showId: number;
  venueId: number;
  startsAt: number;
  status: ShowStatus;
  listable: boolean;
  jurisdiction: string;
  licensedVenue: boolean;
  designatedVenue: boolean;
  designatedEvent: boolean;
  restrictedEvent: boolean;
  currency: CurrencyRow;
}

/** The session's market at the context's clock. Throws notFound for a missing or DISABLED session. */
export async function sessionMarket(ctx: MarketContext, sessionId: number): Promise<SessionMarket> {
  const [reference, [row]] = await Promise.all([
    loadReference(ctx),
    joinSessionEvent(
      ctx.db
        .select({
          showId: shows.id,
          venueId: venues.id,
          cityCode: venues.cityCode,
          showStatus: shows.status,
          startsAt: sessions.startsAt,
          saleEndsAt: sessions.saleEndsAt,
          jurisdiction: venueResaleFlags.jurisdiction,
          licensedPlace: venueResaleFlags.licensedPlace,
          designatedVenue: venueResaleFlags.designatedVenue,
          designatedEvent: showResaleFlags.designatedEvent,
          resaleRestricted: showResaleFlags.resaleRestricted,
        })
        .from(sessions)
        .$dynamic(),
    )
      .leftJoin(venueResaleFlags, eq(venueResaleFlags.venueId, venues.id))
      .leftJoin(showResaleFlags, eq(showResaleFlags.showId, shows.id))
      .where(eq(sessions.id, sessionId))
      .limit(1),
  ]);
  if (!row || row.showStatus === "DISABLED") throw notFound("session");
  const city = reference.locationByCode.get(row.cityCode);
  const region = city?.parentCode ? reference.locationByCode.get(city.parentCode) : undefined;
  const currency = reference.currencyByCode.get(region?.currencyCode ?? city?.currencyCode ?? "HKD") ?? reference.currencyByCode.get("HKD");
  if (!currency) throw new Error(`no trade currency for ${row.cityCode}`);
  const status = sessionStatus(row, ctx.now());
  return {
    sessionId,
    showId: row.showId,
    venueId: row.venueId,
    startsAt: row.startsAt,
    status,
    listable: status === "ONSALE",
    jurisdiction: jurisdictionOf(row.cityCode, row.jurisdiction ?? null),
    licensedVenue: row.licensedPlace ?? false,
    designatedVenue: row.designatedVenue ?? false,
    designatedEvent: row.designatedEvent ?? false,
    restrictedEvent: row.resaleRestricted ?? false,
    currency,
  };
}

/** What the law asks of tickets of this session, sold by this kind of seller, with or without a printed restriction. */
export function verdictFor(market: SessionMarket, listing: { sellerKind: SellerKind; restriction: string | null; faceValueMinor: number }): ResaleVerdict {
  return resaleVerdict(
    {
      jurisdiction: market.jurisdiction,
      licensedVenue: market.licensedVenue,
      designatedVenue: market.designatedVenue,
      designatedEvent: market.designatedEvent,
      restrictedTicket: market.restrictedEvent || listing.restriction !== null,
      sellerKind: listing.sellerKind,
    },
    listing.faceValueMinor,
  );
}

/** Refuses a price above the verdict's cap, naming the law and the cap in the viewer's language. Throws listingPriceCapped. */
export function refuseAboveCap(ctx: MarketContext, verdict: ResaleVerdict, priceMinor: number, currency: CurrencyRow): void {
  if (!verdict.capping || priceMinor <= verdict.capping.capMinor) return;
  const zh = ctx.viewer.language === "zh-HK";
  throw new MarketError("listingPriceCapped", {
    params: { law: zh ? verdict.capping.rule.law.zh : verdict.capping.rule.law.en, cap: formatMoney(verdict.capping.capMinor, currency, ctx.viewer.language) },
    data: { rule: verdict.capping.rule.id, capMinor: verdict.capping.capMinor, currency: currency.code },
  });
}
