/**
 * Analytics calls: POST /pub/analytics/v1/batch, our collector, answering in the analytics
 * service's own shape (`e`, 0 for success, SPEC §7) beside our envelope; and the support
 * console's GET /support/v1/analytics/funnel (support role only; to anyone else not found).
 */
import type { Hono } from "hono";
import type { ApiEnv } from "../api-env";
import { ok } from "../envelope";
import { requireSignedIn } from "../session";
import { requireRole } from "../../market/staff";
import { collectAnalytics, readFunnel } from "../../market/analytics";
import { MarketError } from "../../market/errors";

/** A batch of 50 events at 1,024 characters a string stays well under this. */
const MAX_BATCH_BYTES = 512 * 1024;

export function registerAnalyticsRoutes(api: Hono<ApiEnv>) {
  api.post("/pub/analytics/v1/batch", async (c) => {
    const text = await c.req.text();
    if (text.length > MAX_BATCH_BYTES) throw new MarketError("invalidParam", { params: { field: "events", reason: "batch too large" } });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new MarketError("invalidParam", { params: { field: "body", reason: "not JSON" } });
    }
    const result = await collectAnalytics(c.get("market"), body);
    return c.json({ e: 0, ...ok(result) });
  });

  api.get("/support/v1/analytics/funnel", async (c) => {
    requireSignedIn(c);
    await requireRole(c.get("market"), "support");
    return c.json(ok(await readFunnel(c.get("market"))));
  });
}
