/**
 * A hot on-sale's purchase limit (migration 0024): what each live order of a high-demand session
 * counts against its buyer, one row per way a buyer is counted (market/orders/purchase-limits.ts).
 * Keys are hashes only: never an address or a card number.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { link } from "./columns";
import { sessions } from "./catalog";
import { orders } from "./orders";

/** The ways one buyer is counted: the account, the device, the delivery address, the payment card. */
export const PURCHASE_KEY_KINDS = ["account", "device", "address", "card"] as const;
export type PurchaseKeyKind = (typeof PURCHASE_KEY_KINDS)[number];

/**
 * The tickets order `orderId` counts against one key of the session, written in the batch that
 * places the order (the card's when its payment is approved) under the session's ticket_limit,
 * and deleted when the order gives its tickets back (expired, canceled, refunded in full).
 */
export const sessionPurchaseKeys = sqliteTable(
  "session_purchase_keys",
  {
    orderId: link("order_id", () => orders.id),
    keyKind: text("key_kind", { enum: PURCHASE_KEY_KINDS }).notNull(),
    sessionId: link("session_id", () => sessions.id),
    /** base64url SHA-256 of the key (the account id, the device id, the normalised address, the card's fingerprint). */
    keyHash: text("key_hash").notNull(),
    tickets: integer("tickets").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.keyKind] }), index("session_purchase_keys_key").on(t.sessionId, t.keyKind, t.keyHash)],
);
