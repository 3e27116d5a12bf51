import { env, SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { lookupSession, openSession } from "../../functions/market/accounts";
import { api, ORIGIN, page } from "./support/api";
import { cookiesFrom, movableMarket, newEmail, postForm, registerThroughApi, setCookieValue, STRONG_PASSWORD } from "./support/accounts";

const SESSION_COOKIE = "__Host-ovation_session";

function userInfo(headers: Record<string, string>) {
  return api<Record<string, unknown>>("/user/v1/mts/user_info", { headers });
}

/** Signs a browser in through the no-JavaScript form and returns its cookie header. */
async function signInOnTheWeb(email: string, redirectTo?: string) {
  const response = await postForm("/login", { email, password: STRONG_PASSWORD, ...(redirectTo ? { redirectTo } : {}) });
  return { response, cookie: `${SESSION_COOKIE}=${setCookieValue(response, SESSION_COOKIE)}` };
}

test("user info answers SPEC's fields for the signed-in account", async () => {
  const account = await registerThroughApi(newEmail("jane"));

  const answer = await userInfo({ "access-token": account.accessToken });

  expect(answer.body.statusCode).toBe(200);
  expect(answer.body.data).toEqual({
    userId: account.userId,
    maskEmail: "j***@example.com",
    nickName: account.email.split("@")[0],
    firstName: "",
    lastName: "",
    avatar: "",
    phone: "",
    googleBindStatus: false,
    appleBindStatus: false,
    defaultLanguage: "en-US",
    email: account.email,
    newUser: true,
    hasPassword: true,
  });
});

test("newUser is false for a session opened by signing in to an existing account", async () => {
  const account = await registerThroughApi();
  const signedIn = await api<{ accessToken: string }>("/user/v1/mts/login/password", { body: { email: account.email, password: STRONG_PASSWORD } });
  const answer = await userInfo({ "access-token": signedIn.body.data.accessToken });
  expect(answer.body.data.newUser).toBe(false);
});

test("user info without a token is notLogin", async () => {
  expect((await userInfo({})).body).toMatchObject({ statusCode: 12306, message: "Please sign in to continue." });
});

test("an unknown token is tokenInvalid", async () => {
  expect((await userInfo({ "access-token": "not-a-session-token" })).body.statusCode).toBe(12315);
});

test("an expired token is tokenExpired", async () => {
  const account = await registerThroughApi();
  await env.DB.prepare("UPDATE user_sessions SET expires_at = ? WHERE user_id = ?").bind(Date.now() - 1, account.userId).run();
  expect((await userInfo({ "access-token": account.accessToken })).body.statusCode).toBe(12345);
});

test("a token sent with another session's tsessionid is tokenInvalid", async () => {
  const first = await registerThroughApi();
  const second = await registerThroughApi();
  expect((await userInfo({ "access-token": first.accessToken, tsessionid: first.tsessionid })).body.statusCode).toBe(200);
  expect((await userInfo({ "access-token": first.accessToken, tsessionid: second.tsessionid })).body.statusCode).toBe(12315);
});

test("a disabled account's token answers accountDisable", async () => {
  const account = await registerThroughApi();
  await env.DB.prepare("UPDATE users SET disabled_at = ? WHERE id = ?").bind(Date.now(), account.userId).run();
  expect((await userInfo({ "access-token": account.accessToken })).body.statusCode).toBe(130001);
});

test("logout revokes the session, and its token then reads as tokenInvalid", async () => {
  const account = await registerThroughApi();

  const out = await api("/user/v1/mts/logout", { method: "POST", headers: { "access-token": account.accessToken } });

  expect(out.body.statusCode).toBe(200);
  expect((await userInfo({ "access-token": account.accessToken })).body.statusCode).toBe(12315);
});

test("logging out ends only that session", async () => {
  const account = await registerThroughApi();
  const other = await api<{ accessToken: string }>("/user/v1/mts/login/password", { body: { email: account.email, password: STRONG_PASSWORD } });
  await api("/user/v1/mts/logout", { method: "POST", headers: { "access-token": account.accessToken } });
  expect((await userInfo({ "access-token": other.body.data.accessToken })).body.statusCode).toBe(200);
});

test("logout without a token is notLogin", async () => {
  expect((await api("/user/v1/mts/logout", { method: "POST" })).body.statusCode).toBe(12306);
});

test("signing in again rotates the token: the one the caller held is revoked", async () => {
  const account = await registerThroughApi();
  const again = await api<{ accessToken: string }>("/user/v1/mts/login/password", {
    body: { email: account.email, password: STRONG_PASSWORD },
    headers: { "access-token": account.accessToken },
  });
  expect(again.body.data.accessToken).not.toBe(account.accessToken);
  expect((await userInfo({ "access-token": account.accessToken })).body.statusCode).toBe(12315);
  expect((await userInfo({ "access-token": again.body.data.accessToken })).body.statusCode).toBe(200);
});

test("tokens are kept only as SHA-256", async () => {
  const account = await registerThroughApi();
  const rows = await env.DB.prepare("SELECT * FROM user_sessions WHERE user_id = ?").bind(account.userId).all();
  expect(JSON.stringify(rows.results)).not.toContain(account.accessToken);
  expect(rows.results[0]).toMatchObject({ public_id: account.tsessionid });
});

/** A new account's session opened now, and the clock its market reads, for the test to move. */
async function sessionOpenedNow() {
  const account = await registerThroughApi();
  const { clock, ctx } = movableMarket();
  return { clock, ctx, session: await openSession(ctx, { userId: account.userId, registered: false }) };
}

test("a session's 30 days start again from its last use", async () => {
  const { clock, ctx, session } = await sessionOpenedNow();

  clock.now += 20 * 24 * 60 * 60_000;
  expect((await lookupSession(ctx, session.token)).status).toBe("valid");
  clock.now += 20 * 24 * 60 * 60_000;
  expect((await lookupSession(ctx, session.token)).status).toBe("valid");
});

test("a session unused for 30 days has expired", async () => {
  const { clock, ctx, session } = await sessionOpenedNow();

  clock.now += 30 * 24 * 60 * 60_000;
  expect((await lookupSession(ctx, session.token)).status).toBe("expired");
});

test("signing in on the web sets a __Host- session cookie that scripts and other sites cannot use", async () => {
  const account = await registerThroughApi();
  const { response } = await signInOnTheWeb(account.email);

  expect(response.status).toBe(302);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`))!;
  expect(cookie).toMatch(/; HttpOnly/i);
  expect(cookie).toMatch(/; Secure/i);
  expect(cookie).toMatch(/; SameSite=Lax/i);
  expect(cookie).toMatch(/; Path=\//i);
  expect(cookie).not.toMatch(/; Domain=/i);
});

test("the web session cookie signs the browser in, and the browser's own JSON calls too", async () => {
  const account = await registerThroughApi();
  const { cookie } = await signInOnTheWeb(account.email);

  const news = await page("/news", { headers: { cookie } });
  expect(news.status).toBe(200);

  const info = await api<{ userId: number }>("/user/v1/mts/user_info", { headers: { cookie } });
  expect(info.body.data.userId).toBe(account.userId);
});

test("a guest opening a login-required page is sent to sign in, remembering the page and its query", async () => {
  const response = await page("/news?tab=unread&page=2");
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/news?tab=unread&page=2")}`);
});

