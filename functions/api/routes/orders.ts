/**
 * Orders and payments for native apps, partner channels and the browser (SPEC §7's
 * /user/order/v1/ prefix), and the payment providers' callbacks. Every /user/ path acts for the
 * signed-in buyer only: a guest is told notLogin, another account's order is not found.
 *
 *   POST /user/order/v1/create      { listingId, quantity, contactEmail, contactPhoneCode, contactPhone, shippingAddress?, couponId?,
 *                                     admissionToken?, botCheck? }  (while the session's queue is on: its admission and the bot check)
 *   GET  /user/order/v1/detail      ?orderId=
 *   GET  /user/order/v1/list        ?tab=ongoing|closed&page=&pageSize=
 *   POST /user/order/v1/cancel      { orderId }
 *   POST /user/order/v1/pay         { orderId, payMethod? }  (also 'retry payment')
 *   POST /user/order/v1/buy_again   { orderId }
 *   POST /user/order/v1/reorder     { previousOrderId, listingId, quantity, shippingAddress?, couponId?, admissionToken?, botCheck? }
 *                                   (cancel the unpaid order for the same session and re-order, SPEC §4)
 *   POST /pub/payment/v1/callback/:provider   a provider's signed callback (sandbox, stripe)
 */
import type { Hono } from "hono";
import * as z from "zod";
import type { ApiEnv } from "../api-env";
import { failure, invalidParam, ok } from "../envelope";
import { messageOf } from "../../market/messages";
import { requireSignedIn } from "../session";
import { pagingSchema, queryParam } from "../../market/paging";
import { MarketError, notFound } from "../../market/errors";
import { buyAgain, cancelOrder, confirmOrderBuyer, createOrder, listOrders, openOrder, ORDER_TABS, orderIdSchema, reorder, type CreateOrderInput, type PayOrderInput, type ReorderInput } from "../../market/orders";
import { PAYMENT_CALLBACK_PATH, receivePaymentCallback, startPayment } from "../../market/payments";
import { jsonBody, parsed } from "../parse";

const listQuerySchema = pagingSchema.extend({
  tab: queryParam(z.enum(ORDER_TABS)).transform((tab) => tab ?? "ongoing"),
});

function orderIdOf(input: unknown): number {
  return parsed(orderIdSchema, input).orderId;
}

export function registerOrderRoutes(api: Hono<ApiEnv>) {
  // SPEC §8's session codes (notLogin, tokenInvalid, tokenExpired, accountDisable) before anything else;
  // placing an order answers them from its own read (createOrder), in the same order.
  api.use("/user/order/*", async (c, next) => {
    if (c.get("session").status !== "presented") requireSignedIn(c);
    await next();
  });

  api.post("/user/order/v1/create", async (c) => {
    const market = c.get("market");
    const body = await jsonBody(c.req.raw).catch(async (error: unknown) => {
      // The session's refusal comes before a malformed body's, as on every other /user/order/ path.
      await confirmOrderBuyer(market);
      throw error;
    });
    return c.json(ok(await createOrder(market, body as CreateOrderInput, { remoteIp: c.req.header("cf-connecting-ip") ?? null })));
  });

  api.post("/user/order/v1/reorder", async (c) => {
    return c.json(ok(await reorder(c.get("market"), (await jsonBody(c.req.raw)) as ReorderInput, { remoteIp: c.req.header("cf-connecting-ip") ?? null })));
  });

  api.get("/user/order/v1/detail", async (c) => {
    const orderId = orderIdOf({ orderId: c.req.query("orderId") ?? c.req.query("id") });
    const opened = await openOrder(c.get("market"), orderId);
    // Another account's order is not found here (DESIGN §3): the API never tells the two apart.
    if (opened.whose !== "mine") throw notFound("order");
    return c.json(ok(opened.order));
  });

  api.get("/user/order/v1/list", async (c) => {
    const query = parsed(listQuerySchema, {
      tab: c.req.query("tab"),
      page: c.req.query("page"),
      pageSize: c.req.query("pageSize"),
    });
    const { tab, ...paging } = query;
    return c.json(ok(await listOrders(c.get("market"), { tab, paging })));
  });

  api.post("/user/order/v1/cancel", async (c) => {
    return c.json(ok(await cancelOrder(c.get("market"), orderIdOf(await jsonBody(c.req.raw)))));
  });

  api.post("/user/order/v1/pay", async (c) => {
    const origin = new URL(c.req.url).origin;
    return c.json(ok(await startPayment(c.get("market"), (await jsonBody(c.req.raw)) as PayOrderInput, origin)));
  });

  api.post("/user/order/v1/buy_again", async (c) => {
    return c.json(ok(await buyAgain(c.get("market"), orderIdOf(await jsonBody(c.req.raw)))));
  });

  api.post(`${PAYMENT_CALLBACK_PATH}/:provider`, async (c) => {
    const market = c.get("market");
    try {
      const applied = await receivePaymentCallback(market, c.req.param("provider"), c.req.raw);
      return c.json(ok({ outcome: applied?.outcome ?? "ignored" }));
    } catch (error) {
      // A callback that is not genuine answers 400, so a provider with a wrong secret keeps retrying visibly.
      if (error instanceof MarketError && error.status === 400) {
        return c.json(failure(error.code, await messageOf(error, market.viewer.language)), 400);
      }
      throw error;
    }
  });
}
