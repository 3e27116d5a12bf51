/**
 * Signing in without the sign-in page, for tests about what comes after it: the API answers an
 * access token, and the web session cookie carrying it is the one the sign-in page would set.
 * The sign-in and sign-up pages themselves are proven by accounts.spec.ts and journey.spec.ts.
 */
import type { APIRequestContext, BrowserContext } from "@playwright/test";

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
