/**
 * What the buyer's order screens (/my-order, /order-detail, /map) read on the server: the order
 * named in the address as its buyer may see it, and each order's state written as the card and
 * the detail show it (the chip, what happens next and by when), in the viewer's language and
 * currency, so the pages read the same with or without JavaScript.
 */
import type { AppLoadContext } from "react-router";
import * as z from "zod";
import type { Language } from "@market/context/viewer";
import type { OrderAfterSaleSummary } from "@market/aftersales";
import type { DeliveryStage } from "@market/delivery";
import { openOrder as openBuyerOrder, orderOwnership, type MyOrder, type OrderView } from "@market/orders";
import { sessionTime, shortDateTime } from "~/i18n/session-time";
import type { WriteMoney } from "./money-writer.server";
import { recordId } from "../../functions/market/input/fields";
import { isMissing, notFoundResponse } from "./refusal.server";

const idSchema = recordId();

/** The order id in the address (`?id=`); a missing or malformed one is not found. */
export function orderIdParam(request: Request): number {
  const parsed = idSchema.safeParse(new URL(request.url).searchParams.get("id") ?? undefined);
  if (!parsed.success) throw notFoundResponse();
  return parsed.data;
}

/**
 * The order named in the address as its screen shows it (the domain's openOrder): the buyer's own
 * order (with its after-sales when asked for), or `{ another: true }` and nothing of the order
 * (SPEC §6: the screen asks to sign in again with the account that placed it); an order that
 * does not exist is the 404 page.
 */
export async function openOrder(
  context: AppLoadContext,
  orderId: number,
  options: { afterSales?: boolean } = {},
): Promise<{ mine: OrderView; afterSales: OrderAfterSaleSummary | null } | { another: true }> {
  const opened = await openBuyerOrder(context.market, orderId, options);
  if (opened.whose === "another") return { another: true };
  if (opened.whose === "none") throw notFoundResponse();
  return { mine: opened.order, afterSales: opened.afterSales };
}

/** As openOrder, for a screen that reads something else of the order with `read` (its venue). */
export async function openOrderWith<T>(context: AppLoadContext, orderId: number, read: () => Promise<T>): Promise<{ mine: T } | { another: true }> {
  const whose = await orderOwnership(context.market, orderId);
  if (whose === "another") return { another: true };
  if (whose === "none") throw notFoundResponse();
  try {
    return { mine: await read() };
  } catch (error) {
    if (isMissing(error)) throw notFoundResponse();
    throw error;
  }
}

/**
 * An order's state as a chip and a sentence: `chip` and `next` are translation keys (`ns:key`),
 * `due` the provider's deadline written in the venue's time zone, `payWithinMs` the time left to
 * pay an unpaid order (the countdown).
 */
export interface OrderStep {
  chip: string;
  tone: "action" | "waiting" | "done" | "ended";
  next: string;
  due: { iso: string; text: string; overdue: boolean } | null;
  payWithinMs: number | null;
}

/** The chip's tone for each stage of a delivery (the domain's deliveryStage decides the stage). */
const STAGE_TONES = { waiting: "waiting", ready: "action", done: "done", ended: "ended" } as const satisfies Record<DeliveryStage, OrderStep["tone"]>;

export function orderStepOf(order: OrderView, language: Language): OrderStep {
  if (order.status === "pending_payment") {
    return { chip: "orders:status.pending_payment", tone: "action", next: "orders:next.pay", due: null, payWithinMs: order.payWithinMs };
  }
  if (order.status === "canceled") {
    return { chip: "orders:status.canceled", tone: "ended", next: `orders:next.canceled_${order.cancelReason ?? "buyer"}`, due: null, payWithinMs: null };
  }
  // A paid order with an outcome (the domain's one state) says so, not its delivery's last step.
  if (order.state === "resold" || order.state === "refunded" || order.state === "voided") {
    return { chip: `orders:status.${order.state}`, tone: "ended", next: `orders:next.${order.state}`, due: null, payWithinMs: null };
  }
  const delivery = order.delivery;
  if (!delivery) {
    return order.tab === "closed"
      ? { chip: "orders:status.completed", tone: "done", next: "orders:next.completed", due: null, payWithinMs: null }
      : { chip: "orders:status.paid", tone: "waiting", next: "orders:next.preparing", due: null, payWithinMs: null };
  }
  const state = delivery.state;
  const revealed = state === "delivered" && (delivery.eTicket?.revealed ?? false);
  return {
    chip: `delivery:state.${state}`,
    tone: STAGE_TONES[delivery.stage],
    next: revealed ? "delivery:next.deliveredRevealed" : `delivery:next.${state}`,
    due:
      delivery.dueAt === null
        ? null
        : { iso: new Date(delivery.dueAt).toISOString(), text: shortDateTime(delivery.dueAt, order.event.timeZone, language), overdue: delivery.overdue },
    payWithinMs: null,
  };
}

/** Whether something is still to happen to the order soon enough to look again on its own. */
export function stepPending(order: OrderView): boolean {
  if (order.status === "pending_payment") return true;
  if (order.state !== "paid") return false;
  const delivery = order.delivery;
  return delivery === null || delivery.stage === "waiting" || delivery.stage === "ready";
}

/** The session's time in the venue's time zone. */
export function whenOf(order: OrderView, language: Language) {
  const when = sessionTime(order.event.startsAt, order.event.timeZone, language);
  return { iso: when.iso, date: when.date, time: when.time };
}

/** One order as a My Orders card. */
export function orderCardOf(order: MyOrder, write: WriteMoney, language: Language) {
  return {
    id: order.id,
    orderNo: order.orderNo,
    title: order.event.title,
    posterUrl: order.posterUrl,
    when: whenOf(order, language),
    venueName: order.event.venueName,
    section: order.tickets.section,
    rowLabel: order.tickets.rowLabel,
    quantity: order.quantity,
    total: write(order.displayPrice.total, order.displayPrice.currency),
    channel: order.channel,
    step: orderStepOf(order, language),
    canPay: order.actions.pay,
  };
}

export type OrderCard = ReturnType<typeof orderCardOf>;

const PRICE_PARTS = ["ticketPrice", "serviceFee", "vat", "shippingFee", "additionalFees", "paymentGatewayFee"] as const;

/**
 * SPEC §3's price details in the display currency: ticket price and service fee always, the
 * other fees when the order has them, the coupon's discount as its own line, the total; then
 * what was charged in the trade currency and the rate, when the two differ.
 */
export function priceDetailsOf(order: OrderView, write: WriteMoney) {
  const shown = order.displayPrice;
  const lines = PRICE_PARTS.filter((part) => part === "ticketPrice" || part === "serviceFee" || shown[part] > 0).map((part) => ({
    key: part as string,
    text: write(shown[part], shown.currency),
  }));
  if (shown.couponDiscount > 0) lines.push({ key: "couponDiscount", text: `−${write(shown.couponDiscount, shown.currency)}` });
  return {
    lines,
    total: write(shown.total, shown.currency),
    tradeCurrency: order.price.currency,
    displayCurrency: shown.currency,
    exchangeRate: order.exchangeRate,
    charged: shown.currency === order.price.currency ? null : write(order.price.total, order.price.currency),
  };
}
