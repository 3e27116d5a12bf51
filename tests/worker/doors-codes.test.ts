/**
 * Code mails have their own limits (decision 192), per address and per requester, with a 60 s
 * resend interval: no one can spend another's allowance and lock them out of codes.
 */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { requestEmailCode } from "../../functions/market/accounts";
import { MarketError } from "../../functions/market/errors";
import { api } from "./support/api";
import { marketAt, movableMarket, newEmail } from "./support/accounts";

const ATTACKER = "203.0.113.7";
const VICTIM = "198.51.100.23";

async function refusal(promise: Promise<unknown>): Promise<{ code: number; messageKey: string; params: Record<string, unknown> }> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof MarketError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, messageKey: error.messageKey, params: error.params };
}

/** A Wednesday morning in Hong Kong, where each test's clock starts. */
const MORNING = Date.parse("2026-11-18T02:00:00Z");

/** `count` codes for `email` asked by `requester`, a minute apart (each past the resend wait). */
async function codesEveryMinute(ctx: ReturnType<typeof marketAt>, clock: { now: number }, email: string, requester: string, count: number) {
  for (let i = 0; i < count; i++) {
    await requestEmailCode(ctx, { email, purpose: "login", requester });
    clock.now += 60_000;
  }
}

const mailsTo = async (email: string) => (await env.DB.prepare("SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?").bind(email).first<{ n: number }>())!.n;

test("a second code from the same requester within 60 s is refused with the seconds to wait; at 60 s it is sent", async () => {
  const email = newEmail("resend");
  const { clock, ctx } = movableMarket(MORNING);
  await requestEmailCode(ctx, { email, purpose: "login", requester: VICTIM });
  clock.now += 17_250;
  expect(await refusal(requestEmailCode(ctx, { email, purpose: "login", requester: VICTIM }))).toEqual({ code: 200501, messageKey: "codeResendWait", params: { seconds: 43 } });
  // Another purpose (a password reset after asking to sign in) is not a resend.
  await expect(requestEmailCode(ctx, { email, purpose: "reset", requester: VICTIM })).resolves.toBeDefined();
  clock.now += 42_750;
  await expect(requestEmailCode(ctx, { email, purpose: "login", requester: VICTIM })).resolves.toEqual({ expiresAt: clock.now + 30 * 60_000 });
  expect(await mailsTo(email)).toBe(3);
});

test("a stranger asking ten codes for an address does not stop its owner getting one", async () => {
  const email = newEmail("victim");
  const { clock, ctx } = movableMarket(MORNING);
  await codesEveryMinute(ctx, clock, email, ATTACKER, 10);
  expect(await refusal(requestEmailCode(ctx, { email, purpose: "login", requester: ATTACKER }))).toMatchObject({ code: 200501, messageKey: "codeAddressLimit" });
  await expect(requestEmailCode(ctx, { email, purpose: "register", requester: VICTIM })).resolves.toBeDefined();
  expect(await mailsTo(email)).toBe(11);
});

test("an address gets at most 30 code mails a day from all requesters together", async () => {
  const email = newEmail("flood");
  const { clock, ctx } = movableMarket(MORNING);
  for (let i = 0; i < 30; i++) await requestEmailCode(ctx, { email, purpose: "login", requester: `192.0.2.${i + 1}` });
  expect(await refusal(requestEmailCode(ctx, { email, purpose: "login", requester: "192.0.2.200" }))).toMatchObject({ code: 200501, messageKey: "codeAddressLimit" });
  clock.now += 24 * 60 * 60_000;
  await expect(requestEmailCode(ctx, { email, purpose: "login", requester: "192.0.2.200" })).resolves.toBeDefined();
});

test("one requester gets at most 60 code mails an hour over all addresses", async () => {
  const { clock, ctx } = movableMarket(MORNING);
  const requester = "203.0.113.99";
  for (let i = 0; i < 60; i++) await requestEmailCode(ctx, { email: newEmail(`spray${i}`), purpose: "login", requester });
  expect(await refusal(requestEmailCode(ctx, { email: newEmail("spray60"), purpose: "login", requester }))).toMatchObject({ code: 200501, messageKey: "codeRequesterLimit" });
  await expect(requestEmailCode(ctx, { email: newEmail("other"), purpose: "login", requester: VICTIM })).resolves.toBeDefined();
});

test("30 concurrent requests from one requester for one address send exactly one mail", async () => {
  const email = newEmail("race");
  const answers = await Promise.all(
    Array.from({ length: 30 }, () => api("/user/v1/mts/verify_code/send", { body: { email, scene: "login" }, headers: { "cf-connecting-ip": ATTACKER } })),
  );
  expect(answers.filter((a) => a.body.statusCode === 200).length).toBe(1);
  expect(answers.filter((a) => a.body.statusCode === 200501).length).toBe(29);
  expect(await mailsTo(email)).toBe(1);
});

test("through the API the wait is said in words", async () => {
  const email = newEmail("words");
  const headers = { "cf-connecting-ip": VICTIM };
  expect((await api("/user/v1/mts/verify_code/send", { body: { email, scene: "login" }, headers })).body.statusCode).toBe(200);
  const again = await api("/user/v1/mts/verify_code/send", { body: { email, scene: "login" }, headers });
  expect(again.body.statusCode).toBe(200501);
  expect(again.body.message).toMatch(/^A code was just sent\. Please wait (60|59|58) seconds before asking for another\.$/);
});

test("the FAQ's support-mail cap is not touched by code mails", async () => {
  const email = newEmail("faq");
  const { clock, ctx } = movableMarket(MORNING);
  await codesEveryMinute(ctx, clock, email, VICTIM, 6);
  expect(await mailsTo(email)).toBe(6);
  const requests = await env.DB.prepare("SELECT count(*) AS n FROM support_requests WHERE contact_email = ?").bind(email).first<{ n: number }>();
  expect(requests!.n).toBe(0);
});
