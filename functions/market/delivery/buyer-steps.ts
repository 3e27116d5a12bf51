/**
 * What the buyer sees of a delivery and the steps the buyer takes: the scratch voucher and the
 * e-ticket files (SPEC §5, §9), confirming pickup (SPEC §4, §8), confirming receipt and accepting
 * a transfer. Every call acts on the viewer's own order only.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { deliveries, deliveryFiles, orders } from "../../db/schema";
import { randomDigits } from "../context/crypto";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { requireBuyer } from "../context/buyer";
import { prepare } from "../context/statements";
import { buyerDeliveryRow, rereadRow } from "./access";
import type { DeliveryView, ETicketFileBody, ScratchVoucher } from "./delivery-types";
import { deliveryView, loadExtras, loadExtrasOfOrders, selectDeliveryRows, type DeliveryRow } from "./delivery-views";
import type { SeatPick } from "../listings/seats";
import { ensureReadyETicket, ensureReadyETicketIn, readStoredFile } from "./e-tickets";
import { isFinal, MACHINES, PICKUP_METHODS, pickupClosesAt, transitionOf, VOUCHER_VALID_MS, type StepName } from "./machine";
import { takeStep } from "./steps";
import { VOUCHER_CODE_LENGTH, voucherCodeSchema } from "./delivery-schemas";
import { invalidInput } from "./invalid-input";

async function buyerView(ctx: MarketContext, row: DeliveryRow): Promise<DeliveryView> {
  const extras = await loadExtras(ctx, [row.delivery.id]);
  await ensureReadyETicketIn(ctx, row, extras);
  return deliveryView(row, extras, "buyer", ctx.now());
}

/**
 * The delivery of one of the viewer's orders; null while the order is unpaid or canceled. Throws
 * notLogin, notFound (missing or another account's order). May draw a ready listing's e-ticket.
 */
export async function getDeliveryForBuyer(ctx: MarketContext, orderId: number): Promise<DeliveryView | null> {
  const row = await buyerDeliveryRow(ctx, orderId);
  return row ? buyerView(ctx, row) : null;
}

/**
 * Deliveries of several of the viewer's orders at once, for order lists; orders without one are
 * absent. Orders of other accounts are left out. `seats`, when given, are the orders' seats by
 * order id. Throws notLogin. No side effects.
 */
export async function loadDeliveries(ctx: MarketContext, orderIds: number[], seats?: Promise<Map<number, SeatPick>>): Promise<Map<number, DeliveryView>> {
  const buyerId = requireBuyer(ctx);
  const views = new Map<number, DeliveryView>();
  if (orderIds.length === 0) return views;
  // With the orders' seats in hand (an order's view reads them), the files and timeline are read
  // by order beside the deliveries: one round trip, not three.
  const [rows, known] = await Promise.all([
    selectDeliveryRows(ctx).where(and(inArray(deliveries.orderId, orderIds), eq(orders.userId, buyerId))),
    seats ? loadExtrasOfOrders(ctx, orderIds, seats) : null,
  ]);
  const extras = known ?? (await loadExtras(ctx, rows.map((row) => row.delivery.id)));
  const now = ctx.now();
  for (const row of rows) views.set(row.order.id, deliveryView(row, extras, "buyer", now));
  return views;
}

/** The e-ticket delivery the voucher belongs to, or deliveryStepRefused. */
async function voucherRow(ctx: MarketContext, orderId: number): Promise<DeliveryRow> {
  const row = await buyerDeliveryRow(ctx, orderId);
  if (!row || transitionOf("voucher_revealed", row.delivery.method, row.delivery.state) === null) {
    throw new MarketError("deliveryStepRefused");
  }
  return row;
}

/** A new scratch code, unless a live one appeared meanwhile; returns the live one either way. */
async function freshVoucher(ctx: MarketContext, row: DeliveryRow): Promise<ScratchVoucher> {
  const now = ctx.now();
  const code = randomDigits(VOUCHER_CODE_LENGTH);
  await prepare(
    ctx.d1,
    sql`UPDATE ${deliveries} SET voucher_code = ${code}, voucher_code_expires_at = ${now + VOUCHER_VALID_MS}, updated_at = ${now}
        WHERE id = ${row.delivery.id} AND (voucher_code IS NULL OR voucher_code_expires_at <= ${now})`,
  ).run();
  const [current] = await ctx.db
    .select({ code: deliveries.voucherCode, expiresAt: deliveries.voucherCodeExpiresAt })
    .from(deliveries)
    .where(eq(deliveries.id, row.delivery.id));
  return { code: current.code!, expiresAt: current.expiresAt! };
}

function liveVoucher(row: DeliveryRow, now: number): ScratchVoucher | null {
  const { voucherCode, voucherCodeExpiresAt } = row.delivery;
  return voucherCode !== null && voucherCodeExpiresAt !== null && voucherCodeExpiresAt > now
    ? { code: voucherCode, expiresAt: voucherCodeExpiresAt }
    : null;
}

/**
 * The scratch code of a delivered e-ticket (SPEC §5): the live one, else a new one valid 30
 * minutes. Throws notLogin, notFound, deliveryStepRefused (not a delivered e-ticket, or already
 * revealed). Side effect: a new code stored.
 */
