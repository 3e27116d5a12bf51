import { createExecutionContext, env, SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import worker from "../../functions/worker";
import { signChannelRequest } from "../../functions/market/accounts";
import { api } from "./support/api";
import { newEmail } from "./support/accounts";

/** A dev host: outside production a channel without a key may call unsigned. */
const DEV = "https://dev.ovation.test";

async function registry(body: unknown, options: { base?: string; headers?: Record<string, string>; env?: Partial<Env> } = {}) {
  const request = new Request(`${options.base ?? DEV}/user/v1/registry`, {
    method: "POST",
    headers: { "content-type": "application/json", ...options.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = options.env
    ? await worker.fetch(request as never, { ...env, ...options.env } as Env, createExecutionContext())
    : await SELF.fetch(request);
  return (await response.json()) as { statusCode: number; message: string; data: { userId: number; newUser: boolean; accessToken: string; tsessionid: string } };
}

test("an embedded channel's user is registered silently and gets a working token", async () => {
  const email = newEmail("mtl");
  const answer = await registry({ email, nickName: "Mei", channel: "MTL_LAUNCH", deviceId: "device-1" });

  expect(answer.statusCode).toBe(200);
  expect(answer.data.newUser).toBe(true);
  const info = await api<{ email: string; nickName: string }>("/user/v1/mts/user_info", { headers: { "access-token": answer.data.accessToken } });
  expect(info.body.data).toMatchObject({ email, nickName: "Mei" });
  const row = await env.DB.prepare("SELECT channel FROM users WHERE email = ?").bind(email).first<{ channel: string }>();
  expect(row!.channel).toBe("MTL_LAUNCH");
});

test("the same channel user comes back to the same account", async () => {
  const email = newEmail("px");
  const first = await registry({ email, channel: "PiaoXiaoer" });
  const second = await registry({ email, channel: "PiaoXiaoer" });
  expect(second.data).toMatchObject({ userId: first.data.userId, newUser: false });
  expect(second.data.accessToken).not.toBe(first.data.accessToken);
});

test("a phone-only channel user is found again by phone", async () => {
  const phone = `+8613${Math.floor(Math.random() * 1e9).toString().padStart(9, "0")}`;
  const first = await registry({ phone, channel: "MTL_LAUNCH" });
  const second = await registry({ phone, channel: "MTL_LAUNCH" });
  expect(first.data.newUser).toBe(true);
  expect(second.data.userId).toBe(first.data.userId);
});

test("a registry call without an email or a phone is an invalid parameter", async () => {
  expect((await registry({ channel: "MTL_LAUNCH", deviceId: "d" })).statusCode).toBe(12308);
});

test("a registry call from an unknown channel is an invalid parameter", async () => {
  expect((await registry({ email: newEmail(), channel: "web" })).statusCode).toBe(12308);
});

test("in production an unsigned registry call is refused with registryFail", async () => {
  const answer = await registry({ email: newEmail(), channel: "MTL_LAUNCH" }, { base: "https://ovation.test" });
  expect(answer).toMatchObject({ statusCode: 200518, message: "Registration failed: this app couldn't be verified." });
});

test("a registry call signed with the channel's key is accepted, in production too", async () => {
  const body = JSON.stringify({ email: newEmail(), channel: "MTL_LAUNCH" });
  const timestamp = String(Date.now());
  const signature = await signChannelRequest("mtl-secret", timestamp, body);

  const answer = await registry(body, {
    base: "https://ovation.test",
    env: { MTL_LAUNCH_SIGNING_KEY: "mtl-secret" },
    headers: { "x-channel-timestamp": timestamp, "x-channel-signature": signature },
  });

  expect(answer.statusCode).toBe(200);
});

test("a registry call signed with the wrong key, or a changed body, is refused", async () => {
  const body = JSON.stringify({ email: newEmail(), channel: "MTL_LAUNCH" });
  const timestamp = String(Date.now());
  const wrongKey = await signChannelRequest("not-the-key", timestamp, body);
  const signed = await signChannelRequest("mtl-secret", timestamp, body);
  const options = { env: { MTL_LAUNCH_SIGNING_KEY: "mtl-secret" } };

  expect((await registry(body, { ...options, headers: { "x-channel-timestamp": timestamp, "x-channel-signature": wrongKey } })).statusCode).toBe(200518);
  const changed = body.replace("MTL_LAUNCH", "MTL_LAUNCH\" ,\"nickName\":\"x");
  expect((await registry(changed, { ...options, headers: { "x-channel-timestamp": timestamp, "x-channel-signature": signed } })).statusCode).toBe(200518);
  expect((await registry(body, options)).statusCode).toBe(200518);
});

test("a registry signature older than 5 minutes is refused", async () => {
  const body = JSON.stringify({ email: newEmail(), channel: "PiaoXiaoer" });
  const timestamp = String(Date.now() - 6 * 60_000);
  const signature = await signChannelRequest("px-secret", timestamp, body);
  const answer = await registry(body, {
    env: { PIAOXIAOER_SIGNING_KEY: "px-secret" },
    headers: { "x-channel-timestamp": timestamp, "x-channel-signature": signature },
  });
  expect(answer.statusCode).toBe(200518);
});

test("a channel cannot register an Apple private relay address", async () => {
  const answer = await registry({ email: "abc123@privaterelay.appleid.com", channel: "MTL_LAUNCH" });
  expect(answer.statusCode).toBe(200518);
});

test("a registry body that is not JSON is an invalid parameter", async () => {
  expect((await registry("{not json")).statusCode).toBe(12308);
});
