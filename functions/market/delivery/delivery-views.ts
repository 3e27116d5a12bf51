/**
 * Reading deliveries: one query for the delivery with its order, event and listing, one for the
 * files and one for the timeline of every delivery asked for, then the view each audience gets.
 * Who may read which order is decided by the caller (access.ts); this file only reads.
 *
 * What differs by audience: the pickup code is the buyer's proof at the counter, so the provider
 * never sees it (support does); everything else is the same facts.
 */
import { joinOrderEvent } from "../listings/listing-event";
import { seatsOfDeliveries, type SeatPick } from "../listings/seats";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  deliveries,
  deliveryEvents,
  deliveryFiles,
  listings,
  orders,
  payments,
  sellers,
  sessions,
  tours,
  users,
  venues,
  venueSections,
} from "../../db/schema";
import { addDays, zonedDate, zonedStartOfDate, zonedStartOfDay } from "../calendar";
import { offsetOf, type Paging } from "../paging";
import type { MarketContext } from "../context";
import type { ShippingAddress } from "./shipping-address";
import type {
  DeliveryBuyerAction,
  DeliveryProviderAction,
  DeliveryView,
  InterventionAction,
  ProviderOrderView,
  SupportOrderView,
  SystemNoteKey,
} from "./delivery-types";
import { SYSTEM_NOTE_KEYS } from "./delivery-types";
import { deliveryStage, E_TICKET_CHECK_MINUTES, MACHINES, PICKUP_METHODS, pickupClosesAt, transitionOf, type StepName } from "./machine";

export type Audience = "buyer" | "provider" | "support";
export type DeliveryFileRow = typeof deliveryFiles.$inferSelect;
export type DeliveryEventRow = typeof deliveryEvents.$inferSelect;

const rowColumns = {
  delivery: deliveries,
  order: orders,
  startsAt: sessions.startsAt,
  timeZone: venues.timeZone,
  sellerId: listings.sellerId,
  sellerNickname: sellers.nickname,
  eTicketReady: listings.eTicketReady,
  entryCodes: listings.entryCodes,
  titleEn: tours.titleEn,
  titleZh: tours.titleZh,
  artistEn: tours.artistEn,
  venueNameEn: venues.nameEn,
  venueNameZh: venues.nameZh,
  venueAddressEn: venues.addressEn,
  venueAddressZh: venues.addressZh,
  sectionEn: venueSections.nameEn,
  sectionZh: venueSections.nameZh,
  rowLabel: listings.rowLabel,
  buyerEmail: users.email,
};

