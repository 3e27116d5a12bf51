/**
 * Putting tickets on sale. Rules, in the order a seller can act on them:
 * - the seller has a profile (or the seller role); the session is on sale; the section is on the
 *   session's venue map; a numbered section takes one seat number per ticket, in one of its rows
 *   and within its seats as the map has them (seat-plan.ts), general admission takes a quantity;
 * - prices are in the trade currency of the venue's market; the price obeys the resale law of
 *   the venue's market for this event (market-law.ts), refused with the law's name otherwise;
 * - a trader must have the identity the law asks buyers be shown;
 * - face value needs proof: a photo or PDF of the ticket, kept in R2 for support only;
 * - an e-ticket delivered 'now' comes with its PDF.
 *
 * - a seat is on one live listing of the seller at a time (seat-overlap.ts), decided by the
 *   insert itself, so two racing listings of the same seats leave one.
 *
 * Files are written before the rows (a row never names a missing object), and the listing, its
 * terms and its first change are one batch. An e-ticket uploaded now is named in the terms: it is
 * the file the listing's buyers receive (delivery/e-tickets.ts).
 */
import { sql } from "drizzle-orm";
import { listingChanges, listings, listingTerms } from "../../db/schema";
import { toMinorUnits } from "../money/minor-units";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { checkETicketFile, PDF_TYPE, type UploadedFile } from "../delivery/e-tickets";
import { looksLikePdf } from "../delivery/e-ticket-pdf";
import { prepare } from "../context/statements";
import { moveInventoryVersion } from "../listings/inventory-version";
import { invalidField, sellingInvalid } from "./invalid-input";
import { refuseAboveCap, sessionMarket, verdictFor, type SessionMarket } from "./market-law";
import type { ResaleVerdict } from "../reference/resale-laws";
import type { ListingDisclosures } from "../listings/buyer-notices";
import { seatsSideBySide } from "../listings/seats";
import { requireSeller, type Seller } from "./seller-profiles";
import { seatsOverlapListed } from "./seat-overlap";
import { checkOnPlan, requireSectionPlan } from "./seat-plan";
import { createListingSchema, listingSeatsStepSchema, parseSeatList, type CreateListingInput } from "./selling-schemas";
import type * as z from "zod/mini";
import { recordLowestPrice } from "../demand/price-history";

export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
const PROOF_TYPES = ["image/jpeg", "image/png", "image/webp", PDF_TYPE];

export interface ListingFiles {
  /** Face-value proof: a photo (JPEG, PNG, WebP) or PDF of the ticket. */
  proof?: UploadedFile | null;
  /** E_TICKET 'now': the e-ticket PDF. */
  eTicket?: UploadedFile | null;
}

/** The bytes of an acceptable proof (type and first bytes agree, not empty, ≤ 10 MB). Throws listingProofRequired. */
export function checkProof(file: UploadedFile | null | undefined): Uint8Array {
  if (!file) throw new MarketError("listingProofRequired");
  const bytes = file.bytes instanceof Uint8Array ? file.bytes : new Uint8Array(file.bytes);
  const signed =
    (file.type === PDF_TYPE && looksLikePdf(bytes)) ||
    (file.type === "image/jpeg" && bytes[0] === 0xff && bytes[1] === 0xd8) ||
    (file.type === "image/png" && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) ||
    (file.type === "image/webp" && new TextDecoder().decode(bytes.slice(8, 12)) === "WEBP");
  if (!PROOF_TYPES.includes(file.type) || bytes.length === 0 || bytes.length > PROOF_MAX_BYTES || !signed) {
    throw new MarketError("listingProofRequired");
  }
  return bytes;
}

/** A typed amount in the market's minor units; invalidParam naming the field otherwise. */
export function minorOf(amount: string, minorUnits: number, field: string): number {
  const minor = toMinorUnits(amount, minorUnits);
  if (minor === null || minor <= 0) throw invalidField(field);
  return minor;
}

export type { ListingDisclosures };

export function disclosuresOf(verdict: ResaleVerdict, seller: Pick<Seller, "kind" | "trader">): ListingDisclosures | null {
  if (verdict.disclose.length === 0) return null;
  const rules = verdict.rules.filter((rule) => rule.disclose.length > 0).map((rule) => rule.id);
  return { rules, show: verdict.disclose, trader: seller.kind === "trader" ? seller.trader : null };
}