test("signing in brings the buyer back to the page that asked for it", async () => {
  const account = await registerThroughApi();
  const { response } = await signInOnTheWeb(account.email, "/news?tab=unread");
  expect(response.headers.get("location")).toBe("/news?tab=unread");
});

test("a redirectTo naming another site is ignored", async () => {
  const account = await registerThroughApi();
  for (const redirectTo of ["//evil.example/steal", "https://evil.example/", "/\\evil.example"]) {
    const { response } = await signInOnTheWeb(account.email, redirectTo);
    expect(response.headers.get("location"), redirectTo).toBe("/mine");
  }
});

test("the sign-in screen sends a signed-in buyer on", async () => {
  const account = await registerThroughApi();
  const { cookie } = await signInOnTheWeb(account.email);
  const response = await page("/login?redirectTo=%2Fnews", { headers: { cookie } });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/news");
});

test("signing in on the web rotates the session the browser held", async () => {
  const account = await registerThroughApi();
  const first = await signInOnTheWeb(account.email);
  const second = await postForm("/login", { email: account.email, password: STRONG_PASSWORD }, first.cookie);
  expect(setCookieValue(second, SESSION_COOKIE)).not.toBe(first.cookie.split("=")[1]);
  expect((await page("/news", { headers: { cookie: first.cookie } })).status).toBe(302);
});

