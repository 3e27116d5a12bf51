/**
 * The page's request client as the screens use it (app/platform/page-requests.ts): SPEC §7's
 * headers, the partner routing in MTL_LAUNCH, and SPEC §8's signed-out rule as global events.
 */
import { afterEach, beforeEach, expect, test, vi } from "vitest";

interface Sent {
  url: string;
  headers: Record<string, string>;
}

let sent: Sent[];
let heard: { name: string; detail: unknown }[];

async function freshModule(answer: { statusCode: number; message?: string }) {
  vi.resetModules();
  sent = [];
  heard = [];
  const win = new EventTarget();
  for (const name of ["logged-out", "open-login", "global-error"]) win.addEventListener(name, (event) => heard.push({ name, detail: (event as CustomEvent).detail }));
  vi.stubGlobal("window", Object.assign(win, { localStorage: new Map() as unknown }));
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string> });
    return new Response(JSON.stringify({ message: "", data: null, ...answer }), { status: 200 });
  });
  const [requests, settings] = await Promise.all([import("../../app/platform/page-requests"), import("../../app/platform/page-request-settings")]);
  return { ...requests, ...settings };
}

beforeEach(() => vi.useRealTimers());
afterEach(() => vi.unstubAllGlobals());

test("a page call carries the viewer's headers and, in MTL_LAUNCH, goes to the partner host's suffix", async () => {
  const { configurePageRequests, pageRequests } = await freshModule({ statusCode: 200 });
  configurePageRequests({ language: "zh-HK", currency: "TWD", location: "TW", channel: "MTL_LAUNCH", source: "iOS", version: "2.5.0" });
  await pageRequests().request({ url: "/pub/tour/v1/list?page=2", importance: "high" });
  expect(sent[0].url).toBe("/mtl_overseasapi/mts/pub/tour/v1/list?page=2");
  expect(sent[0].headers).toMatchObject({ code: "WEB", lan: "zh-HK", cc: "TWD", lc: "TW", channel: "MTL_LAUNCH", src: "iOS", ver: "2.5.0" });
  expect(sent[0].headers.deviceId).toMatch(/^[0-9a-f]{32}-\d+$/);
});

test("tokenExpired on a page call emits logged-out, then open-login with the code, and rejects the call", async () => {
  const { pageRequests } = await freshModule({ statusCode: 12345, message: "Token expired" });
  await expect(pageRequests().request({ url: "/user/v1/mts/user_info" })).rejects.toMatchObject({ statusCode: 12345 });
  expect(heard).toEqual([
    { name: "logged-out", detail: null },
    { name: "open-login", detail: { reason: 12345 } },
  ]);
});

test("a refusal the screen did not ask to keep quiet is raised as a global error with the server's message", async () => {
  const { pageRequests } = await freshModule({ statusCode: 12308, message: "Invalid parameter: quantity" });
  await expect(pageRequests().request({ url: "/pub/tour/v1/detail" })).rejects.toMatchObject({ statusCode: 12308 });
  expect(heard).toEqual([{ name: "global-error", detail: { message: "Invalid parameter: quantity" } }]);
});
