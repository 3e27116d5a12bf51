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
import type { ApiEnv } from "../api-env";
import { invalidParam, ok } from "../envelope";
import { signedInOnly } from "../session";
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
import { jsonBody, parsed } from "../parse";

export function registerCouponRoutes(api: Hono<ApiEnv>) {
  api.use("/user/coupon/*", signedInOnly);

  api.get("/user/coupon/v1/list", async (c) => c.json(ok(await listMyCoupons(c.get("market")))));

  api.post("/user/coupon/v1/claim", async (c) => {
    const body: unknown = await jsonBody(c.req.raw);
    const { code } = parsed(claimCouponSchema, body, (error) => {
      const message = error.issues[0]?.message;
      if (message === COUPON_MESSAGES.codeRequired) return new MarketError("invalidParam", { messageKey: message, params: { field: "code" } });
      return invalidParam(error);
    });
    return c.json(ok(await claimCoupon(c.get("market"), code)));
  });

  api.get("/user/coupon/v1/pre_order/list", async (c) => {
    const query = parsed(prospectiveOrderSchema, { listingId: c.req.query("listingId"), quantity: c.req.query("quantity") });
    return c.json(ok(await couponsForOrder(c.get("market"), query)));
  });

  api.get("/user/coupon/v1/pre_order/quote", async (c) => {
    const query = parsed(quoteCouponSchema, {
      couponId: c.req.query("couponId"),
      listingId: c.req.query("listingId"),
      quantity: c.req.query("quantity"),
    });
    return c.json(ok(await quoteCoupon(c.get("market"), query)));
  });
}
