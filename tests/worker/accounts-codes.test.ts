import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { consumeEmailCode, requestEmailCode, signInWithCode } from "../../functions/market/accounts";
import { api } from "./support/api";
import { latestCode, latestMail, movableMarket, newEmail, registerThroughApi } from "./support/accounts";
import { refusal } from "./support/refusal";

function sendCode(email: string, scene = "login", headers: Record<string, string> = {}) {
  return api("/user/v1/mts/verify_code/send", { body: { email, scene }, headers });
}

function codeSignIn(email: string, code: string) {
  return api<{ userId: number; newUser: boolean; accessToken: string }>("/user/v1/mts/login/code", { body: { email, code } });
}

/** A login code mailed to a new address just now, and the market whose clock the test moves. */
async function codeMailedNow() {
  const email = newEmail();
  const { clock, ctx } = movableMarket();
  await requestEmailCode(ctx, { email, purpose: "login" });
  return { email, clock, ctx, code: await latestCode(email) };
}

/** A code other than the right one. */
function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

test("a requested code is 6 digits, mailed in the requester's language, and stored only as a hash", async () => {
  const email = newEmail();
  const sent = await sendCode(email, "login", { lan: "zh-HK" });
  expect(sent.body.statusCode).toBe(200);

  const mail = await latestMail(email);
  const code = await latestCode(email);
  expect(code).toMatch(/^\d{6}$/);
  expect(mail.language).toBe("zh-HK");
  expect(mail.subject).toBe(`${code} 是你的 Ovation 登入驗證碼`);
  expect(mail.text_body).toContain("30 分鐘內有效");

  const stored = await env.DB.prepare("SELECT code_hash, salt FROM email_codes WHERE email = ?").bind(email).first<{ code_hash: string }>();
  expect(stored!.code_hash).not.toContain(code);
  expect(stored!.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test("an account's code mail is written in the account's language, whoever asks", async () => {
  const account = await registerThroughApi();
  await env.DB.prepare("UPDATE users SET default_language = 'zh-HK' WHERE id = ?").bind(account.userId).run();

  await sendCode(account.email, "reset", { lan: "en-US" });

  const mail = await latestMail(account.email);
  expect(mail.language).toBe("zh-HK");
  expect(mail.subject).toContain("重設密碼驗證碼");
});

test("the code mail carries an HTML version with the code", async () => {
  const email = newEmail();
  await sendCode(email, "register");
  const mail = await latestMail(email);
  expect(mail.html_body).toContain(await latestCode(email));
  expect(mail.subject).toMatch(/^\d{6} is your Ovation verification code$/);
});

test("code mails have their own limit, not the FAQ's 5 a day: an eleventh from one requester in 24 hours is refused", async () => {
  const email = newEmail();
  const { clock, ctx } = movableMarket();
  for (let request = 1; request <= 10; request++) {
    await requestEmailCode(ctx, { email, purpose: request % 2 ? "login" : "reset", requester: "198.51.100.4" });
    clock.now += 60_000;
  }

  const eleventh = await refusal(requestEmailCode(ctx, { email, purpose: "login", requester: "198.51.100.4" }));

  expect(eleventh.code).toBe(200501);
  expect(eleventh.messageKey).toBe("codeAddressLimit");
  const mails = await env.DB.prepare("SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?").bind(email).first<{ n: number }>();
  expect(mails!.n).toBe(10);
});

test("one address reaching its daily limit leaves other addresses alone", async () => {
  const busy = newEmail();
  for (let request = 1; request <= 5; request++) await sendCode(busy, "login", { "cf-connecting-ip": `192.0.2.${request}` });
  expect((await sendCode(newEmail())).body.statusCode).toBe(200);
});

test("the daily limit frees up 24 hours after the earliest request", async () => {
  const email = newEmail();
  const { clock, ctx } = movableMarket();
  for (let request = 1; request <= 10; request++) {
    await requestEmailCode(ctx, { email, purpose: "login" });
    clock.now += 60_000;
  }
  expect((await refusal(requestEmailCode(ctx, { email, purpose: "login" }))).code).toBe(200501);

  clock.now += 24 * 60 * 60_000 - 10 * 60_000 + 1;
  await expect(requestEmailCode(ctx, { email, purpose: "login" })).resolves.toBeDefined();
});

test("signing in with a code makes the account the first time and signs into it after", async () => {
  const email = newEmail();
  await sendCode(email);
  const first = await codeSignIn(email, await latestCode(email));
  expect(first.body.statusCode).toBe(200);
  expect(first.body.data.newUser).toBe(true);

  // A second sign-in a moment later, from another network (one requester waits 60 s between codes).
  await sendCode(email, "login", { "cf-connecting-ip": "192.0.2.77" });
  const second = await codeSignIn(email, await latestCode(email));
  expect(second.body.data).toMatchObject({ userId: first.body.data.userId, newUser: false });
});

test("a wrong code is verifyCodeError", async () => {
  const email = newEmail();
  await sendCode(email);
  const answer = await codeSignIn(email, wrong(await latestCode(email)));
  expect(answer.body).toMatchObject({ statusCode: 200311, message: "The verification code is incorrect." });
});

test("a code that was never sent is verifyCodeError", async () => {
  const answer = await codeSignIn(newEmail(), "123456");
  expect(answer.body.statusCode).toBe(200311);
});

test("a code is valid for 30 minutes and then verifyCodeExpire", async () => {
  const { email, clock, ctx, code } = await codeMailedNow();

  clock.now += 30 * 60_000;
  const expired = await refusal(consumeEmailCode(ctx, { email, purpose: "login", code }));
  expect(expired.code).toBe(200312);

  const again = newEmail();
  await requestEmailCode(ctx, { email: again, purpose: "login" });
  clock.now += 30 * 60_000 - 1;
  await expect(consumeEmailCode(ctx, { email: again, purpose: "login", code: await latestCode(again) })).resolves.toBeUndefined();
});

test("an expired code is told as verifyCodeExpire through the API", async () => {
  const email = newEmail();
  await sendCode(email);
  const code = await latestCode(email);
  await env.DB.prepare("UPDATE email_codes SET expires_at = ? WHERE email = ?").bind(Date.now() - 1, email).run();

  const answer = await codeSignIn(email, code);

  expect(answer.body).toMatchObject({ statusCode: 200312, message: "This verification code has expired. Please request a new one." });
});

test("a code signs in once", async () => {
  const email = newEmail();
  await sendCode(email);
  const code = await latestCode(email);
  expect((await codeSignIn(email, code)).body.statusCode).toBe(200);
  expect((await codeSignIn(email, code)).body.statusCode).toBe(200312);
});

test("only the latest code for a purpose counts", async () => {
  const email = newEmail();
  await sendCode(email);
  const first = await latestCode(email);
  await sendCode(email, "login", { "cf-connecting-ip": "192.0.2.78" });
  const second = await latestCode(email);

  if (first !== second) expect((await codeSignIn(email, first)).body.statusCode).toBe(200311);
  expect((await codeSignIn(email, second)).body.statusCode).toBe(200);
});

test("a code sent for registration does not sign in", async () => {
  const email = newEmail();
  await sendCode(email, "register");
  expect((await codeSignIn(email, await latestCode(email))).body.statusCode).toBe(200311);
});

test("the fifth wrong code locks code sign-in, and then even the right code waits", async () => {
  const email = newEmail();
  await sendCode(email);
  const code = await latestCode(email);
  for (let attempt = 1; attempt <= 4; attempt++) expect((await codeSignIn(email, wrong(code))).body.statusCode).toBe(200311);

  const fifth = await codeSignIn(email, wrong(code));
  expect(fifth.body.statusCode).toBe(200508);
  expect(fifth.body.message).toMatch(/^Too many incorrect codes\. Code sign-in is locked until \d{1,2}:\d{2}/);

  expect((await codeSignIn(email, code)).body.statusCode).toBe(200509);
});

test("a code allows five tries: after them the right code has expired", async () => {
  const { email, clock, ctx, code } = await codeMailedNow();
  for (let attempt = 1; attempt <= 5; attempt++) await refusal(signInWithCode(ctx, { email, code: wrong(code) }));

  clock.now += 16 * 60_000; // past the lock
  expect((await refusal(signInWithCode(ctx, { email, code }))).code).toBe(200312);
});

test("a malformed code is refused as an invalid parameter before it counts as a try", async () => {
  const email = newEmail();
  await sendCode(email);
  expect((await codeSignIn(email, "12ab56")).body.statusCode).toBe(12308);
  const tries = await env.DB.prepare("SELECT attempts FROM email_codes WHERE email = ?").bind(email).first<{ attempts: number }>();
  expect(tries!.attempts).toBe(0);
});

test("an invalid email is refused before any mail is sent", async () => {
  const answer = await sendCode("not-an-email");
  expect(answer.body.statusCode).toBe(12308);
  const mails = await env.DB.prepare("SELECT count(*) AS n FROM mail_outbox WHERE to_address = 'not-an-email'").first<{ n: number }>();
  expect(mails!.n).toBe(0);
});
