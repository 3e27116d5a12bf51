/**
 * Factories for selling tests: a seller with a profile, a session on sale in any jurisdiction
 * (the venue's jurisdiction and the event's flags set the way support sets them), a tiny PNG
 * for face-value proof, and a listing created through the real domain call.
 */
import { eq } from "drizzle-orm";
import * as schema from "../../../functions/db/schema";
import type { MarketContext } from "../../../functions/market/context";
import {
  createListing,
  savePayoutAccount,
  saveSellerProfile,
  type CreateListingInput,
  type PayoutAccountInput,
  type SellerProfileInput,
} from "../../../functions/market/selling";
import { makeBuyer, makeListing, marketFor, testDb } from "./buying";
import { pdfBytes } from "./delivery";

/** The first bytes of a PNG, enough for the proof check. */
export function pngBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
}

export const PROOF = { name: "ticket-photo.png", type: "image/png", bytes: pngBytes() };
export const E_TICKET = { name: "e-ticket.pdf", type: "application/pdf", bytes: pdfBytes("seller e-ticket") };

export const PRIVATE_PROFILE: SellerProfileInput = { displayName: "Mei's Spare Seats", kind: "private" };
export const TRADER_PROFILE: SellerProfileInput = {
  displayName: "Harbour Tickets Ltd",
  kind: "trader",
  traderLegalName: "Harbour Tickets Limited",
  traderAddress: "1 Queen's Road Central, Hong Kong",
  traderEmail: "desk@harbourtickets.example",
};

/** A Hong Kong bank account to be paid into. */
export const PAYOUT_ACCOUNT: PayoutAccountInput = {
  accountCurrency: "HKD",
  recipientName: "Chan Tai Man",
  bankName: "HSBC",
  bankCode: "004",
  swiftCode: "HSBCHKHHHKH",
  cardNumber: "004-123456-001",
  accountOpeningArea: "Hong Kong",
};

/**
 * An account that has saved a seller profile, acting on `clock`, and (unless `payoutAccount` is
 * null) given the payout account its payouts wait for.
 */
export async function sellerOn(
  clock: { now: () => number },
  profile: SellerProfileInput = PRIVATE_PROFILE,
  { payoutAccount = PAYOUT_ACCOUNT }: { payoutAccount?: PayoutAccountInput | null } = {},
) {
  const userId = await makeBuyer();
  const market = marketFor(userId, clock);
  const saved = await saveSellerProfile(market, profile);
  if (payoutAccount) await savePayoutAccount(market, payoutAccount);
  return { userId, market, sellerId: saved.sellerId };
}

export interface SessionOptions {
  jurisdiction?: string;
  licensedPlace?: boolean;
  designatedVenue?: boolean;
  designatedEvent?: boolean;
  resaleRestricted?: boolean;
  startsAt?: number;
}

/** A session on sale (a month from T0) at a fresh arena, with a numbered section (rows 1-20, seats 1-50) and a standing one. */
export async function sessionOnSale(options: SessionOptions = {}) {
  const { sessionId } = await makeListing({ startsAt: options.startsAt });
  const [row] = await testDb
    .select({ showId: schema.shows.id, venueId: schema.shows.venueId })
    .from(schema.sessions)
    .innerJoin(schema.shows, eq(schema.shows.id, schema.sessions.showId))
    .where(eq(schema.sessions.id, sessionId));
  const [seated] = await testDb.select({ id: schema.venueSections.id }).from(schema.venueSections).where(eq(schema.venueSections.venueId, row.venueId));
  // An arena's numbered section: rows 1-20 of 50 seats, so a listing of up to fifty seats fits one row.
  await testDb.update(schema.venueSections).set({ rows: 20, seatsPerRow: 50 }).where(eq(schema.venueSections.id, seated.id));
  const [standing] = await testDb
    .insert(schema.venueSections)
    .values({
      venueId: row.venueId,
      code: `GA${sessionId}`,
      nameEn: "Standing",
      nameZh: "企位",
      zone: "ga",
      path: "M0 0h10v10h-10z",
      labelX: 5,
      labelY: 5,
      generalAdmission: true,
      rows: 0,
      seatsPerRow: 0,
    })
    .returning();
  await testDb.insert(schema.venueResaleFlags).values({
    venueId: row.venueId,
    jurisdiction: options.jurisdiction ?? "HK",
    licensedPlace: options.licensedPlace ?? false,
    designatedVenue: options.designatedVenue ?? false,
  });
  await testDb.insert(schema.showResaleFlags).values({
    showId: row.showId,
    designatedEvent: options.designatedEvent ?? false,
    resaleRestricted: options.resaleRestricted ?? false,
  });
  return { sessionId, showId: row.showId, venueId: row.venueId, seatedSectionId: seated.id, standingSectionId: standing.id };
}

/** The form of four e-tickets, Row 6 · Seats 1–4, face value HK$880 at `price`, uploaded now. */
export function listingForm(session: { sessionId: number; seatedSectionId: number }, overrides: Partial<CreateListingInput> = {}): CreateListingInput {
  return {
    sessionId: session.sessionId,
    sectionId: session.seatedSectionId,
    rowLabel: "6",
    seats: "1-4",
    faceValue: "880",
    price: "980",
    deliveryMethod: "E_TICKET",
    eTicketTiming: "now",
    splitRule: "any",
    note: "Aisle seats, great view.",
    ...overrides,
  };
}

/** Lists through the domain with a proof and an e-ticket. */
export function listFor(seller: { market: MarketContext }, form: CreateListingInput) {
  return createListing(seller.market, form, { proof: PROOF, eTicket: E_TICKET });
}