/** Refuses a trader the law asks to be identified when no identity is on file. Throws sellerTraderIdentityRequired. */
export function refuseUnidentifiedTrader(verdict: ResaleVerdict, seller: Pick<Seller, "kind" | "trader">): void {
  if (seller.kind === "trader" && verdict.disclose.includes("trader_identity") && !seller.trader) {
    throw new MarketError("sellerTraderIdentityRequired");
  }
}

interface Seats {
  rowLabel: string | null;
  seatFrom: number | null;
  seatNumbers: string[] | null;
  quantity: number;
  together: boolean;
}

async function seatsOf(ctx: MarketContext, market: SessionMarket, request: z.output<typeof listingSeatsStepSchema>): Promise<Seats> {
  const section = await requireSectionPlan(ctx, market.venueId, request.sectionId);
  if (section.generalAdmission || request.seats === null) {
    if (!section.generalAdmission || request.seats !== null || request.quantity === undefined) throw new MarketError("listingSeatsInvalid");
    return { rowLabel: null, seatFrom: null, seatNumbers: null, quantity: request.quantity, together: false };
  }
  const seats = parseSeatList(request.seats);
  if (!seats || (request.quantity !== undefined && request.quantity !== seats.length)) throw new MarketError("listingSeatsInvalid");
  // The schema asked for a row with seats; the map decides whether that row and those seats exist.
  const row = checkOnPlan(section, request.rowLabel ?? "", seats);
  return {
    rowLabel: row,
    seatFrom: Number(seats[0]),
    seatNumbers: seats,
    quantity: seats.length,
    together: seatsSideBySide(seats),
  };
}

/**
 * The listing form's seats step, judged as the listing will be: the session is on sale, the row
 * and seats are on the section's map, the face value is an amount. Throws notLogin,
 * sellerProfileRequired, invalidParam (naming the field), notFound, sessionNotListable,
 * listingSeatsInvalid, listingSeatNotOnMap. Returns the row as the map writes it. Reads only.
 */
export async function checkListingSeats(ctx: MarketContext, input: z.input<typeof listingSeatsStepSchema>): Promise<{ rowLabel: string | null }> {
  await requireSeller(ctx);
  const parsed = listingSeatsStepSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const market = await sessionMarket(ctx, parsed.data.sessionId);
  if (!market.listable) throw new MarketError("sessionNotListable");
  const seats = await seatsOf(ctx, market, parsed.data);
  minorOf(parsed.data.faceValue, market.currency.minorUnits, "faceValue");
  return { rowLabel: seats.rowLabel };
}

/**
 * Lists tickets for the viewer as a seller. Takes createListingSchema's fields and the files.
 * Throws notLogin, sellerProfileRequired, invalidParam (naming the field), notFound (no such
 * session), sessionNotListable, listingSeatsInvalid, listingSeatNotOnMap (a row or seat the
 * section's map does not have), listingPriceCapped (naming the law and the
 * cap), sellerTraderIdentityRequired, listingProofRequired, eTicketFileInvalid,
 * listingSeatsAlreadyListed (a seat on another live listing of the seller's). Side effects: the
 * proof (and e-ticket) in R2; the listing, its terms and a 'created' change. Returns its id.
 */
