/**
 * Orders: a buyer's claim on a listing's tickets, from placing to paid or canceled.
 *
 * Rules (DESIGN §3, SPEC §4):
 * - A listing is never oversold: tickets are taken by one conditional INSERT … SELECT that
 *   re-checks every rule against the live rows, in its own D1 batch (place-order.ts).
 * - An unpaid order holds its tickets for exactly 10 minutes from creation (expiresAt). A hold
 *   stops counting the instant its deadline passes (listings/availability.ts), cron or no cron;
 *   the cron only records it (tidy-expired.ts).
 * - A purchase never leaves exactly one ticket behind unless the listing's split rule allows
 *   it (listings/split-rules.ts), checked in the same statement.
 * - One unpaid order per session: a second is refused with the first's id, so the buyer can
 *   cancel it and re-order. A buyer with two unpaid orders cancels or pays one before a third.
 * - Session not on sale: 'This session cannot be ordered temporarily!'; past its sales end:
 *   saleOvertime; anything unexpected: orderCreateUnknown.
 * - A canceled order is never paid again; a paid order is not canceled here (after-sales).
 * - Every order belongs to its buyer: another account's order is not found.
 * - Money is frozen on the order: price details in the listing's currency, the total in the
 *   buyer's display currency, and the exchange rate and USD rates used.
 */
export { createOrder, buyAgain } from "./place-order";
export { confirmOrderBuyer } from "./order-buyer";
export { cancelOrder } from "./cancel-order";
export { reorder, reorderSchema, shippingInputOf, type ReorderInput } from "./reorder";
export { getOrder, listOrders, type OrderView, type PriceDetails, type OrderNoteView, type PlacedThrough } from "./order-views";
export { listMyOrders, myOrdersQuerySchema, MY_ORDER_SECTIONS, type MyOrder, type MyOrderSection, type MyOrdersQuery } from "./my-orders";
export { openOrder, orderOwnership, type OpenedOrder, type OrderOwnership } from "./ownership";
export { orderVenue, orderVenueForMember, type OrderVenue, type OrderVenueSection } from "./order-venue";
export { tidyExpiredOrders } from "./tidy-expired";
export { remindExpiringPayments, PAYMENT_REMINDER_MS } from "./payment-reminder";
export { requireBuyer } from "../context/buyer";
export { HOLD_MS, MAX_UNPAID_ORDERS, ONGOING_AFTER_START_MS, orderStatusAt, orderTabAt, type OrderTab } from "./rules";
export * from "./order-schemas";
