/**
 * Google and Apple stand in at their HTTP boundary: the token endpoints and the published key
 * sets (JWKS) answer from this file, with ID tokens it signs. Everything else is the product.
 */
import { createExecutionContext, env } from "cloudflare:test";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey as JoseKey, type JWTPayload } from "jose";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import worker from "../../functions/worker";
import { cookiesFrom, newEmail, registerThroughApi, setCookieValue } from "./support/accounts";
import { ORIGIN } from "./support/api";

const GOOGLE_CLIENT_ID = "ovation-web.apps.googleusercontent.com";
const APPLE_CLIENT_ID = "com.ovation.web";

let googleKey: JoseKey;
let appleKey: JoseKey;
let strangerKey: JoseKey;
let jwks: { google: unknown; apple: unknown };
let applePrivateKeyPem: string;

beforeAll(async () => {
  const google = await generateKeyPair("RS256", { extractable: true });
  const apple = await generateKeyPair("RS256", { extractable: true });
  const stranger = await generateKeyPair("RS256", { extractable: true });
  googleKey = google.privateKey;
  appleKey = apple.privateKey;
  strangerKey = stranger.privateKey;
  jwks = {
    google: { keys: [{ ...(await exportJWK(google.publicKey)), kid: "google-test", alg: "RS256", use: "sig" }] },
    apple: { keys: [{ ...(await exportJWK(apple.publicKey)), kid: "apple-test", alg: "RS256", use: "sig" }] },
  };
  // The key Apple issues to us for signing its client secret (ES256, PKCS#8 PEM).
  const signing = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array((await crypto.subtle.exportKey("pkcs8", signing.privateKey)) as ArrayBuffer);
  applePrivateKeyPem = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...pkcs8))}\n-----END PRIVATE KEY-----`;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function idToken(
  provider: "google" | "apple",
  claims: JWTPayload & Record<string, unknown>,
  options: { key?: JoseKey; kid?: string; expiresIn?: string | number } = {},
) {
  const issuer = provider === "google" ? "https://accounts.google.com" : "https://appleid.apple.com";
  const audience = provider === "google" ? GOOGLE_CLIENT_ID : APPLE_CLIENT_ID;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? `${provider}-test` })
    .setIssuer(issuer)
    .setAudience(typeof claims.aud === "string" ? claims.aud : audience)
    .setIssuedAt(Math.floor(Date.now() / 1000) - 5)
    .setExpirationTime(options.expiresIn ?? "10m")
    .sign(options.key ?? (provider === "google" ? googleKey : appleKey));
}

/** The providers' HTTP endpoints; token requests are recorded so tests can read what was sent. */
function standInForProviders(tokenAnswer: (provider: "google" | "apple", body: URLSearchParams) => Promise<string>) {
  const tokenRequests: { provider: string; body: URLSearchParams }[] = [];
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = request.url;
    if (url === "https://www.googleapis.com/oauth2/v3/certs") return Response.json(jwks.google);
    if (url === "https://appleid.apple.com/auth/keys") return Response.json(jwks.apple);
    const provider = url === "https://oauth2.googleapis.com/token" ? "google" : url === "https://appleid.apple.com/auth/token" ? "apple" : null;
    if (provider) {
      const body = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
      tokenRequests.push({ provider, body });
      return Response.json({ access_token: "at", token_type: "Bearer", expires_in: 3600, id_token: await tokenAnswer(provider, body) });
    }
    return realFetch(input, init);
  });
  return tokenRequests;
}

const configured = {
  ...env,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET: "google-secret",
  APPLE_CLIENT_ID,
  APPLE_TEAM_ID: "TEAM123456",
  APPLE_KEY_ID: "KEY1234567",
};

/** The Worker with the providers configured, as a browser or app reaches it. */
async function call(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const request = new Request(`${ORIGIN}${path}`, { ...init, redirect: "manual" });
  const response = await worker.fetch(request as never, { ...configured, APPLE_PRIVATE_KEY: applePrivateKeyPem } as Env, createExecutionContext());
  return response;
}

async function callApi<T = Record<string, unknown>>(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await call(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return (await response.json()) as { statusCode: number; message: string; data: T };
}

function signInWithToken(provider: "google" | "apple", token: string, extra: Record<string, unknown> = {}) {
  return callApi<{ userId: number; newUser: boolean; googleBindStatus: boolean; appleBindStatus: boolean; accessToken: string; firstName: string }>(
    "/user/v1/mts/login/third_party",
    { provider, idToken: token, ...extra },
  );
}

test("a Google ID token makes an account the first time and signs into it afterwards", async () => {
  standInForProviders(async () => "");
  const email = newEmail("gwen");
  const token = await idToken("google", { sub: "g-100", email, email_verified: true, given_name: "Gwen", family_name: "Lee" });

  const first = await signInWithToken("google", token);
  expect(first.statusCode).toBe(200);
  expect(first.data).toMatchObject({ newUser: true, googleBindStatus: true, appleBindStatus: false, firstName: "Gwen" });

  const second = await signInWithToken("google", token);
  expect(second.data).toMatchObject({ userId: first.data.userId, newUser: false });
});

test("a Google identity whose verified email already has an account signs into it and links itself", async () => {
  standInForProviders(async () => "");
  const account = await registerThroughApi();
  const token = await idToken("google", { sub: "g-200", email: account.email, email_verified: true });

  const answer = await signInWithToken("google", token);

  expect(answer.data).toMatchObject({ userId: account.userId, newUser: false, googleBindStatus: true });
});

test("an ID token meant for another app is thirdPartyVerifyFail", async () => {
  standInForProviders(async () => "");
  const token = await idToken("google", { sub: "g-300", email: newEmail(), email_verified: true, aud: "someone-else.apps.googleusercontent.com" });
  expect((await signInWithToken("google", token)).statusCode).toBe(200519);
});

test("an expired ID token is thirdPartyVerifyFail", async () => {
  standInForProviders(async () => "");
  const token = await idToken("google", { sub: "g-301", email: newEmail(), email_verified: true }, { expiresIn: Math.floor(Date.now() / 1000) - 600 });
  expect((await signInWithToken("google", token)).statusCode).toBe(200519);
});

test("an ID token signed with a key the provider does not publish is thirdPartyVerifyFail", async () => {
  standInForProviders(async () => "");
  const token = await idToken("google", { sub: "g-302", email: newEmail(), email_verified: true }, { key: strangerKey });
  const answer = await signInWithToken("google", token);
  expect(answer).toMatchObject({ statusCode: 200519, message: "We couldn't verify your account with the provider. Please try again." });
});

test("an ID token whose nonce differs from the app's is thirdPartyVerifyFail", async () => {
  standInForProviders(async () => "");
  const token = await idToken("apple", { sub: "a-303", email: newEmail(), email_verified: "true", nonce: "expected" });
  expect((await signInWithToken("apple", token, { nonce: "something-else" })).statusCode).toBe(200519);
  expect((await signInWithToken("apple", token, { nonce: "expected" })).statusCode).toBe(200);
});

test("registering with an Apple private relay email fails with registryFail", async () => {
  standInForProviders(async () => "");
  const token = await idToken("apple", { sub: "a-400", email: "x7k2p9@privaterelay.appleid.com", email_verified: "true", is_private_email: "true" });

  const answer = await signInWithToken("apple", token);

  expect(answer).toMatchObject({
    statusCode: 200518,
    message: "Registration failed: an Apple private email (Hide My Email) can't be used to register. Please share your email, or register with email first.",
  });
  const made = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email LIKE '%privaterelay%'").first<{ n: number }>();
  expect(made!.n).toBe(0);
});

test("an Apple identity with a relay email signs in once it is linked to an account", async () => {
  standInForProviders(async () => "");
  const account = await registerThroughApi();
  const token = await idToken("apple", { sub: "a-401", email: "q9w8e7@privaterelay.appleid.com", email_verified: "true" });

  const bound = await callApi<{ appleBindStatus: boolean }>("/user/v1/mts/bind/third_party", { provider: "apple", idToken: token }, { "access-token": account.accessToken });
  expect(bound).toMatchObject({ statusCode: 200, data: { appleBindStatus: true } });

  expect((await signInWithToken("apple", token)).data).toMatchObject({ userId: account.userId, newUser: false });
});

test("binding a Google account to the signed-in account succeeds, and again is no change", async () => {
  standInForProviders(async () => "");
  const account = await registerThroughApi();
  const token = await idToken("google", { sub: "g-500", email: newEmail("other"), email_verified: true });

  const bound = await callApi<{ googleBindStatus: boolean }>("/user/v1/mts/bind/third_party", { provider: "google", idToken: token }, { "access-token": account.accessToken });
  expect(bound).toMatchObject({ statusCode: 200, data: { googleBindStatus: true } });

  const again = await callApi("/user/v1/mts/bind/third_party", { provider: "google", idToken: token }, { "access-token": account.accessToken });
  expect(again.statusCode).toBe(200);
});

test("binding a Google account already linked to another account fails with accountBinded", async () => {
  standInForProviders(async () => "");
  const token = await idToken("google", { sub: "g-600", email: newEmail(), email_verified: true });
  await signInWithToken("google", token);
  const account = await registerThroughApi();

  const answer = await callApi("/user/v1/mts/bind/third_party", { provider: "google", idToken: token }, { "access-token": account.accessToken });

  expect(answer).toMatchObject({ statusCode: 200513, message: "Binding failed: this account is linked to another account." });
});

test("binding a Google account whose email is another account's fails with accountBinded", async () => {
  standInForProviders(async () => "");
  const owner = await registerThroughApi();
  const account = await registerThroughApi();
  const token = await idToken("google", { sub: "g-601", email: owner.email, email_verified: true });

  const answer = await callApi("/user/v1/mts/bind/third_party", { provider: "google", idToken: token }, { "access-token": account.accessToken });

  expect(answer.statusCode).toBe(200513);
});

test("binding a second Google account to the same account fails with accountBinded", async () => {
  standInForProviders(async () => "");
  const account = await registerThroughApi();
  const first = await idToken("google", { sub: "g-602", email: newEmail(), email_verified: true });
  const second = await idToken("google", { sub: "g-603", email: newEmail(), email_verified: true });
  await callApi("/user/v1/mts/bind/third_party", { provider: "google", idToken: first }, { "access-token": account.accessToken });
  expect((await callApi("/user/v1/mts/bind/third_party", { provider: "google", idToken: second }, { "access-token": account.accessToken })).statusCode).toBe(200513);
});

test("binding needs a signed-in caller", async () => {
  standInForProviders(async () => "");
  const token = await idToken("google", { sub: "g-604", email: newEmail(), email_verified: true });
  expect((await callApi("/user/v1/mts/bind/third_party", { provider: "google", idToken: token })).statusCode).toBe(12306);
});

test("a provider that is not configured is thirdPartyVerifyFail, not a crash", async () => {
  const token = await idToken("google", { sub: "g-605", email: newEmail(), email_verified: true });
  const { SELF } = await import("cloudflare:test");
  const response = await SELF.fetch(`${ORIGIN}/user/v1/mts/login/third_party`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ provider: "google", idToken: token }),
  });
  expect(await response.json()).toMatchObject({ statusCode: 200519, message: "This sign-in option isn't available right now." });
});

test("the sign-in screen shows Apple and Google when they are configured", async () => {
  const html = await (await call("/login")).text();
  expect(html).toContain("Continue with Apple");
  expect(html).toContain("Continue with Google");
  expect(html).toContain('action="/auth/google"');
});

test("the Google button sends the browser to Google with state, nonce and PKCE, and the callback signs in", async () => {
  const email = newEmail("web");
  let nonce = "";
  const tokenRequests = standInForProviders(async () => idToken("google", { sub: "g-700", email, email_verified: true, nonce }));

  const start = await call("/auth/google", {
    method: "POST",
    headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=login&redirectTo=%2Fnews%3Ftab%3D1",
  });
  expect(start.status).toBe(302);
  const to = new URL(start.headers.get("location")!);
  expect(to.origin + to.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
  expect(to.searchParams.get("client_id")).toBe(GOOGLE_CLIENT_ID);
  expect(to.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/google/callback`);
  expect(to.searchParams.get("code_challenge_method")).toBe("S256");
  expect(to.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  nonce = to.searchParams.get("nonce")!;
  const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith("__Host-ovation_oauth="))!;
  expect(flowCookie).toMatch(/HttpOnly/i);

  const back = await call(`/auth/google/callback?code=the-code&state=${to.searchParams.get("state")}`, { headers: { cookie: cookiesFrom(start) } });

  expect(back.status).toBe(302);
  expect(back.headers.get("location")).toBe("/news?tab=1");
  expect(setCookieValue(back, "__Host-ovation_session")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(tokenRequests[0].body.get("code")).toBe("the-code");
  expect(tokenRequests[0].body.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43,}$/);
});

