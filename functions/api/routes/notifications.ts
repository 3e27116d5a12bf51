/**
 * Web push for one device (market/notifications). A device is named by its endpoint and auth
 * secret; no sign-in is needed (a visitor in a queue turns notifications on before having an
 * account), and a signed-in viewer's device is theirs from then on.
 *
 *   GET  /user/notification/v1/push/key                                  (the VAPID public key; null where push is off)
 *   POST /user/notification/v1/push/subscribe   { endpoint, keys: { p256dh, auth }, timeZone, topics? }
 *   POST /user/notification/v1/push/device      { endpoint, auth }       (this device's settings)
 *   POST /user/notification/v1/push/settings    { endpoint, auth, topics, quietFrom, quietUntil, timeZone }
 *   POST /user/notification/v1/push/unsubscribe { endpoint, auth }
 */
import type { Hono } from "hono";
import type { ApiEnv } from "../api-env";
import { ok } from "../envelope";
import { jsonBody } from "../parse";
import { deviceSettings, forgetDevice, saveDeviceSettings, subscribeDevice } from "../../market/notifications";

export function registerNotificationRoutes(api: Hono<ApiEnv>) {
  api.get("/user/notification/v1/push/key", (c) => {
    const market = c.get("market");
    return c.json(ok({ publicKey: market.push.publicKey(market.viewer) }));
  });

  api.post("/user/notification/v1/push/subscribe", async (c) => c.json(ok((await subscribeDevice(c.get("market"), await jsonBody(c.req.raw))).settings)));

  api.post("/user/notification/v1/push/device", async (c) => c.json(ok(await deviceSettings(c.get("market"), await jsonBody(c.req.raw)))));

  api.post("/user/notification/v1/push/settings", async (c) => c.json(ok(await saveDeviceSettings(c.get("market"), await jsonBody(c.req.raw)))));

  api.post("/user/notification/v1/push/unsubscribe", async (c) => c.json(ok(await forgetDevice(c.get("market"), await jsonBody(c.req.raw)))));
}
