/**
 * The buyer's address book (SPEC §3 Address): where an EXPRESS order's tickets are shipped.
 * An order copies the chosen address onto itself, so editing or deleting one here never moves
 * a parcel already on its way.
 *
 * At most one address per account is the default: a partial unique index keeps it so under any
 * interleaving, and the domain moves the flag in one batch (clear, then set).
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, link, timestamps } from "./columns";
import { users } from "./accounts";

export const addresses = sqliteTable(
  "addresses",
  {
    id: integer("id").primaryKey(),
    userId: link("user_id", () => users.id),
    fullName: text("full_name").notNull(),
    /** Area code of the mobile number, digits only (852, 86…). */
    phoneCode: text("phone_code").notNull(),
    phone: text("phone").notNull(),
    countryRegion: text("country_region").notNull(),
    /** SPEC §3 'province(state)'. */
    province: text("province").notNull(),
    city: text("city").notNull(),
    district: text("district"),
    address: text("address").notNull(),
    addressRemark: text("address_remark"),
    postalCode: text("postal_code"),
    isDefault: flag("is_default"),
    ...timestamps(),
  },
  (t) => [
    index("addresses_user").on(t.userId, t.createdAt),
    uniqueIndex("addresses_one_default").on(t.userId).where(sql`${t.isDefault} = 1`),
  ],
);
