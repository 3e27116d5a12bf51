/**
 * Buyer insight and the waiting room, for native apps and the browser's own polling:
 *
 *   GET  /pub/tour/v1/price-history   ?sessionId= | ?tourId=   (the lowest price over time, viewer's currency)
 *   POST /pub/tour/v1/queue/join      { sessionId, botCheck?, queueToken? }  (take or keep a place; a new one passes the bot check)
 *   GET  /pub/tour/v1/queue/place     ?sessionId=&queueToken=  (where the place stands; admits a signed-in viewer whose turn it is)
 *   POST /pub/tour/v1/queue/push      { sessionId, queueToken, endpoint, auth }  (tell this device's push subscription when the turn comes)
 *   GET  /pub/tour/v1/queue/now       ?sessionId=&shard=       (a shard's public 'now admitting' document, edge-cached: worker.ts answers it first)
 *   GET  /pub/tour/v1/queue/draw      ?sessionId=&shard=&offset=  (the seed and the drawn queue ids, to check the draw)
 *   GET  /pub/tour/v1/queue/fairness  ?sessionId=              (the session's fairness report)
 *   POST /support/v1/session/demand   { sessionId, highDemand, admitPerMinute?, shards?, expectedArrivals?, ticketLimit? }  (support)
 */
import type { Hono } from "hono";
import * as z from "zod";
import { recordId } from "../../market/input/fields";
import { jsonBody, parsed } from "../parse";
import type { ApiEnv } from "../api-env";
import { invalidParam, ok } from "../envelope";
import { fairnessReport, tellTurnTo, joinQueue, markDemandSchema, markHighDemand, priceHistory, publishedDraw, queuePlace, tourPriceHistory } from "../../market/demand";
import { QUEUE_NOW_PATH, queueDocument } from "../../market/demand/queue-document";
import { MAX_SHARDS } from "../../market/demand/high-demand";

const id = recordId();
const historyQuerySchema = z.union([z.object({ sessionId: id, tourId: z.undefined() }), z.object({ tourId: id, sessionId: z.undefined() })]);
const sessionQuerySchema = z.object({ sessionId: id });
/** A queue token is short printable ASCII; its signature is checked by the domain. */
const queueToken = z.string().max(400).optional();
const joinSchema = z.object({ sessionId: id, botCheck: z.string().max(2048).optional(), queueToken });
const placeQuerySchema = z.object({ sessionId: id, queueToken });
const turnPushSchema = z.object({ sessionId: id, queueToken: z.string().max(400) });
const shardQuerySchema = z.object({ sessionId: id, shard: z.coerce.number().int().min(0).max(MAX_SHARDS - 1) });
const drawQuerySchema = shardQuerySchema.extend({ offset: z.coerce.number().int().min(0).max(10_000_000).default(0) });

/** The query's fields as given, each once (a repeated field is refused by the schema as an array). */
const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

export function registerDemandRoutes(api: Hono<ApiEnv>) {
  api.get("/pub/tour/v1/price-history", async (c) => {
    const query = historyQuerySchema.safeParse({ sessionId: c.req.query("sessionId") || undefined, tourId: c.req.query("tourId") || undefined });
    if (!query.success) throw invalidParam(query.error);
    const market = c.get("market");
    return c.json(ok(query.data.sessionId ? await priceHistory(market, [query.data.sessionId]) : await tourPriceHistory(market, query.data.tourId!)));
  });

  api.post("/pub/tour/v1/queue/join", async (c) => {
    const { sessionId, botCheck, queueToken } = parsed(joinSchema, await jsonBody(c.req.raw));
    return c.json(ok(await joinQueue(c.get("market"), sessionId, { botCheck, queueToken, remoteIp: c.req.header("cf-connecting-ip") ?? null })));
  });

  api.post("/pub/tour/v1/queue/push", async (c) => {
    const body = await jsonBody(c.req.raw);
    const { sessionId, queueToken } = parsed(turnPushSchema, body);
    return c.json(ok(await tellTurnTo(c.get("market"), sessionId, queueToken, { endpoint: body.endpoint, auth: body.auth })));
  });

  api.get("/pub/tour/v1/queue/place", async (c) => {
    const query = placeQuerySchema.safeParse(queryOf(c.req.url));
    if (!query.success) throw invalidParam(query.error);
    return c.json(ok(await queuePlace(c.get("market"), query.data.sessionId, query.data.queueToken)));
  });

  // Reached only when worker.ts's edge answer did not take the request (a malformed query, or a
  // room with no settings yet): the same document, or the refusal in the viewer's language.
  api.get(QUEUE_NOW_PATH, async (c) => {
    const query = shardQuerySchema.safeParse(queryOf(c.req.url));
    if (!query.success) throw invalidParam(query.error);
    const market = c.get("market");
    const document = await queueDocument(market.env, query.data.sessionId, query.data.shard, market.now());
    return c.json(ok(document));
  });

  api.get("/pub/tour/v1/queue/draw", async (c) => {
    const query = drawQuerySchema.safeParse(queryOf(c.req.url));
    if (!query.success) throw invalidParam(query.error);
    return c.json(ok(await publishedDraw(c.get("market"), query.data.sessionId, query.data.shard, query.data.offset)));
  });

  api.get("/pub/tour/v1/queue/fairness", async (c) => {
    const query = sessionQuerySchema.safeParse(queryOf(c.req.url));
    if (!query.success) throw invalidParam(query.error);
    return c.json(ok(await fairnessReport(c.get("market"), query.data.sessionId)));
  });

  api.post("/support/v1/session/demand", async (c) => {
    return c.json(ok(await markHighDemand(c.get("market"), parsed(markDemandSchema, await jsonBody(c.req.raw)))));
  });
}
