/**
 * Tour lists for native apps, partner channels and the browser's load-more: the tour list (Top
 * Picks' continuation, the Tags view's tours) and events. A tour's own page is in tour-detail.ts.
 */
import type { Hono } from "hono";
import type { ApiEnv } from "../api-env";
import { answerQuery } from "../parse";
import { eventListQuerySchema, listEvents } from "../../market/catalog/events";
import { listTours, tourListQuerySchema } from "../../market/catalog/tours";

export function registerTourListRoutes(api: Hono<ApiEnv>) {
  /** ?page=&pageSize=&categoryId=&tag=&cityCode= — live tours in scope, most popular first. */
  api.get("/pub/tour/v1/list", answerQuery(tourListQuerySchema, listTours));

  /** ?page=&pageSize=&categoryId=&cityCode= — ONSALE shows in scope, soonest first, each with its month. */
  api.get("/pub/tour/v1/event/list", answerQuery(eventListQuerySchema, listEvents));
}
