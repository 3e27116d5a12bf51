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
 *
 * Whether an order may be resold is decided by the statement that lists it, not by a read
 * before it: the listing is inserted only if, at that instant, the order is still paid and the
 * viewer's, no after-sales case is open on it, its tickets are not handed over or voided, an
 * e-ticket's files are in its delivery (uploaded by its seller: Ovation never resells a ticket
 * it would have to draw itself), no live resale of it exists (and a partial unique index,
 * migration 0014, refuses a second one whatever the interleaving), and none of its seats is on
 * another live listing of the same seller. When the resale is paid, those very files move to
 * the new buyer's delivery. An order with Ovation entry codes needs no files: its tickets
 * themselves move, with new secrets (entry/issue.ts), and it is resold only while every one of
 * them is still its buyer's and none has been let in at the door.
 */
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { deliveries, deliveryEvents, deliveryFiles, entryTickets, listingChanges, listings, listingTerms, orders, users } from "../../db/schema";
import type { MarketContext } from "../context";
import { systemVoidStatements } from "../delivery/system-void";
import { MarketError } from "../errors";
import { getOrder } from "../orders/order-views";
import { TICKETS_HANDED_OVER } from "../orders/rules";
import { openCaseOf, resaleListed } from "../aftersales/rules";
import { prepare } from "../context/statements";
import { moveInventoryVersion } from "../listings/inventory-version";
import { minorOf } from "./create-listing";
import { sellingInvalid } from "./invalid-input";
import { refuseAboveCap, sessionMarket, verdictFor } from "./market-law";
import { seatsSideBySide } from "../listings/seats";
import { seatsOverlapListed } from "./seat-overlap";
import { getSellerProfile, requireSeller, writeProfile } from "./seller-profiles";
import { resellSchema, type ResellInput } from "./selling-schemas";

/**
 * The order `orderId` may be resold by `userId` at this instant, as SQL: paid and theirs, no open
 * after-sales case, tickets not handed over or voided, an e-ticket delivered with files its
 * seller uploaded, and no live resale of it yet.
 */
function resellable(orderId: number, userId: number): SQL {
  const handedOver = sql.join([...TICKETS_HANDED_OVER].map((state) => sql`${state}`), sql`, `);
  return sql`(EXISTS (SELECT 1 FROM ${orders} o LEFT JOIN ${deliveries} d ON d.order_id = o.id INNER JOIN ${listings} ol ON ol.id = o.listing_id
                 WHERE o.id = ${orderId} AND o.user_id = ${userId} AND o.status = 'paid'
                   AND COALESCE(d.state, 'voided') NOT IN (${handedOver})
                   AND (o.delivery_method <> 'E_TICKET'
                        OR (d.state = 'delivered' AND (ol.entry_codes = 1
                            OR EXISTS (SELECT 1 FROM ${deliveryFiles} f WHERE f.delivery_id = d.id AND f.uploaded_by IS NOT NULL)))))
      AND ${openCaseOf(orderId)} IS NULL
      AND NOT ${resaleListed(orderId)}
      AND ${entryTicketsAllHeld(orderId)})`;
}