/** Deliveries with everything their views need; add the where, order and limit. */
export function selectDeliveryRows(ctx: MarketContext) {
  return joinOrderEvent(
    ctx.db
      .select(rowColumns)
      .from(deliveries)
      .innerJoin(orders, eq(orders.id, deliveries.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .innerJoin(sellers, eq(sellers.id, listings.sellerId))
      .innerJoin(venueSections, eq(venueSections.id, listings.sectionId))
      .$dynamic(),
  );
}

export type DeliveryRow = Awaited<ReturnType<typeof selectDeliveryRows>>[number];

/** One page of the deliveries matching `where` in `order`, and how many match in all. */
export async function pageOfDeliveryRows(
  ctx: MarketContext,
  input: { where: SQL | undefined; orderBy: SQL[]; paging: Paging },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    selectDeliveryRows(ctx)
      .where(input.where)
      .orderBy(...input.orderBy)
      .limit(input.paging.pageSize)
      .offset(offsetOf(input.paging)),
    ctx.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(deliveries)
      .innerJoin(orders, eq(orders.id, deliveries.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .where(input.where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export interface DeliveryExtras {
  files: Map<number, DeliveryFileRow[]>;
  events: Map<number, DeliveryEventRow[]>;
  /** The seats each order got, by order id (listings/seats.ts). */
  seats: Map<number, SeatPick>;
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The files and timeline of each delivery, oldest first. */
export async function loadExtras(ctx: MarketContext, deliveryIds: number[]): Promise<DeliveryExtras> {
  if (deliveryIds.length === 0) return { files: new Map(), events: new Map(), seats: new Map() };
  const [files, events, seats] = await Promise.all([
    ctx.db.select().from(deliveryFiles).where(inArray(deliveryFiles.deliveryId, deliveryIds)).orderBy(deliveryFiles.id),
    ctx.db.select().from(deliveryEvents).where(inArray(deliveryEvents.deliveryId, deliveryIds)).orderBy(deliveryEvents.id),
    seatsOfDeliveries(ctx, deliveryIds),
  ]);
  return { files: groupBy(files, (file) => file.deliveryId), events: groupBy(events, (event) => event.deliveryId), seats };
}

/**
 * As loadExtras, for the deliveries of `orderIds`, read by order beside the deliveries themselves
 * (one round trip, not two); the seats come from the caller, which reads them for the orders anyway.
 */
export async function loadExtrasOfOrders(ctx: MarketContext, orderIds: number[], seats: Promise<Map<number, SeatPick>>): Promise<DeliveryExtras> {
  const ofOrders = <T extends typeof deliveryFiles | typeof deliveryEvents>(table: T) =>
    ctx.db.select({ row: table }).from(table).innerJoin(deliveries, eq(deliveries.id, table.deliveryId)).where(inArray(deliveries.orderId, orderIds)).orderBy(table.id);
  const [files, events, seatsOfOrders] = await Promise.all([
    ofOrders(deliveryFiles),
    ofOrders(deliveryEvents),
    seats,
  ]);
  return {
    files: groupBy(files.map(({ row }) => row as DeliveryFileRow), (file) => file.deliveryId),
    events: groupBy(events.map(({ row }) => row as DeliveryEventRow), (event) => event.deliveryId),
    seats: seatsOfOrders,
  };
}

function hasPickupDetails(delivery: DeliveryRow["delivery"]): boolean {
  return delivery.pickupAt !== null && delivery.pickupLocation !== null && delivery.providerPhone !== null;
}

/** The steps the machine allows now, with the facts each also needs. */
function allows(row: DeliveryRow, step: StepName): boolean {
  return transitionOf(step, row.delivery.method, row.delivery.state) !== null;
}

/** E_TICKET files the buyer will get: those uploaded, or for a ready listing the one drawn on first opening. */
function hasETickets(row: DeliveryRow, files: DeliveryFileRow[]): boolean {
  return files.length > 0 || row.eTicketReady;
}

export function buyerActions(row: DeliveryRow, files: DeliveryFileRow[], now: number): DeliveryBuyerAction[] {
  const { delivery } = row;
  const actions: DeliveryBuyerAction[] = [];
  if (allows(row, "voucher_revealed")) {
    if (delivery.voucherRevealedAt === null) actions.push("startVoucher", "revealVoucher");
    else if (hasETickets(row, files)) actions.push("downloadFiles");
  }
  if (allows(row, "pickup_confirmed") && now < pickupClosesAt(row.startsAt, delivery.pickupAt)) actions.push("confirmPickup");
  if (allows(row, "receipt_confirmed")) actions.push("confirmReceipt");
  if (allows(row, "transfer_accepted")) actions.push("acceptTransfer");
  return actions;
}

const PROVIDER_ACTION_STEPS: Record<DeliveryProviderAction, StepName> = {
  uploadETicket: "eticket_uploaded",
  removeETicketFile: "eticket_removed",
  deliverETickets: "etickets_delivered",
  setPickupDetails: "pickup_details_set",
  markReadyForPickup: "marked_ready",
  markCollected: "collected",
  markShipped: "shipped",
  sendTransfer: "transfer_sent",
  issueRedemptionCode: "redemption_code_issued",
  markRedeemed: "redeemed",
};

export function providerActions(row: DeliveryRow, files: DeliveryFileRow[]): DeliveryProviderAction[] {
  return (Object.keys(PROVIDER_ACTION_STEPS) as DeliveryProviderAction[]).filter((action) => {
    if (!allows(row, PROVIDER_ACTION_STEPS[action])) return false;
    if (action === "removeETicketFile" || action === "deliverETickets") return files.length > 0;
    if (action === "markReadyForPickup") return hasPickupDetails(row.delivery);
    return true;
  });
}

export function interventionActions(row: DeliveryRow, files: DeliveryFileRow[]): InterventionAction[] {
  const actions: InterventionAction[] = [];
  if (allows(row, "deadline_extended")) actions.push("extend_deadline");
  // An e-ticket can only be completed with a file to give the buyer.
  if (allows(row, "completed_on_behalf") && (row.delivery.method !== "E_TICKET" || hasETickets(row, files))) actions.push("complete_on_behalf");
  if (allows(row, "voided")) actions.push("void_and_refund");
  return actions;
}

/** SPEC §9 in the venue's time zone: online contact from the start of the day before the event day, phone contact from the event day. */
export function contactWindows(startsAt: number, timeZone: string): { onlineFrom: number; phoneFrom: number } {
  return {
    onlineFrom: zonedStartOfDate(addDays(zonedDate(startsAt, timeZone), -1), timeZone),
    phoneFrom: zonedStartOfDay(startsAt, timeZone),
  };
}

export function deliveryView(row: DeliveryRow, extras: DeliveryExtras, audience: Audience, now: number): DeliveryView {
  const { delivery, order } = row;
  const files = extras.files.get(delivery.id) ?? [];
  const events = extras.events.get(delivery.id) ?? [];
  const method = delivery.method;
  const isPickup = PICKUP_METHODS.includes(method);
  const codeShown = isPickup && audience !== "provider" && delivery.state === MACHINES[method].middle;
  return {
    orderId: order.id,
    method,
    state: delivery.state,
    stage: deliveryStage(method, delivery.state),
    stateAt: delivery.stateAt,
    dueAt: delivery.dueAt,
    overdue: delivery.dueAt !== null && now >= delivery.dueAt,
    actions: buyerActions(row, files, now),
    pickup: isPickup
      ? {
          code: codeShown ? delivery.pickupCode : null,
          at: delivery.pickupAt,
          location: delivery.pickupLocation,
          remark: delivery.pickupRemark,
          providerPhone: delivery.providerPhone,
          closesAt: pickupClosesAt(row.startsAt, delivery.pickupAt),
        }
      : null,
    shipping:
      method === "EXPRESS"
        ? {
            carrier: delivery.carrier,
            trackingNo: delivery.trackingNo,
            address: order.shippingAddress ? (JSON.parse(order.shippingAddress) as ShippingAddress) : null,
          }
        : null,
    transfer: method === "TICKET_TRANSFER" ? { to: delivery.transferTo, ref: delivery.transferRef } : null,
    redemption: method === "CUSTOMER_REDEMPTION" ? { code: delivery.redemptionCode } : null,
    eTicket:
      method === "E_TICKET"
        ? {
            files: files.map((file) => ({ id: file.id, fileName: file.fileName, size: file.size })),
            voucherRequired: true,
            revealed: delivery.voucherRevealedAt !== null,
            checkWithinMinutes: E_TICKET_CHECK_MINUTES,
          }
        : null,
    contact: contactWindows(row.startsAt, row.timeZone),
    timeline: events.map((event) => {
      const noteKey = systemNoteKeyOf(event);
      return { step: event.step, state: event.toState, fromState: event.fromState, actor: event.actor, note: event.note, ...(noteKey ? { noteKey } : {}), at: event.createdAt };
    }),
    voidedBy: delivery.state !== "voided" ? null : events.some((event) => event.toState === "voided" && systemNoteKeyOf(event) === "resold") ? "resale" : "support",
  };
}

/** The key of a note the system wrote (fan-resale.ts voids the old holder's delivery noted `resold`), or null. */
function systemNoteKeyOf(event: { actor: string; note: string | null }): SystemNoteKey | null {
  return event.actor === "system" && SYSTEM_NOTE_KEYS.includes(event.note as SystemNoteKey) ? (event.note as SystemNoteKey) : null;
}

function staffOrderBase(ctx: MarketContext, row: DeliveryRow, extras: DeliveryExtras, audience: Audience) {
  const { order } = row;
  const zh = ctx.viewer.language === "zh-HK";
  return {
    id: order.id,
    orderNo: order.orderNo,
    paidAt: order.paidAt,
    quantity: order.quantity,
    channel: order.channel,
    event: {
      title: zh ? row.titleZh : row.titleEn,
      startsAt: row.startsAt,
      venueName: zh ? row.venueNameZh : row.venueNameEn,
      venueAddress: zh ? row.venueAddressZh : row.venueAddressEn,
      timeZone: row.timeZone,
    },
    tickets: {
      listingId: order.listingId,
      section: zh ? row.sectionZh : row.sectionEn,
      rowLabel: row.rowLabel,
      seats: extras.seats.get(order.id)?.seats ?? null,
      consecutiveNotGuaranteed: extras.seats.get(order.id)?.consecutiveNotGuaranteed ?? false,
    },
    contact: { email: order.contactEmail, phoneCode: order.contactPhoneCode, phone: order.contactPhone },
    shippingAddress: order.shippingAddress ? (JSON.parse(order.shippingAddress) as ShippingAddress) : null,
    total: { amount: order.totalAmount, currency: order.currencyCode },
    seller: { id: row.sellerId, nickname: row.sellerNickname },
    delivery: deliveryView(row, extras, audience, ctx.now()),
  };
}

export function providerOrderView(ctx: MarketContext, row: DeliveryRow, extras: DeliveryExtras): ProviderOrderView {
  return { ...staffOrderBase(ctx, row, extras, "provider"), actions: providerActions(row, extras.files.get(row.delivery.id) ?? []) };
}

export async function supportOrderViews(ctx: MarketContext, rows: DeliveryRow[]): Promise<SupportOrderView[]> {
  if (rows.length === 0) return [];
  const orderIds = rows.map((row) => row.order.id);
  const [extras, paid] = await Promise.all([
    loadExtras(ctx, rows.map((row) => row.delivery.id)),
    ctx.db.select().from(payments).where(inArray(payments.orderId, orderIds)),
  ]);
  const paymentsOf = groupBy(paid, (payment) => payment.orderId);
  return rows.map((row) => ({
    ...staffOrderBase(ctx, row, extras, "support"),
    buyer: { userId: row.order.userId, email: row.buyerEmail },
    payments: (paymentsOf.get(row.order.id) ?? [])
      .sort((a, b) => b.id - a.id)
      .map((payment) => ({
        id: payment.id,
        provider: payment.provider,
        status: payment.status,
        amount: payment.amount,
        currency: payment.currencyCode,
        refundedAt: payment.refundedAt,
      })),
    actions: interventionActions(row, extras.files.get(row.delivery.id) ?? []),
  }));
}
