/**
 * Which seats a buyer gets, decided when the order is placed. A numbered listing's seats are
 * positions 0…quantity-1 of its seat list (listing_terms.seat_numbers, else seat_from upward);
 * an order's positions are rows of order_seats, whose key (listing, position) lets a position
 * belong to one order only. The pick is the first run of free positions long enough for the
 * whole order, else the lowest free positions (then seats are not side by side).
 *
 * The statements run in the same D1 batch as the order's INSERT (orders/place-order.ts): the
 * seats of holds that have died are given back, then the new order takes its positions, so two
 * buyers can never be given the same seat. The same pick, read without writing, is the preview
 * confirm-ticket shows.
 */
import { inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { deliveries, listings, listingTerms, orders, orderSeats } from "../../db/schema";
import type { MarketContext } from "../context";
import { compiledOnce, inJson } from "../context/statements";

/** SPEC §9: from this many tickets, seats may not be side by side. */
export const CONSECUTIVE_NOT_GUARANTEED_FROM = 4;

/** An order is alive (takes its seats) unless canceled or an unpaid hold past its deadline. */
function liveOrder(alias: string, now: number | Placeholder): SQL {
  const o = sql.raw(alias);
  return sql`${o}.status <> 'canceled' AND (${o}.status <> 'pending_payment' OR ${o}.expires_at > ${now})`;
}

/** CTEs `pos`, `free` and `block` for `quantity` seats of `listingId` at `now`. */
function pickCtes(listingId: Placeholder, quantity: Placeholder, now: Placeholder): SQL {
  return sql`WITH RECURSIVE
    pos(n) AS (SELECT 0 WHERE (SELECT quantity FROM ${listings} WHERE id = ${listingId}) > 0
               UNION ALL SELECT n + 1 FROM pos WHERE n + 1 < (SELECT quantity FROM ${listings} WHERE id = ${listingId})),
    free(n) AS (SELECT n FROM pos WHERE n NOT IN (
      SELECT os.position FROM ${orderSeats} os INNER JOIN ${orders} o ON o.id = os.order_id
      WHERE os.listing_id = ${listingId} AND ${liveOrder("o", now)})),
    block(s) AS (SELECT MIN(f.n) FROM free f WHERE (SELECT COUNT(*) FROM free g WHERE g.n >= f.n AND g.n < f.n + ${quantity}) = ${quantity})`;
}

/** Free positions in pick order, as `free.n`, for a numbered listing only, while `guard` holds. */
function pickedPositions(listingId: Placeholder, quantity: Placeholder, guard: SQL = sql`1`): SQL {
  return sql`FROM free WHERE (SELECT seat_from FROM ${listings} WHERE id = ${listingId}) IS NOT NULL AND ${guard}
    AND ((SELECT s FROM block) IS NULL OR free.n >= (SELECT s FROM block))
    ORDER BY free.n LIMIT ${quantity}`;
}

/** The values every seat statement is bound with, by name. */
const listingIdValue = sql.placeholder("listingId");
const quantityValue = sql.placeholder("quantity");
const nowValue = sql.placeholder("now");
const orderNoValue = sql.placeholder("orderNo");

/** Gives back the seats of the listing's orders that have died (canceled, or holds past their deadline). */
const freeDeadSeats = compiledOnce<"listingId" | "now">(
  () => sql`DELETE FROM ${orderSeats} WHERE listing_id = ${listingIdValue} AND order_id IN (
    SELECT o.id FROM ${orders} o WHERE o.listing_id = ${listingIdValue} AND NOT (${liveOrder("o", nowValue)}))`,
);

/** The order numbered `orderNo` takes the picked positions, if it was placed. */
const takeSeats = compiledOnce<"listingId" | "quantity" | "orderNo" | "now">(() => {
  const placed = sql`(SELECT id FROM ${orders} WHERE order_no = ${orderNoValue} AND listing_id = ${listingIdValue})`;
  return sql`${pickCtes(listingIdValue, quantityValue, nowValue)}
    INSERT INTO ${orderSeats} (listing_id, position, order_id)
    SELECT ${listingIdValue}, free.n, ${placed}
    ${pickedPositions(listingIdValue, quantityValue, sql`${placed} IS NOT NULL`)}`;
});

/** The positions the pick would give now, without taking them. */
const pickPreview = compiledOnce<"listingId" | "quantity" | "now">(
  () => sql`${pickCtes(listingIdValue, quantityValue, nowValue)} SELECT free.n AS n ${pickedPositions(listingIdValue, quantityValue)}`,
);

/** The positions the order numbered `orderNo` holds. */
const orderPositions = compiledOnce<"orderNo">(
  () => sql`SELECT position FROM ${orderSeats} WHERE order_id = (SELECT id FROM ${orders} WHERE order_no = ${orderNoValue}) ORDER BY position`,
);

/**
 * The statements that give the order `orderNo` (inserted earlier in the same batch, if its rules
 * held) its seats of `listingId`. Nothing is taken when the order was refused (no such row) or
 * the listing is general admission. Compiled once: most listings are numbered, so nearly every
 * order runs them.
 */
export function assignSeatStatements(ctx: MarketContext, input: { listingId: number; quantity: number; orderNo: string; now: number }): D1PreparedStatement[] {
  return [freeDeadSeats(ctx.d1, { listingId: input.listingId, now: input.now }), takeSeats(ctx.d1, input)];
}

export interface SeatListing {
  seatFrom: number | null;
  seatNumbers: string | null;
}

/** The seat label at each position of a listing's seat list. */
export function seatLabels(listing: SeatListing, positions: number[]): string[] {
  const numbers = listing.seatNumbers ? (JSON.parse(listing.seatNumbers) as string[]) : null;
  return positions.map((position) => numbers?.[position] ?? String((listing.seatFrom ?? 0) + position));
}

/** True when the labels are consecutive whole numbers (1, 2, 3), the way a row is numbered. */
export function seatsSideBySide(labels: string[]): boolean {
  const numbers = labels.map(Number);
  if (numbers.some((n) => !Number.isInteger(n))) return false;
  return numbers.every((n, index) => index === 0 || n === numbers[index - 1] + 1);
}

export interface SeatPick {
  /** Seat numbers the buyer gets (or would get now); null for general admission. */
  seats: string[] | null;
  /** SPEC §9: 'consecutive seating not guaranteed' (4 or more, or the seats are apart). */
  consecutiveNotGuaranteed: boolean;
}

function pickOf(listing: SeatListing | undefined, positions: number[], quantity: number): SeatPick {
  if (!listing || listing.seatFrom === null) return { seats: null, consecutiveNotGuaranteed: quantity >= CONSECUTIVE_NOT_GUARANTEED_FROM };
  const seats = seatLabels(listing, positions);
  return { seats, consecutiveNotGuaranteed: quantity >= CONSECUTIVE_NOT_GUARANTEED_FROM || !seatsSideBySide(seats) };
}

async function seatListings(ctx: MarketContext, listingIds: number[]): Promise<Map<number, SeatListing>> {
  if (listingIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: listings.id, seatFrom: listings.seatFrom, seatNumbers: listingTerms.seatNumbers })
    .from(listings)
    .leftJoin(listingTerms, sql`${listingTerms.listingId} = ${listings.id}`)
    .where(inJson(listings.id, listingIds));
  return new Map(rows.map((row) => [row.id, { seatFrom: row.seatFrom, seatNumbers: row.seatNumbers }]));
}

