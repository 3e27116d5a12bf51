/**
 * What the buyer's delivery screens (pickup ticket, e-ticket voucher, PDF download) load alike:
 * the order from the page's `?id=`, its delivery, and the event written for the page. A missing
 * id, a missing order and another account's order all read as absent (null), never as a leak.
 */
import type { AppLoadContext } from "react-router";
import * as z from "zod";
import { getDeliveryForBuyer, type DeliveryView } from "@market/delivery";
import { getOrder, type OrderView } from "@market/orders";
import { sessionTime } from "~/i18n/session-time";
import { recordId } from "../../functions/market/input/fields";
import { isMissing } from "./refusal.server";

const idSchema = recordId();

/** The order id in the page's address (`?id=`), or null when there is none that could be one. */
export function orderIdParam(request: Request): number | null {
  const parsed = idSchema.safeParse(new URL(request.url).searchParams.get("id") ?? undefined);
  return parsed.success ? parsed.data : null;
}

export interface BuyerDelivery {
  order: OrderView;
  /** Null while the order is unpaid or canceled. */
  delivery: DeliveryView | null;
}

/** The viewer's order and its delivery; null when the order is not theirs or does not exist. */
export async function loadBuyerDelivery(context: AppLoadContext, orderId: number | null): Promise<BuyerDelivery | null> {
  if (orderId === null) return null;
  const ctx = context.market;
  try {
    const [order, delivery] = await Promise.all([getOrder(ctx, orderId), getDeliveryForBuyer(ctx, orderId)]);
    return { order, delivery };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The event and tickets of an order, written for the page in the venue's time zone. */
export function ticketSummary(order: OrderView, context: AppLoadContext) {
  const when = sessionTime(order.event.startsAt, order.event.timeZone, context.market.viewer.language);
  return {
    orderNo: order.orderNo,
    title: order.event.title,
    venueName: order.event.venueName,
    venueAddress: order.event.venueAddress,
    timeZone: order.event.timeZone,
    when: { iso: when.iso, date: when.date, time: when.time },
    section: order.tickets.section,
    rowLabel: order.tickets.rowLabel,
    quantity: order.quantity,
    method: order.deliveryMethod,
  };
}

export type TicketSummary = ReturnType<typeof ticketSummary>;

/** SELF_PICKUP and ON_SITE are picked up with a code; every other method is not. */
export function isPickupMethod(method: OrderView["deliveryMethod"]): boolean {
  return method === "SELF_PICKUP" || method === "ON_SITE";
}
