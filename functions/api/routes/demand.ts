/**
 * Buyer insight and the waiting room, for native apps and the browser's own polling:
 *
 *   GET  /pub/tour/v1/price-history   ?sessionId= | ?tourId=   (the lowest price over time, viewer's currency)
 *   POST /pub/tour/v1/queue/join      { sessionId }            (signed in: take or keep a place)
 *   GET  /pub/tour/v1/queue/place     ?sessionId=              (signed in: where the place stands)
 *   POST /support/v1/session/demand   { sessionId, highDemand, admitPerMinute?, shards? }  (support)
 */
import type { Hono } from "hono";
import * as z from "zod";
import { recordId } from "../../market/input/fields";
import { jsonBody, parsed } from "../parse";
import type { ApiEnv } from "../api-env";
import { invalidParam, ok } from "../envelope";
import { joinQueue, markDemandSchema, markHighDemand, priceHistory, queuePlace, tourPriceHistory } from "../../market/demand";

const id = recordId();
const historyQuerySchema = z.union([z.object({ sessionId: id, tourId: z.undefined() }), z.object({ tourId: id, sessionId: z.undefined() })]);
const sessionQuerySchema = z.object({ sessionId: id });

export function registerDemandRoutes(api: Hono<ApiEnv>) {
  api.get("/pub/tour/v1/price-history", async (c) => {
    const query = historyQuerySchema.safeParse({ sessionId: c.req.query("sessionId") || undefined, tourId: c.req.query("tourId") || undefined });
    if (!query.success) throw invalidParam(query.error);
    const market = c.get("market");
    return c.json(ok(query.data.sessionId ? await priceHistory(market, [query.data.sessionId]) : await tourPriceHistory(market, query.data.tourId!)));
  });

  api.post("/pub/tour/v1/queue/join", async (c) => {
    const { sessionId } = parsed(sessionQuerySchema, await jsonBody(c.req.raw));
    return c.json(ok(await joinQueue(c.get("market"), sessionId)));
  });

  api.get("/pub/tour/v1/queue/place", async (c) => {
    const query = sessionQuerySchema.safeParse({ sessionId: c.req.query("sessionId") });
    if (!query.success) throw invalidParam(query.error);
    return c.json(ok(await queuePlace(c.get("market"), query.data.sessionId)));
  });

  api.post("/support/v1/session/demand", async (c) => {
    return c.json(ok(await markHighDemand(c.get("market"), parsed(markDemandSchema, await jsonBody(c.req.raw)))));
  });
}
