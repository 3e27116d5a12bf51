/**
 * Coupons for native apps, partner channels and the browser (SPEC §7's /user/coupon/v1/ and
 * /user/coupon/v1/pre_order/ prefixes). Signed-in only; another account's coupon is not found.
 * A claim or quote that cannot be made answers clientOperateFail (200505) with its reason in
 * the message and `data.reason`.
 *
 *   GET  /user/coupon/v1/list
 *   POST /user/coupon/v1/claim               { code }
 *   GET  /user/coupon/v1/pre_order/list      ?listingId=&quantity=
 *   GET  /user/coupon/v1/pre_order/quote     ?couponId=&listingId=&quantity=
 */
import type { Hono } from "hono";
import type { ApiEnv } from "../app";
import { invalidParam, ok } from "../envelope";
import { requireSignedIn } from "../session";
import { MarketError } from "../../market/errors";
import {
  claimCoupon,
  claimCouponSchema,
  COUPON_MESSAGES,
  couponsForOrder,
  listMyCoupons,
  prospectiveOrderSchema,
  quoteCoupon,
  quoteCouponSchema,
} from "../../market/coupons";

export function registerCouponRoutes(api: Hono<ApiEnv>) {
  api.use("/user/coupon/*", async (c, next) => {
    requireSignedIn(c);
    await next();
  });

  api.get("/user/coupon/v1/list", async (c) => c.json(ok(await listMyCoupons(c.get("market")))));

  api.post("/user/coupon/v1/claim", async (c) => {
    const body: unknown = await c.req.json().catch(() => ({}));
    const parsed = claimCouponSchema.safeParse(body);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      if (message === COUPON_MESSAGES.codeRequired) throw new MarketError("invalidParam", { messageKey: message, params: { field: "code" } });
      throw invalidParam(parsed.error);
    }
    return c.json(ok(await claimCoupon(c.get("market"), parsed.data.code)));
  });

  api.get("/user/coupon/v1/pre_order/list", async (c) => {
    const parsed = prospectiveOrderSchema.safeParse({ listingId: c.req.query("listingId"), quantity: c.req.query("quantity") });
    if (!parsed.success) throw invalidParam(parsed.error);
    return c.json(ok(await couponsForOrder(c.get("market"), parsed.data)));
  });

  api.get("/user/coupon/v1/pre_order/quote", async (c) => {
    const parsed = quoteCouponSchema.safeParse({
      couponId: c.req.query("couponId"),
      listingId: c.req.query("listingId"),
      quantity: c.req.query("quantity"),
    });
    if (!parsed.success) throw invalidParam(parsed.error);
    return c.json(ok(await quoteCoupon(c.get("market"), parsed.data)));
  });
}