test("signing out on the web revokes the session and clears its cookie and the signed-in keys", async () => {
  const account = await registerThroughApi();
  const { cookie } = await signInOnTheWeb(account.email);

  const out = await postForm("/logout", {}, cookie);

  expect(out.status).toBe(302);
  expect(out.headers.get("location")).toBe("/mine");
  for (const name of [SESSION_COOKIE, "access_token", "tsessionid", "userId", "ovation_email", "ovation_nickName"]) {
    expect(setCookieValue(out, name), name).toBe("");
  }
  expect((await page("/news", { headers: { cookie } })).status).toBe(302);
});

test("a wrong password on the web form is shown as a designed error, without JavaScript", async () => {
  const account = await registerThroughApi();
  const response = await postForm("/login", { email: account.email, password: "Wrong#2026" });
  expect(response.status).toBe(400);
  const html = await response.text();
  expect(html).toContain('role="alert"');
  expect(html).toContain("Incorrect email or password.");
  expect(html).not.toContain("Wrong#2026");
});

test("the web form explains a weak password at the field, in the viewer's language", async () => {
  const email = newEmail();
  await api("/user/v1/mts/verify_code/send", { body: { email, scene: "register" } });
  const step = await postForm("/register", { intent: "send", email });
  const cookie = cookiesFrom(step);
  const response = await postForm("/register", { intent: "register", email, code: "000000", password: "short" }, `${cookie}; language=zh-HK`);
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("最少 8 個字元，須包含字母、數字及符號。");
});

test("the sign-in screen is drawn in the viewer's language", async () => {
  const en = await (await page("/login")).text();
  const zh = await (await page("/login", { headers: { cookie: "language=zh-HK" } })).text();
  expect(en).toContain("Welcome back");
  expect(zh).toContain("歡迎回來");
  expect(zh).toContain('lang="zh-HK"');
});

test("provider buttons are hidden when no provider is configured", async () => {
  const html = await (await page("/login")).text();
  expect(html).not.toContain("Continue with Google");
  expect(html).not.toContain("Continue with Apple");
});

test("a form posted from another website is refused with 403", async () => {
  const response = await SELF.fetch(`${ORIGIN}/login`, {
    method: "POST",
    headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    body: "email=a%40example.com&password=x",
  });
  expect(response.status).toBe(403);
  expect(await response.text()).toContain("This request came from another website");
});

test("an API call from another website's page is refused with noPermission", async () => {
  const account = await registerThroughApi();
  const response = await SELF.fetch(`${ORIGIN}/user/v1/mts/logout`, {
    method: "POST",
    headers: { origin: "https://evil.example", "access-token": account.accessToken },
  });
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ statusCode: 12371 });
  expect((await userInfo({ "access-token": account.accessToken })).body.statusCode).toBe(200);
});

test("a sandboxed page's null Origin is refused", async () => {
  const response = await SELF.fetch(`${ORIGIN}/logout`, { method: "POST", headers: { origin: "null" } });
  expect(response.status).toBe(403);
});

test("a native app's API call, which has no Origin, is allowed", async () => {
  const account = await registerThroughApi();
  const response = await SELF.fetch(`${ORIGIN}/user/v1/mts/logout`, { method: "POST", headers: { "access-token": account.accessToken } });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ statusCode: 200 });
});

test("reading pages from another website's link is never refused", async () => {
  const response = await SELF.fetch(`${ORIGIN}/login`, { headers: { origin: "https://evil.example" } });
  expect(response.status).toBe(200);
});

test("Apple's form POST to its own callback passes the origin check", async () => {
  const response = await SELF.fetch(`${ORIGIN}/auth/apple/callback`, {
    method: "POST",
    headers: { origin: "https://appleid.apple.com", "content-type": "application/x-www-form-urlencoded" },
    body: "state=x&code=y",
    redirect: "manual",
  });
  expect(response.status).not.toBe(403);
  const elsewhere = await SELF.fetch(`${ORIGIN}/login`, { method: "POST", headers: { origin: "https://appleid.apple.com" } });
  expect(elsewhere.status).toBe(403);
});

test("the mail outbox page lists mail outside production and does not exist in production", async () => {
  const email = newEmail();
  await api("/user/v1/mts/verify_code/send", { body: { email, scene: "login" } });

  expect((await page("/dev-outbox")).status).toBe(404);
  const dev = await SELF.fetch(`http://localhost/dev-outbox?to=${encodeURIComponent(email)}`);
  expect(dev.status).toBe(200);
  expect(await dev.text()).toContain("is your Ovation sign-in code");
});
