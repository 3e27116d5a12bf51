/**
 * The resale law's cap on a listing, as SQL over the listing in scope (`listings` by its table
 * name), from the same rule data as resale-laws.ts and the venue and event flags as they stand
 * now. A cap binds what is sold, not only what is listed from now on: a listing priced before
 * its law (or its venue's or event's flag) existed is not offered to buyers, and the statement
 * that places an order takes no tickets of it (orders/place-order.ts). Listing and editing
 * judge the same rules in TypeScript (selling/market-law.ts); this is their twin for the reads
 * and the guard, so both must follow RESALE_RULES.
 *
 * The seller's kind follows support's law flags: a fan resale is private, a seller without a
 * profile (a staff provider) a trader.
 */
import { sql, type SQL } from "drizzle-orm";
import { listings } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { formatMoney } from "../money";
import type { Reference } from "../reference";
import { CITY_JURISDICTION, MEMBER_OF, RESALE_RULES, ruleById, type ResaleRule, type ResaleTrigger } from "../reference/resale-laws";

const JURISDICTION = sql.raw(
  `COALESCE(cap_vf.jurisdiction, CASE cap_v.city_code ${Object.entries(CITY_JURISDICTION)
    .map(([city, jurisdiction]) => `WHEN '${city}' THEN '${jurisdiction}'`)
    .join(" ")} ELSE cap_v.city_code END)`,
);

const TRIGGERS: Record<ResaleTrigger, string> = {
  all_events: "1",
  designated_event: "COALESCE(cap_sf.designated_event, 0) = 1",
  designated_venue: "COALESCE(cap_vf.designated_venue, 0) = 1",
  restricted_ticket: "(COALESCE(cap_sf.resale_restricted, 0) = 1 OR cap_t.restriction IS NOT NULL)",
  licensed_venue: "COALESCE(cap_vf.licensed_place, 0) = 1",
};

const TRADER = "(CASE WHEN cap_t.source_order_id IS NOT NULL THEN 'private' ELSE COALESCE(cap_p.kind, 'trader') END) = 'trader'";

/** Whether `rule` binds the listing in scope, as SQL (resale-laws.ts bindingRules, rule by rule). */
function binds(rule: ResaleRule): SQL {
  const jurisdictions = [rule.jurisdiction, ...Object.keys(MEMBER_OF).filter((member) => MEMBER_OF[member].includes(rule.jurisdiction))];
  const seller = rule.sellers === "traders" ? ` AND ${TRADER}` : "";
  const triggers = rule.triggers.map((trigger) => TRIGGERS[trigger]).join(" OR ");
  return sql`(${JURISDICTION} IN (${sql.raw(jurisdictions.map((j) => `'${j}'`).join(", "))})${sql.raw(seller)} AND (${sql.raw(triggers)}))`;
}

/** Capping rules, lowest cap first: face value is never above 110% of it, then catalogue order (resaleVerdict's choice). */
const CAPPING = [...RESALE_RULES.filter((rule) => rule.cap === "face_value"), ...RESALE_RULES.filter((rule) => rule.cap === "face_value_plus_10")];

/** `select` over the listing's session, venue, flags, terms and seller profile (one row). */
function overListing(select: SQL): SQL {
  return sql`(SELECT ${select} FROM sessions cap_s
    INNER JOIN shows cap_sh ON cap_sh.id = cap_s.show_id
    INNER JOIN venues cap_v ON cap_v.id = cap_sh.venue_id
    LEFT JOIN venue_resale_flags cap_vf ON cap_vf.venue_id = cap_v.id
    LEFT JOIN show_resale_flags cap_sf ON cap_sf.show_id = cap_sh.id
    LEFT JOIN listing_terms cap_t ON cap_t.listing_id = ${listings.id}
    LEFT JOIN seller_profiles cap_p ON cap_p.seller_id = ${listings.sellerId}
    WHERE cap_s.id = ${listings.sessionId})`;
}

/** The highest price per ticket the law in force allows the listing in scope (resale-laws.ts capAmount), or NULL when uncapped. */
export function listingCap(): SQL<number | null> {
  const face = sql`${listings.faceValueMinor}`;
  const branches = CAPPING.map(
    (rule) => sql`WHEN ${binds(rule)} THEN ${rule.cap === "face_value" ? face : sql`(${face} * 110) / 100`}`,
  );
  return sql<number | null>`${overListing(sql`CASE ${sql.join(branches, sql` `)} END`)}`;
}

/** The id of the rule that caps the listing in scope (the one listingCap applies), or NULL. */
export function listingCapRule(): SQL<string | null> {
  const branches = CAPPING.map((rule) => sql`WHEN ${binds(rule)} THEN ${sql.raw(`'${rule.id}'`)}`);
  return sql<string | null>`${overListing(sql`CASE ${sql.join(branches, sql` `)} END`)}`;
}

/** The listing in scope is priced within the law in force now (buyers may take its tickets). */
export function withinResaleCap(): SQL {
  return sql`${listings.priceMinor} <= COALESCE(${listingCap()}, ${listings.priceMinor})`;
}

/**
 * Refuses tickets priced above the cap read with listingCap/listingCapRule, naming the law and
 * the cap in the viewer's language. Throws listingAboveLawCap (data: { rule, capMinor, currency }).
 */
export function refuseAboveLawCap(
  ctx: MarketContext,
  listing: { priceMinor: number; currencyCode: string; capMinor: number | null; capRule: string | null },
  reference: Reference,
): void {
  if (listing.capMinor === null || listing.priceMinor <= listing.capMinor) return;
  const rule = ruleById(listing.capRule);
  const currency = reference.currencyByCode.get(listing.currencyCode);
  const zh = ctx.viewer.language === "zh-HK";
  throw new MarketError("listingAboveLawCap", {
    params: {
      law: rule ? (zh ? rule.law.zh : rule.law.en) : (listing.capRule ?? ""),
      cap: currency ? formatMoney(listing.capMinor, currency, ctx.viewer.language) : `${listing.currencyCode} ${listing.capMinor}`,
    },
    data: { rule: listing.capRule, capMinor: listing.capMinor, currency: listing.currencyCode },
  });
}
