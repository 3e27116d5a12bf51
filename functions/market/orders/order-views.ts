/**
 * An order as its buyer sees it: status at this instant (an unpaid order past its deadline is
 * canceled the moment it passes), the event and tickets, the price details in the trade currency
 * and again in the display currency at the rate recorded when it was placed, what the buyer can
 * do next, and the notes that tell what happened to it.
 *
 * Every read is scoped to the viewer's account: another account's order is not found.
 */
import { and, desc, eq, gt, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { deliveries as deliveryRows, listings, orderNotes, orders, payments, sellers, sessions, shows, tours, venues, venueSections } from "../../db/schema";
import type { CancelReason, DeliveryMethod, OrderNoteKind, OrderStatus } from "../../db/schema";
import { offsetOf, pageOf, type Page, type Paging } from "../paging";
import { loadReference, type Reference } from "../reference";
import type { MarketContext } from "../context";
import { loadDeliveries, type DeliveryView } from "../delivery";
import { notFound } from "../errors";
import { convert, type CurrencyRate } from "../money";
import { joinOrderEvent, tourNames } from "../listings/listing-event";
import type { PriceBreakdown } from "../listings/listing-detail";
import { seatsOfOrders, type SeatPick } from "../listings/seats";
import { requireBuyer } from "../context/buyer";
import type { ShippingAddress } from "./order-schemas";
import { openCaseOf, orderVoided, refundedSoFar, resaleListed, resaleSold } from "../aftersales/rules";
import { ONGOING_AFTER_START_MS, orderStateOf, orderStatusAt, orderTabAt, TICKETS_HANDED_OVER, type OrderOutcomeFacts, type OrderState, type OrderTab } from "./rules";

/** SPEC §3 price details: the parts the listing quoted (`ticketPrice` is for all the order's tickets), and what the order adds. */
export interface PriceDetails extends PriceBreakdown {
  currency: string;
  /** One ticket at the seller's price. */
  unitPrice: number;
  /** What the coupon took off (SPEC §3 price details show it as its own line); 0 without one. */
  couponDiscount: number;
}

export interface OrderNoteView {
  kind: OrderNoteKind;
  amount: number | null;
  currency: string | null;
  createdAt: number;
}

export interface OrderView {
  id: number;
  orderNo: string;
  /** As of now: an unpaid order whose deadline has passed reads canceled (reason `expired`). */
  status: OrderStatus;
  /** The one state every screen, mail and answer shows (rules.ts orderStateOf): the status, or a paid order's outcome. */
  state: OrderState;
  cancelReason: CancelReason | null;
  tab: OrderTab;
  createdAt: number;
  /** The payment deadline (SPEC §9: 10 minutes from creation). */
  expiresAt: number;
  /** Milliseconds left to pay; 0 unless the order awaits payment. */
  payWithinMs: number;
  paidAt: number | null;
  canceledAt: number | null;
  quantity: number;
  deliveryMethod: DeliveryMethod;
  contact: { email: string; phoneCode: string; phone: string };
  shippingAddress: ShippingAddress | null;
  channel: string;
  event: {
    tourId: number;
    title: string;
    artist: string;
    showId: number;
    sessionId: number;
    startsAt: number;
    venueName: string;
    venueAddress: string;
    cityCode: string;
    timeZone: string;
  };
  /** `seats`: the seat numbers the order got (null for general admission), decided when it was placed. */
  tickets: { listingId: number; section: string; rowLabel: string | null; seatsTogether: boolean; seats: string[] | null; consecutiveNotGuaranteed: boolean };
  seller: { nickname: string };
  /** In the trade currency (the listing's): what is charged. */
  price: PriceDetails;
  /**
   * In the display currency at the rates recorded on the order: each part converted on its own
   * (so parts may differ from the total by a minor unit of rounding); the total is the one
   * recorded when the order was placed.
   */
  displayPrice: PriceDetails;
  /** Display units per trade unit, as recorded when the order was placed. */
  exchangeRate: string;
  /** What the buyer can do now: pay (or retry payment) and cancel while it awaits payment; buy again once canceled. */
  actions: { pay: boolean; cancel: boolean; buyAgain: boolean };
  /**
   * Whether resale is offered: only when it would be accepted (paid with no outcome, not listed
   * already, no after-sales case open, the tickets not yet handed over).
   */
  canResell: boolean;
  notes: OrderNoteView[];
  /** How the tickets reach the buyer (functions/market/delivery); null until the order is paid. */
  delivery: DeliveryView | null;
}

/** What an order's view shows besides the order row: its event, tickets and seller, read through its listing. */
export const orderEventColumns = {
  tourId: tours.id,
  titleEn: tours.titleEn,
  titleZh: tours.titleZh,
  artistEn: tours.artistEn,
  artistZh: tours.artistZh,
  showId: shows.id,
  startsAt: sessions.startsAt,
  venueNameEn: venues.nameEn,
  venueNameZh: venues.nameZh,
  venueAddressEn: venues.addressEn,
  venueAddressZh: venues.addressZh,
  cityCode: venues.cityCode,
  timeZone: venues.timeZone,
  sectionEn: venueSections.nameEn,
  sectionZh: venueSections.nameZh,
  rowLabel: listings.rowLabel,
  seatsTogether: listings.seatsTogether,
  sellerNickname: sellers.nickname,
};

const orderColumns = { order: orders, ...orderEventColumns };

function selectOrders(ctx: MarketContext) {
  return joinOrderEvent(
    ctx.db
      .select(orderColumns)
      .from(orders)
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .innerJoin(venueSections, eq(venueSections.id, listings.sectionId))
      .innerJoin(sellers, eq(sellers.id, listings.sellerId))
      .$dynamic(),
  );
}

export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];
export type OrderEvent = Omit<OrderRow, "order">;

