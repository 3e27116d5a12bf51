/**
 * Signing in without the sign-in page, for tests about what comes after it: the API answers an
 * access token, and the web session cookie carrying it is the one the sign-in page would set.
 * The sign-in and sign-up pages themselves are proven by accounts.spec.ts and journey.spec.ts.
 */
import type { APIRequestContext, APIResponse, BrowserContext, Page } from "@playwright/test";
import { PASSWORD } from "./buying";
import { expect, type Language } from "./fixtures";
import { networkOfItsOwn } from "./network";
import { mailedCode } from "./outbox";

/** Puts the account of `accessToken` on every page of `context` from the next request. */
export async function holdSession(context: BrowserContext, baseURL: string, accessToken: string) {
  await context.addCookies([{ name: "__Host-ovation_session", value: accessToken, domain: new URL(baseURL).hostname, path: "/", secure: true, httpOnly: true, sameSite: "Lax" }]);
}

/** An access token of the account with this email and password, through the API's sign-in. */
export async function accessTokenOf(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const answer = await (await request.post("/user/v1/mts/login/password", { data: account })).json();
  if (answer.statusCode !== 200) throw new Error(`${account.email} was not signed in: ${JSON.stringify(answer)}`);
  return answer.data.accessToken as string;
}

/** An API answer's envelope, failing the test unless it is a success. */
export async function expectOk(answer: APIResponse): Promise<{ data: Record<string, unknown> }> {
  const body = await answer.json();
  expect(body.statusCode, JSON.stringify(body)).toBe(200);
  return body;
}

/** The API calls of a new buyer: their token, language and own network. */
export interface Buyer {
  email: string;
  origin: string;
  headers: { "access-token": string; lan: Language; "cf-connecting-ip": string };
}

/**
 * A new buyer signed up through the API with a mailed code, as the register page does, and signed
 * in on `page` from its next request.
 */
export async function newBuyer(page: Page, language: Language): Promise<Buyer> {
  const request = page.request;
  const email = `e2e-buy-${crypto.randomUUID()}@example.com`;
  // A new customer on their own phone, on a network of their own.
  const network = networkOfItsOwn();
  await page.setExtraHTTPHeaders(network);
  const sent = await request.post("/user/v1/mts/verify_code/send", { headers: network, data: { email, scene: "register" } });
  await expectOk(sent);
  const origin = new URL(sent.url()).origin;
  const code = await mailedCode(request, email);
  const registered = await expectOk(await request.post("/user/v1/mts/register", { headers: network, data: { email, code, password: PASSWORD, nickName: "Mei" } }));
  const accessToken = registered.data.accessToken as string;
  await holdSession(page.context(), origin, accessToken);
  return { email, origin, headers: { ...network, "access-token": accessToken, lan: language } };
}
