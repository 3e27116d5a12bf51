/**
 * Changing a listing after it is listed: its price and quantity while no buyer holds any of its
 * tickets, and withdrawing it. Each is one guarded statement in a batch with its change record
 * (who, when, from, to), so a change and a purchase never interleave: a buyer who placed an order
 * keeps the price and seats of that moment (the order froze them), and a seller whose edit meets
 * a live hold is told to wait for it.
 *
 * A listing ends by itself when its session starts, closes or is canceled, or it sells out
 * (status computed at read time, provider-listings.ts); an ended or withdrawn listing takes no
 * changes.
 */
import { and, eq, sql } from "drizzle-orm";
import { listingChanges, listings, listingTerms, orders, orderSeats } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { prepare } from "../context/statements";
import { moveInventoryVersion } from "../listings/inventory-version";
import { sellingInvalid } from "./invalid-input";
import { minorOf, refuseUnidentifiedTrader } from "./create-listing";
import { refuseAboveCap, sessionMarket, verdictFor } from "./market-law";
import { requireSeller, type Seller } from "./seller-profiles";
import { editListingSchema, listingIdSchema, type EditListingInput } from "./selling-schemas";
import { recordLowestPrice } from "../demand/price-history";

/** A live unpaid hold on the listing at `now`, as SQL. */
function liveHoldOn(listingId: number, now: number) {
  return sql`EXISTS (SELECT 1 FROM ${orders} WHERE listing_id = ${listingId} AND status = 'pending_payment' AND expires_at > ${now})`;
}

/**
 * The most tickets the listing may hold: a fan resale never more than its source order has (the
 * order's tickets are all there is), a numbered listing never more than it has now (its seats
 * are the ones listed: it can give back unsold seats, never add new ones); NULL when unbounded.
 */
function quantityBound(listingId: number) {
  return sql`(SELECT CASE WHEN l.seat_from IS NOT NULL THEN MIN(l.quantity, COALESCE(o.quantity, l.quantity)) ELSE o.quantity END
              FROM ${listings} l LEFT JOIN ${listingTerms} t ON t.listing_id = l.id LEFT JOIN ${orders} o ON o.id = t.source_order_id
              WHERE l.id = ${listingId})`;
}

/** The listing has been withdrawn (it takes no changes). */
function withdrawn(listingId: number) {
  return sql`EXISTS (SELECT 1 FROM ${listingTerms} WHERE listing_id = ${listingId} AND withdrawn_at IS NOT NULL)`;
}

/** Tickets of the listing paid for (they stay sold whatever happens to the listing). */
function soldOf(listingId: number) {
  return sql`(SELECT COALESCE(SUM(quantity), 0) FROM ${orders} WHERE listing_id = ${listingId} AND status = 'paid')`;
}

async function ownListing(ctx: MarketContext, seller: Seller, listingId: number) {
  const [row] = await ctx.db
    .select({ listing: listings, restriction: listingTerms.restriction, withdrawnAt: listingTerms.withdrawnAt, sourceOrderId: listingTerms.sourceOrderId })
    .from(listings)
    .leftJoin(listingTerms, eq(listingTerms.listingId, listings.id))
    .where(and(eq(listings.id, listingId), eq(listings.sellerId, seller.sellerId)))
    .limit(1);
  if (!row) throw notFound("listing");
  return row;
}

/** The seller kind the law judges this listing by: a fan resale is private, else the seller's. */
function kindFor(seller: Seller, sourceOrderId: number | null | undefined): Pick<Seller, "kind" | "trader"> {
  return sourceOrderId ? { kind: "private", trader: null } : seller;
}

