/**
 * Web push through @block65/webcrypto-web-push: the payload encrypted as RFC 8291 (aes128gcm)
 * and the request signed as RFC 8292 (VAPID), with WebCrypto, then posted to the device's push
 * service (Google's, Mozilla's, Apple's: outside the product).
 *
 * The key: VAPID_PRIVATE_KEY, a P-256 JWK (kty, crv, x, y, d); its public half is what pages
 * subscribe with, so a deployment sets one secret. The local demo has a pair of its own below
 * (public: it signs only for devices that subscribed to a developer's machine); any other
 * deployment without the secret offers no push and sends none.
 *
 * PUSH_SERVICE_RELAY (local demo only): every push request goes to this origin instead, with the
 * endpoint in its path: the browser tests' push service double, which a machine with no network
 * needs in place of Google's.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import * as z from "zod";
import type { PushPort, PushSendOptions, PushTarget, Viewer } from "../../market/context";
import { isLocalDemo } from "../../market/config/deployment";
import { base64url, fromBase64url } from "../../market/context/crypto";

declare global {
  namespace Cloudflare {
    interface Env {
      /** The VAPID signing key, a P-256 private JWK as JSON. */
      VAPID_PRIVATE_KEY?: string;
      /** Local demo only: the origin of a push service double every push is sent to instead. */
      PUSH_SERVICE_RELAY?: string;
    }
  }
}

/** The local demo's own pair: never used where LOCAL_DEMO is unset (stage, production). */
const LOCAL_VAPID_KEY = JSON.stringify({
  kty: "EC",
  crv: "P-256",
  x: "h6X3rca2f_UPq-oE1VkJ7w1usQlvyDEREfwi_tcDKwc",
  y: "T6Pv6IRw0Cn4cs7CYW-B_iK_6XJMz6JCfvhqe-0To6I",
  d: "K4JumD5UEDDXVErJWDO1sk8PNIymVlkXh9lzvbsS6EY",
});

/** Who the push services may write to about this sender (RFC 8292 §2.1). */
const VAPID_SUBJECT = "mailto:push@ovation.example";

const base64urlText = /^[A-Za-z0-9_-]+$/;
const privateJwk = z.object({ kty: z.literal("EC"), crv: z.literal("P-256"), x: z.string().regex(base64urlText), y: z.string().regex(base64urlText), d: z.string().regex(base64urlText) });

interface VapidPair {
  /** The uncompressed public point (0x04 ‖ x ‖ y), base64url: the page's applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

const pairs = new Map<string, VapidPair | null>();

function pairOf(jwkJson: string): VapidPair | null {
  let pair = pairs.get(jwkJson);
  if (pair !== undefined) return pair;
  try {
    const jwk = privateJwk.parse(JSON.parse(jwkJson));
    const point = new Uint8Array([4, ...fromBase64url(jwk.x), ...fromBase64url(jwk.y)]);
    pair = point.length === 65 ? { publicKey: base64url(point), privateKey: jwk.d } : null;
  } catch {
    pair = null;
  }
  if (pair === null) console.warn(JSON.stringify({ level: "warn", message: "VAPID_PRIVATE_KEY is not a P-256 private JWK: no push is sent", secret: "VAPID_PRIVATE_KEY" }));
  pairs.set(jwkJson, pair);
  return pair;
}

/** The sending key: the secret, or the local demo's pair where LOCAL_DEMO is set (never under env.stage or env.production). */
function sendingPair(env: Env): VapidPair | null {
  const key = env.VAPID_PRIVATE_KEY || (env.LOCAL_DEMO === "true" ? LOCAL_VAPID_KEY : null);
  return key ? pairOf(key) : null;
}

/** The port the domain's notifications call (market/context/push-port.ts). */
export function webPush(env: Env, fetcher: typeof fetch = fetch): PushPort {
  return {
    publicKey(viewer: Viewer) {
      // A page offers the local pair on the developer's own host only, like every local default.
      if (!env.VAPID_PRIVATE_KEY && !isLocalDemo({ env, viewer })) return null;
      return sendingPair(env)?.publicKey ?? null;
    },
    send: (target, payload, options) => sendPush(env, fetcher, target, payload, options),
  };
}

async function sendPush(env: Env, fetcher: typeof fetch, target: PushTarget, payload: string, options: PushSendOptions) {
  const pair = sendingPair(env);
  if (!pair) return { status: 0, error: "VAPID_PRIVATE_KEY is not set" };
  const request = await buildPushPayload(
    { data: payload, options: { ttl: options.ttlSeconds, urgency: options.urgency, ...(options.topic ? { topic: options.topic } : {}) } },
    { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
    { subject: VAPID_SUBJECT, publicKey: pair.publicKey, privateKey: pair.privateKey },
  );
  try {
    const response = await fetcher(destinationOf(env, target.endpoint), { method: "POST", headers: request.headers, body: request.body });
    // The body is the push service's reason, kept short for the outbox row; it is never needed otherwise.
    const reason = response.ok ? undefined : (await response.text()).slice(0, 200) || `HTTP ${response.status}`;
    if (response.ok) await response.body?.cancel();
    return { status: response.status, error: reason };
  } catch (error) {
    return { status: 0, error: error instanceof Error ? error.message : String(error) };
  }
}

function destinationOf(env: Env, endpoint: string): string {
  const relay = env.LOCAL_DEMO === "true" ? env.PUSH_SERVICE_RELAY : undefined;
  return relay ? `${relay.replace(/\/$/, "")}/relay/${encodeURIComponent(endpoint)}` : endpoint;
}
