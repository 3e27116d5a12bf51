/**
 * The partner host's door (SPEC §7): inside the embedded channels (MTL_LAUNCH, PiaoXiaoer) the
 * account, order, address, coupon, after-sales, notification and IM calls go to the partner API
 * host with the /mtl_overseasapi/mts suffix. Ovation is that host too, so the same API answers
 * under the prefix. A call through it is always an embedded channel's: the channel header names
 * which one, and a missing or foreign value is taken as MTL_LAUNCH, so every order placed here
 * records its partner channel.
 */
import { EMBEDDED_CHANNELS } from "../market/preferences/channels";
import { isApiPath, PARTNER_PREFIX } from "./paths";

/** The request as the API door should see it, or null when it is not for the partner door. */
export function partnerApiRequest(request: Request): Request | null {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(`${PARTNER_PREFIX}/`)) return null;
  const path = url.pathname.slice(PARTNER_PREFIX.length);
  if (!isApiPath(path)) return null;
  url.pathname = path;
  const headers = new Headers(request.headers);
  const channel = headers.get("channel");
  if (!channel || !(EMBEDDED_CHANNELS as readonly string[]).includes(channel)) headers.set("channel", "MTL_LAUNCH");
  return new Request(url, { method: request.method, headers, body: request.body, redirect: "manual" });
}
