/**
 * Placing an order. The rules are first checked against a fresh read, so a refusal names the
 * rule that was broken; then the tickets are taken by ONE conditional INSERT … SELECT that
 * re-checks every rule against the live rows (session on sale, tickets left, split rule, the
 * buyer's unpaid orders, the price read). D1 runs each batch as one transaction, one at a time,
 * so whatever interleaving of buyers, a listing is never oversold: a buyer whose insert finds
 * the rules broken inserts nothing, reads again and is told which rule it was.
 *
 * A placed order costs two D1 round trips (docs/decisions.md): one batch reads everything the
 * rules and the answer need, one batch takes the tickets, spends the coupon, gives the seats,
 * records the ad attribution and reads back the seats and the tickets left. The answer is built
 * from those two, not read again.
 */
import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { listings, listingTerms, orders, sellers, sessionDemand, sessions, shows, studentCertifications, userSessions, users, type DeliveryMethod, type ShowStatus, type SplitRule } from "../../db/schema";
import { logError } from "../../observability";
import { loadReference, type Reference } from "../reference";
import { couponIsFree, reserveCoupon } from "../coupons/reserve";
import { quoteCoupon } from "../coupons/my-coupons";
import { sessionStatus } from "../listings/session-status";
import { attributionStatement } from "../analytics/attribution";
import { assertMayBuyListing, type StudentBadge } from "../students";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { ticketsLeft } from "../listings/availability";
import { listingCap, listingCapRule, refuseAboveLawCap, withinResaleCap } from "../listings/resale-cap";
import { joinListingEvent } from "../listings/listing-event";
import { recordLowestPrice } from "../demand/price-history";
import { requireAdmission, requireBotCheck } from "../demand/admission";
import { notePlacement } from "../demand/room";
import { priceOrder } from "../listings/price-order";
import { allowedQuantities, splitAllows, splitAllowsQuantity } from "../listings/split-rules";
import { sessionColumns } from "../accounts/sessions";
import { asBuyer, buyerOfRead, confirmBuyer, orderBuyerOf, type OrderBuyer } from "./order-buyer";
import { createOrderSchema, ORDER_MESSAGES, type CreateOrderInput, type CreateOrderRequest, type ShippingAddress } from "./order-schemas";
import { newOrderNo } from "./order-no";
import { getOrder, orderEventColumns, orderViewOf, type OrderEvent, type OrderView } from "./order-views";
import { HOLD_MS, MAX_UNPAID_ORDERS } from "./rules";
import { assignSeatStatements, seatPositionsStatement, seatsOfOrder, type SeatListing } from "../listings/seats";
import { moveInventoryVersion } from "../listings/inventory-version";
import { preparedOnce, compiledOnce, prepare, rowOf } from "../context/statements";
import { cancelStatements } from "./cancel-order";
import { countOrderStatements, LIMIT_ABORT, orderKeysOf, refuseAboveLimit, type PurchaseKey } from "./purchase-limits";
import { invalidInput } from "./validation";

/** Reads before taking tickets; a rule broken between the read and the insert costs one more round. */
const MAX_ROUNDS = 3;

interface Orderable {
  /** The buyer's account: the viewer's, or the one the presented session opens. */
  buyerId: number;
  listing: {
    id: number;
    sessionId: number;
    priceMinor: number;
    currencyCode: string;
    deliveryMethod: DeliveryMethod;
    splitRule: SplitRule;
    left: number;
    showStatus: ShowStatus;
    startsAt: number;
    saleEndsAt: number;
    studentsOnly: boolean;
    /** The cap the resale law in force now puts on one ticket, and its rule; null when uncapped (listings/resale-cap.ts). */
    capMinor: number | null;
    capRule: string | null;
  };
  /** Whether the session's buyers come through the waiting room (false when never marked). */
  queueOn: boolean;
  /** Tickets of the session one buyer may hold while its queue is on (purchase-limits.ts). */
  ticketLimit: number | null;
  /** The session's waiting-room shards (told how long placing took, for their pace). */
  shards: number;
  /** The buyer's student certification, if any (a students-only listing needs a badge in force). */
  student: StudentBadge | null;
  seats: SeatListing;
  /** What the placed order's answer shows of its event, tickets and seller. */
  event: OrderEvent;
  unpaid: { id: number; orderNo: string; sessionId: number; listingId: number; quantity: number }[];
  reference: Reference;
}

