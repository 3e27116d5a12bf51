/**
 * Spending a coupon on an order, for the orders domain to put in the batch that places or
 * cancels the order, so a coupon is never spent on two live orders and never lost with a
 * canceled one.
 *
 * Placing an order with a coupon (see docs/decisions.md for the whole integration):
 *   1. quoteCoupon(...) before the batch, for the discount (refusals name the reason);
 *   2. add `couponIsFree(userCouponId, userId, now)` to the WHERE of the guarded
 *      INSERT … SELECT that takes the tickets, so the order is not placed if the coupon was
 *      spent meanwhile;
 *   3. put `reserveCoupon(ctx, { userCouponId, userId, orderNo })` right after that insert
 *      in the same batch.
 * Canceling an order: put `releaseCoupon(ctx, orderId)` in the cancel batch; the cron's tidy puts
 * `releaseCouponsOfCanceledOrders(ctx)` in its own. (A lapsed hold frees its coupon by itself:
 * 'used' is read through the order's state; the tidy only records it.)
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { orders, userCoupons } from "../../db/schema";
import type { MarketContext } from "../context";
import { prepare } from "../context/statements";

/**
 * True when claimed coupon `userCouponId` is `userId`'s, within its dates at `now`, allowed to
 * this account (new-user only), and not spent on an order that still takes it.
 */
export function couponIsFree(userCouponId: number | Placeholder, userId: number | Placeholder, now: number | Placeholder): SQL<boolean> {
  // Written with its own aliases, so it can sit inside any statement (the order's INSERT … SELECT).
  return sql<boolean>`EXISTS (
    SELECT 1 FROM user_coupons uc INNER JOIN coupons c ON c.id = uc.coupon_id
    WHERE uc.id = ${userCouponId} AND uc.user_id = ${userId}
      AND c.valid_from <= ${now} AND c.valid_to > ${now}
      AND (c.new_user_only = 0 OR NOT EXISTS (SELECT 1 FROM orders paid WHERE paid.user_id = ${userId} AND paid.paid_at IS NOT NULL))
      AND (uc.order_id IS NULL OR NOT EXISTS (
        SELECT 1 FROM orders spent WHERE spent.id = uc.order_id
          AND (spent.status = 'paid' OR (spent.status = 'pending_payment' AND spent.expires_at > ${now})))))`.mapWith(Boolean);
}

/** Points the claimed coupon at the order numbered `orderNo` (placed earlier in the same batch). */
export function reserveCoupon(ctx: Pick<MarketContext, "d1">, input: { userCouponId: number; userId: number; orderNo: string }): D1PreparedStatement {
  return prepare(
    ctx.d1,
    sql`UPDATE ${userCoupons} SET order_id = (SELECT ${orders.id} FROM ${orders} WHERE ${orders.orderNo} = ${input.orderNo} AND ${orders.userId} = ${input.userId})
        WHERE ${userCoupons.id} = ${input.userCouponId} AND ${userCoupons.userId} = ${input.userId}
          AND EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.orderNo} = ${input.orderNo} AND ${orders.userId} = ${input.userId})`,
  );
}

/**
 * Gives back the coupon spent on order `orderId` (for the batch that cancels it, after the
 * cancel). Only once the order reads as canceled: a cancel that lost to a payment, or was asked
 * for someone else's order, leaves the coupon where it is.
 */
export function releaseCoupon(ctx: Pick<MarketContext, "d1">, orderId: number): D1PreparedStatement {
  return prepare(
    ctx.d1,
    sql`UPDATE ${userCoupons} SET order_id = NULL WHERE ${userCoupons.orderId} = ${orderId}
          AND EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${orderId} AND ${orders.status} = 'canceled')`,
  );
}

/** Gives back every coupon spent on an order that reads as canceled (for the cron's tidy batch, after it cancels lapsed holds). */
export function releaseCouponsOfCanceledOrders(ctx: Pick<MarketContext, "d1">): D1PreparedStatement {
  return prepare(
    ctx.d1,
    sql`UPDATE ${userCoupons} SET order_id = NULL
        WHERE ${userCoupons.orderId} IN (SELECT ${orders.id} FROM ${orders} WHERE ${orders.status} = 'canceled')`,
  );
}
