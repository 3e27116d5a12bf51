/**
 * A push service at the HTTP boundary, for the Worker tests (miniflare's outbound service) and
 * the browser tests (served over HTTP, tests/e2e/support/push-service.ts). It plays both sides a
 * real one connects: it makes subscriptions as a browser would (a P-256 key pair and an auth
 * secret of its own, kept here), and it receives pushes as Google's or Apple's service would,
 * checking the VAPID signature (RFC 8292) and decrypting each payload (RFC 8291, aes128gcm) with
 * the subscription's private key through http_ece, an implementation that is not ours. What it
 * received, decrypted, is what a test reads back.
 *
 *   POST /__subscribe          → { endpoint, keys: { p256dh, auth } }  (a new device)
 *   POST /send/<id>            the push itself: 201, or 410 once the device is gone
 *   GET  /__received/<id>      → every push the device received, decrypted
 *   POST /__gone/<id>          the device unsubscribes at the service: later pushes get 410
 *   POST /__down/<id>?times=n  the service answers the next n pushes with 503
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from "node:crypto";
import ece from "http_ece";

export const PUSH_SERVICE_ORIGIN = "https://push.ovation.test";

export interface ReceivedPush {
  /** The decrypted payload, parsed. */
  payload: unknown;
  ttl: string | null;
  urgency: string | null;
  topic: string | null;
  contentEncoding: string | null;
  /** The VAPID JWT's audience and subject, and whether its ES256 signature checked out against k. */
  vapid: { aud: string; sub: string; valid: boolean } | null;
  at: number;
}

interface Device {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  gone: boolean;
  failures: number;
  received: ReceivedPush[];
}

const devices = new Map<string, Device>();

/** Answers the request when it is for the push service double; null for anything else. */
export async function pushServiceDouble(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.origin !== PUSH_SERVICE_ORIGIN) return null;
  const [, action, id] = url.pathname.split("/");
  if (action === "__subscribe" && request.method === "POST") return Response.json(subscribe());
  const device = id ? devices.get(id) : undefined;
  if (!device) return new Response("no such subscription", { status: 404 });
  if (action === "__received") return Response.json(device.received);
  if (action === "__gone") {
    device.gone = true;
    return new Response(null, { status: 204 });
  }
  if (action === "__down") {
    device.failures = Number(url.searchParams.get("times") ?? "1");
    return new Response(null, { status: 204 });
  }
  if (action === "send" && request.method === "POST") return receive(device, request);
  return new Response("not found", { status: 404 });
}

function subscribe() {
  const id = randomUUID();
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  devices.set(id, { ecdh, auth, gone: false, failures: 0, received: [] });
  return { endpoint: `${PUSH_SERVICE_ORIGIN}/send/${id}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
}

async function receive(device: Device, request: Request): Promise<Response> {
  if (device.gone) return new Response("subscription expired", { status: 410 });
  if (device.failures > 0) {
    device.failures--;
    return new Response("try again later", { status: 503 });
  }
  const body = Buffer.from(await request.arrayBuffer());
  let plaintext: Buffer;
  try {
    plaintext = ece.decrypt(body, { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.auth });
  } catch (error) {
    return new Response(`cannot decrypt: ${error instanceof Error ? error.message : String(error)}`, { status: 400 });
  }
  device.received.push({
    payload: JSON.parse(plaintext.toString("utf8")),
    ttl: request.headers.get("ttl"),
    urgency: request.headers.get("urgency"),
    topic: request.headers.get("topic"),
    contentEncoding: request.headers.get("content-encoding"),
    vapid: vapidOf(request.headers.get("authorization")),
    at: Date.now(),
  });
  return new Response(null, { status: 201 });
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT signed with ES256 by the key k names. */
function vapidOf(authorization: string | null): ReceivedPush["vapid"] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) return null;
  const [header, claims, signature] = match[1].split(".");
  const point = Buffer.from(match[2], "base64url");
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") }, format: "jwk" });
  const valid = verify("sha256", Buffer.from(`${header}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  const { aud, sub } = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as { aud: string; sub: string };
  return { aud, sub, valid };
}
