/**
 * Fan-to-fan resale: a buyer who cannot go lists the tickets of a paid order from its detail.
 * Seats, face value, section and delivery come from the order; only the price is asked, and the
 * law of the venue's market is applied as to any private seller. The order's tickets are sold
 * together (split rule `all`), so one new buyer takes the place of the old.
 *
 * When the resale is paid, the old holder's e-ticket, voucher or pickup code stops working in the
 * same D1 batch that pays the new order and gives it its own delivery (payments/apply-event.ts
 * runs handoverStatements): the old delivery is voided by the system with the note `resold`, its
 * codes cleared. A ticket has exactly one valid holder at every instant.
 *
 * An account with no seller profile gets a private one named after it on its first resale.
 */
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { deliveries, deliveryEvents, listingChanges, listings, listingTerms, orders, users } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { getOrder } from "../orders/order-views";
import { prepare } from "../context/statements";
import { minorOf } from "./create-listing";
import { sellingInvalid } from "./invalid-input";
import { refuseAboveCap, sessionMarket, verdictFor } from "./market-law";
import { seatsSideBySide } from "../listings/seats";
import { getSellerProfile, requireSeller, writeProfile } from "./seller-profiles";
import { resellSchema, type ResellInput } from "./selling-schemas";

/** Delivery states in which the tickets are already in the buyer's hands outside Ovation (picked up, shipped and received…). */
const HANDED_OVER = new Set(["picked_up", "collected", "received", "transfer_accepted", "redeemed", "voided"]);

/**
 * Lists the viewer's paid order for resale at `price` (major units of its trade currency).
 * Throws notLogin, invalidParam, notFound (not the viewer's order), resaleNotAllowed (unpaid,
 * tickets already handed over or voided, an after-sales case open, or already listed),
 * sessionNotListable, listingPriceCapped. Side effects: a private seller profile if none; the
 * listing, its terms (source order) and its 'created' change. Returns the listing id.
 */