/**
 * One of the viewer's orders. Takes the order id. Throws notLogin for a guest, notFound when the
 * order does not exist or belongs to another account. No side effects.
 */
export async function getOrder(ctx: MarketContext, orderId: number): Promise<OrderView> {
  const buyerId = requireBuyer(ctx);
  const [row] = await selectOrders(ctx)
    .where(and(eq(orders.id, orderId), eq(orders.userId, buyerId)))
    .limit(1);
  if (!row) throw notFound("order");
  const [view] = await toViews(ctx, [row]);
  return view;
}

/**
 * An order by id whoever placed it, for callers that have already checked the viewer may see it
 * (a member of the order's chat: its provider, support). Throws notFound when there is none.
 */
export async function getOrderForMember(ctx: MarketContext, orderId: number): Promise<OrderView> {
  const row = await orderRowById(ctx, orderId);
  if (!row) throw notFound("order");
  return viewOfRow(ctx, row);
}

/**
 * An order's row by id, whoever placed it, with its event, tickets and seller: one statement, so
 * the caller learns the owner and the order together. The caller decides whether the viewer may see it.
 */
export async function orderRowById(ctx: MarketContext, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await selectOrders(ctx).where(eq(orders.id, orderId)).limit(1);
  return row;
}

/** The view of an order already read (orderRowById): its seats, notes, delivery and outcome read together. */
export async function viewOfRow(ctx: MarketContext, row: OrderRow): Promise<OrderView> {
  const [view] = await toViews(ctx, [row]);
  return view;
}

/** The tab condition at `now`, mirroring orderTabAt in SQL: a paid order with an outcome (orderStateOf) is closed. */
function tabCondition(tab: OrderTab, now: number): SQL {
  const ongoing = or(
    and(eq(orders.status, "pending_payment"), gt(orders.expiresAt, now)),
    and(
      ne(orders.status, "pending_payment"),
      ne(orders.status, "canceled"),
      gt(sessions.startsAt, now - ONGOING_AFTER_START_MS),
      sql`NOT ${orderVoided(sql`${orders.id}`, sql`${orders.paidPaymentId}`)}`,
      sql`NOT ${resaleSold(sql`${orders.id}`)}`,
      sql`${refundedSoFar(sql`${orders.id}`)} < ${orders.totalAmount}`,
    ),
  )!;
  return tab === "ongoing" ? ongoing : sql`NOT ${ongoing}`;
}

/** Where an order was placed: on this site (channel web), or elsewhere (the app, partner channels). */
export type PlacedThrough = "web" | "elsewhere";

/**
 * The viewer's orders under one My Orders tab (every tab when none is given), optionally only
 * those placed through `placed`, newest first, a page at a time. Throws notLogin for a guest.
 * No side effects.
 */
export async function listOrders(
  ctx: MarketContext,
  input: { tab?: OrderTab; placed?: PlacedThrough; paging: Paging },
): Promise<Page<OrderView>> {
  return (await listOrdersWith(ctx, input, async () => null)).page;
}