/**
 * How an order is placed: `replacing`, the buyer's unpaid order it cancels in the same
 * transaction (a re-order); `remoteIp`, the buyer's address, for the bot check.
 */
export interface PlaceOptions {
  replacing?: number;
  remoteIp?: string | null;
}

/** What the batch that takes the tickets gives back when the order is placed. */
interface Placed {
  order: typeof orders.$inferSelect;
  /** The order's positions in its listing's seat list (none for general admission). */
  positions: number[];
  /**
   * Whether the order may have moved the session's lowest price: it took the listing's last
   * tickets and no other listing of the session in the same currency, at its price or less, has
   * any left (then the lowest is still that one's: the all-in price rises with the price).
   */
  movedLowest: boolean;
}

/** The buyer's coupon spent on the order, and what it takes off, in the trade currency. */
interface Discount {
  userCouponId: number;
  amount: number;
}

/**
 * Places an order for the viewer: holds `quantity` tickets of a listing for 10 minutes, priced
 * in the listing's currency with every fee, shown in the viewer's currency at a rate recorded
 * on the order, less the discount of the buyer's coupon when one is chosen (`couponId`, a
 * claimed coupon's id). Takes the confirm form's fields (createOrderSchema).
 *
 * Throws notLogin (guest); invalidParam (bad input; `order.addressRequired` for EXPRESS without
 * an address); notFound (no such listing); saleOvertime (the session's sales have ended);
 * orderSessionUnavailable (session not on sale); orderUnpaidSameSession (an unpaid order for the
 * same session; data: { previousOrderId, previousOrderNo }); orderUnpaidTooMany (data:
 * { orderIds }); orderInventoryNotEnough (not enough tickets left); orderQuantityNotAllowed (the
 * split rule forbids the quantity; data: { allowedQuantities }); orderCreateUnknown (anything
 * unexpected, logged); for a coupon, notFound (not the viewer's) and clientOperateFail (it cannot
 * be used on these tickets: used, expired, not started, new users only, minimum spend not met;
 * data: { reason }); queueAdmissionRequired (the session's waiting room is on and
 * `admissionToken` does not admit the viewer); botCheckFailed (403: while the queue is on, the
 * bot check's token `botCheck` is missing or failed; a re-order that replaces the buyer's held
 * order needs none).
 *
 * Side effects: one order row, status pending_payment, taking its tickets until expiresAt; the
 * coupon, if any, spent on it in the same batch (so it is never spent on two live orders); while
 * the queue is on, how long placing took, told to one of the session's shards.
 */
