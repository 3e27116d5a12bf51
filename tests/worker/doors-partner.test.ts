/**
 * The partner door (POST /user/v1/registry and the silent login of a page opened with
 * ?channel=&email=): signed everywhere but the local demo, never a staff account, and each
 * signature good once.
 */
import { createExecutionContext, env, SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import worker from "../../functions/worker";
import { signChannelRequest } from "../../functions/market/accounts";
import { newEmail, registerThroughApi } from "./support/accounts";

const DEV = "https://dev.ovation.test";
const STAGE = "https://stage.ovation.example";
const PRODUCTION = "https://ovation.test";
const KEY = "mtl-door-key-41";

type Answer = { statusCode: number; message: string; data: { userId: number } | null };

async function registry(base: string, body: string, options: { headers?: Record<string, string>; env?: Partial<Env> } = {}): Promise<Answer> {
  const request = new Request(`${base}/user/v1/registry`, { method: "POST", headers: { "content-type": "application/json", ...options.headers }, body });
  const response = options.env ? await worker.fetch(request as never, { ...env, ...options.env } as Env, createExecutionContext()) : await SELF.fetch(request);
  return (await response.json()) as Answer;
}

async function signed(body: string, at = Date.now()) {
  const timestamp = String(at);
  return { "x-channel-timestamp": timestamp, "x-channel-signature": await signChannelRequest(KEY, timestamp, body) };
}

/** An account with a password, given a staff role (support, or seller of a fresh seller). */
async function staff(role: "support" | "seller"): Promise<string> {
  const email = newEmail(role);
  const data = await registerThroughApi(email);
  let sellerId: number | null = null;
  if (role === "seller") {
    const seller = await env.DB.prepare("INSERT INTO sellers (nickname, phone, created_at) VALUES (?, ?, ?) RETURNING id").bind("Encore Tickets", "91234567", Date.now()).first<{ id: number }>();
    sellerId = seller!.id;
  }
  await env.DB.prepare("INSERT INTO account_roles (user_id, role, seller_id, created_at) VALUES (?, ?, ?, ?)").bind(data.userId, role, sellerId, Date.now()).run();
  return email;
}

const accountsWith = async (email: string) => (await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>())!.n;

test("an unsigned registry call on a stage host is refused even under the local config, and makes no account", async () => {
  const email = newEmail("stage");
  const answer = await registry(STAGE, JSON.stringify({ email, channel: "MTL_LAUNCH" }));
  expect(answer).toMatchObject({ statusCode: 200518, message: "Registration failed: this app couldn't be verified." });
  expect(await accountsWith(email)).toBe(0);
});

test("without the local-demo flag a dev host needs the signature too", async () => {
  const email = newEmail("noflag");
  const answer = await registry(DEV, JSON.stringify({ email, channel: "PiaoXiaoer" }), { env: { LOCAL_DEMO: undefined } });
  expect(answer.statusCode).toBe(200518);
  expect(await accountsWith(email)).toBe(0);
});

test("an unsigned registry call naming a support or a seller account is refused on the local demo", async () => {
  for (const role of ["support", "seller"] as const) {
    const email = await staff(role);
    const answer = await registry(DEV, JSON.stringify({ email, channel: "MTL_LAUNCH" }));
    expect(answer).toMatchObject({ statusCode: 200518, message: "Registration failed: staff accounts can't be signed in by an app. Please sign in with email.", data: null });
  }
});

test("a correctly signed call still never signs in a staff account, in production", async () => {
  const email = await staff("support");
  const body = JSON.stringify({ email, channel: "MTL_LAUNCH" });
  const answer = await registry(PRODUCTION, body, { env: { MTL_LAUNCH_SIGNING_KEY: KEY }, headers: await signed(body) });
  expect(answer.statusCode).toBe(200518);
  expect(answer.message).toBe("Registration failed: staff accounts can't be signed in by an app. Please sign in with email.");
});

test("a signed call is accepted once: the same call replayed is refused", async () => {
  const email = newEmail("once");
  const body = JSON.stringify({ email, channel: "MTL_LAUNCH" });
  const headers = await signed(body);
  const first = await registry(PRODUCTION, body, { env: { MTL_LAUNCH_SIGNING_KEY: KEY }, headers });
  const replay = await registry(PRODUCTION, body, { env: { MTL_LAUNCH_SIGNING_KEY: KEY }, headers });
  expect(first.statusCode).toBe(200);
  expect(replay).toMatchObject({ statusCode: 200518, message: "Registration failed: this sign-in link was already used. Please open it again from the app." });
  const kept = await env.DB.prepare("SELECT channel, expires_at AS expiresAt FROM channel_nonces WHERE nonce = ?").bind(headers["x-channel-signature"]).first<{ channel: string; expiresAt: number }>();
  expect(kept).toEqual({ channel: "MTL_LAUNCH", expiresAt: Number(headers["x-channel-timestamp"]) + 300_000 });
});

test("30 concurrent replays of one signature sign in exactly once", async () => {
  const body = JSON.stringify({ email: newEmail("race"), channel: "MTL_LAUNCH" });
  // The account exists already (an earlier, separately signed call), so every replay could sign in to it.
  expect((await registry(PRODUCTION, body, { env: { MTL_LAUNCH_SIGNING_KEY: KEY }, headers: await signed(body, Date.now() - 1_000) })).statusCode).toBe(200);
  const headers = await signed(body);
  const answers = await Promise.all(Array.from({ length: 30 }, () => registry(PRODUCTION, body, { env: { MTL_LAUNCH_SIGNING_KEY: KEY }, headers })));
  expect(answers.filter((a) => a.statusCode === 200).length).toBe(1);
  expect(answers.filter((a) => a.statusCode === 200518).length).toBe(29);
});

test("a page opened with ?channel=MTL_LAUNCH&email=<support> on the local demo is a guest's page", async () => {
  const email = await staff("support");
  const response = await SELF.fetch(`${DEV}/mine?channel=MTL_LAUNCH&email=${encodeURIComponent(email)}`, { headers: { host: "dev.ovation.test" } });
  expect(response.status).toBe(200);
  expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__Host-ovation_session="))).toBe(false);
  expect(await response.text()).not.toContain('href="/support"');
});

test("a page opened with ?channel=&email= on a stage host without a signature signs no one in", async () => {
  const email = newEmail("page");
  const response = await SELF.fetch(`${STAGE}/mine?channel=MTL_LAUNCH&email=${encodeURIComponent(email)}`, { headers: { host: "stage.ovation.example" } });
  expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__Host-ovation_session="))).toBe(false);
  expect(await accountsWith(email)).toBe(0);
});
