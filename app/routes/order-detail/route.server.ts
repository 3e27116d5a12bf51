/**
 * The order detail's view (/order-detail): the buyer's order written for the page (moments in the
 * buyer's zone, the show's in the venue's, amounts in the display currency) and its refunds and
 * after-sales. The route only loads and wires.
 */
import type { AppLoadContext } from "react-router";
import { shortDateTime } from "~/i18n/session-time";
import type { WriteMoney } from "~/server/money-writer.server";
import { orderStepOf, priceDetailsOf, stepPending, whenOf } from "~/server/order-screens.server";
import type { OrderAfterSaleSummary } from "@market/aftersales";
import type { OrderView } from "@market/orders";

/**
 * Refunds and after-sales for a paid order: where to apply, or the case already in progress;
 * null when there is nothing to say (an order its buyer resold here can no longer be applied
 * for), so the page shows no empty card.
 */
export function afterSalesOf(order: OrderView, summary: OrderAfterSaleSummary | null) {
  if (order.status !== "paid") return null;
  if (!summary?.canApply && !summary?.openCase && (summary?.refund ?? "none") === "none") return null;
  return {
    canApply: summary?.canApply ?? false,
    refundHref: `/order-refund?id=${order.id}`,
    afterSaleHref: `/order-after-sale?id=${order.id}`,
    openCase: summary?.openCase ? { caseNo: summary.openCase.caseNo, href: `/process-list?id=${summary.openCase.id}` } : null,
    refund: summary?.refund ?? "none",
  };
}

export function detailOf(order: OrderView, write: WriteMoney, context: AppLoadContext) {
  const { language, timeZone } = context.market.viewer;
  // Moments of the buyer's own (placed, paid) in the buyer's zone; the show's in the venue's.
  const moment = (at: number | null) => (at === null ? null : shortDateTime(at, timeZone, language));
  const address = order.shippingAddress;
  return {
    id: order.id,
    orderNo: order.orderNo,
    status: order.status,
    state: order.state,
    channel: order.channel,
    title: order.event.title,
    artist: order.event.artist,
    tourId: order.event.tourId,
    when: whenOf(order, language),
    timeZone: order.event.timeZone,
    venueName: order.event.venueName,
    venueAddress: order.event.venueAddress,
    section: order.tickets.section,
    rowLabel: order.tickets.rowLabel,
    seatsTogether: order.tickets.seatsTogether,
    seatNumbers: order.tickets.seats,
    quantity: order.quantity,
    deliveryMethod: order.deliveryMethod,
    shippingAddress: address
      ? { name: `${address.fullName} · +${address.phoneCode} ${address.phone}`, line: [address.address, address.district, address.city, address.province, address.countryRegion].filter(Boolean).join(", ") }
      : null,
    contact: { email: order.contact.email, phone: `+${order.contact.phoneCode} ${order.contact.phone}` },
    provider: order.seller.nickname,
    step: orderStepOf(order, language),
    price: priceDetailsOf(order, write),
    placedAt: moment(order.createdAt),
    paidAt: moment(order.paidAt),
    canceledAt: moment(order.canceledAt),
    notes: order.notes.map((note) => ({ kind: note.kind, amount: note.amount !== null && note.currency ? write(note.amount, note.currency) : "" })),
    actions: order.actions,
    canResell: order.canResell,
    // A payment that failed while the order can still be paid: SPEC §4's 'retry payment'.
    retry: order.notes.some((note) => note.kind === "payment_failed"),
    delivery: order.delivery,
    pending: stepPending(order),
  };
}

export type OrderDetailView = ReturnType<typeof detailOf>;
export type AfterSalesView = NonNullable<ReturnType<typeof afterSalesOf>>;