/** The seats `quantity` tickets of the listing would get if ordered now (confirm-ticket). Reads only. */
export async function previewSeats(ctx: MarketContext, listingId: number, quantity: number): Promise<SeatPick> {
  const now = ctx.now();
  const [listingById, picked] = await Promise.all([
    seatListings(ctx, [listingId]),
    ctx.d1.batch<{ n: number }>([pickPreview(ctx.d1, { listingId, quantity, now })]),
  ]);
  return pickOf(listingById.get(listingId), picked[0].results.map((row) => row.n), quantity);
}

/** The seats each order got, by order id. Reads only. */
export async function seatsOfOrders(ctx: MarketContext, list: { id: number; listingId: number; quantity: number }[]): Promise<Map<number, SeatPick>> {
  if (list.length === 0) return new Map();
  const [listingById, rows] = await Promise.all([
    seatListings(ctx, [...new Set(list.map((order) => order.listingId))]),
    ctx.db
      .select()
      .from(orderSeats)
      .where(inArray(orderSeats.orderId, list.map((order) => order.id)))
      .orderBy(orderSeats.position),
  ]);
  const picks = new Map<number, SeatPick>();
  for (const order of list) {
    const positions = rows.filter((row) => row.orderId === order.id).map((row) => row.position);
    picks.set(order.id, seatsOfOrder(listingById.get(order.listingId), positions, order.quantity));
  }
  return picks;
}

/** The seats an order of `quantity` tickets holds at `positions` of its listing's seat list (none: general admission, or seats not kept). */
export function seatsOfOrder(listing: SeatListing | undefined, positions: number[], quantity: number): SeatPick {
  return positions.length > 0 || !listing || listing.seatFrom === null ? pickOf(listing, positions, quantity) : { seats: null, consecutiveNotGuaranteed: quantity >= CONSECUTIVE_NOT_GUARANTEED_FROM };
}

/** Reads the positions the order numbered `orderNo` holds, for the batch that gave them (after assignSeatStatements). */
export function seatPositionsStatement(ctx: MarketContext, orderNo: string): D1PreparedStatement {
  return orderPositions(ctx.d1, { orderNo });
}

/** The seats of the orders of these deliveries, by order id (the provider's and support's order views). Reads only. */
export async function seatsOfDeliveries(ctx: MarketContext, deliveryIds: number[]): Promise<Map<number, SeatPick>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: orders.id, listingId: orders.listingId, quantity: orders.quantity })
    .from(deliveries)
    .innerJoin(orders, sql`${orders.id} = ${deliveries.orderId}`)
    .where(inArray(deliveries.id, deliveryIds));
  return seatsOfOrders(ctx, rows);
}