export async function startVoucher(ctx: MarketContext, orderId: number): Promise<ScratchVoucher> {
  const row = await voucherRow(ctx, orderId);
  if (row.delivery.voucherRevealedAt !== null) throw new MarketError("deliveryStepRefused");
  return liveVoucher(row, ctx.now()) ?? freshVoucher(ctx, row);
}

/**
 * Reveals the e-ticket with the scratch code. Throws voucherCodeError carrying the live code
 * (`params.code`, and the voucher as `data`) for a wrong one; voucherCodeExpired carrying a new
 * code when the live one has run out (or none was issued); invalidParam (not 4 digits);
 * deliveryStepRefused, notLogin, notFound. Revealing again is harmless. Side effects: the reveal
 * recorded as an event; a ready listing's e-ticket drawn.
 */
export async function revealVoucher(ctx: MarketContext, orderId: number, code: string): Promise<DeliveryView> {
  const parsed = voucherCodeSchema.safeParse({ code });
  if (!parsed.success) throw invalidInput(parsed.error);
  const row = await voucherRow(ctx, orderId);
  if (row.delivery.voucherRevealedAt !== null) return buyerView(ctx, row);
  const now = ctx.now();
  const live = liveVoucher(row, now);
  if (!live) {
    const fresh = await freshVoucher(ctx, row);
    throw new MarketError("voucherCodeExpired", { params: { code: fresh.code }, data: fresh });
  }
  if (parsed.data.code !== live.code) throw new MarketError("voucherCodeError", { params: { code: live.code }, data: live });
  try {
    await takeStep(ctx, row, {
      step: "voucher_revealed",
      actorUserId: ctx.viewer.userId,
      set: [sql`voucher_revealed_at = ${now}`],
      where: sql`voucher_revealed_at IS NULL`,
      exclusive: false,
    });
  } catch (error) {
    // Revealed at the same moment from another tab: that reveal counts.
    const fresh = await rereadRow(ctx, row);
    if (fresh.delivery.voucherRevealedAt === null) throw error;
  }
  return buyerView(ctx, await rereadRow(ctx, row));
}

/**
 * One e-ticket PDF of a revealed delivery, streamed from R2. Throws notLogin, notFound (no such
 * file of this order), deliveryStepRefused (not delivered, or the voucher not yet revealed).
 */
export async function openETicketFile(ctx: MarketContext, orderId: number, fileId: number): Promise<ETicketFileBody> {
  const row = await voucherRow(ctx, orderId);
  if (row.delivery.voucherRevealedAt === null) throw new MarketError("deliveryStepRefused");
  const existing = await ctx.db.select().from(deliveryFiles).where(eq(deliveryFiles.deliveryId, row.delivery.id));
  const files = await ensureReadyETicket(ctx, row, existing);
  const file = files.find((candidate) => candidate.id === fileId);
  if (!file) throw notFound("file");
  const stored = await readStoredFile(ctx, row, file);
  return { fileName: file.fileName, contentType: file.contentType, size: stored.size, body: stored.body };
}

/**
 * The buyer confirms they have the tickets of a SELF_PICKUP (or ON_SITE) order: by the pickup
 * time or until 30 minutes after the show starts (SPEC §9). The pickup code stops working.
 * Throws pickupOrderMissing (no delivery to pick up: unpaid, voided, or not a pickup method),
 * pickupAlreadyDone, pickupNotReady, pickupWindowClosed, deliveryStepRefused (another step won),
 * notLogin, notFound.
 */
export async function confirmPickup(ctx: MarketContext, orderId: number): Promise<DeliveryView> {
  const row = await buyerDeliveryRow(ctx, orderId);
  if (!row || !PICKUP_METHODS.includes(row.delivery.method) || row.delivery.state === "voided") {
    throw new MarketError("pickupOrderMissing");
  }
  const { method, state } = row.delivery;
  if (isFinal(method, state)) throw new MarketError("pickupAlreadyDone");
  if (state !== MACHINES[method].middle) throw new MarketError("pickupNotReady");
  if (ctx.now() >= pickupClosesAt(row.startsAt, row.delivery.pickupAt)) throw new MarketError("pickupWindowClosed");
  await takeStep(ctx, row, { step: "pickup_confirmed", actorUserId: ctx.viewer.userId, set: [sql`pickup_code = NULL`] });
  return buyerView(ctx, await rereadRow(ctx, row));
}

async function buyerStep(ctx: MarketContext, orderId: number, step: StepName): Promise<DeliveryView> {
  const row = await buyerDeliveryRow(ctx, orderId);
  if (!row) throw new MarketError("deliveryStepRefused");
  await takeStep(ctx, row, { step, actorUserId: ctx.viewer.userId });
  return buyerView(ctx, await rereadRow(ctx, row));
}

/** EXPRESS shipped → received; CUSTOMER_REDEMPTION code_issued → redeemed. Throws deliveryStepRefused, notLogin, notFound. */
export function confirmReceipt(ctx: MarketContext, orderId: number): Promise<DeliveryView> {
  return buyerStep(ctx, orderId, "receipt_confirmed");
}

/** TICKET_TRANSFER transfer_sent → transfer_accepted. Throws deliveryStepRefused, notLogin, notFound. */
export function acceptTransfer(ctx: MarketContext, orderId: number): Promise<DeliveryView> {
  return buyerStep(ctx, orderId, "transfer_accepted");
}
