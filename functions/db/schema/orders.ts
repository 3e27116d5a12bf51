/**
 * Buying: a buyer's orders for a listing's tickets, the payment attempts made for them, every
 * event a payment provider sent us (each recorded once), and the notes that tell a buyer what
 * happened to an order behind their back (a late payment refunded, a payment that failed).
 *
 * An order's money is frozen when it is placed: the price details in the listing's (trade)
 * currency, and the display currency with the exchange rate and both USD rates of that moment,
 * so any part can be shown again exactly as the buyer first saw it.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { link, money, optionalMoney, timestamps } from "./columns";
import { users } from "./accounts";
import { DELIVERY_METHODS, listings, sessions } from "./catalog";

/**
 * `pending_payment`: placed, tickets held until `expiresAt`; past it the order reads as canceled
 * (reason `expired`) whether or not the cron has tidied it. `paid`: the tickets are the buyer's.
 * `canceled`: released. Later fulfilment states (ready for self-pickup, picked up) follow `paid`
 * and keep their tickets taken: only `canceled` and dead holds give tickets back.
 */
export const ORDER_STATUSES = ["pending_payment", "paid", "canceled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Why an order was canceled: by its buyer, by its 10-minute deadline, by a failed payment. */
export const CANCEL_REASONS = ["buyer", "expired", "payment_failed"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const PAYMENT_PROVIDERS = ["sandbox", "stripe"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * `pending`: waiting for the buyer at the provider. `succeeded`: captured and paid its order.
 * `failed`: the provider declined it. `canceled`: superseded by a newer attempt or abandoned
 * before the provider answered. `refund_pending`: captured, but its order could not take it
 * (canceled, expired or already paid), so the money is owed back; `refunded`: given back.
 */
export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "canceled", "refund_pending", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a provider event says happened to a payment (`authorized`: the money is held on the card, to capture: decision 312). */
export const PAYMENT_EVENT_TYPES = ["succeeded", "failed", "authorized"] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/**
 * What an order note tells its buyer (`delivery_voided`: support voided the delivery; the refund
 * follows as its own note; `card_over_limit`: an authorisation given back because its card reached
 * the session's purchase limit, decision 312).
 */
export const ORDER_NOTE_KINDS = ["payment_refunded", "payment_failed", "delivery_voided", "card_over_limit"] as const;
export type OrderNoteKind = (typeof ORDER_NOTE_KINDS)[number];

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey(),
    /** SPEC §3 'order no.': what the buyer and support quote. */
    orderNo: text("order_no").notNull(),
    userId: link("user_id", () => users.id),
    listingId: link("listing_id", () => listings.id),
    /** The listing's session, kept here for the one-unpaid-order-per-session rule. */
    sessionId: link("session_id", () => sessions.id),
    quantity: integer("quantity").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    cancelReason: text("cancel_reason", { enum: CANCEL_REASONS }),
    deliveryMethod: text("delivery_method", { enum: DELIVERY_METHODS }).notNull(),
    contactEmail: text("contact_email").notNull(),
    /** Area code of the mobile number the seller calls in an emergency (SPEC §5). */
    contactPhoneCode: text("contact_phone_code").notNull(),
    contactPhone: text("contact_phone").notNull(),
    /** EXPRESS only: the shipping address as chosen, JSON (an address edited later does not move a parcel). */
    shippingAddress: text("shipping_address"),
    channel: text("channel").notNull(),
    /** Trade currency: the listing's. Every amount below is in its minor units. */
    currencyCode: text("currency_code").notNull(),
    /** The seller's price of one ticket. */
    unitPrice: integer("unit_price").notNull(),
    ticketAmount: integer("ticket_amount").notNull(),
    serviceFee: integer("service_fee").notNull(),
    vat: integer("vat").notNull(),
    shippingFee: integer("shipping_fee").notNull(),
    additionalFees: integer("additional_fees").notNull(),
    paymentGatewayFee: integer("payment_gateway_fee").notNull(),
    /** The claimed coupon spent on it (user_coupons.id), if any. */
    userCouponId: integer("user_coupon_id"),
    /** What the coupon took off the ticket amount, in the trade currency; 0 without one. */
    couponDiscountMinor: integer("coupon_discount_minor").notNull().default(0),
    /** What the buyer pays, in the trade currency: the sum of the parts above, less the coupon's discount. */
    totalAmount: integer("total_amount").notNull(),
    displayCurrencyCode: text("display_currency_code").notNull(),
    displayTotalAmount: integer("display_total_amount").notNull(),
    /** Display units per trade unit, 6 significant digits (money/convert.ts exchangeRate). */
    exchangeRate: text("exchange_rate").notNull(),
    tradePerUsdMicros: integer("trade_per_usd_micros").notNull(),
    displayPerUsdMicros: integer("display_per_usd_micros").notNull(),
    createdAt: integer("created_at").notNull(),
    /** createdAt + 10 minutes: the hold's deadline, exclusive (at this instant it has passed). */
    expiresAt: integer("expires_at").notNull(),
    paidAt: integer("paid_at"),
    /** The payment that paid it (a later duplicate is refunded, never attached). */
    paidPaymentId: integer("paid_payment_id"),
    canceledAt: integer("canceled_at"),
  },
  (t) => [
    uniqueIndex("orders_order_no").on(t.orderNo),
    index("orders_listing").on(t.listingId, t.status, t.expiresAt),
    index("orders_user").on(t.userId, t.createdAt),
    index("orders_user_unpaid").on(t.userId, t.status, t.expiresAt),
    index("orders_expiry").on(t.status, t.expiresAt),
  ],
);

/** One attempt to pay an order; an order may have several (retry payment), at most one pays it. */
export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey(),
    orderId: link("order_id", () => orders.id),
    userId: link("user_id", () => users.id),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id for it; null only while the provider is being asked. */
    providerPaymentId: text("provider_payment_id"),
    /** Charged in the order's trade currency. */
    ...money(),
    /** google or apple (SPEC §3 pay method choices), when the buyer chose one. */
    payMethod: text("pay_method"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    failureReason: text("failure_reason"),
    providerRefundId: text("provider_refund_id"),
    ...timestamps(),
    succeededAt: integer("succeeded_at"),
    refundedAt: integer("refunded_at"),
  },
  (t) => [
    uniqueIndex("payments_provider_id").on(t.provider, t.providerPaymentId),
    index("payments_order").on(t.orderId),
    index("payments_status").on(t.status),
  ],
);

