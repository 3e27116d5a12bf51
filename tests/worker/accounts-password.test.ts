import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { resetPassword, signInWithPassword, requestEmailCode } from "../../functions/market/accounts";
import { fromBase64url } from "../../functions/market/context/crypto";
import { api } from "./support/api";
import { latestCode, marketAt, movableMarket, newEmail, registerThroughApi, STRONG_PASSWORD } from "./support/accounts";
import { refusal } from "./support/refusal";

async function signIn(email: string, password: string, headers: Record<string, string> = {}) {
  return api<{ accessToken: string; userId: number }>("/user/v1/mts/login/password", { body: { email, password }, headers });
}

test("registering with an emailed code and a strong password signs the new account in", async () => {
  const email = newEmail("jane");
  const sent = await api("/user/v1/mts/verify_code/send", { body: { email, scene: "register" } });
  expect(sent.body.statusCode).toBe(200);
  const code = await latestCode(email);

  const registered = await api<Record<string, unknown>>("/user/v1/mts/register", { body: { email, code, password: STRONG_PASSWORD } });

  expect(registered.body.statusCode).toBe(200);
  expect(registered.body.data).toMatchObject({ email, maskEmail: "j***@example.com", newUser: true });
  expect(registered.body.data.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(registered.body.data.tsessionid).toMatch(/^[A-Za-z0-9_-]{22}$/);
});

test("a password without letters, numbers and symbols is refused as an invalid parameter", async () => {
  const email = newEmail();
  await api("/user/v1/mts/verify_code/send", { body: { email, scene: "register" } });
  const code = await latestCode(email);

  for (const password of ["encore2026", "Encore#Encore", "2026#2026!", "Enc#26"]) {
    const answer = await api("/user/v1/mts/register", { body: { email, code, password } });
    expect(answer.body.statusCode, password).toBe(12308);
    expect(answer.body.message, password).toContain("password");
  }
});

test("a password is kept as a PBKDF2-SHA256 hash at 100,000 iterations with a 16-byte salt", async () => {
  const account = await registerThroughApi();
  const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(account.userId).first<{ password_hash: string }>();
  const [scheme, iterations, salt, hash] = row!.password_hash.split("$");

  expect(scheme).toBe("pbkdf2-sha256");
  expect(iterations).toBe("100000");
  expect(fromBase64url(salt)).toHaveLength(16);
  expect(fromBase64url(hash)).toHaveLength(32);
  expect(row!.password_hash).not.toContain(STRONG_PASSWORD);
});

test("two accounts with the same password have different hashes", async () => {
  const first = await registerThroughApi();
  const second = await registerThroughApi();
  const rows = await env.DB.prepare("SELECT password_hash FROM users WHERE id IN (?, ?)").bind(first.userId, second.userId).all<{ password_hash: string }>();
  expect(rows.results[0].password_hash).not.toBe(rows.results[1].password_hash);
});

test("registering an address that already has a password is refused with registryFail", async () => {
  const account = await registerThroughApi();
  // From another network: one requester waits 60 s between codes of a purpose.
  await api("/user/v1/mts/verify_code/send", { body: { email: account.email, scene: "register" }, headers: { "cf-connecting-ip": "192.0.2.79" } });
  const code = await latestCode(account.email);

  const again = await api("/user/v1/mts/register", { body: { email: account.email, code, password: "Another#2027" } });

  expect(again.body.statusCode).toBe(200518);
  expect(again.body.message).toBe("This email is already registered. Please sign in, or reset your password.");
});

test("signing in with the right password answers a new token for the same account", async () => {
  const account = await registerThroughApi();

  const answer = await signIn(account.email.toUpperCase(), STRONG_PASSWORD);

  expect(answer.body.statusCode).toBe(200);
  expect(answer.body.data.userId).toBe(account.userId);
  expect(answer.body.data.accessToken).not.toBe(account.accessToken);
});

test("a wrong password is passwordError", async () => {
  const account = await registerThroughApi();
  const answer = await signIn(account.email, "Wrong#2026");
  expect(answer.body).toMatchObject({ statusCode: 200302, message: "Incorrect email or password.", data: null });
});

test("an address without an account gets the same passwordError as a wrong password", async () => {
  const answer = await signIn(newEmail("nobody"), STRONG_PASSWORD);
  expect(answer.body).toMatchObject({ statusCode: 200302, message: "Incorrect email or password." });
});

test("a refusal is told in the viewer's language", async () => {
  const account = await registerThroughApi();
  const answer = await signIn(account.email, "Wrong#2026", { lan: "zh-HK" });
  expect(answer.body).toMatchObject({ statusCode: 200302, message: "電郵或密碼不正確。" });
});

test("the fifth wrong password in 15 minutes locks password sign-in and says until when", async () => {
  const account = await registerThroughApi();
  for (let attempt = 1; attempt <= 4; attempt++) {
    expect((await signIn(account.email, `Wrong#${attempt}x`)).body.statusCode).toBe(200302);
  }

  const fifth = await signIn(account.email, "Wrong#5x");
  expect(fifth.body.statusCode).toBe(200507);
  expect(fifth.body.message).toMatch(/^Too many incorrect passwords\. Password sign-in is locked until \d{1,2}:\d{2}\s?[AP]M/);

  const rightPassword = await signIn(account.email, STRONG_PASSWORD);
  expect(rightPassword.body.statusCode).toBe(200509);
  expect(rightPassword.body.message).toMatch(/^Sign-in for this email is locked until \d{1,2}:\d{2}/);
});

/** `times` sign-ins with a wrong password, each refused. */
async function wrongPasswords(ctx: ReturnType<typeof marketAt>, email: string, times: number) {
  for (let attempt = 1; attempt <= times; attempt++) await refusal(signInWithPassword(ctx, { email, password: "Wrong#1x" }));
}

test("a lock is told in the viewer's language and time zone", async () => {
  const email = newEmail();
  const clock = { now: Date.UTC(2026, 10, 18, 6, 0) };
  const ctx = marketAt(clock, { language: "zh-HK", timeZone: "Asia/Hong_Kong" });
  await wrongPasswords(ctx, email, 4);

  const lock = await refusal(signInWithPassword(ctx, { email, password: "Wrong#1x" }));

  expect(lock.code).toBe(200507);
  // 06:00 UTC + 15 minutes is 14:15 in Hong Kong.
  expect(String(lock.params.time)).toContain("2:15");
  expect(String(lock.params.time)).toContain("下午");
});

test("a password lock lifts 15 minutes after it was set", async () => {
  const account = await registerThroughApi();
  const { clock, ctx } = movableMarket();
  await wrongPasswords(ctx, account.email, 5);

  clock.now += 14 * 60_000;
  expect((await refusal(signInWithPassword(ctx, { email: account.email, password: STRONG_PASSWORD }))).code).toBe(200509);

  clock.now += 61_000;
  await expect(signInWithPassword(ctx, { email: account.email, password: STRONG_PASSWORD })).resolves.toMatchObject({ userId: account.userId });
});

test("wrong passwords spread over more than 15 minutes do not lock", async () => {
  const account = await registerThroughApi();
  const { clock, ctx } = movableMarket();
  await wrongPasswords(ctx, account.email, 4);

  clock.now += 16 * 60_000;
  expect((await refusal(signInWithPassword(ctx, { email: account.email, password: "Wrong#1x" }))).code).toBe(200302);
});

test("a disabled account cannot sign in", async () => {
  const account = await registerThroughApi();
  await env.DB.prepare("UPDATE users SET disabled_at = ? WHERE id = ?").bind(Date.now(), account.userId).run();

  const answer = await signIn(account.email, STRONG_PASSWORD);

  expect(answer.body).toMatchObject({ statusCode: 130001, message: "This account has been disabled. Please contact customer support." });
});

test("a disabled account's wrong password is still only passwordError", async () => {
  const account = await registerThroughApi();
  await env.DB.prepare("UPDATE users SET disabled_at = ? WHERE id = ?").bind(Date.now(), account.userId).run();
  expect((await signIn(account.email, "Wrong#2026")).body.statusCode).toBe(200302);
});

test("resetting the password with an emailed code signs in and the old password stops working", async () => {
  const account = await registerThroughApi();
  await api("/user/v1/mts/verify_code/send", { body: { email: account.email, scene: "reset" } });
  const code = await latestCode(account.email);

  const reset = await api<{ userId: number; newUser: boolean }>("/user/v1/mts/password/reset", {
    body: { email: account.email, code, password: "Fresh#Start9" },
  });

  expect(reset.body.statusCode).toBe(200);
  expect(reset.body.data).toMatchObject({ userId: account.userId, newUser: false });
  expect((await signIn(account.email, STRONG_PASSWORD)).body.statusCode).toBe(200302);
  expect((await signIn(account.email, "Fresh#Start9")).body.statusCode).toBe(200);
});

test("resetting the password ends every earlier session of the account", async () => {
  const account = await registerThroughApi();
  await api("/user/v1/mts/verify_code/send", { body: { email: account.email, scene: "reset" } });
  const code = await latestCode(account.email);
  await api("/user/v1/mts/password/reset", { body: { email: account.email, code, password: "Fresh#Start9" } });

  const earlier = await api("/user/v1/mts/user_info", { headers: { "access-token": account.accessToken } });

  expect(earlier.body.statusCode).toBe(12315);
});

test("resetting the password lifts a password lock", async () => {
  const account = await registerThroughApi();
  const { clock, ctx } = movableMarket();
  await wrongPasswords(ctx, account.email, 5);
  await requestEmailCode(ctx, { email: account.email, purpose: "reset" });

  await resetPassword(ctx, { email: account.email, code: await latestCode(account.email), password: "Fresh#Start9" });

  await expect(signInWithPassword(ctx, { email: account.email, password: "Fresh#Start9" })).resolves.toMatchObject({ userId: account.userId });
});

test("setting a password by reset makes the account when the address has none yet", async () => {
  const email = newEmail();
  await api("/user/v1/mts/verify_code/send", { body: { email, scene: "reset" } });
  const reset = await api<{ newUser: boolean }>("/user/v1/mts/password/reset", {
    body: { email, code: await latestCode(email), password: "Fresh#Start9" },
  });
  expect(reset.body.data.newUser).toBe(true);
  expect((await signIn(email, "Fresh#Start9")).body.statusCode).toBe(200);
});
