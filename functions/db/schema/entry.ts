/**
 * Tickets at the gate (functions/market/entry): one row per ticket of an order whose listing asked
 * Ovation to issue its entry codes. Its id is chosen before the batch that writes it (order id ×
 * 100 + its place in the order) because its sealed secret names it; `version` moves with every
 * new secret, so a secret sealed for an older holder never opens again.
 */
import { sql, type SQL } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { link, timestamps } from "./columns";
import { users } from "./accounts";
import { sellers, sessions } from "./catalog";
import { orders } from "./orders";

export const ENTRY_TICKET_STATES = ["valid", "void"] as const;
export type EntryTicketState = (typeof ENTRY_TICKET_STATES)[number];

export const entryTickets = sqliteTable(
  "entry_tickets",
  {
    id: integer("id").primaryKey(),
    sessionId: link("session_id", () => sessions.id),
    /** Whose door scans it: the seller of the listing it was first sold from. */
    issuerSellerId: link("issuer_seller_id", () => sellers.id),
    /** The paid order it belongs to now (a resale moves it to the new buyer's order). */
    orderId: link("order_id", () => orders.id),
    /** Who holds it now: the order's buyer, or the friend it was transferred to. */
    holderUserId: link("holder_user_id", () => users.id),
    /** The attendee's name, shown at the door where the event's market needs names (entry/named-entry.ts). */
    holderName: text("holder_name"),
    /** The seat, or null for general admission. */
    seatLabel: text("seat_label"),
    version: integer("version").notNull().default(1),
    /** The holder secret, sealed (entry/holder-secret.ts); null once void. */
    sealedSecret: text("sealed_secret"),
    state: text("state", { enum: ENTRY_TICKET_STATES }).notNull().default("valid"),
    /** When the door first let it in (the event's check-in object decides; this copy stops resale and transfer after). */
    admittedAt: integer("admitted_at"),
    ...timestamps(),
  },
  (t) => [
    index("entry_tickets_holder").on(t.holderUserId, t.state),
    index("entry_tickets_order").on(t.orderId),
    index("entry_tickets_session").on(t.sessionId, t.issuerSellerId),
  ],
);

/**
 * The updated_at a change to an entry ticket sets: now, but always later than the last change, so
 * two changes within one millisecond (or on a clock that stood still) are still two changes to
 * the devices that hold its pass and to the pass web service's Last-Modified.
 */
export function ticketChangedAt(now: number): SQL {
  return sql`max(${entryTickets.updatedAt} + 1, ${now})`;
}
