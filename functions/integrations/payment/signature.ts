/**
 * Signed callbacks, the scheme Stripe uses and our sandbox copies: a header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, accepted within five minutes of
 * its timestamp so a captured callback cannot be replayed later.
 */
import { CallbackRejected } from "../../market/context/payment-port";

export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const encoder = new TextEncoder();

function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The header value signing `body` at `timestampSeconds`. */
export async function signatureHeader(secret: string, timestampSeconds: number, body: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), encoder.encode(`${timestampSeconds}.${body}`));
  return `t=${timestampSeconds},v1=${toHex(signature)}`;
}

/**
 * Why a signature header does not prove `body` came from the holder of `secret` at about `now`
 * (ms), or null when it does. Any v1 signature in the header may match (secrets roll over).
 */
export async function signatureProblem(secret: string, header: string | null, body: string, now: number): Promise<string | null> {
  if (!header) return "missing signature";
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  const signatures = parts.filter(([key]) => key === "v1").map(([, value]) => value ?? "");
  if (!Number.isInteger(timestamp) || signatures.length === 0) return "malformed signature";
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return "signature too old";
  const key = await hmacKey(secret, "verify");
  const signed = encoder.encode(`${timestamp}.${body}`);
  for (const signature of signatures) {
    const bytes = fromHex(signature);
    // crypto.subtle.verify compares in constant time.
    if (bytes && (await crypto.subtle.verify("HMAC", key, bytes, signed))) return null;
  }
  return "signature does not match";
}


/**
 * A callback's JSON body once its signature (in `header`) proves it came from the holder of
 * `secret`; CallbackRejected saying why not, or that the body is not JSON. The event's own shape
 * is the caller's to check.
 */
export async function signedCallbackBody<T>(request: Request, secret: string, header: string, now: number): Promise<T> {
  const body = await request.text();
  const problem = await signatureProblem(secret, request.headers.get(header), body, now);
  if (problem) throw new CallbackRejected(problem);
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new CallbackRejected("body is not JSON");
  }
}
