import { expect, test, vi } from "vitest";
import { createRequestClient, retryUntilOk, routedPath, RequestError, type RequestClientDeps } from "../../app/platform/request-client";

interface Sent {
  url: string;
  init: RequestInit;
}

function harness(answer: (sent: Sent) => Response | Promise<Response>, deps: Partial<RequestClientDeps> = {}) {
  const sent: Sent[] = [];
  const toasts: string[] = [];
  const signedOut: number[] = [];
  const waits: number[] = [];
  const client = createRequestClient({
    fetch: (async (url: string, init: RequestInit) => {
      const call = { url, init };
      sent.push(call);
      return answer(call);
    }) as typeof fetch,
    headers: () => ({ lan: "en-US", deviceId: "d-1" }),
    channel: () => "web",
    toast: (message) => toasts.push(message),
    signedOut: (code) => signedOut.push(code),
    wait: async (ms) => {
      waits.push(ms);
    },
    ...deps,
  });
  return { client, sent, toasts, signedOut, waits };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

test("medium and low importance calls wait 1 ms before leaving; critical and high leave at once", async () => {
  const { client, waits } = harness(() => json({ statusCode: 200, message: "success", data: null }));
  await client.request({ url: "/pub/home/v1/lbs/default", importance: "critical" });
  await client.request({ url: "/pub/home/v1/lbs/default", importance: "high" });
  expect(waits).toEqual([]);
  await client.request({ url: "/pub/home/v1/lbs/default", importance: "medium" });
  await client.request({ url: "/pub/home/v1/lbs/default", importance: "low" });
  expect(waits).toEqual([1, 1]);
});

test("fields that are undefined, null, empty or an empty list are dropped; 0 and false stay", async () => {
  const { client, sent } = harness(() => json({ statusCode: 200, message: "success", data: null }));
  await client.request({ method: "POST", url: "/user/address/v1/save", data: { a: undefined, b: null, c: "", d: [], e: 0, f: false, g: "x" } });
  expect(JSON.parse(sent[0].init.body as string)).toEqual({ e: 0, f: false, g: "x" });
  await client.request({ url: "/pub/tour/v1/list", data: { page: 2, keyword: "", city: null } });
  expect(sent[1].url).toBe("/pub/tour/v1/list?page=2");
});

test("every call carries the request headers", async () => {
  const { client, sent } = harness(() => json({ statusCode: 200, message: "success", data: null }));
  await client.request({ url: "/user/v1/agreements", header: { ver: "2.5.0" } });
  expect(sent[0].init.headers).toEqual({ lan: "en-US", deviceId: "d-1", ver: "2.5.0" });
});

test("a network failure is status -1 with the network message as a toast", async () => {
  const { client, toasts } = harness(() => Promise.reject(new TypeError("Failed to fetch")));
  const error = await client.request({ url: "/pub/home/v1/lbs/default" }).catch((e: RequestError) => e);
  expect(error).toMatchObject({ status: -1, message: "Network unavailable. Please try again later." });
  expect(toasts).toEqual(["Network unavailable. Please try again later."]);
});

test("a call that takes longer than its timeout fails as the network", async () => {
  vi.useFakeTimers();
  try {
    const { client } = harness(
      ({ init }) =>
        new Promise((_, reject) => init.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
    );
    const pending = client.request({ url: "/pub/home/v1/lbs/default", importance: "high" }).catch((e: RequestError) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: -1, message: "Network unavailable. Please try again later." });
  } finally {
    vi.useRealTimers();
  }
});

test("network settings may wait 60 s", async () => {
  vi.useFakeTimers();
  try {
    const { client } = harness(
      ({ init }) => new Promise((_, reject) => init.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
    );
    let settled = false;
    const pending = client.request({ url: "/user/config/v1/setting", importance: "high", timeout: 60_000 }).finally(() => (settled = true)).catch(() => null);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    await pending;
    expect(settled).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});

test("pass-through codes resolve with the body and raise no toast", async () => {
  const { client, toasts } = harness(() => json({ statusCode: 200311, message: "Verification code error", data: null }));
  expect(await client.request({ method: "POST", url: "/user/v1/mts/login/code" })).toMatchObject({ statusCode: 200311 });
  expect(toasts).toEqual([]);
});

test("another code is raised with the server's message as a toast", async () => {
  const { client, toasts } = harness(() => json({ statusCode: 610011, message: "Oops! The ticket has been sold.", data: null }));
  const error = await client.request({ method: "POST", url: "/user/order/v1/create" }).catch((e: RequestError) => e);
  expect(error).toMatchObject({ statusCode: 610011, status: 200 });
  expect(toasts).toEqual(["Oops! The ticket has been sold."]);
});

test("noToast, low importance and an aborted call raise no toast", async () => {
  const { client, toasts } = harness(() => json({ statusCode: 12365, message: "System error", data: null }));
  await client.request({ url: "/a", noToast: true }).catch(() => null);
  await client.request({ url: "/a", importance: "low" }).catch(() => null);
  const aborted = harness(({ init }) => new Promise((_, reject) => init.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))));
  const controller = new AbortController();
  const pending = aborted.client.request({ url: "/a", signal: controller.signal, importance: "high" }).catch((e: RequestError) => e);
  controller.abort();
  expect(await pending).toMatchObject({ aborted: true });
  expect(toasts).toEqual([]);
  expect(aborted.toasts).toEqual([]);
});

test("a non-200 HTTP status is raised even with a 200 body", async () => {
  const { client, toasts } = harness(() => json({ statusCode: 200, message: "Bad gateway", data: null }, 502));
  expect(await client.request({ url: "/a" }).catch((e: RequestError) => e)).toMatchObject({ status: 502 });
  expect(toasts).toEqual(["Bad gateway"]);
});

test("the three login codes tell the client the buyer is signed out and reject, unless noAuth", async () => {
  for (const code of [12306, 12315, 12345]) {
    const { client, signedOut, toasts } = harness(() => json({ statusCode: code, message: "Please log in", data: null }));
    expect(await client.request({ url: "/user/v1/mts/user_info" }).catch((e: RequestError) => e)).toBeInstanceOf(RequestError);
    expect(signedOut).toEqual([code]);
    expect(toasts).toEqual([]);
  }
  const { client, signedOut } = harness(() => json({ statusCode: 12345, message: "Expired", data: null }));
  expect(await client.request({ url: "/user/config/v1/load", noAuth: true })).toMatchObject({ statusCode: 12345 });
  expect(signedOut).toEqual([]);
});

test("embedded channels send the listed paths to the partner host's suffix", () => {
  expect(routedPath("/user/order/v1/create", "MTL_LAUNCH")).toBe("/mtl_overseasapi/mts/user/order/v1/create");
  expect(routedPath("/user/v1/mts/user_info", "PiaoXiaoer")).toBe("/mtl_overseasapi/mts/user/v1/mts/user_info");
  expect(routedPath("/user/im/v1/group/list", "MTL_LAUNCH")).toBe("/mtl_overseasapi/mts/user/im/v1/group/list");
  expect(routedPath("/pub/home/v1/currency/list", "MTL_LAUNCH")).toBe("/mtl_overseasapi/mts/pub/home/v1/currency/list");
  expect(routedPath("/user/config/v1/load", "MTL_LAUNCH")).toBe("/user/config/v1/load");
  expect(routedPath("/user/order/v1/create", "web")).toBe("/user/order/v1/create");
});

test("the client sends a partner channel's calls to the suffix", async () => {
  const { client, sent } = harness(() => json({ statusCode: 200, message: "success", data: null }), { channel: () => "MTL_LAUNCH" });
  await client.request({ url: "/user/order/v1/list", data: { tab: "ongoing" } });
  expect(sent[0].url).toBe("/mtl_overseasapi/mts/user/order/v1/list?tab=ongoing");
});

function retryClock() {
  const clock = { now: 0, waits: [] as number[] };
  return { clock, wait: async (ms: number) => void (clock.waits.push(ms), (clock.now += ms)), now: () => clock.now };
}

test("the retry helper repeats 3000 ms apart until both statuses are 200", async () => {
  const { clock, wait, now } = retryClock();
  const answers = [{ status: 500, body: { statusCode: 200 } }, { status: 200, body: { statusCode: 12365 } }, { status: 200, body: { statusCode: 200 } }];
  let tries = 0;
  const result = await retryUntilOk(async () => answers[tries++], { wait, now });
  expect(result).toEqual({ status: 200, body: { statusCode: 200 } });
  expect(tries).toBe(3);
  expect(clock.waits).toEqual([3000, 3000]);
});

test("the retry helper stops after its retries and answers the last outcome", async () => {
  const { wait, now } = retryClock();
  let tries = 0;
  const result = await retryUntilOk(async () => (tries++, { status: 200, body: { statusCode: 610017 } }), { maxRetries: 2, wait, now });
  expect(tries).toBe(3);
  expect(result.body.statusCode).toBe(610017);
});

test("the retry helper stops when its time is up", async () => {
  const { wait, now } = retryClock();
  let tries = 0;
  await retryUntilOk(async () => (tries++, { status: 503, body: { statusCode: 200 } }), { maxRetries: 100, maxTimeMs: 10_000, wait, now });
  expect(tries).toBe(4);
});
