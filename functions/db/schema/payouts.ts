/**
 * Money paid out of an order to its seller (migration 0015). A payout is due by rule
 * (functions/market/selling/payouts.ts); it leaves the platform when support records it paid,
 * once per order (the primary key), by one guarded statement that refuses while an after-sales
 * case is open or has granted the buyer money. What an order paid out, refunded and compensated
 * together never exceeds what its buyer paid.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { keyLink, money } from "./columns";
import { orders } from "./orders";

export const payoutReleases = sqliteTable("payout_releases", {
  orderId: keyLink("order_id", () => orders.id),
  /** What the seller was paid, minor units of the order's trade currency. */
  ...money(),
  releasedBy: integer("released_by").notNull(),
  releasedAt: integer("released_at").notNull(),
});
