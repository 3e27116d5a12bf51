/** Google's authorization-code flow with PKCE, through arctic. */
import { Google } from "arctic";
import type { GoogleConfig } from "./config";

const SCOPES = ["openid", "email", "profile"];

export function googleAuthorizationUrl(
  config: GoogleConfig,
  request: { redirectUri: string; state: string; codeVerifier: string; nonce: string },
): URL {
  const url = new Google(config.clientId, config.clientSecret, request.redirectUri).createAuthorizationURL(
    request.state,
    request.codeVerifier,
    SCOPES,
  );
  url.searchParams.set("nonce", request.nonce);
  url.searchParams.set("prompt", "select_account");
  return url;
}

/** Exchanges the code for tokens; returns the ID token. */
export async function googleIdToken(config: GoogleConfig, request: { redirectUri: string; code: string; codeVerifier: string }) {
  const tokens = await new Google(config.clientId, config.clientSecret, request.redirectUri).validateAuthorizationCode(
    request.code,
    request.codeVerifier,
  );
  return tokens.idToken();
}
