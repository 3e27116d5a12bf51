/**
 * The credential that signs a viewer in to chat (SPEC §3 imInfo.userSig): a token our
 * conversation service checks without a database read. It is `<userId>.<expiresAt>.<mac>`, the
 * mac being base64url HMAC-SHA256 of `<userId>.<expiresAt>` under IM_SIGNING_KEY, and it lasts
 * 1 hour: it travels in a socket's URL, so it is kept short-lived; clients fetch a fresh one
 * with the config (docs/decisions.md #103). Only the local demo (config/deployment.ts) signs
 * with a public local key; a deployment without the secret issues nothing and chat is reported off.
 */
import { base64url, sameSecret } from "../context/crypto";
import type { MarketContext } from "../context";
import { secretOf } from "./deployment";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Signs chat credentials (see the rules above). */
      IM_SIGNING_KEY?: string;
    }
  }
}

/** How long a chat credential is good for: 1 hour. */
export const CHAT_CREDENTIAL_TTL_MS = 60 * 60 * 1000;

/** The local demo's key when IM_SIGNING_KEY is not set; public, so no deployment uses it. */
export const LOCAL_CHAT_SIGNING_KEY = "ovation-chat-local-key";

type CredentialContext = Pick<MarketContext, "env" | "now" | "viewer">;

/** The key chat credentials are signed with here, or null when none may be used (a deployment without the secret). */
export function chatSigningKey(ctx: Pick<MarketContext, "env" | "viewer">): string | null {
  return secretOf(ctx, "IM_SIGNING_KEY", LOCAL_CHAT_SIGNING_KEY);
}

async function mac(key: string, payload: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey("raw", new TextEncoder().encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, new TextEncoder().encode(payload))));
}

/** A chat credential for the account, good for 1 hour from now; null when no key may be used. */
export async function issueChatCredential(ctx: CredentialContext, userId: number): Promise<string | null> {
  const key = chatSigningKey(ctx);
  if (!key) return null;
  const payload = `${userId}.${ctx.now() + CHAT_CREDENTIAL_TTL_MS}`;
  return `${payload}.${await mac(key, payload)}`;
}

/**
 * The account a chat credential names, when it is well formed, signed with this deployment's
 * key and not expired; null otherwise. Never throws.
 */
export async function verifyChatCredential(ctx: CredentialContext, credential: string): Promise<number | null> {
  const key = chatSigningKey(ctx);
  const match = /^(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(credential);
  if (!key || !match) return null;
  const [, userId, expiresAt, given] = match;
  if (Number(expiresAt) <= ctx.now()) return null;
  return sameSecret(given, await mac(key, `${userId}.${expiresAt}`)) ? Number(userId) : null;
}
