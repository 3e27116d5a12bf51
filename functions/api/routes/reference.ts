/**
 * SPEC §7's reference calls: locations, cities with shows, currencies, languages, and the default
 * location for where the device is (lbs/default). Public: no sign-in needed. Names come in the
 * language of the `lan` header.
 */
import type { Hono } from "hono";
import type { ApiEnv } from "../api-env";
import { ok } from "../envelope";
import { networkCountry } from "../../geolocation";
import { autoLocationOf, locateRegion } from "../../market/preferences/auto-location";
import { listCurrencies, listLanguages, listLocations, listShowLocations } from "../../market/preferences/options";

export function registerReferenceRoutes(api: Hono<ApiEnv>) {
  api.get("/pub/home/v1/location/list", async (c) => c.json(ok(await listLocations(c.get("market")))));

  api.get("/pub/home/v1/show/location/list", async (c) => c.json(ok(await listShowLocations(c.get("market")))));

  api.get("/pub/home/v1/currency/list", async (c) => c.json(ok(await listCurrencies(c.get("market")))));

  api.get("/pub/home/v1/language/list", async (c) => c.json(ok(await listLanguages(c.get("market")))));

  api.get("/pub/home/v1/lbs/default", async (c) => {
    const market = c.get("market");
    const { lat, lng } = c.get("headers");
    const { region } = await locateRegion(market, {
      position: lat !== undefined && lng !== undefined ? { lat, lng } : null,
      country: networkCountry(c.req.raw),
    });
    return c.json(ok(await autoLocationOf(market, region)));
  });
}