export async function createOrder(ctx: MarketContext, input: CreateOrderInput, options: PlaceOptions = {}): Promise<OrderView> {
  const buyer = orderBuyerOf(ctx);
  const parsed = createOrderSchema.safeParse(input);
  if (!parsed.success) {
    // A session that opens nothing is refused before the input, as when the door checks it.
    await confirmBuyer(ctx, buyer);
    throw invalidInput(parsed.error);
  }
  const request = parsed.data;
  const started = Date.now();
  // Time spent on the bot check's siteverify call: not the database's, so not the placement's.
  let checking = 0;
  try {
    let known = buyer;
    let keys: PurchaseKey[] | null = null;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const now = ctx.now();
      const orderable = await readOrderable(ctx, request.listingId, known, now);
      known = { userId: orderable.buyerId, presented: null };
      const buyerCtx = asBuyer(ctx, orderable.buyerId);
      if (round === 0) assertMayBuyListing(orderable.listing, orderable.student, now);
      if (options.replacing !== undefined) setAside(orderable, options.replacing);
      refuseBrokenRules(ctx, orderable, request, now);
      if (round === 0) await requireAdmission(buyerCtx, orderable.listing.sessionId, orderable.queueOn, request.admissionToken);
      // A hot session's order passes the bot gate too (decision 310); a re-order only swaps the
      // buyer's own held order of the session, which passed it.
      if (round === 0 && orderable.queueOn && options.replacing === undefined) {
        const checkStarted = Date.now();
        await requireBotCheck(ctx, orderable.listing.sessionId, "order", { botCheck: request.botCheck, remoteIp: options.remoteIp });
        checking = Date.now() - checkStarted;
      }
      keys ??= await orderKeysOf(orderable.buyerId, ctx.viewer.deviceId, expressAddress(orderable, request));
      if (orderable.queueOn && orderable.ticketLimit !== null) {
        const limit = { sessionId: orderable.listing.sessionId, ticketLimit: orderable.ticketLimit };
        await refuseAboveLimit(ctx, limit, keys, request.quantity, options.replacing ?? null);
      }
      const discount = await discountOf(buyerCtx, orderable, request);
      const placed = await takeTickets(buyerCtx, orderable, request, now, discount, keys, options.replacing);
      if (placed) {
        if (placed.movedLowest) await recordLowestPrice(ctx, orderable.listing.sessionId);
        // The waiting room lets buyers in at the pace the database sells (decision 311): real time, not the context's clock.
        if (orderable.queueOn) await notePlacement(ctx, orderable.listing.sessionId, orderable.shards, Date.now() - started - checking);
        return orderViewOf(buyerCtx, orderable.reference, { ...orderable.event, order: placed.order }, {
          seats: seatsOfOrder(orderable.seats, placed.positions, placed.order.quantity),
          notes: [],
          delivery: null,
        });
      }
    }
    throw new MarketError("orderCreateUnknown");
  } catch (error) {
    if (error instanceof MarketError) throw error;
    logError(error, { requestId: ctx.viewer.requestId, where: "createOrder" });
    throw new MarketError("orderCreateUnknown", { cause: error });
  }
}

/**
 * 'Buy again' (SPEC §4): a new order for the same tickets, quantity and contact details as one of
 * the viewer's orders, usually one whose payment failed. Takes the order id. Throws notFound for
 * an order that is not the viewer's, and everything createOrder throws. Side effects: as
 * createOrder.
 */
export async function buyAgain(ctx: MarketContext, orderId: number): Promise<OrderView> {
  const previous = await getOrder(ctx, orderId);
  return createOrder(ctx, {
    listingId: previous.tickets.listingId,
    quantity: previous.quantity,
    contactEmail: previous.contact.email,
    contactPhoneCode: previous.contact.phoneCode,
    contactPhone: previous.contact.phone,
    shippingAddress: previous.shippingAddress
      ? {
          ...previous.shippingAddress,
          district: previous.shippingAddress.district ?? undefined,
          addressRemark: previous.shippingAddress.addressRemark ?? undefined,
          postalCode: previous.shippingAddress.postalCode ?? undefined,
        }
      : undefined,
  });
}

/** The address an EXPRESS order ships to, else null. */
function expressAddress({ listing }: Orderable, request: CreateOrderRequest): ShippingAddress | null {
  return listing.deliveryMethod === "EXPRESS" ? (request.shippingAddress ?? null) : null;
}

/** The chosen coupon's discount on these tickets; refuses a coupon that is not the buyer's or cannot be used. */
async function discountOf(ctx: MarketContext, { listing }: Orderable, request: CreateOrderRequest): Promise<Discount | null> {
  if (request.couponId === undefined) return null;
  const quoted = await quoteCoupon(ctx, { listingId: listing.id, quantity: request.quantity, couponId: request.couponId });
  if (quoted.currencyCode !== listing.currencyCode) throw new Error(`coupon quoted in ${quoted.currencyCode}, listing trades in ${listing.currencyCode}`);
  return { userCouponId: quoted.couponId, amount: quoted.discount };
}