/** SQL: every entry ticket of order `orderId` is still held by its buyer and none has been let in (a resale takes them all). */
function entryTicketsAllHeld(orderId: number): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${entryTickets} et INNER JOIN ${orders} eo ON eo.id = et.order_id
                         WHERE et.order_id = ${orderId} AND et.state = 'valid' AND (et.holder_user_id <> eo.user_id OR et.admitted_at IS NOT NULL))`;
}

/** A second live resale of one order broke the partial unique index (migration 0014). */
function isDuplicateResale(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  return /UNIQUE constraint failed: listing_terms\.source_order_id/.test(text);
}

/**
 * Lists the viewer's paid order for resale at `price` (major units of its trade currency).
 * Throws notLogin, invalidParam, notFound (not the viewer's order), resaleNotAllowed (unpaid,
 * tickets already handed over or voided, an after-sales case open, an e-ticket its seller has
 * not delivered with its files, or already listed), sessionNotListable, listingPriceCapped,
 * listingSeatsAlreadyListed (a seat on another live listing of the viewer's). Side effects: a
 * private seller profile if none; the listing, its terms (source order) and its 'created'
 * change. Returns the listing id.
 */
export async function resellOrder(ctx: MarketContext, input: ResellInput): Promise<{ listingId: number }> {
  const userId = ctx.viewer.userId;
  if (userId === null) throw new MarketError("notLogin");
  const parsed = resellSchema.safeParse(input);
  if (!parsed.success) throw sellingInvalid(parsed.error);
  const order = await getOrder(ctx, parsed.data.orderId);
  // Read first only to refuse early (before a seller profile is made); the insert below decides.
  const [source] = await ctx.db
    .select({ listing: listings, usable: sql<number>`${resellable(order.id, userId)}`.mapWith(Boolean) })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(and(eq(orders.id, order.id), eq(orders.userId, userId)))
    .limit(1);
  if (!source?.usable) throw new MarketError("resaleNotAllowed");
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
  const place = { sessionId: from.sessionId, sectionId: from.sectionId, rowLabel: from.rowLabel, seatNumbers: seats };
  const overlap = seatsOverlapListed(seller.sellerId, place);
  let inserted;
  try {
    [inserted] = await ctx.d1.batch<{ id: number }>([
      prepare(
        ctx.d1,
        sql`INSERT INTO ${listings} (session_id, seller_id, section_id, row_label, seat_from, seats_together, quantity, price_minor,
              face_value_minor, currency_code, delivery_method, split_rule, e_ticket_ready, entry_codes, listed_at)
            SELECT ${from.sessionId}, ${seller.sellerId}, ${from.sectionId}, ${from.rowLabel}, ${seats ? (Number.isInteger(first) ? first : 1) : null},
              ${seats && seatsSideBySide(seats) ? 1 : 0}, ${order.quantity}, ${priceMinor}, ${from.faceValueMinor}, ${from.currencyCode},
              ${from.deliveryMethod}, 'all', ${from.deliveryMethod === "E_TICKET" ? 1 : 0}, ${from.entryCodes ? 1 : 0}, ${now}
            WHERE ${resellable(order.id, userId)} AND NOT ${overlap}
            RETURNING id`,
      ),
      // last_insert_rowid() is the listing's only when the insert just above took effect.
      prepare(
        ctx.d1,
        sql`INSERT INTO ${listingTerms} (listing_id, created_by, seat_numbers, source_order_id, law_rule, cap_minor, updated_at)
            SELECT last_insert_rowid(), ${userId}, ${seats ? JSON.stringify(seats) : null}, ${order.id},
              ${verdict.capping?.rule.id ?? null}, ${verdict.capping?.capMinor ?? null}, ${now}
            WHERE changes() > 0`,
      ),
      prepare(
        ctx.d1,
        sql`INSERT INTO ${listingChanges} (listing_id, actor_user_id, kind, from_value, to_value, created_at)
            SELECT last_insert_rowid(), ${userId}, 'created', NULL, ${JSON.stringify({ price: priceMinor, quantity: order.quantity, sourceOrderId: order.id })}, ${now}
            WHERE changes() > 0`,
      ),
      moveInventoryVersion(ctx.d1, from.sessionId, sql`changes() > 0`),
    ]);
  } catch (error) {
    if (isDuplicateResale(error)) throw new MarketError("resaleNotAllowed");
    throw error;
  }
  const listingId = inserted.results[0]?.id;
  if (listingId !== undefined) return { listingId };
  const [again] = await ctx.d1.batch<{ overlapping: number }>([prepare(ctx.d1, sql`SELECT ${overlap} AS overlapping`)]);
  if (again.results[0]?.overlapping) throw new MarketError("listingSeatsAlreadyListed");
  throw new MarketError("resaleNotAllowed");
}

/**
 * The statements that, in the batch paying the order `paidBy` (a subquery naming its id), void
 * the delivery of the order its tickets were resold from, each guarded by `guard`: its e-ticket
 * files move to the new order's delivery (the seller's own files, never a drawn stand-in), codes
 * cleared, state voided, one `voided` event by the system noted `resold`. Run after the new
 * order's delivery is created. Nothing happens for an order of an ordinary listing.
 */
export function handoverStatements(paidBy: SQL, guard: SQL, now: number): SQL[] {
  const sourceOrder = sql`(SELECT t.source_order_id FROM ${listingTerms} t INNER JOIN ${orders} po ON po.listing_id = t.listing_id
                           WHERE po.id = (${paidBy}) AND po.status = 'paid')`;
  return [
    sql`UPDATE ${deliveryFiles}
        SET order_id = (${paidBy}), delivery_id = (SELECT d.id FROM ${deliveries} d WHERE d.order_id = (${paidBy}))
        WHERE order_id = ${sourceOrder} AND EXISTS (SELECT 1 FROM ${deliveries} d WHERE d.order_id = (${paidBy})) AND ${guard}`,
    ...systemVoidStatements(sourceOrder, guard, "resold", now),
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
