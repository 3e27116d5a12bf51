/**
 * Short signed tokens for links and passes (the waiting room's, an Apple Wallet pass's) that must work without a database read or a
 * sign-in: `<purpose>.<fields…>.<mac>`, the mac being base64url HMAC-SHA256 of everything before
 * it under DEMAND_SIGNING_KEY. The purpose is signed too, so an unsubscribe token can never pass
 * as an admission token. Only the local demo (config/deployment.ts) signs with a public local key;
 * every deployment sets the secret, and without it signing and checking refuse with 503.
 */
import type { MarketContext } from "../context";
import { base64url, sameSecret } from "../context/crypto";
import { requiredSecret } from "../config/deployment";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Signs unsubscribe links and the waiting room's queue and admission tokens. */
      DEMAND_SIGNING_KEY?: string;
    }
  }
}

/** Public: the local demo's key only, never used by a deployment. */
export const LOCAL_DEMAND_SIGNING_KEY = "ovation-demand-local-key";

export type TokenPurpose = "unsub" | "admit" | "queue" | "pass";

const FIELD = /^[0-9A-Za-z_-]{1,40}$/;

/** Whose key signs: the deployment's env, and the viewer whose host says whether this is the local demo. */
export type TokenKeys = Pick<MarketContext, "env" | "viewer">;

/** The imported key per secret (an isolate has one, or two while a secret is rotated). */
const importedKeys = new Map<string, CryptoKey>();

async function mac(keys: TokenKeys, payload: string): Promise<string> {
  const key = requiredSecret(keys, "DEMAND_SIGNING_KEY", LOCAL_DEMAND_SIGNING_KEY);
  let cryptoKey = importedKeys.get(key);
  if (!cryptoKey) {
    // The key itself is kept, never a pending import: a request may not wait on another's promise.
    cryptoKey = await crypto.subtle.importKey("raw", new TextEncoder().encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    if (importedKeys.size >= 4) importedKeys.clear();
    importedKeys.set(key, cryptoKey);
  }
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, new TextEncoder().encode(payload))));
}

/** A token for `purpose` carrying `fields` (each 1-40 characters of [0-9A-Za-z_-]). */
export async function signToken(keys: TokenKeys, purpose: TokenPurpose, fields: readonly (string | number)[]): Promise<string> {
  const parts = fields.map(String);
  if (!parts.every((part) => FIELD.test(part))) throw new RangeError("token fields must be short and plain");
  const payload = [purpose, ...parts].join(".");
  return `${payload}.${await mac(keys, payload)}`;
}

/**
 * The fields of a well-formed token of `purpose` with `count` fields signed here; null otherwise.
 * Throws only systemError (503) when this deployment has no key to check with.
 */
export async function verifyToken(keys: TokenKeys, purpose: TokenPurpose, token: unknown, count: number): Promise<string[] | null> {
  requiredSecret(keys, "DEMAND_SIGNING_KEY", LOCAL_DEMAND_SIGNING_KEY);
  if (typeof token !== "string" || token.length > 400) return null;
  const parts = token.split(".");
  if (parts.length !== count + 2 || parts[0] !== purpose) return null;
  const fields = parts.slice(1, -1);
  if (!fields.every((part) => FIELD.test(part))) return null;
  const given = parts[parts.length - 1];
  return sameSecret(given, await mac(keys, parts.slice(0, -1).join("."))) ? fields : null;
}