/** sessionStatus(…) === 'ONSALE' (listings/session-status.ts) as SQL, for the statement that takes tickets. */
function sessionSells(now: number | Placeholder): SQL {
  return sql`(${sessions.saleEndsAt} > ${now} AND ${sessions.startsAt} > ${now} AND ${shows.status} = 'ONSALE')`;
}

/** The buyer's unpaid orders whose hold is live at `now`, as SQL. */
function liveUnpaidOf(buyerId: number | Placeholder | SQL, now: number | Placeholder): SQL {
  return sql`${orders.userId} = ${buyerId} AND ${orders.status} = 'pending_payment' AND ${orders.expiresAt} > ${now}`;
}

/**
 * Everything the rules and the answer need, in one statement: the listing with its event and
 * session, the buyer's certification and unpaid orders, and the presented session when the
 * door left it unchecked (the buyer is then its account). Built once per database, since every
 * order asks it and building it walks a dozen joins.
 */
const orderableQuery = preparedOnce((db) => {
  const now = sql.placeholder("now");
  const buyerId = sql`coalesce(${sql.placeholder("buyerId")}, ${userSessions.userId})`;
  return joinListingEvent(
    db
      .select({
        listing: {
          id: listings.id,
          sessionId: listings.sessionId,
          priceMinor: listings.priceMinor,
          currencyCode: listings.currencyCode,
          deliveryMethod: listings.deliveryMethod,
          splitRule: listings.splitRule,
          left: ticketsLeft(now),
          showStatus: shows.status,
          startsAt: sessions.startsAt,
          saleEndsAt: sessions.saleEndsAt,
          studentsOnly: listings.studentsOnly,
          capMinor: listingCap(),
          capRule: listingCapRule(),
        },
        event: orderEventColumns,
        seatFrom: listings.seatFrom,
        seatNumbers: listingTerms.seatNumbers,
        queueOn: sessionDemand.queueOn,
        ticketLimit: sessionDemand.ticketLimit,
        shards: sessionDemand.shards,
        studentStatus: studentCertifications.status,
        studentExpiresAt: studentCertifications.expiresAt,
        session: sessionColumns,
        // The buyer's live unpaid orders, oldest first, as JSON: one statement reads everything.
        unpaid: sql<string>`(SELECT json_group_array(json_object('id', id, 'orderNo', order_no, 'sessionId', session_id, 'listingId', listing_id, 'quantity', quantity)) FROM (
          SELECT ${orders.id} AS id, ${orders.orderNo} AS order_no, ${orders.sessionId} AS session_id, ${orders.listingId} AS listing_id, ${orders.quantity} AS quantity FROM ${orders}
          WHERE ${liveUnpaidOf(buyerId, now)} ORDER BY ${orders.createdAt}, ${orders.id}))`,
      })
      .from(listings)
      .$dynamic(),
  )
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .leftJoin(listingTerms, eq(listingTerms.listingId, listings.id))
    .leftJoin(sessionDemand, eq(sessionDemand.sessionId, listings.sessionId))
    .leftJoin(userSessions, eq(userSessions.tokenHash, sql.placeholder("tokenHash")))
    .leftJoin(users, eq(users.id, userSessions.userId))
    .leftJoin(studentCertifications, eq(studentCertifications.userId, buyerId))
    .where(eq(listings.id, sql.placeholder("listingId")))
    .limit(1)
    .prepare();
});

async function readOrderable(ctx: MarketContext, listingId: number, buyer: OrderBuyer, now: number): Promise<Orderable> {
  const listingQuery = orderableQuery(ctx.d1).all({ listingId, buyerId: buyer.userId, tokenHash: buyer.presented?.tokenHash ?? null, now });
  const [listingRows, reference] = await Promise.all([listingQuery, loadReference(ctx)]);
  const row = listingRows[0];
  if (!row) {
    await confirmBuyer(ctx, buyer);
    throw notFound("listing");
  }
  return {
    buyerId: await buyerOfRead(ctx, buyer, row.session),
    listing: row.listing,
    queueOn: row.queueOn === true,
    ticketLimit: row.ticketLimit,
    shards: row.shards ?? 1,
    student: row.studentStatus ? { status: row.studentStatus, expiresAt: row.studentExpiresAt } : null,
    seats: { seatFrom: row.seatFrom, seatNumbers: row.seatNumbers },
    event: row.event,
    unpaid: JSON.parse(row.unpaid) as Orderable["unpaid"],
    reference,
  };
}

