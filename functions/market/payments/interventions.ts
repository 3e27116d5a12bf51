/**
 * Support's side of delivery (SPEC §6: customer support and platform intervention): finding any
 * paid order, and intervening in its delivery with a reason the buyer sees in the timeline:
 * giving the provider more time, completing the delivery on the buyer's behalf, or voiding it
 * and refunding the whole payment to the original payment method.
 *
 * The refund reuses the payments domain: the paying payment becomes refund_pending in the same
 * batch that voids the delivery, and settleRefund gives it back under the payment's own
 * idempotency key (so it is refunded once, and a provider failure is retried by the cron).
 */
import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { orderNotes, orders, payments, users } from "../../db/schema";
import { afterSaleCases } from "../../db/schema/aftersales";
import { pageOf, type Page, type Paging } from "../paging";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { defaultPaymentDeps, type PaymentDeps } from "./deps";
import { settleRefund } from "./refunds";
import { requireRole } from "../staff";
import { rereadRow, supportDeliveryRow } from "../delivery/access";
import type { SupportOrderView } from "../delivery/delivery-types";
import { interventionSchema, type InterventionInput } from "../delivery/delivery-schemas";
import { loadExtras, pageOfDeliveryRows, supportOrderViews, type DeliveryRow } from "../delivery/delivery-views";
import { ensureReadyETicket } from "../delivery/e-tickets";
import { invalidInput, pastTime } from "../delivery/invalid-input";
import { PICKUP_METHODS } from "../delivery/machine";
import { instantOf } from "../delivery/provider-steps";
import { takeStep } from "../delivery/steps";

async function supportView(ctx: MarketContext, row: DeliveryRow): Promise<SupportOrderView> {
  const [view] = await supportOrderViews(ctx, [row]);
  return view;
}

/**
 * Paid orders whose order no. starts with `query`, or whose contact or account email is `query`
 * (any case); every paid order when the query is empty. Newest payment first. Throws notLogin,
 * notFound (no support role). No side effects.
 */
export async function searchOrders(ctx: MarketContext, input: { query: string; paging: Paging }): Promise<Page<SupportOrderView>> {
  await requireRole(ctx, "support");
  const query = input.query.trim();
  let where: SQL | undefined;
  if (query) {
    const email = query.toLowerCase();
    // A prefix compared as text (not LIKE): what support types never acts as a pattern.
    where = or(
      sql`substr(${orders.orderNo}, 1, ${query.length}) = ${query.toUpperCase()}`,
      sql`lower(${orders.contactEmail}) = ${email}`,
      sql`lower(${users.email}) = ${email}`,
    );
  }
  const { rows, total } = await pageOfDeliveryRows(ctx, { where, orderBy: [desc(orders.paidAt), desc(orders.id)], paging: input.paging });
  return pageOf(await supportOrderViews(ctx, rows), total, input.paging);
}

/** Any paid order. Throws notLogin, notFound. No side effects. */
export async function getSupportOrder(ctx: MarketContext, orderId: number): Promise<SupportOrderView> {
  const { row } = await supportDeliveryRow(ctx, orderId);
  return supportView(ctx, row);
}

/**
 * The platform intervention of SPEC §6, with a reason shown to the buyer in the timeline:
 * - extend_deadline: while the provider owes its step, a later deadline (epoch ms or a wall time
 *   in the venue's time zone; invalidParam when it is not later than now and the current one);
 * - complete_on_behalf: the tickets are in the buyer's hand (an e-ticket needs a file);
 * - void_and_refund: the delivery ends and the whole payment goes back to the original payment
 *   method (an order note, a mail), unless an after-sales refund for the order is under way.
 * Throws invalidParam, deliveryStepRefused (not allowed from the state, or changed meanwhile),
 * notLogin, notFound. `deps` replaces the payment provider in tests.
 */
export async function intervene(
  ctx: MarketContext,
  orderId: number,
  input: InterventionInput,
  deps: PaymentDeps = defaultPaymentDeps(ctx),
): Promise<SupportOrderView> {
  const parsed = interventionSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const request = parsed.data;
  const { row, member } = await supportDeliveryRow(ctx, orderId);
  const base = { actorUserId: member.userId, note: request.reason };
  switch (request.action) {
    case "extend_deadline": {
      const dueAt = instantOf(request.dueAt, row.timeZone);
      if (dueAt <= ctx.now() || (row.delivery.dueAt !== null && dueAt <= row.delivery.dueAt)) throw pastTime("dueAt");
      await takeStep(ctx, row, { ...base, step: "deadline_extended", dueAt });
      break;
    }
    case "complete_on_behalf": {
      if (row.delivery.method === "E_TICKET") {
        const { files } = await loadExtras(ctx, [row.delivery.id]);
        if ((await ensureReadyETicket(ctx, row, files.get(row.delivery.id) ?? [])).length === 0) {
          throw new MarketError("deliveryStepRefused");
        }
      }
      await takeStep(ctx, row, {
        ...base,
        step: "completed_on_behalf",
        set: PICKUP_METHODS.includes(row.delivery.method) ? [sql`pickup_code = NULL`] : [],
      });
      break;
    }
    case "void_and_refund":
      await voidAndRefund(ctx, row, base, deps);
      break;
  }
  return supportView(ctx, await rereadRow(ctx, row));
}

async function voidAndRefund(
  ctx: MarketContext,
  row: DeliveryRow,
  base: { actorUserId: number; note: string },
  deps: PaymentDeps,
): Promise<void> {
  const now = ctx.now();
  const paymentId = row.order.paidPaymentId;
  await takeStep(ctx, row, {
    ...base,
    step: "voided",
    set: [sql`pickup_code = NULL`],
    // Money already on its way back through after-sales is not sent back twice.
    where: sql`NOT EXISTS (SELECT 1 FROM ${afterSaleCases} WHERE order_id = ${row.order.id} AND status IN ('refund_pending', 'refunded'))`,
    effects: (guard) => [
      sql`UPDATE ${payments} SET status = 'refund_pending', updated_at = ${now}
          WHERE id = ${paymentId} AND status = 'succeeded' AND ${guard}`,
      sql`INSERT INTO ${orderNotes} (order_id, user_id, kind, dedupe_key, amount, currency_code, created_at)
          SELECT ${row.order.id}, ${row.order.userId}, 'delivery_voided', ${`voided:${row.order.id}`}, NULL, NULL, ${now}
          WHERE ${guard}
          ON CONFLICT (dedupe_key) DO NOTHING`,
    ],
  });
  if (paymentId === null) return;
  const [payment] = await ctx.db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.status, "refund_pending")));
  // A provider that fails leaves the refund owed; the cron's settleOwedRefunds retries it.
  if (payment) await settleRefund(ctx, payment, deps);
}

