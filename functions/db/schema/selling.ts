/**
 * Selling (migration 0009): who sells, on what terms each listing was listed, every change made
 * to a listing, the seats each order got, support's payout holds, and the resale-law flags of
 * venues and events that decide which law a listing obeys (functions/market/selling).
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, keyLink, link, receivingAccountDetails, timestamps } from "./columns";
import { users } from "./accounts";
import { listings, sellers, shows, venues } from "./catalog";
import { orders } from "./orders";

export const SELLER_KINDS = ["private", "trader"] as const;
export type SellerKind = (typeof SELLER_KINDS)[number];

/** An account that sells: its public name, whether it trades, and where its payouts go (masked on every view). */
export const sellerProfiles = sqliteTable(
  "seller_profiles",
  {
    userId: keyLink("user_id", () => users.id),
    sellerId: link("seller_id", () => sellers.id),
    displayName: text("display_name").notNull(),
    kind: text("kind", { enum: SELLER_KINDS }).notNull(),
    /** A trader's identity, shown to buyers where the market's law asks for it (EU DSA, UK CRA s.90). */
    traderLegalName: text("trader_legal_name"),
    traderAddress: text("trader_address"),
    traderEmail: text("trader_email"),
    traderPhone: text("trader_phone"),
    traderRegistrationNo: text("trader_registration_no"),
    /** Payout account, the after-sales receiving account's fields (SPEC §3). */
    accountCurrency: text("account_currency", { enum: ["CNY", "HKD"] }),
    recipientName: text("recipient_name"),
    ...receivingAccountDetails(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("seller_profiles_seller").on(t.sellerId)],
);

/** What a listing was listed with beyond the buyer-facing columns of `listings`. */
export const listingTerms = sqliteTable(
  "listing_terms",
  {
    listingId: keyLink("listing_id", () => listings.id),
    createdBy: link("created_by", () => users.id),
    /** JSON array of seat numbers by position; null for general admission. */
    seatNumbers: text("seat_numbers"),
    /** Face-value proof in R2, for support only. */
    proofR2Key: text("proof_r2_key"),
    proofFileName: text("proof_file_name"),
    proofContentType: text("proof_content_type"),
    note: text("note"),
    /** JSON: what the delivery method needs (pickup place and time, e-ticket deadline, …). */
    deliveryDetails: text("delivery_details"),
    /** A resale restriction printed on the ticket (UK CRA s.90(3)(b)); null when none. */
    restriction: text("restriction"),
    /** JSON array of unique ticket numbers (UK CRA s.90(3)(e)); null when none given. */
    ticketNumbers: text("ticket_numbers"),
    /** The resale rule applied when last priced (its id in resale-laws.ts), or null. */
    lawRule: text("law_rule"),
    /** The highest price per ticket that rule allows, in the trade currency; null when uncapped. */
    capMinor: integer("cap_minor"),
    /** JSON: what the law requires buyers be shown. */
    disclosures: text("disclosures"),
    /** Fan resale: the buyer's own order the tickets come from. */
    sourceOrderId: integer("source_order_id").references(() => orders.id),
    withdrawnAt: integer("withdrawn_at"),
    withdrawnBy: integer("withdrawn_by"),
    updatedAt: integer("updated_at").notNull(),
    /** The e-ticket PDF the seller uploaded with the listing (R2), handed to its buyers (migration 0014). */
    eTicketR2Key: text("e_ticket_r2_key"),
  },
  (t) => [
    index("listing_terms_source_order").on(t.sourceOrderId),
    // One live resale per source order (migration 0014): a second one, however it races, fails here.
    uniqueIndex("listing_terms_live_resale").on(t.sourceOrderId).where(sql`source_order_id IS NOT NULL AND withdrawn_at IS NULL`),
  ],
);

/**
 * How often buyers opened each listing (migration 0017): the seller's own visits are not
 * counted. Its own narrow table, so a view writes nothing the buyer's reads of `listings` touch.
 */
export const listingViews = sqliteTable("listing_views", {
  listingId: keyLink("listing_id", () => listings.id),
  views: integer("views").notNull(),
});

export const LISTING_CHANGE_KINDS = ["created", "price", "quantity", "withdrawn"] as const;
export type ListingChangeKind = (typeof LISTING_CHANGE_KINDS)[number];

/** Every change made to a listing: who, when, from what to what. */
export const listingChanges = sqliteTable(
  "listing_changes",
  {
    id: integer("id").primaryKey(),
    listingId: link("listing_id", () => listings.id),
    actorUserId: integer("actor_user_id"),
    kind: text("kind", { enum: LISTING_CHANGE_KINDS }).notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("listing_changes_listing").on(t.listingId, t.id)],
);

/** Which seats (positions in the listing's seat list) an order got; a position is one order's at a time. */
export const orderSeats = sqliteTable(
  "order_seats",
  {
    listingId: link("listing_id", () => listings.id),
    position: integer("position").notNull(),
    orderId: link("order_id", () => orders.id),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.position] }), index("order_seats_order").on(t.orderId)],
);

/** Support holding an order's payout; released when `releasedAt` is set. */
export const payoutHolds = sqliteTable(
  "payout_holds",
  {
    id: integer("id").primaryKey(),
    orderId: link("order_id", () => orders.id),
    reason: text("reason").notNull(),
    heldBy: integer("held_by").notNull(),
    createdAt: integer("created_at").notNull(),
    releasedBy: integer("released_by"),
    releasedAt: integer("released_at"),
  },
  (t) => [index("payout_holds_order").on(t.orderId)],
);

/** A venue's place in resale law: its jurisdiction when not its city's, licensed (HK Cap. 172) or designated (Ireland, Queensland). */
export const venueResaleFlags = sqliteTable("venue_resale_flags", {
  venueId: keyLink("venue_id", () => venues.id),
  jurisdiction: text("jurisdiction"),
  licensedPlace: flag("licensed_place"),
  designatedVenue: flag("designated_venue"),
});

/** An event's place in resale law: designated/specified/declared, or its tickets carrying a resale restriction. */
export const showResaleFlags = sqliteTable("show_resale_flags", {
  showId: keyLink("show_id", () => shows.id),
  designatedEvent: flag("designated_event"),
  resaleRestricted: flag("resale_restricted"),
});
