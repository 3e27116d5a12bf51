/**
 * After payment: how a paid order's tickets reach its buyer. One delivery per paid order, made
 * in the same batch that marks the order paid, following the state machine of the listing's
 * delivery method (functions/market/delivery). Every step is recorded as a delivery event, the
 * order's timeline that buyer, provider and support all read.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { link, timestamps } from "./columns";
import { users } from "./accounts";
import { DELIVERY_METHODS } from "./catalog";
import { orders } from "./orders";
import { DELIVERY_STATES, type DeliveryState } from "./delivery-states";

export { DELIVERY_STATES, type DeliveryState };

/** Who took a step: the buyer, the provider, support (platform intervention), or the clock. */
export const DELIVERY_ACTORS = ["buyer", "seller", "support", "system"] as const;
export type DeliveryActor = (typeof DELIVERY_ACTORS)[number];

/**
 * What an event records, so a timeline can say it in words: the steps that move a delivery, and
 * those that change it without moving it (a file uploaded, details set, the voucher revealed, a
 * deadline extended).
 */
export const DELIVERY_STEPS = [
  "created",
  "eticket_uploaded",
  "eticket_removed",
  "etickets_delivered",
  "pickup_details_set",
  "marked_ready",
  "collected",
  "shipped",
  "transfer_sent",
  "redemption_code_issued",
  "redeemed",
  "pickup_confirmed",
  "receipt_confirmed",
  "transfer_accepted",
  "voucher_revealed",
  "deadline_extended",
  "completed_on_behalf",
  "voided",
] as const;
export type DeliveryStep = (typeof DELIVERY_STEPS)[number];

export const deliveries = sqliteTable(
  "deliveries",
  {
    id: integer("id").primaryKey(),
    orderId: link("order_id", () => orders.id),
    method: text("method", { enum: DELIVERY_METHODS }).notNull(),
    state: text("state", { enum: DELIVERY_STATES }).notNull(),
    /** Bumped by every step; a step is a conditional UPDATE on (id, version), so two never race. */
    version: integer("version").notNull().default(0),
    /** When the provider must have taken the next step by; null once nothing is owed. */
    dueAt: integer("due_at"),
    /** SELF_PICKUP / ON_SITE: what the provider set. The code is the buyer's proof at the counter. */
    pickupCode: text("pickup_code"),
    pickupAt: integer("pickup_at"),
    pickupLocation: text("pickup_location"),
    pickupRemark: text("pickup_remark"),
    providerPhone: text("provider_phone"),
    /** EXPRESS. */
    carrier: text("carrier"),
    trackingNo: text("tracking_no"),
    /** TICKET_TRANSFER: the account email the tickets were sent to, and the provider's reference. */
    transferTo: text("transfer_to"),
    transferRef: text("transfer_ref"),
    /** CUSTOMER_REDEMPTION. */
    redemptionCode: text("redemption_code"),
    /** E_TICKET scratch voucher (SPEC §5): the 4-digit code shown to the buyer, valid 30 minutes. */
    voucherCode: text("voucher_code"),
    voucherCodeExpiresAt: integer("voucher_code_expires_at"),
    /** When the buyer first revealed the e-ticket. */
    voucherRevealedAt: integer("voucher_revealed_at"),
    /** When the current state was entered. */
    stateAt: integer("state_at").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("deliveries_order").on(t.orderId), index("deliveries_due").on(t.state, t.dueAt)],
);

/** One e-ticket PDF a provider uploaded for an order, kept in R2 (FILES) under `r2Key`. */
export const deliveryFiles = sqliteTable(
  "delivery_files",
  {
    id: integer("id").primaryKey(),
    deliveryId: link("delivery_id", () => deliveries.id),
    orderId: link("order_id", () => orders.id),
    r2Key: text("r2_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("delivery_files_key").on(t.r2Key), index("delivery_files_delivery").on(t.deliveryId)],
);

/** The timeline: every step of a delivery and every intervention in it, oldest first. */
export const deliveryEvents = sqliteTable(
  "delivery_events",
  {
    id: integer("id").primaryKey(),
    deliveryId: link("delivery_id", () => deliveries.id),
    orderId: link("order_id", () => orders.id),
    fromState: text("from_state", { enum: DELIVERY_STATES }),
    toState: text("to_state", { enum: DELIVERY_STATES }).notNull(),
    step: text("step", { enum: DELIVERY_STEPS }).notNull().default("created"),
    actor: text("actor", { enum: DELIVERY_ACTORS }).notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id),
    /** Free text from support or the provider (an intervention's reason); never shown raw to other buyers. */
    note: text("note"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("delivery_events_order").on(t.orderId, t.id)],
);
