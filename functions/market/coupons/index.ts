/**
 * Coupons: codes a buyer claims and spends on an order. The rules are in my-coupons.ts (claim,
 * list, quote), coupon-rules.ts (the arithmetic and states) and reserve.ts (spending in the
 * order's batch); the schema lives apart because the browser imports it.
 */
export * from "./coupon-schema";
export * from "./coupon-rules";
export * from "./my-coupons";
export * from "./reserve";
