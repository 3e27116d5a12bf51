/**
 * The third-party sign-in port. The web door begins an authorization (a redirect to the
 * provider, with state, nonce and, for Google, a PKCE verifier it must keep) and finishes it on
 * the callback; native apps hand the API an ID token instead. Either way the answer is a
 * VerifiedIdentity, or thirdPartyVerifyFail (200519) when anything about it does not hold.
 */
import { generateCodeVerifier, generateState } from "arctic";
import type { ThirdPartyProvider } from "../../db/schema";
import { MarketError } from "../../market/errors";
import type { VerifiedIdentity } from "../../market/accounts/third-party";
import { appleAuthorizationUrl, appleIdToken } from "./apple";
import { appleConfig, googleConfig } from "./config";
import { googleAuthorizationUrl, googleIdToken } from "./google";
import { verifyIdToken } from "./id-token";

export { configuredProviders } from "./config";
export { appleUserName } from "./apple";

export interface AuthorizationStart {
  url: URL;
  state: string;
  nonce: string;
  /** Google's PKCE verifier; null for Apple. */
  codeVerifier: string | null;
}

function unavailable(): MarketError {
  return new MarketError("thirdPartyVerifyFail", { messageKey: "thirdPartyUnavailable" });
}

export function beginAuthorization(env: Env, provider: ThirdPartyProvider, redirectUri: string): AuthorizationStart {
  const state = generateState();
  const nonce = generateState();
  if (provider === "google") {
    const config = googleConfig(env);
    if (!config) throw unavailable();
    const codeVerifier = generateCodeVerifier();
    return { url: googleAuthorizationUrl(config, { redirectUri, state, codeVerifier, nonce }), state, nonce, codeVerifier };
  }
  const config = appleConfig(env);
  if (!config) throw unavailable();
  return { url: appleAuthorizationUrl(config, { redirectUri, state, nonce }), state, nonce, codeVerifier: null };
}

/** Exchanges the callback's code and verifies the ID token it brings. */
export async function finishAuthorization(
  env: Env,
  provider: ThirdPartyProvider,
  request: { code: string; redirectUri: string; codeVerifier: string | null; nonce: string; now: number; name?: { firstName: string | null; lastName: string | null } },
): Promise<VerifiedIdentity> {
  let idToken: string;
  try {
    if (provider === "google") {
      const config = googleConfig(env);
      if (!config) throw unavailable();
      idToken = await googleIdToken(config, { redirectUri: request.redirectUri, code: request.code, codeVerifier: request.codeVerifier ?? "" });
    } else {
      const config = appleConfig(env);
      if (!config) throw unavailable();
      idToken = await appleIdToken(config, { redirectUri: request.redirectUri, code: request.code });
    }
  } catch (error) {
    if (error instanceof MarketError) throw error;
    throw new MarketError("thirdPartyVerifyFail", { cause: error });
  }
  return verifyProviderToken(env, provider, idToken, { nonce: request.nonce, now: request.now, name: request.name });
}

/** Verifies an ID token a native app obtained from the provider itself. */
export async function verifyProviderToken(
  env: Env,
  provider: ThirdPartyProvider,
  idToken: string,
  expected: { nonce?: string | null; now: number; name?: { firstName?: string | null; lastName?: string | null } },
): Promise<VerifiedIdentity> {
  const audiences = provider === "google" ? googleConfig(env)?.audiences : appleConfig(env)?.audiences;
  if (!audiences) throw unavailable();
  try {
    const claims = await verifyIdToken(provider, idToken, { audiences, nonce: expected.nonce, now: expected.now });
    const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : null;
    return {
      provider,
      subject: String(claims.sub),
      email,
      emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === "true"),
      firstName: expected.name?.firstName ?? claims.given_name ?? null,
      lastName: expected.name?.lastName ?? claims.family_name ?? null,
    };
  } catch (error) {
    throw new MarketError("thirdPartyVerifyFail", { cause: error });
  }
}
