/**
 * Verifies a provider's ID token with jose: signature against the provider's published JWKS
 * (fetched once per isolate and refreshed when an unknown key appears), issuer, audience,
 * expiry against the market clock, and the nonce that ties it to our authorization request.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { ThirdPartyProvider } from "../../db/schema";

export const PROVIDER_KEYS: Record<ThirdPartyProvider, { jwksUrl: string; issuers: string[] }> = {
  google: { jwksUrl: "https://www.googleapis.com/oauth2/v3/certs", issuers: ["https://accounts.google.com", "accounts.google.com"] },
  apple: { jwksUrl: "https://appleid.apple.com/auth/keys", issuers: ["https://appleid.apple.com"] },
};

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(provider: ThirdPartyProvider) {
  const url = PROVIDER_KEYS[provider].jwksUrl;
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    keySets.set(url, set);
  }
  return set;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface IdTokenClaims extends JWTPayload {
  email?: string;
  email_verified?: boolean | "true" | "false";
  given_name?: string;
  family_name?: string;
  nonce?: string;
}

/**
 * The token's claims when it is genuine and meant for us; throws otherwise. A native app may
 * send the SHA-256 (hex) of its nonce in the token, as Apple's iOS flow recommends.
 */
export async function verifyIdToken(
  provider: ThirdPartyProvider,
  idToken: string,
  expected: { audiences: string[]; nonce?: string | null; now: number },
): Promise<IdTokenClaims> {
  const { payload } = await jwtVerify<IdTokenClaims>(idToken, keySet(provider), {
    issuer: PROVIDER_KEYS[provider].issuers,
    audience: expected.audiences,
    currentDate: new Date(expected.now),
    clockTolerance: 60,
  });
  if (!payload.sub) throw new Error("ID token has no subject");
  if (expected.nonce) {
    const matches = payload.nonce === expected.nonce || payload.nonce === (await sha256Hex(expected.nonce));
    if (!matches) throw new Error("ID token nonce does not match");
  }
  return payload;
}
