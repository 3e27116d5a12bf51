/** Reference calls of SPEC §7: locations, show locations, currencies, languages. */
import type { Hono } from "hono";
import type { ApiEnv } from "../app";
import { ok } from "../envelope";
import { loadReference } from "../../market/catalog/reference";

export function registerReferenceRoutes(api: Hono<ApiEnv>) {
  api.get("/pub/home/v1/language/list", async (c) => {
    const reference = await loadReference(c.get("market"));
    return c.json(ok(reference.languages.map(({ code, name }) => ({ code, name }))));
  });
}