/**
 * Changes a listing's price (in its trade currency) and/or quantity. Throws notLogin,
 * sellerProfileRequired, invalidParam, notFound (not the seller's), listingNotEditable (withdrawn
 * or ended), listingPriceCapped, listingHeld (a buyer holds tickets now), listingQuantityBelowSold
 * (data: { sold }), listingSeatsInvalid (more tickets than the seats listed), resaleQuantityAboveOrder
 * (a fan resale above its order's tickets; data: { max }). The quantity bounds are part of the
 * guarded UPDATE, so no interleaving of edits ever raises a listing above them. Side effects: the
 * listing's price/quantity, its cap re-recorded, one change row per field changed.
 */
export async function editListing(ctx: MarketContext, input: EditListingInput): Promise<void> {
  const seller = await requireSeller(ctx);
  const parsed = editListingSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const request = parsed.data;
  const row = await ownListing(ctx, seller, request.listingId);
  const market = await sessionMarket(ctx, row.listing.sessionId);
  if (row.withdrawnAt || !market.listable) throw new MarketError("listingNotEditable");

  const listing = row.listing;
  const price = request.price === undefined ? listing.priceMinor : minorOf(request.price, market.currency.minorUnits, "price");
  const quantity = request.quantity ?? listing.quantity;
  const verdict = verdictFor(market, { sellerKind: kindFor(seller, row.sourceOrderId).kind, restriction: row.restriction ?? null, faceValueMinor: listing.faceValueMinor });
  refuseAboveCap(ctx, verdict, price, market.currency);
  refuseUnidentifiedTrader(verdict, kindFor(seller, row.sourceOrderId));
  // Numbered seats are the ones listed: a listing can give back unsold seats, never add new ones.
  if (listing.seatFrom !== null && quantity > listing.quantity) throw new MarketError("listingSeatsInvalid");

  const now = ctx.now();
  // A numbered listing may only shed positions no live order holds.
  const seatsFree =
    listing.seatFrom === null
      ? sql`1`
      : sql`NOT EXISTS (SELECT 1 FROM ${orderSeats} os INNER JOIN ${orders} o ON o.id = os.order_id
             WHERE os.listing_id = ${listing.id} AND os.position >= ${quantity} AND o.status = 'paid')`;
  const [updated] = await ctx.d1.batch([
    prepare(
      ctx.d1,
      sql`UPDATE ${listings} SET price_minor = ${price}, quantity = ${quantity}
          WHERE id = ${listing.id} AND price_minor = ${listing.priceMinor} AND quantity = ${listing.quantity}
            AND NOT ${liveHoldOn(listing.id, now)} AND ${quantity} >= ${soldOf(listing.id)} AND ${seatsFree}
            AND ${quantity} <= COALESCE(${quantityBound(listing.id)}, ${quantity}) AND NOT ${withdrawn(listing.id)}`,
    ),
    // One change row per field that changed, only when the UPDATE just above took effect.
    prepare(
      ctx.d1,
      sql`INSERT INTO ${listingChanges} (listing_id, actor_user_id, kind, from_value, to_value, created_at)
          SELECT * FROM (
            SELECT ${listing.id}, ${seller.userId}, 'price', ${String(listing.priceMinor)}, ${String(price)}, ${now} WHERE ${listing.priceMinor} <> ${price}
            UNION ALL
            SELECT ${listing.id}, ${seller.userId}, 'quantity', ${String(listing.quantity)}, ${String(quantity)}, ${now} WHERE ${listing.quantity} <> ${quantity})
          WHERE changes() > 0`,
    ),
    prepare(
      ctx.d1,
      sql`INSERT INTO ${listingTerms} (listing_id, created_by, law_rule, cap_minor, updated_at)
          VALUES (${listing.id}, ${seller.userId}, ${verdict.capping?.rule.id ?? null}, ${verdict.capping?.capMinor ?? null}, ${now})
          ON CONFLICT (listing_id) DO UPDATE SET law_rule = excluded.law_rule, cap_minor = excluded.cap_minor, updated_at = excluded.updated_at`,
    ),
    // What the session offers changed when the listing now reads as edited (listings/inventory-version.ts).
    moveInventoryVersion(ctx.d1, row.listing.sessionId, sql`EXISTS (SELECT 1 FROM ${listings} WHERE id = ${listing.id} AND price_minor = ${price} AND quantity = ${quantity})`),
  ]);
  if (updated.meta.changes > 0) return recordLowestPrice(ctx, row.listing.sessionId);
  await explainRefusedEdit(ctx, listing.id, quantity, now);
}

