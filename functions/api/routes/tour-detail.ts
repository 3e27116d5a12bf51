/** A tour's page (SPEC §2 tourDetail) for native apps and partner channels. */
import type { Hono } from "hono";
import type { ApiEnv } from "../api-env";
import { parsed } from "../parse";
import { invalidParam, ok } from "../envelope";
import { tourDetail, tourDetailQuerySchema } from "../../market/catalog/tour-detail";

export function registerTourDetailRoutes(api: Hono<ApiEnv>) {
  /** ?id= ; an unknown tour is a 404 envelope. */
  api.get("/pub/tour/v1/detail", async (c) => {
    const query = parsed(tourDetailQuerySchema, { id: c.req.query("id") || undefined });
    return c.json(ok(await tourDetail(c.get("market"), query.id)));
  });
}