export async function resellOrder(ctx: MarketContext, input: ResellInput): Promise<{ listingId: number }> {
  const userId = ctx.viewer.userId;
  if (userId === null) throw new MarketError("notLogin");
  const parsed = resellSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const order = await getOrder(ctx, parsed.data.orderId);
  const [source] = await ctx.db
    .select({
      listing: listings,
      deliveryState: deliveries.state,
      listed: sql<number>`EXISTS (SELECT 1 FROM ${listingTerms} t WHERE t.source_order_id = ${orders.id} AND t.withdrawn_at IS NULL)`.mapWith(Boolean),
      openCase: sql<number>`EXISTS (SELECT 1 FROM after_sale_cases c WHERE c.order_id = ${orders.id} AND c.status IN ('submitted', 'approved', 'refund_pending'))`.mapWith(Boolean),
    })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(and(eq(orders.id, order.id), eq(orders.userId, userId)))
    .limit(1);
  const usable = order.status === "paid" && source && !HANDED_OVER.has(source.deliveryState ?? "voided") && !source.openCase && !source.listed;
  if (!usable) throw new MarketError("resaleNotAllowed");
  const market = await sessionMarket(ctx, order.event.sessionId);
  if (!market.listable) throw new MarketError("sessionNotListable");

  const from = source.listing;
  const priceMinor = minorOf(parsed.data.price, market.currency.minorUnits, "price");
  const verdict = verdictFor(market, { sellerKind: "private", restriction: null, faceValueMinor: from.faceValueMinor });
  refuseAboveCap(ctx, verdict, priceMinor, market.currency);

  if (!(await getSellerProfile(ctx))) {
    const [user] = await ctx.db.select({ nickName: users.nickName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    const displayName = (user?.nickName || user?.email?.split("@")[0] || "Fan").slice(0, 40);
    await writeProfile(ctx, userId, { displayName, kind: "private", traderLegalName: null, traderAddress: null, traderEmail: null, traderPhone: null, traderRegistrationNo: null });
  }
  const seller = await requireSeller(ctx);
  const seats = order.tickets.seats;
  const first = seats ? Number(seats[0]) : NaN;
  const now = ctx.now();
  const [inserted] = await ctx.d1.batch<{ id: number }>([
    prepare(
      ctx.d1,
      sql`INSERT INTO ${listings} (session_id, seller_id, section_id, row_label, seat_from, seats_together, quantity, price_minor,
            face_value_minor, currency_code, delivery_method, split_rule, e_ticket_ready, listed_at)
          VALUES (${from.sessionId}, ${seller.sellerId}, ${from.sectionId}, ${from.rowLabel}, ${seats ? (Number.isInteger(first) ? first : 1) : null},
            ${seats && seatsSideBySide(seats) ? 1 : 0}, ${order.quantity}, ${priceMinor}, ${from.faceValueMinor}, ${from.currencyCode},
            ${from.deliveryMethod}, 'all', ${from.deliveryMethod === "E_TICKET" ? 1 : 0}, ${now})
          RETURNING id`,
    ),
    prepare(
      ctx.d1,
      sql`INSERT INTO ${listingTerms} (listing_id, created_by, seat_numbers, source_order_id, law_rule, cap_minor, updated_at)
          VALUES (last_insert_rowid(), ${userId}, ${seats ? JSON.stringify(seats) : null}, ${order.id},
            ${verdict.capping?.rule.id ?? null}, ${verdict.capping?.capMinor ?? null}, ${now})`,
    ),
    prepare(
      ctx.d1,
      sql`INSERT INTO ${listingChanges} (listing_id, actor_user_id, kind, from_value, to_value, created_at)
          VALUES (last_insert_rowid(), ${userId}, 'created', NULL, ${JSON.stringify({ price: priceMinor, quantity: order.quantity, sourceOrderId: order.id })}, ${now})`,
    ),
  ]);
  return { listingId: inserted.results[0].id };
}

/**
 * The statements that, in the batch paying the order `paidBy` (a subquery naming its id), void
 * the delivery of the order its tickets were resold from, each guarded by `guard`: codes cleared,
 * state voided, one `voided` event by the system noted `resold`. Nothing happens for an order of
 * an ordinary listing.
 */
export function handoverStatements(paidBy: SQL, guard: SQL, now: number): SQL[] {
  const sourceOrder = sql`(SELECT t.source_order_id FROM ${listingTerms} t INNER JOIN ${orders} po ON po.listing_id = t.listing_id
                           WHERE po.id = (${paidBy}) AND po.status = 'paid')`;
  return [
    sql`INSERT INTO ${deliveryEvents} (delivery_id, order_id, from_state, to_state, step, actor, note, created_at)
        SELECT d.id, d.order_id, d.state, 'voided', 'voided', 'system', 'resold', ${now}
        FROM ${deliveries} d WHERE d.order_id = ${sourceOrder} AND d.state <> 'voided' AND ${guard}`,
    sql`UPDATE ${deliveries}
        SET state = 'voided', version = version + 1, due_at = NULL, pickup_code = NULL, redemption_code = NULL,
            voucher_code = NULL, voucher_code_expires_at = NULL, state_at = ${now}, updated_at = ${now}
        WHERE order_id = ${sourceOrder} AND state <> 'voided' AND ${guard}`,
  ];
}

/** The viewer's live resale listing of an order, if any (for the order detail's 'Sell' button). */
export async function resaleOfOrder(ctx: MarketContext, orderId: number): Promise<{ listingId: number } | null> {
  const [row] = await ctx.db
    .select({ listingId: listingTerms.listingId })
    .from(listingTerms)
    .where(and(eq(listingTerms.sourceOrderId, orderId), isNull(listingTerms.withdrawnAt)))
    .limit(1);
  return row ?? null;
}