/** Reads the rules as if the order a re-order replaces were already canceled: not unpaid, its tickets free again. */
function setAside(orderable: Orderable, replacing: number): void {
  const replaced = orderable.unpaid.find((order) => order.id === replacing);
  if (!replaced) return;
  orderable.unpaid = orderable.unpaid.filter((order) => order !== replaced);
  if (replaced.listingId === orderable.listing.id) orderable.listing.left += replaced.quantity;
}

/** Throws the first SPEC §4 rule the order would break, in the order a buyer can act on them. */
function refuseBrokenRules(ctx: MarketContext, { listing, unpaid, reference }: Orderable, request: CreateOrderRequest, now: number): void {
  if (listing.saleEndsAt <= now) throw new MarketError("saleOvertime");
  const status = sessionStatus({ showStatus: listing.showStatus, startsAt: listing.startsAt, saleEndsAt: listing.saleEndsAt }, now);
  if (status !== "ONSALE") throw new MarketError("orderSessionUnavailable");
  refuseAboveLawCap(ctx, listing, reference);

  const sameSession = unpaid.find((order) => order.sessionId === listing.sessionId);
  if (sameSession) {
    throw new MarketError("orderUnpaidSameSession", {
      data: { previousOrderId: sameSession.id, previousOrderNo: sameSession.orderNo },
    });
  }
  if (unpaid.length >= MAX_UNPAID_ORDERS) {
    throw new MarketError("orderUnpaidTooMany", { data: { orderIds: unpaid.map((order) => order.id) } });
  }

  if (listing.left < request.quantity) throw new MarketError("orderInventoryNotEnough");
  if (!splitAllowsQuantity(listing.splitRule, listing.left, request.quantity)) {
    const allowed = allowedQuantities(listing, listing.left);
    throw new MarketError("orderQuantityNotAllowed", {
      params: { allowed: allowed.join(", ") },
      data: { allowedQuantities: allowed },
    });
  }

  if (listing.deliveryMethod === "EXPRESS" && !request.shippingAddress) {
    throw new MarketError("invalidParam", { messageKey: ORDER_MESSAGES.addressRequired, params: { field: "shippingAddress" } });
  }
}

/**
 * Read back in the batch that takes the tickets: whether the order may have moved its session's
 * lowest price (Placed.movedLowest). Only the last tickets of a listing can, and only when no
 * other listing of the session in its currency at its price or less still has tickets.
 */
const movedLowestStatement = compiledOnce<"listingId" | "sessionId" | "currencyCode" | "priceMinor" | "now">(() => {
  const now = sql.placeholder("now");
  const listingId = sql.placeholder("listingId");
  // The inner FROM names the listings table again, so ticketsLeft there counts the other listing's tickets.
  const otherStillSells = sql`EXISTS (SELECT 1 FROM ${listings}
    WHERE ${listings.sessionId} = ${sql.placeholder("sessionId")} AND ${listings.id} <> ${listingId}
      AND ${listings.currencyCode} = ${sql.placeholder("currencyCode")} AND ${listings.priceMinor} <= ${sql.placeholder("priceMinor")}
      AND ${ticketsLeft(now)} > 0 AND ${withinResaleCap()})`;
  // CASE, so the other listings are looked at only when this one has none left.
  return sql`SELECT CASE WHEN taken.left > 0 THEN 0 WHEN ${otherStillSells} THEN 0 ELSE 1 END AS moved
    FROM (SELECT ${ticketsLeft(now)} AS left FROM ${listings} WHERE ${listings.id} = ${listingId}) AS taken`;
});

/**
 * The guarded INSERT … SELECT that takes the tickets (takeTickets), compiled once: it inserts
 * nothing unless the listing still sells at the price, currency and delivery read, the split
 * rule allows the quantity of what is left, its price is within the resale law in force now, the buyer holds no live unpaid order for the session
 * and fewer than the most allowed, and the chosen coupon, if any, is still free.
 */