export async function createListing(ctx: MarketContext, input: CreateListingInput, files: ListingFiles): Promise<{ listingId: number }> {
  const seller = await requireSeller(ctx);
  const parsed = createListingSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const request = parsed.data;
  const market = await sessionMarket(ctx, request.sessionId);
  if (!market.listable) throw new MarketError("sessionNotListable");
  const seats = await seatsOf(ctx, market, request);
  const faceValueMinor = minorOf(request.faceValue, market.currency.minorUnits, "faceValue");
  const priceMinor = minorOf(request.price, market.currency.minorUnits, "price");
  const verdict = verdictFor(market, { sellerKind: seller.kind, restriction: request.restriction, faceValueMinor });
  refuseAboveCap(ctx, verdict, priceMinor, market.currency);
  refuseUnidentifiedTrader(verdict, seller);
  const proof = checkProof(files.proof);
  const eTicketNow = request.deliveryMethod === "E_TICKET" && request.eTicketTiming === "now";
  const entryCodes = request.deliveryMethod === "E_TICKET" && request.eTicketTiming === "codes";
  // The door that scans Ovation's codes is the organiser's (or a trader's under contract with it), never a fan's.
  if (entryCodes && seller.kind !== "trader") throw new MarketError("entryCodesNeedTrader");
  const eTicket = eTicketNow ? checkETicketFile(files.eTicket ?? { name: "", type: "", bytes: new Uint8Array() }) : null;

  const folder = `listings/${crypto.randomUUID()}`;
  const store = ctx.files;
  const proofKey = `${folder}/proof`;
  const eTicketKey = eTicket ? `${folder}/e-ticket.pdf` : null;
  await store.put(proofKey, proof, files.proof!.type);
  if (eTicket && eTicketKey) await store.put(eTicketKey, eTicket, PDF_TYPE);

  const now = ctx.now();
  const details = {
    eTicketTiming: request.deliveryMethod === "E_TICKET" ? request.eTicketTiming : undefined,
    pickupPlace: request.pickupPlace ?? undefined,
    pickupTime: request.pickupTime ?? undefined,
    transferPlatform: request.transferPlatform ?? undefined,
    redemptionInstructions: request.redemptionInstructions ?? undefined,
    deliverBy: request.deliverBy ?? undefined,
  };
  const ticketNumbers = request.ticketNumbers ? request.ticketNumbers.split(/[,，\s]+/).filter(Boolean) : null;
  const disclosures = disclosuresOf(verdict, seller);
  const overlap = seatsOverlapListed(seller.sellerId, { sessionId: request.sessionId, sectionId: request.sectionId, rowLabel: seats.rowLabel, seatNumbers: seats.seatNumbers });
  const [inserted] = await ctx.d1.batch<{ id: number }>([
    prepare(
      ctx.d1,
      sql`INSERT INTO ${listings} (session_id, seller_id, section_id, row_label, seat_from, seats_together, quantity, price_minor,
            face_value_minor, currency_code, delivery_method, split_rule, e_ticket_ready, entry_codes, listed_at)
          SELECT ${request.sessionId}, ${seller.sellerId}, ${request.sectionId}, ${seats.rowLabel}, ${seats.seatFrom}, ${seats.together ? 1 : 0},
            ${seats.quantity}, ${priceMinor}, ${faceValueMinor}, ${market.currency.code}, ${request.deliveryMethod}, ${request.splitRule},
            ${eTicket || entryCodes ? 1 : 0}, ${entryCodes ? 1 : 0}, ${now}
          WHERE NOT ${overlap}
          RETURNING id`,
    ),
    // last_insert_rowid() is the listing's only when the insert just above took effect.
    prepare(
      ctx.d1,
      sql`INSERT INTO ${listingTerms} (listing_id, created_by, seat_numbers, proof_r2_key, proof_file_name, proof_content_type, note,
            delivery_details, restriction, ticket_numbers, law_rule, cap_minor, disclosures, e_ticket_r2_key, updated_at)
          SELECT last_insert_rowid(), ${seller.userId}, ${seats.seatNumbers ? JSON.stringify(seats.seatNumbers) : null}, ${proofKey},
            ${files.proof!.name.slice(0, 120)}, ${files.proof!.type}, ${request.note}, ${JSON.stringify(details)}, ${request.restriction},
            ${ticketNumbers ? JSON.stringify(ticketNumbers) : null}, ${verdict.capping?.rule.id ?? null}, ${verdict.capping?.capMinor ?? null},
            ${disclosures ? JSON.stringify(disclosures) : null}, ${eTicketKey}, ${now}
          WHERE changes() > 0`,
    ),
    prepare(
      ctx.d1,
      sql`INSERT INTO ${listingChanges} (listing_id, actor_user_id, kind, from_value, to_value, created_at)
          SELECT last_insert_rowid(), ${seller.userId}, 'created', NULL, ${JSON.stringify({ price: priceMinor, quantity: seats.quantity })}, ${now}
          WHERE changes() > 0`,
    ),
    // The session offers one more listing (listings/inventory-version.ts), when it was listed.
    moveInventoryVersion(ctx.d1, request.sessionId, sql`changes() > 0`),
  ]);
  const listingId = inserted.results[0]?.id;
  if (listingId === undefined) {
    // Refused: its files name no row, so they go again.
    await Promise.all([store.delete(proofKey), eTicketKey ? store.delete(eTicketKey) : null]);
    throw new MarketError("listingSeatsAlreadyListed");
  }
  await recordLowestPrice(ctx, request.sessionId);
  return { listingId };
}
