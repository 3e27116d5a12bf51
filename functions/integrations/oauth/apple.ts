/**
 * Sign in with Apple through arctic. Apple asks for name and email only with
 * `response_mode=form_post`, so its callback is a cross-site POST from appleid.apple.com.
 * Apple does not take PKCE; state and nonce bind the answer to our request instead.
 */
import { Apple } from "arctic";
import type { AppleConfig } from "./config";

const SCOPES = ["name", "email"];

function pkcs8(pem: string): Uint8Array {
  const base64 = pem
    .replace(/\\n/g, "\n")
    .replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "")
    .replace(/\s+/g, "");
  const binary = atob(base64);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function client(config: AppleConfig, redirectUri: string) {
  return new Apple(config.clientId, config.teamId, config.keyId, pkcs8(config.privateKeyPem), redirectUri);
}

export function appleAuthorizationUrl(config: AppleConfig, request: { redirectUri: string; state: string; nonce: string }): URL {
  const url = client(config, request.redirectUri).createAuthorizationURL(request.state, SCOPES);
  url.searchParams.set("response_mode", "form_post");
  url.searchParams.set("nonce", request.nonce);
  return url;
}

/** Exchanges the code for tokens (signing Apple's client secret with our key); returns the ID token. */
export async function appleIdToken(config: AppleConfig, request: { redirectUri: string; code: string }) {
  const tokens = await client(config, request.redirectUri).validateAuthorizationCode(request.code);
  return tokens.idToken();
}

/** The name Apple posts once, on the first authorization, as a JSON `user` form field. */
export function appleUserName(userField: string | null): { firstName: string | null; lastName: string | null } {
  if (!userField) return { firstName: null, lastName: null };
  try {
    const parsed = JSON.parse(userField) as { name?: { firstName?: unknown; lastName?: unknown } };
    const first = typeof parsed.name?.firstName === "string" ? parsed.name.firstName.trim().slice(0, 64) : "";
    const last = typeof parsed.name?.lastName === "string" ? parsed.name.lastName.trim().slice(0, 64) : "";
    return { firstName: first || null, lastName: last || null };
  } catch {
    return { firstName: null, lastName: null };
  }
}