/**
 * listOrders, with `alongside` read from the page's rows beside the orders' own details, so a
 * caller that needs more of the same orders (My Orders' posters) waits on no extra round trip.
 */
export async function listOrdersWith<Extra>(
  ctx: MarketContext,
  input: { tab?: OrderTab; placed?: PlacedThrough; paging: Paging },
  alongside: (rows: OrderRow[]) => Promise<Extra>,
): Promise<{ page: Page<OrderView>; extra: Extra }> {
  const buyerId = requireBuyer(ctx);
  const now = ctx.now();
  const placed = input.placed === undefined ? undefined : input.placed === "web" ? eq(orders.channel, "web") : ne(orders.channel, "web");
  const where = and(eq(orders.userId, buyerId), input.tab ? tabCondition(input.tab, now) : undefined, placed);
  const [rows, [counted]] = await Promise.all([
    selectOrders(ctx)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(input.paging.pageSize)
      .offset(offsetOf(input.paging)),
    ctx.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .innerJoin(sessions, eq(sessions.id, orders.sessionId))
      .where(where),
  ]);
  const [views, extra] = await Promise.all([toViews(ctx, rows), alongside(rows)]);
  return { page: pageOf(views, counted?.total ?? 0, input.paging), extra };
}

/** What decides each order's state and whether it can be resold, read in one statement. */
export interface OrderOutcome extends OrderOutcomeFacts {
  listed: boolean;
  openCase: boolean;
}

