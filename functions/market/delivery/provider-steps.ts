/**
 * The provider's console: the paid orders of their own listings, most urgent deadline first, and
 * the steps a provider takes for each method. Every call asks for the seller role first; another
 * provider's order is not found.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { deliveries, listings, orders } from "../../db/schema";
import type { DeliveryState } from "../../db/schema";
import { pageOf, type Page, type Paging } from "../paging";
import { zonedTimeToEpoch } from "../calendar";
import { randomDigits } from "../context/crypto";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { requireRole } from "../staff";
import { invalidInput, pastTime } from "./invalid-input";
import { providerDeliveryRow, rereadRow } from "./access";
import type { ProviderOrderView } from "./delivery-types";
import {
  pickupCodeSchema,
  pickupDetailsSchema,
  redemptionCodeSchema,
  shipmentSchema,
  transferSchema,
  type PickupDetailsInput,
  type WallOrInstant,
} from "./delivery-schemas";
import { mailDeliveryStep } from "./buyer-mails";
import { postOrderEvent } from "../messaging/system-messages";
import type { SystemEvent } from "../messaging/rules";
import { loadExtras, pageOfDeliveryRows, providerOrderView, type DeliveryRow } from "./delivery-views";
import { removeUpload, storeUpload, type UploadedFile } from "./e-tickets";
import { isFinal, MACHINES, PICKUP_METHODS, type StepName } from "./machine";
import { takeStep, type StepPlan } from "./steps";

/** Digits of the pickup code the buyer shows at the counter. */
const PICKUP_CODE_LENGTH = 6;

/** An instant typed in as epoch ms or as a wall time in the venue's time zone. */
export function instantOf(value: WallOrInstant, timeZone: string): number {
  if (typeof value === "number") return value;
  if (/^\d{13}$/.test(value)) return Number(value);
  const [date, time] = value.split("T");
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute, second = 0] = time.split(":").map(Number);
  return zonedTimeToEpoch({ year, month, day, hour, minute, second }, timeZone);
}

async function providerView(ctx: MarketContext, row: DeliveryRow): Promise<ProviderOrderView> {
  const fresh = await rereadRow(ctx, row);
  return providerOrderView(ctx, fresh, await loadExtras(ctx, [fresh.delivery.id]));
}

/**
 * The provider's paid orders, a page at a time: those with a deadline first (soonest first),
 * then the rest, newest payment first; optionally only one delivery state. Throws notLogin,
 * notFound (no seller role). No side effects.
 */
export async function listProviderOrders(
  ctx: MarketContext,
  input: { state?: DeliveryState; paging: Paging },
): Promise<Page<ProviderOrderView>> {
  const member = await requireRole(ctx, "seller");
  const conditions: SQL[] = [eq(listings.sellerId, member.sellerId!)];
  if (input.state) conditions.push(eq(deliveries.state, input.state));
  const { rows, total } = await pageOfDeliveryRows(ctx, {
    where: and(...conditions),
    orderBy: [sql`${deliveries.dueAt} IS NULL`, asc(deliveries.dueAt), desc(orders.paidAt), desc(orders.id)],
    paging: input.paging,
  });
  const extras = await loadExtras(ctx, rows.map((row) => row.delivery.id));
  return pageOf(
    rows.map((row) => providerOrderView(ctx, row, extras)),
    total,
    input.paging,
  );
}

/** One paid order of the provider's listings. Throws notLogin, notFound. No side effects. */
export async function getProviderOrder(ctx: MarketContext, orderId: number): Promise<ProviderOrderView> {
  const { row } = await providerDeliveryRow(ctx, orderId);
  return providerOrderView(ctx, row, await loadExtras(ctx, [row.delivery.id]));
}

/** The steps that post a system message in the order's chat. */
const CHAT_EVENTS = { etickets_delivered: "eTicketsDelivered", marked_ready: "readyForPickup" } as const satisfies Partial<Record<StepName, SystemEvent>>;

/** A provider step on one of their orders (mailing the buyer when it needs them), answered with the order as it now stands. */
async function providerStep(
  ctx: MarketContext,
  orderId: number,
  step: StepName,
  plan: (row: DeliveryRow) => Omit<StepPlan, "step" | "actorUserId"> = () => ({}),
): Promise<ProviderOrderView> {
  const { row, member } = await providerDeliveryRow(ctx, orderId);
  await takeStep(ctx, row, { step, actorUserId: member.userId, ...plan(row) });
  await mailDeliveryStep(ctx, orderId, step);
  const chatEvent = CHAT_EVENTS[step as keyof typeof CHAT_EVENTS];
  if (chatEvent) await postOrderEvent(ctx, orderId, chatEvent);
  return providerView(ctx, row);
}

/**
 * E_TICKET awaiting upload: keeps one PDF (at most 10 MB) in R2 for the order. The buyer gets
 * nothing until deliverETickets, so a provider can upload every file first. Throws
 * eTicketFileInvalid, deliveryStepRefused, notLogin, notFound.
 */
export async function uploadETicket(ctx: MarketContext, orderId: number, file: UploadedFile): Promise<ProviderOrderView> {
  const { row, member } = await providerDeliveryRow(ctx, orderId);
  await storeUpload(ctx, row, file, member.userId);
  return providerView(ctx, row);
}

/** E_TICKET awaiting upload: removes a file uploaded by mistake (from R2 too). Throws notFound, deliveryStepRefused. */
export async function removeETicketFile(ctx: MarketContext, orderId: number, fileId: number): Promise<ProviderOrderView> {
  const { row, member } = await providerDeliveryRow(ctx, orderId);
  await removeUpload(ctx, row, fileId, member.userId);
  return providerView(ctx, row);
}

