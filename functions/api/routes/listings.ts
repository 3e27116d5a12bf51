/**
 * Choosing tickets for native apps and partner channels (SPEC §7's /pub/tour prefix, 'seat
 * maps'): a session's listings, its seating map, and one listing priced for a quantity. Guests
 * may call all three; amounts are in the viewer's currency (the cc header).
 *
 *   GET /pub/tour/v1/session/listings  ?sessionId=&quantity=&sort=&section=&minPrice=&maxPrice=&delivery=&zone=&together=&page=
 *   GET /pub/tour/v1/session/seat-map  ?sessionId=&quantity=&section=  (section: its seats too)
 *   GET /pub/tour/v1/listing/detail    ?listingId=&quantity=
 */
import type { Hono } from "hono";
import type { ApiEnv } from "../api-env";
import { parsed } from "../parse";
import { invalidParam, ok } from "../envelope";
import { countPickSeatArrival, visitorOf } from "../../market/demand/high-demand";
import { listingDetail, listingDetailQuerySchema } from "../../market/listings/listing-detail";
import { recordListingView } from "../../market/listings/listing-views";
import { seatMapQuerySchema, sessionSeatMap } from "../../market/listings/seat-map";
import { listingsQueryInput, sessionListings, sessionListingsQuerySchema } from "../../market/listings/session-listings";

export function registerListingRoutes(api: Hono<ApiEnv>) {
  api.get("/pub/tour/v1/session/listings", async (c) => {
    const query = parsed(sessionListingsQuerySchema, listingsQueryInput(new URL(c.req.url).searchParams));
    const market = c.get("market");
    const visitor = visitorOf(market.viewer, c.req.header("cf-connecting-ip"));
    if (visitor) c.executionCtx.waitUntil(countPickSeatArrival(market, query.sessionId, visitor));
    return c.json(ok(await sessionListings(market, query)));
  });

  api.get("/pub/tour/v1/session/seat-map", async (c) => {
    const query = parsed(seatMapQuerySchema, {
      sessionId: c.req.query("sessionId") || undefined,
      quantity: c.req.query("quantity") || undefined,
      section: c.req.query("section") || undefined,
    });
    return c.json(ok(await sessionSeatMap(c.get("market"), query)));
  });

  api.get("/pub/tour/v1/listing/detail", async (c) => {
    const query = parsed(listingDetailQuerySchema, { listingId: c.req.query("listingId") || undefined, quantity: c.req.query("quantity") || undefined });
    const detail = await listingDetail(c.get("market"), query);
    c.executionCtx.waitUntil(recordListingView(c.get("market"), query.listingId));
    return c.json(ok(detail));
  });
}