test("a callback whose state is not the one this browser started is refused, and the sign-in screen says why", async () => {
  standInForProviders(async () => idToken("google", { sub: "g-701", email: newEmail(), email_verified: true }));
  const start = await call("/auth/google", {
    method: "POST",
    headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=login",
  });

  const back = await call("/auth/google/callback?code=c&state=forged", { headers: { cookie: cookiesFrom(start) } });

  expect(back.headers.get("location")).toBe("/login?error=thirdPartyVerifyFail");
  expect(setCookieValue(back, "__Host-ovation_session")).toBeUndefined();
  const screen = await (await call("/login?error=thirdPartyVerifyFail")).text();
  expect(screen).toContain("We couldn&#x27;t verify your account with the provider. Please try again.");
});

test("Apple answers by form POST; the callback replays it as a GET and signs in with the name Apple sent", async () => {
  const email = newEmail("apple");
  let nonce = "";
  const tokenRequests = standInForProviders(async () => idToken("apple", { sub: "a-800", email, email_verified: "true", nonce }));

  const start = await call("/auth/apple", {
    method: "POST",
    headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=login",
  });
  const to = new URL(start.headers.get("location")!);
  expect(to.searchParams.get("response_mode")).toBe("form_post");
  nonce = to.searchParams.get("nonce")!;

  const posted = await call("/auth/apple/callback", {
    method: "POST",
    headers: { origin: "https://appleid.apple.com", host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ code: "apple-code", state: to.searchParams.get("state")!, user: JSON.stringify({ name: { firstName: "Ada", lastName: "Chan" } }) }).toString(),
  });
  expect(posted.status).toBe(303);

  const back = await call(new URL(posted.headers.get("location")!, ORIGIN).pathname + new URL(posted.headers.get("location")!, ORIGIN).search, {
    headers: { cookie: cookiesFrom(start) },
  });
  expect(back.headers.get("location")).toBe("/mine");
  expect(tokenRequests[0].body.get("client_secret")?.split(".")).toHaveLength(3);

  const row = await env.DB.prepare("SELECT first_name, last_name FROM users WHERE email = ?").bind(email).first();
  expect(row).toEqual({ first_name: "Ada", last_name: "Chan" });
});
