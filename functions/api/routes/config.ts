/**
 * SPEC §7's config calls: GET /user/config/v1/load (the global config), GET
 * /user/config/v1/setting (the viewer's language, currency and location), the static
 * /configs/global_config.json, and GET /user/v1/agreements?type=. All are noAuth: a guest, or a
 * caller whose token has gone stale, gets the guest's answer rather than a login.
 */
import type { Hono } from "hono";
import type { ApiEnv } from "../api-env";
import { parsed } from "../parse";
import { invalidParam, ok } from "../envelope";
import { agreementQuerySchema, describeViewerSetting, loadGlobalConfig, readAgreements } from "../../market/config";

/** The static config may sit in browsers and the edge for 5 minutes: a switch takes at most that long. */
export const STATIC_CONFIG_CACHE_CONTROL = "public, max-age=300";

export function registerConfigRoutes(api: Hono<ApiEnv>) {
  api.get("/user/config/v1/load", async (c) => {
    const config = await loadGlobalConfig(c.get("market"), { origin: new URL(c.req.url).origin, personal: true });
    // A signed-in answer carries the viewer's chat credential: no cache may keep it.
    if (config.imInfo.userId !== null) c.header("cache-control", "private, no-store");
    return c.json(ok(config));
  });

  api.get("/user/config/v1/setting", async (c) => c.json(ok(await describeViewerSetting(c.get("market")))));

  // A file on a static host would be the bare config, so this is too: no envelope, never personal.
  api.get("/configs/global_config.json", async (c) => {
    const config = await loadGlobalConfig(c.get("market"), { origin: new URL(c.req.url).origin, personal: false });
    c.header("cache-control", STATIC_CONFIG_CACHE_CONTROL);
    return c.json(config);
  });

  api.get("/user/v1/agreements", async (c) => {
    const query = parsed(agreementQuerySchema, { type: c.req.query("type") || undefined });
    return c.json(ok({ agreements: await readAgreements(c.get("market"), query) }));
  });
}