/**
 * Every event a provider delivered, once: a second delivery of the same event id finds its row
 * and changes nothing. `deliveryToken` marks the delivery that recorded it, so only that one
 * applies the event's effects (they run in the same batch, guarded on the token).
 */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    id: integer("id").primaryKey(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text("event_id").notNull(),
    type: text("type", { enum: PAYMENT_EVENT_TYPES }).notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    ...optionalMoney(),
    deliveryToken: text("delivery_token").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [uniqueIndex("payment_events_provider_event").on(t.provider, t.eventId)],
);

/** A message to an order's buyer about something that happened to it, shown with the order. */
export const orderNotes = sqliteTable(
  "order_notes",
  {
    id: integer("id").primaryKey(),
    orderId: link("order_id", () => orders.id),
    userId: link("user_id", () => users.id),
    kind: text("kind", { enum: ORDER_NOTE_KINDS }).notNull(),
    /** One note per happening (e.g. `refund:<payment id>`), however often it is reported. */
    dedupeKey: text("dedupe_key").notNull(),
    ...optionalMoney(),
    createdAt: integer("created_at").notNull(),
    readAt: integer("read_at"),
  },
  (t) => [uniqueIndex("order_notes_dedupe").on(t.dedupeKey), index("order_notes_order").on(t.orderId)],
);
