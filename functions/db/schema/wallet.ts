/**
 * Apple Wallet (migration 0026): each device that added an entry ticket's pass and registered
 * for its updates through Apple's pass web service (market/entry/apple-wallet.ts).
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { entryTickets } from "./entry";

/**
 * A device (Apple's device library id) holding the pass of one ticket, with the push token that
 * wakes it to fetch the pass again. `toldAt` is the ticket's last change (its updated_at) the
 * device was told of: a ticket changed since (resold, transferred, voided, let in, its event
 * moved: migration 0026's triggers) is a device still to be told.
 */
export const applePassRegistrations = sqliteTable(
  "apple_pass_registrations",
  {
    deviceLibraryId: text("device_library_id").notNull(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => entryTickets.id, { onDelete: "cascade" }),
    pushToken: text("push_token").notNull(),
    toldAt: integer("told_at").notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.deviceLibraryId, t.ticketId] }), index("apple_pass_registrations_ticket").on(t.ticketId)],
);