const takeTicketsStatement = compiledOnce(() => {
  const value = (name: string) => sql.placeholder(name);
  const [now, buyerId, quantity, userCouponId] = [value("now"), value("buyerId"), value("quantity"), value("userCouponId")];
  const left = sql.raw("candidate.remaining");
  return sql`
    INSERT INTO ${orders} (
      order_no, user_id, listing_id, session_id, quantity, status, delivery_method,
      contact_email, contact_phone_code, contact_phone, shipping_address, channel,
      currency_code, unit_price, ticket_amount, service_fee, vat, shipping_fee, additional_fees,
      payment_gateway_fee, user_coupon_id, coupon_discount_minor, total_amount, display_currency_code,
      display_total_amount, exchange_rate, trade_per_usd_micros, display_per_usd_micros, created_at, expires_at
    )
    SELECT
      ${value("orderNo")}, ${buyerId}, candidate.id, candidate.session_id, ${quantity}, 'pending_payment', candidate.delivery_method,
      ${value("contactEmail")}, ${value("contactPhoneCode")}, ${value("contactPhone")}, ${value("address")}, ${value("channel")},
      ${value("tradeCode")}, ${value("priceMinor")}, ${value("ticketAmount")}, ${value("serviceFee")}, ${value("vat")}, ${value("shippingFee")}, ${value("additionalFees")},
      ${value("paymentGatewayFee")}, ${userCouponId}, ${value("couponDiscount")}, ${value("total")}, ${value("displayCode")},
      ${value("displayTotal")}, ${value("exchangeRate")}, ${value("tradePerUsd")}, ${value("displayPerUsd")}, ${now}, ${value("expiresAt")}
    FROM (
      SELECT ${listings.id} AS id, ${listings.sessionId} AS session_id, ${listings.deliveryMethod} AS delivery_method,
             ${listings.splitRule} AS split_rule, ${ticketsLeft(now)} AS remaining
      FROM ${listings}
      INNER JOIN ${sessions} ON ${sessions.id} = ${listings.sessionId}
      INNER JOIN ${shows} ON ${shows.id} = ${sessions.showId}
      WHERE ${listings.id} = ${value("listingId")}
        AND ${listings.priceMinor} = ${value("priceMinor")}
        AND ${listings.currencyCode} = ${value("currencyCode")}
        AND ${listings.deliveryMethod} = ${value("deliveryMethod")}
        AND ${sessionSells(now)}
        AND ${withinResaleCap()}
    ) AS candidate
    WHERE ${splitAllows(sql.raw("candidate.split_rule"), left, quantity)}
      AND NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${liveUnpaidOf(buyerId, now)} AND ${orders.sessionId} = candidate.session_id)
      AND (SELECT COUNT(*) FROM ${orders} WHERE ${liveUnpaidOf(buyerId, now)}) < ${MAX_UNPAID_ORDERS}
      AND (${userCouponId} IS NULL OR ${couponIsFree(userCouponId, buyerId, now)})
    RETURNING *`;
});

/**
 * The one statement that takes tickets: inserts the order only if, at this instant, every rule
 * still holds (and the coupon, if any, is still free); the same batch spends the coupon, gives
 * the seats, records the ad attribution and reads back the seats and the tickets left. Returns
 * the placed order, or null when a rule broke since the read (then the batch changed nothing).
 */