/** Reads why an edit changed nothing and throws that rule's error. */
async function explainRefusedEdit(ctx: MarketContext, listingId: number, quantity: number, now: number): Promise<never> {
  const [state] = await ctx.d1.batch<{ held: number; sold: number; bound: number | null; numbered: number; gone: number }>([
    prepare(
      ctx.d1,
      sql`SELECT ${liveHoldOn(listingId, now)} AS held, ${soldOf(listingId)} AS sold, ${quantityBound(listingId)} AS bound,
            (SELECT seat_from IS NOT NULL FROM ${listings} WHERE id = ${listingId}) AS numbered, ${withdrawn(listingId)} AS gone`,
    ),
  ]);
  const { held, sold, bound, numbered, gone } = state.results[0];
  if (gone) throw new MarketError("listingNotEditable");
  if (held) throw new MarketError("listingHeld");
  if (bound !== null && quantity > bound) {
    if (numbered) throw new MarketError("listingSeatsInvalid");
    throw new MarketError("resaleQuantityAboveOrder", { params: { max: bound }, data: { max: bound } });
  }
  if (quantity < sold) throw new MarketError("listingQuantityBelowSold", { params: { sold }, data: { sold } });
  // The listing changed under us (another edit) or a sold seat sits beyond the new quantity.
  throw new MarketError("listingQuantityBelowSold", { params: { sold }, data: { sold } });
}

/**
 * Withdraws a listing: no buyer can take its tickets from this instant (availability.ts);
 * orders already placed keep theirs. Throws notLogin, sellerProfileRequired, invalidParam,
 * notFound, listingNotEditable (already withdrawn). Side effects: the withdrawal and its change.
 */
export async function withdrawListing(ctx: MarketContext, input: { listingId: unknown }): Promise<void> {
  const seller = await requireSeller(ctx);
  const parsed = listingIdSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const row = await ownListing(ctx, seller, parsed.data.listingId);
  if (row.withdrawnAt) throw new MarketError("listingNotEditable");
  await ctx.d1.batch(withdrawStatements(ctx, row.listing.id, seller.userId));
  await recordLowestPrice(ctx, row.listing.sessionId);
}

/** The statements that withdraw listing `listingId` on behalf of `actorUserId` (a seller, or support), recording the change once. */
export function withdrawStatements(ctx: Pick<MarketContext, "d1" | "now">, listingId: number, actorUserId: number) {
  const now = ctx.now();
  return [
    prepare(
      ctx.d1,
      sql`INSERT INTO ${listingTerms} (listing_id, created_by, withdrawn_at, withdrawn_by, updated_at)
          VALUES (${listingId}, ${actorUserId}, ${now}, ${actorUserId}, ${now})
          ON CONFLICT (listing_id) DO UPDATE SET withdrawn_at = excluded.withdrawn_at, withdrawn_by = excluded.withdrawn_by, updated_at = excluded.updated_at
          WHERE ${listingTerms}.withdrawn_at IS NULL`,
    ),
    prepare(
      ctx.d1,
      sql`INSERT INTO ${listingChanges} (listing_id, actor_user_id, kind, from_value, to_value, created_at)
          SELECT ${listingId}, ${actorUserId}, 'withdrawn', NULL, NULL, ${now} WHERE changes() > 0`,
    ),
    // Its tickets are off sale (listings/inventory-version.ts), when it was just withdrawn.
    moveInventoryVersion(ctx.d1, sql`SELECT session_id FROM ${listings} WHERE id = ${listingId}`, sql`changes() > 0`),
  ];
}

