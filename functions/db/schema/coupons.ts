/**
 * Coupons (SPEC §3): the codes the marketplace hands out, and the ones each buyer has claimed.
 *
 * A coupon takes either a fixed amount off (in its currency, converted to an order's trade
 * currency) or a percentage, capped. Its minimum spend is in its currency too. A claimed coupon
 * is spent by pointing it at an order; it comes back by itself when that order is canceled or
 * its unpaid hold lapses, because 'used' is read through the order's state, never stored apart.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bilingual, flag, link } from "./columns";
import { users } from "./accounts";
import { orders } from "./orders";

export const COUPON_KINDS = ["fixed", "percent"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const coupons = sqliteTable(
  "coupons",
  {
    id: integer("id").primaryKey(),
    /** What a buyer types to claim it: stored upper-case. */
    code: text("code").notNull(),
    ...bilingual("title"),
    ...bilingual("details"),
    kind: text("kind", { enum: COUPON_KINDS }).notNull(),
    /** The currency of amountOff, maxDiscount and minSpend. */
    currencyCode: text("currency_code").notNull(),
    /** fixed: minor units taken off. */
    amountOff: integer("amount_off"),
    /** percent: basis points of the ticket amount taken off (1000 = 10%). */
    percentBps: integer("percent_bps"),
    /** percent: the most it takes off, minor units; null for no cap. */
    maxDiscount: integer("max_discount"),
    /** The ticket amount an order must reach, minor units; 0 for none. */
    minSpend: integer("min_spend").notNull().default(0),
    validFrom: integer("valid_from").notNull(),
    /** Exclusive: at this instant the coupon has expired. */
    validTo: integer("valid_to").notNull(),
    /** Only an account that has never paid for an order may claim and use it. */
    newUserOnly: flag("new_user_only"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("coupons_code").on(t.code)],
);

/** A coupon an account has claimed; once per account. `orderId` is the order it is spent on. */
export const userCoupons = sqliteTable(
  "user_coupons",
  {
    id: integer("id").primaryKey(),
    userId: link("user_id", () => users.id),
    couponId: link("coupon_id", () => coupons.id),
    claimedAt: integer("claimed_at").notNull(),
    /** Set in the order's own batch; cleared when it is canceled (a lapsed hold reads as free). */
    orderId: integer("order_id").references(() => orders.id),
  },
  (t) => [uniqueIndex("user_coupons_user_coupon").on(t.userId, t.couponId), index("user_coupons_order").on(t.orderId)],
);
