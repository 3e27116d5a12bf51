/**
 * What the law makes every buyer-facing view of a listing say: 'Price capped by local law' when
 * a rule capped its price (naming the law on tap), and the disclosures a rule requires (UK CRA
 * s.90: seat, face value, restrictions, ticket numbers and a trader's identity; EU: trader
 * identity). Seat and face value are already on every listing view; this adds the rest.
 */
import { eq } from "drizzle-orm";
import { listings, listingTerms } from "../../db/schema";
import type { MarketContext } from "../context";
import { ruleById, type ResaleVerdict } from "../reference/resale-laws";
import { inJson } from "../context/statements";

/** A trader's identity, shown to buyers where the law requires it (kept by selling/seller-profiles.ts). */
export interface TraderIdentity {
  legalName: string;
  address: string;
  email: string;
  phone: string | null;
  registrationNo: string | null;
}

/** The disclosures the law asks a listing to carry, as stored and shown to buyers. */
export interface ListingDisclosures {
  /** Rule ids that asked for them. */
  rules: string[];
  show: ResaleVerdict["disclose"];
  trader: TraderIdentity | null;
}

export interface ResaleNotice {
  /** The law that caps the price, in the viewer's language; null when uncapped. */
  cappedBy: string | null;
  /** A resale restriction printed on the ticket. */
  restriction: string | null;
  ticketNumbers: string[] | null;
  /** The trader selling, where the law requires it be shown. */
  trader: ListingDisclosures["trader"];
  /** Laws asking for disclosures, in the viewer's language. */
  disclosedUnder: string[];
  fanResale: boolean;
}

/** Notices for listings, by id; a listing with nothing to say is absent. Reads only. */
export async function resaleNotices(ctx: MarketContext, scope: number[] | { sessionId: number }): Promise<Map<number, ResaleNotice>> {
  const notices = new Map<number, ResaleNotice>();
  if (Array.isArray(scope) && scope.length === 0) return notices;
  const zh = ctx.viewer.language === "zh-HK";
  const lawName = (id: string | null) => {
    const rule = ruleById(id);
    return rule ? (zh ? rule.law.zh : rule.law.en) : null;
  };
  // A session's are read by its id, beside its listings rather than after them (one round trip, not two).
  const rows = Array.isArray(scope)
    ? await ctx.db.select().from(listingTerms).where(inJson(listingTerms.listingId, [...new Set(scope)]))
    : (await ctx.db.select({ terms: listingTerms }).from(listingTerms).innerJoin(listings, eq(listings.id, listingTerms.listingId)).where(eq(listings.sessionId, scope.sessionId))).map((row) => row.terms);
  for (const row of rows) {
    const disclosures = row.disclosures ? (JSON.parse(row.disclosures) as ListingDisclosures) : null;
    const notice: ResaleNotice = {
      cappedBy: row.capMinor !== null ? lawName(row.lawRule) : null,
      restriction: row.restriction,
      ticketNumbers: row.ticketNumbers ? (JSON.parse(row.ticketNumbers) as string[]) : null,
      trader: disclosures?.trader ?? null,
      disclosedUnder: (disclosures?.rules ?? []).map(lawName).filter((name): name is string => name !== null),
      fanResale: row.sourceOrderId !== null,
    };
    if (notice.cappedBy || notice.restriction || notice.ticketNumbers || notice.trader || notice.disclosedUnder.length || notice.fanResale) {
      notices.set(row.listingId, notice);
    }
  }
  return notices;
}