/** E_TICKET awaiting_upload → delivered; needs at least one file. Throws deliveryStepRefused, notLogin, notFound. */
export function deliverETickets(ctx: MarketContext, orderId: number): Promise<ProviderOrderView> {
  return providerStep(ctx, orderId, "etickets_delivered", (row) => ({
    where: sql`EXISTS (SELECT 1 FROM delivery_files WHERE delivery_id = ${row.delivery.id})`,
  }));
}

/**
 * SELF_PICKUP and ON_SITE, until the tickets are picked up: sets or changes the pickup (or
 * collection) time, location, remark and the provider's phone. The time is epoch ms or a wall
 * time in the venue's time zone and must be in the future. Throws invalidParam,
 * deliveryStepRefused, notLogin, notFound.
 */
export async function setPickupDetails(ctx: MarketContext, orderId: number, input: PickupDetailsInput): Promise<ProviderOrderView> {
  const parsed = pickupDetailsSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  return providerStep(ctx, orderId, "pickup_details_set", (row) => {
    const at = instantOf(parsed.data.at, row.timeZone);
    if (!(at > ctx.now())) throw pastTime("at");
    return {
      exclusive: false,
      set: [
        sql`pickup_at = ${at}`,
        sql`pickup_location = ${parsed.data.location}`,
        sql`pickup_remark = ${parsed.data.remark}`,
        sql`provider_phone = ${parsed.data.providerPhone}`,
      ],
    };
  });
}

/**
 * SELF_PICKUP awaiting_pickup_details → ready_for_pickup; ON_SITE awaiting_collection_details →
 * ready_for_collection. Needs the pickup details; makes the buyer's pickup code. Throws
 * deliveryStepRefused, notLogin, notFound.
 */
export function markReadyForPickup(ctx: MarketContext, orderId: number): Promise<ProviderOrderView> {
  return providerStep(ctx, orderId, "marked_ready", () => ({
    set: [sql`pickup_code = ${randomDigits(PICKUP_CODE_LENGTH)}`],
    // A code once issued is the buyer's key: never replace it, whatever the machine allows.
    where: sql`pickup_at IS NOT NULL AND pickup_location IS NOT NULL AND provider_phone IS NOT NULL AND pickup_code IS NULL`,
  }));
}

/**
 * SELF_PICKUP ready_for_pickup → picked_up; ON_SITE ready_for_collection → collected, on the
 * code the buyer shows at the counter; the code then stops working. Throws pickupAlreadyDone,
 * pickupNotReady, pickupOrderMissing (a wrong code, or not a pickup order), deliveryStepRefused,
 * notLogin, notFound.
 */
export async function markCollected(ctx: MarketContext, orderId: number, input: { code: string }): Promise<ProviderOrderView> {
  const parsed = pickupCodeSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { row, member } = await providerDeliveryRow(ctx, orderId);
  const { method, state } = row.delivery;
  if (!PICKUP_METHODS.includes(method) || state === "voided") throw new MarketError("pickupOrderMissing");
  if (isFinal(method, state)) throw new MarketError("pickupAlreadyDone");
  if (state !== MACHINES[method].middle) throw new MarketError("pickupNotReady");
  if (row.delivery.pickupCode !== parsed.data.code) throw new MarketError("pickupOrderMissing");
  await takeStep(ctx, row, {
    step: "collected",
    actorUserId: member.userId,
    set: [sql`pickup_code = NULL`],
    where: sql`pickup_code = ${parsed.data.code}`,
  });
  return providerView(ctx, row);
}

/** EXPRESS awaiting_shipment → shipped, with carrier and tracking number. Throws invalidParam, deliveryStepRefused, notLogin, notFound. */
export async function markShipped(ctx: MarketContext, orderId: number, input: { carrier: string; trackingNo: string }): Promise<ProviderOrderView> {
  const parsed = shipmentSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  return providerStep(ctx, orderId, "shipped", () => ({
    set: [sql`carrier = ${parsed.data.carrier}`, sql`tracking_no = ${parsed.data.trackingNo}`],
  }));
}

/** TICKET_TRANSFER awaiting_transfer → transfer_sent, to the buyer's account or email, with the provider's reference. */
export async function sendTransfer(ctx: MarketContext, orderId: number, input: { to: string; ref: string }): Promise<ProviderOrderView> {
  const parsed = transferSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  return providerStep(ctx, orderId, "transfer_sent", () => ({
    set: [sql`transfer_to = ${parsed.data.to}`, sql`transfer_ref = ${parsed.data.ref}`],
  }));
}

/** CUSTOMER_REDEMPTION awaiting_code → code_issued. Throws invalidParam, deliveryStepRefused, notLogin, notFound. */
export async function issueRedemptionCode(ctx: MarketContext, orderId: number, input: { code: string }): Promise<ProviderOrderView> {
  const parsed = redemptionCodeSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  return providerStep(ctx, orderId, "redemption_code_issued", () => ({ set: [sql`redemption_code = ${parsed.data.code}`] }));
}

/** CUSTOMER_REDEMPTION code_issued → redeemed. Throws deliveryStepRefused, notLogin, notFound. */
export function markRedeemed(ctx: MarketContext, orderId: number): Promise<ProviderOrderView> {
  return providerStep(ctx, orderId, "redeemed");
}
