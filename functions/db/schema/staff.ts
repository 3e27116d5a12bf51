/**
 * Staff roles (SPEC §6 leaves staff unshown; docs/decisions.md). A buyer account may also act as
 * a ticket provider (`seller`, tied to one sellers row) or as marketplace support (`support`).
 * Consoles check the role on every request; to anyone without it they do not exist.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { link } from "./columns";
import { users } from "./accounts";
import { sellers } from "./catalog";

export const STAFF_ROLES = ["seller", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const accountRoles = sqliteTable(
  "account_roles",
  {
    userId: link("user_id", () => users.id),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    /** `seller` only: the provider this account acts for. */
    sellerId: integer("seller_id").references(() => sellers.id),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);