async function takeTickets(
  ctx: MarketContext,
  orderable: Orderable,
  request: CreateOrderRequest,
  now: number,
  discount: Discount | null,
  keys: readonly PurchaseKey[],
  replacing?: number,
): Promise<Placed | null> {
  const { buyerId, listing, reference, seats } = orderable;
  const trade = reference.currencyByCode.get(listing.currencyCode);
  const display = reference.currencyByCode.get(ctx.viewer.currency) ?? trade;
  if (!trade || !display) throw new Error(`no rate for ${listing.currencyCode} or ${ctx.viewer.currency}`);

  const quantity = request.quantity;
  const priced = priceOrder({
    unitPriceMinor: listing.priceMinor,
    quantity,
    deliveryMethod: listing.deliveryMethod,
    trade,
    display,
    couponDiscount: discount?.amount ?? 0,
  });
  const price = priced.trade;
  const couponDiscount = price.couponDiscount;
  const total = price.total;
  const orderNo = newOrderNo(now);
  const shipTo = expressAddress(orderable, request);
  const address = shipTo ? JSON.stringify(shipTo) : null;

  const statement = takeTicketsStatement(ctx.d1, {
    orderNo, buyerId, quantity, listingId: listing.id, priceMinor: listing.priceMinor, currencyCode: listing.currencyCode,
    deliveryMethod: listing.deliveryMethod, contactEmail: request.contactEmail, contactPhoneCode: request.contactPhoneCode,
    contactPhone: request.contactPhone, address, channel: ctx.viewer.channel, tradeCode: trade.code,
    ticketAmount: price.ticketPrice, serviceFee: price.serviceFee, vat: price.vat, shippingFee: price.shippingFee,
    additionalFees: price.additionalFees, paymentGatewayFee: price.paymentGatewayFee, userCouponId: discount?.userCouponId ?? null,
    couponDiscount, total, displayCode: display.code, displayTotal: priced.display.total, exchangeRate: priced.exchangeRate,
    tradePerUsd: trade.perUsdMicros, displayPerUsd: display.perUsdMicros, now, expiresAt: now + HOLD_MS,
  });
  // A re-order cancels the order it replaces first, in this same transaction, so its tickets,
  // seats and coupon are free for the new one; if the new one is then not placed, the last
  // statement fails on purpose and D1 rolls the whole batch back: the buyer keeps the order held.
  const replaced = replacing === undefined ? [] : cancelStatements(ctx, replacing, buyerId, now);
  // The order's keys are counted right after it goes in: over the limit, the batch aborts (purchase-limits.ts).
  const batch = [...replaced, statement, ...countOrderStatements(ctx, orderNo, keys, now)];
  if (discount) batch.push(reserveCoupon(ctx, { userCouponId: discount.userCouponId, userId: buyerId, orderNo }));
  const attribution = attributionStatement(ctx, orderNo);
  if (attribution) batch.push(attribution);
  const movedAt = batch.push(movedLowestStatement(ctx.d1, { listingId: listing.id, sessionId: listing.sessionId, currencyCode: listing.currencyCode, priceMinor: listing.priceMinor, now })) - 1;
  // What the session offers changed if this order was placed (listings/inventory-version.ts).
  batch.push(moveInventoryVersion(ctx.d1, listing.sessionId, sql`EXISTS (SELECT 1 FROM ${orders} WHERE order_no = ${orderNo})`));
  // A numbered listing's seats, decided in the same transaction that takes its tickets (listings/seats.ts); general admission has none.
  const positionsAt = seats.seatFrom === null ? null : batch.push(...assignSeatStatements(ctx, { listingId: listing.id, quantity, orderNo, now }), seatPositionsStatement(ctx, orderNo)) - 1;
  if (replacing !== undefined) batch.push(prepare(ctx.d1, sql`SELECT json('not placed') WHERE NOT EXISTS (SELECT 1 FROM ${orders} WHERE order_no = ${orderNo})`));
  let results: D1Result<Record<string, unknown>>[];
  try {
    results = await ctx.d1.batch<Record<string, unknown>>(batch);
  } catch (error) {
    // A re-order not placed, or an order over the purchase limit: the batch changed nothing; read again.
    if (LIMIT_ABORT.test(String(error))) return null;
    throw error;
  }
  const stored = results[replaced.length].results[0];
  if (!stored) return null;
  const movedRows = results[movedAt].results;
  const positions = positionsAt === null ? [] : results[positionsAt].results;
  return {
    order: rowOf(orders, stored),
    positions: positions.map((seat) => Number(seat.position)),
    movedLowest: Number(movedRows[0]?.moved ?? 1) === 1,
  };
}
