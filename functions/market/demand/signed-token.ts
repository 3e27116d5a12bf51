/**
 * Short signed tokens for links and passes that must work without a database read or a
 * sign-in: `<purpose>.<fields…>.<mac>`, the mac being base64url HMAC-SHA256 of everything before
 * it under DEMAND_SIGNING_KEY. The purpose is signed too, so an unsubscribe token can never pass
 * as an admission token. Outside a configured deployment a public local key stands in (as chat's
 * does), so everything runs locally; production sets the secret (docs/decisions/demand.md).
 */
import { base64url, sameSecret } from "../context/crypto";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Signs unsubscribe links and waiting-room admissions. */
      DEMAND_SIGNING_KEY?: string;
    }
  }
}

/** Public, so a deployment that relies on it signs nothing worth forging; production sets the secret. */
export const LOCAL_DEMAND_SIGNING_KEY = "ovation-demand-local-key";

export type TokenPurpose = "unsub" | "admit";

const FIELD = /^[0-9A-Za-z_-]{1,40}$/;

async function mac(env: Env, payload: string): Promise<string> {
  const key = env.DEMAND_SIGNING_KEY || LOCAL_DEMAND_SIGNING_KEY;
  const cryptoKey = await crypto.subtle.importKey("raw", new TextEncoder().encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, new TextEncoder().encode(payload))));
}

/** A token for `purpose` carrying `fields` (each 1-40 characters of [0-9A-Za-z_-]). */
export async function signToken(env: Env, purpose: TokenPurpose, fields: readonly (string | number)[]): Promise<string> {
  const parts = fields.map(String);
  if (!parts.every((part) => FIELD.test(part))) throw new RangeError("token fields must be short and plain");
  const payload = [purpose, ...parts].join(".");
  return `${payload}.${await mac(env, payload)}`;
}

/** The fields of a well-formed token of `purpose` with `count` fields signed here; null otherwise. Never throws. */
export async function verifyToken(env: Env, purpose: TokenPurpose, token: unknown, count: number): Promise<string[] | null> {
  if (typeof token !== "string" || token.length > 400) return null;
  const parts = token.split(".");
  if (parts.length !== count + 2 || parts[0] !== purpose) return null;
  const fields = parts.slice(1, -1);
  if (!fields.every((part) => FIELD.test(part))) return null;
  const given = parts[parts.length - 1];
  return sameSecret(given, await mac(env, parts.slice(0, -1).join("."))) ? fields : null;
}