async function outcomesOf(ctx: MarketContext, orderIds: number[]): Promise<Map<number, OrderOutcome>> {
  const o = (column: string) => sql.raw(`o.${column}`);
  const rows = await ctx.db.all<Record<"id" | "resold" | "paymentRefunded" | "refundedInFull" | "deliveryVoided" | "listed" | "openCase", number>>(sql`
    SELECT o.id AS id, ${resaleSold(o("id"))} AS resold,
      EXISTS (SELECT 1 FROM ${payments} AS rp WHERE rp.id = o.paid_payment_id AND rp.status IN ('refund_pending', 'refunded')) AS paymentRefunded,
      (${refundedSoFar(o("id"))} >= o.total_amount) AS refundedInFull,
      EXISTS (SELECT 1 FROM ${deliveryRows} AS vd WHERE vd.order_id = o.id AND vd.state = 'voided') AS deliveryVoided,
      ${resaleListed(o("id"))} AS listed,
      (${openCaseOf(o("id"))} IS NOT NULL) AS openCase
    FROM ${orders} AS o WHERE o.id IN (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        resold: row.resold === 1,
        paymentRefunded: row.paymentRefunded === 1,
        refundedInFull: row.refundedInFull === 1,
        deliveryVoided: row.deliveryVoided === 1,
        listed: row.listed === 1,
        openCase: row.openCase === 1,
      },
    ]),
  );
}

const NO_OUTCOME: OrderOutcome = { resold: false, paymentRefunded: false, refundedInFull: false, deliveryVoided: false, listed: false, openCase: false };

async function toViews(ctx: MarketContext, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const seatsRead = seatsOfOrders(ctx, rows.map((row) => row.order));
  const [reference, deliveries, notes, seats, outcomes] = await Promise.all([
    loadReference(ctx),
    // The deliveries' seats are the orders' own: read once, for both.
    loadDeliveries(ctx, rows.map((row) => row.order.id), seatsRead),
    ctx.db
      .select()
      .from(orderNotes)
      .where(inArray(orderNotes.orderId, rows.map((row) => row.order.id)))
      .orderBy(orderNotes.id),
    seatsRead,
    outcomesOf(ctx, rows.map((row) => row.order.id)),
  ]);
  return rows.map((row) =>
    orderViewOf(ctx, reference, row, {
      outcome: outcomes.get(row.order.id) ?? NO_OUTCOME,
      seats: seats.get(row.order.id),
      notes: notes
        .filter((note) => note.orderId === row.order.id)
        .map((note) => ({ kind: note.kind, amount: note.amount, currency: note.currencyCode, createdAt: note.createdAt })),
      delivery: deliveries.get(row.order.id) ?? null,
    }),
  );
}

/** What an order's view takes from beyond its row: its seats, its notes and its delivery. */
export interface OrderExtras {
  /** What decides its state and resale; none (a plain order) when left out. */
  outcome?: OrderOutcome;
  seats: SeatPick | undefined;
  notes: OrderNoteView[];
  delivery: DeliveryView | null;
}

/** The viewer's view of one order, as of the context's clock, in the viewer's language. */
export function orderViewOf(ctx: Pick<MarketContext, "now" | "viewer">, reference: Reference, row: OrderRow, extras: OrderExtras): OrderView {
  const now = ctx.now();
  const zh = ctx.viewer.language === "zh-HK";
  const order = row.order;
  const { status, cancelReason } = orderStatusAt(order, now);
  const outcome = extras.outcome ?? NO_OUTCOME;
  const state = orderStateOf(status, outcome);
  const trade: CurrencyRate = {
    code: order.currencyCode,
    minorUnits: reference.currencyByCode.get(order.currencyCode)?.minorUnits ?? 2,
    perUsdMicros: order.tradePerUsdMicros,
  };
  const display: CurrencyRate = {
    code: order.displayCurrencyCode,
    minorUnits: reference.currencyByCode.get(order.displayCurrencyCode)?.minorUnits ?? 2,
    perUsdMicros: order.displayPerUsdMicros,
  };
  const price: PriceDetails = {
    currency: order.currencyCode,
    unitPrice: order.unitPrice,
    ticketPrice: order.ticketAmount,
    serviceFee: order.serviceFee,
    vat: order.vat,
    shippingFee: order.shippingFee,
    additionalFees: order.additionalFees,
    paymentGatewayFee: order.paymentGatewayFee,
    couponDiscount: order.couponDiscountMinor,
    total: order.totalAmount,
  };
  const shown = (amount: number) => convert(amount, trade, display);
  const awaitingPayment = status === "pending_payment";
  return {
    id: order.id,
    orderNo: order.orderNo,
    status,
    state,
    cancelReason,
    tab: orderTabAt(state, row.startsAt, now),
    createdAt: order.createdAt,
    expiresAt: order.expiresAt,
    payWithinMs: awaitingPayment ? order.expiresAt - now : 0,
    paidAt: order.paidAt,
    canceledAt: order.canceledAt ?? (cancelReason === "expired" ? order.expiresAt : null),
    quantity: order.quantity,
    deliveryMethod: order.deliveryMethod,
    contact: { email: order.contactEmail, phoneCode: order.contactPhoneCode, phone: order.contactPhone },
    shippingAddress: order.shippingAddress ? (JSON.parse(order.shippingAddress) as ShippingAddress) : null,
    channel: order.channel,
    event: {
      tourId: row.tourId,
      ...tourNames(row, zh),
      showId: row.showId,
      sessionId: order.sessionId,
      startsAt: row.startsAt,
      venueName: zh ? row.venueNameZh : row.venueNameEn,
      venueAddress: zh ? row.venueAddressZh : row.venueAddressEn,
      cityCode: row.cityCode,
      timeZone: row.timeZone,
    },
    tickets: {
      listingId: order.listingId,
      section: zh ? row.sectionZh : row.sectionEn,
      rowLabel: row.rowLabel,
      seatsTogether: row.seatsTogether,
      seats: extras.seats?.seats ?? null,
      consecutiveNotGuaranteed: extras.seats?.consecutiveNotGuaranteed ?? false,
    },
    seller: { nickname: row.sellerNickname },
    price,
    displayPrice: {
      currency: order.displayCurrencyCode,
      unitPrice: shown(order.unitPrice),
      ticketPrice: shown(order.ticketAmount),
      serviceFee: shown(order.serviceFee),
      vat: shown(order.vat),
      shippingFee: shown(order.shippingFee),
      additionalFees: shown(order.additionalFees),
      paymentGatewayFee: shown(order.paymentGatewayFee),
      couponDiscount: shown(order.couponDiscountMinor),
      total: order.displayTotalAmount,
    },
    exchangeRate: order.exchangeRate,
    actions: { pay: awaitingPayment, cancel: awaitingPayment, buyAgain: status === "canceled" },
    canResell: state === "paid" && !outcome.listed && !outcome.openCase && !TICKETS_HANDED_OVER.has(extras.delivery?.state ?? "voided"),
    notes: extras.notes,
    // An order with an outcome takes no more delivery steps (no 'Confirm receipt' on resold or refunded tickets).
    delivery: extras.delivery && state !== "paid" ? { ...extras.delivery, actions: [] } : extras.delivery,
  };
}
