/**
 * Apple's pass web service (market/entry/apple-wallet.ts), which the devices holding an Ovation
 * pass call on their own: answered with the plain statuses Apple defines, not the API envelope.
 * Authorization is the pass's own token (`ApplePass <token>`), never a session.
 *
 *   POST   /wallet/apple/v1/devices/:device/registrations/:passType/:serial   { pushToken }
 *   DELETE /wallet/apple/v1/devices/:device/registrations/:passType/:serial
 *   GET    /wallet/apple/v1/devices/:device/registrations/:passType?passesUpdatedSince=
 *   GET    /wallet/apple/v1/passes/:passType/:serial
 *   POST   /wallet/apple/v1/log                                                { logs }
 */
import type { Context, Hono } from "hono";
import type { ApiEnv } from "../api-env";
import {
  APPLE_PASS_SERVICE_PATH,
  latestPass,
  logFromDevices,
  passesUpdatedSince,
  registerPassDevice,
  unregisterPassDevice,
  PKPASS_TYPE,
  type PassServiceAnswer,
} from "../../market/entry/apple-wallet";

const V1 = `${APPLE_PASS_SERVICE_PATH}/v1`;

async function bodyOf(c: Context<ApiEnv>): Promise<unknown> {
  return c.req.raw.json().catch(() => undefined);
}

function reply(c: Context<ApiEnv>, answer: PassServiceAnswer): Response {
  if ("pass" in answer) {
    return new Response(answer.pass, { headers: { "content-type": PKPASS_TYPE, "last-modified": new Date(answer.lastModified).toUTCString(), "cache-control": "no-store" } });
  }
  if ("json" in answer) return c.json(answer.json as object, 200);
  return c.body(null, answer.status);
}

export function registerAppleWalletRoutes(api: Hono<ApiEnv>) {
  const registrationPath = `${V1}/devices/:deviceLibraryId/registrations/:passTypeIdentifier/:serialNumber`;

  api.post(registrationPath, async (c) =>
    reply(c, await registerPassDevice(c.get("market"), c.req.param(), c.req.header("authorization") ?? null, await bodyOf(c))),
  );

  api.delete(registrationPath, async (c) => reply(c, await unregisterPassDevice(c.get("market"), c.req.param(), c.req.header("authorization") ?? null)));

  api.get(`${V1}/devices/:deviceLibraryId/registrations/:passTypeIdentifier`, async (c) =>
    reply(c, await passesUpdatedSince(c.get("market"), c.req.param(), c.req.query("passesUpdatedSince"))),
  );

  api.get(`${V1}/passes/:passTypeIdentifier/:serialNumber`, async (c) =>
    reply(c, await latestPass(c.get("market"), c.req.param(), c.req.header("authorization") ?? null, c.req.header("if-modified-since"))),
  );

  api.post(`${V1}/log`, async (c) => reply(c, logFromDevices(await bodyOf(c))));
}
