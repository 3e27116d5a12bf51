import { SELF } from "cloudflare:test";
import { afterEach, beforeAll, expect, test } from "vitest";
import { staticAssetHeaders } from "../../functions/web/security-headers";
import { registerThroughApi } from "./support/accounts";
import { seedCatalog } from "./support/catalog";

const SITE = "https://www.ovation.example";

const CSP_WITHOUT_NONCE =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; media-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' https://checkout.stripe.com https://hooks.stripe.com https://accounts.google.com https://appleid.apple.com; upgrade-insecure-requests";

beforeAll(async () => {
  await seedCatalog();
});

const logged: string[] = [];
const originalLog = console.log;
afterEach(() => {
  console.log = originalLog;
  logged.length = 0;
});

function get(path: string, headers: Record<string, string> = {}, site = SITE): Promise<Response> {
  return SELF.fetch(`${site}${path}`, { headers: { host: new URL(site).host, ...headers }, redirect: "manual" });
}

function expectSafeHeaders(response: Response) {
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("permissions-policy")).toBe(
    "geolocation=(self), payment=(self), camera=(), microphone=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()",
  );
  expect(response.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains; preload");
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-eval");
  expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
}

test("a catalog page carries every safe header, a script nonce and a public revalidated cache rule", async () => {
  const response = await get("/tourDetail?id=1");
  expect(response.status).toBe(200);
  expectSafeHeaders(response);
  expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='; /);
  expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  await response.arrayBuffer();
});

test("two pages are given two different nonces", async () => {
  const nonceOf = async (response: Response) => {
    await response.arrayBuffer();
    return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  };
  const first = await nonceOf(await get("/"));
  const second = await nonceOf(await get("/"));
  expect(first).toBeTruthy();
  expect(first).not.toBe(second);
});

test("a signed-in viewer's pages and API answers are private and never stored", async () => {
  const account = await registerThroughApi();
  const home = await get("/", { cookie: `access_token=${account.accessToken}` });
  expect(home.headers.get("cache-control")).toBe("private, no-store");
  await home.arrayBuffer();
  const orders = await get("/user/order/v1/list", { "access-token": account.accessToken });
  expectSafeHeaders(orders);
  expect(orders.headers.get("cache-control")).toBe("private, no-store");
  await orders.arrayBuffer();
});

test("a JSON API answer carries every safe header and a policy without a nonce", async () => {
  const response = await get("/pub/home/v1/language/list");
  expect(response.headers.get("content-type")).toContain("application/json");
  expectSafeHeaders(response);
  expect(response.headers.get("content-security-policy")).toBe(CSP_WITHOUT_NONCE);
  expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  await response.arrayBuffer();
});

test("a header a route's loader sets reaches the wire: home is private and never stored", async () => {
  const response = await get("/");
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  await response.arrayBuffer();
});

test("an account page for an anonymous viewer is private too", async () => {
  const response = await get("/my-order");
  expectSafeHeaders(response);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  await response.arrayBuffer();
});

test("a redirect, a missing page, an unknown API path and a cross-site refusal carry every safe header", async () => {
  const redirect = await get("/logout");
  expect(redirect.status).toBe(302);
  expectSafeHeaders(redirect);
  expect(redirect.headers.get("cache-control")).toBe("private, no-store");
  const missing = await get("/no-such-page");
  expect(missing.status).toBe(404);
  expectSafeHeaders(missing);
  await missing.arrayBuffer();
  const unknownApi = await get("/pub/nothing/here");
  expect(unknownApi.status).toBe(404);
  expectSafeHeaders(unknownApi);
  await unknownApi.arrayBuffer();
  const refused = await SELF.fetch(`${SITE}/login`, { method: "POST", headers: { origin: "https://evil.example" }, body: "x=1" });
  expect(refused.status).toBe(403);
  expectSafeHeaders(refused);
  expect(refused.headers.get("cache-control")).toBe("private, no-store");
  await refused.arrayBuffer();
});

test("a local host gets no HSTS and no upgrade of insecure requests", async () => {
  const response = await get("/", {}, "http://127.0.0.1:8787");
  expect(response.headers.get("strict-transport-security")).toBeNull();
  expect(response.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  await response.arrayBuffer();
});

test("a poster keeps its own sandboxed policy and long cache rule, even for a signed-in viewer", async () => {
  const response = await get("/media/poster/1.svg?lan=en-US", { cookie: "access_token=x" });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  expect(response.headers.get("cache-control")).toBe("public, max-age=2592000, stale-while-revalidate=604800");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  await response.arrayBuffer();
});

test("files the platform serves get the same headers from _headers, hashed build files immutable for a year", () => {
  const file = staticAssetHeaders();
  expect(file).toContain("/*\n  X-Content-Type-Options: nosniff\n");
  expect(file).toContain(`  Content-Security-Policy: ${CSP_WITHOUT_NONCE}\n`);
  expect(file).toContain("  Strict-Transport-Security: max-age=63072000; includeSubDomains; preload\n");
  expect(file).toContain("/assets/*\n  ! Cache-Control\n  Cache-Control: public, max-age=31536000, immutable");
  expect(file).toContain("/sw.js\n  ! Cache-Control\n  Cache-Control: no-cache");
});

test("an address naming its language shows that language over the viewer's Accept-Language", async () => {
  const chosen = await get("/tourDetail?id=1&lang=zh-HK", { "accept-language": "en-US" });
  expect(chosen.headers.get("content-language")).toBe("zh-HK");
  expect(chosen.headers.get("vary")).toBe("Cookie");
  expect(await chosen.text()).toContain('<html lang="zh-HK"');
  const negotiated = await get("/tourDetail?id=1", { "accept-language": "zh-TW" });
  expect(negotiated.headers.get("content-language")).toBe("zh-HK");
  expect(negotiated.headers.get("vary")).toBe("Accept-Language, Cookie");
  await negotiated.arrayBuffer();
});

test("each request is logged once as one JSON line without its query string", async () => {
  console.log = (...args: unknown[]) => logged.push(args.map(String).join(" "));
  const response = await get("/tourDetail?id=1&email=someone%40example.com&channel=MTL_LAUNCH", { "accept-language": "zh-HK" });
  await response.arrayBuffer();
  const lines = logged.filter((line) => line.includes('"message":"request"'));
  expect(lines).toHaveLength(1);
  const line = JSON.parse(lines[0]);
  expect(line).toMatchObject({ level: "info", method: "GET", route: "/tourDetail", status: 200, channel: "MTL_LAUNCH", language: "zh-HK" });
  expect(line.requestId).toMatch(/^[0-9a-f]{24}$/);
  expect(typeof line.durationMs).toBe("number");
  expect(lines[0]).not.toContain("someone");
});

const BROWSER = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/** Every inline script of a page that would run (JSON-LD is data, not script) and its nonce. */
function inlineScripts(html: string): { nonce: string | null; body: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes) && !/type="application\/ld\+json"/.test(attributes))
    .map(([, attributes, body]) => ({ nonce: /\bnonce="([^"]*)"/.exec(attributes)?.[1] ?? null, body }));
}

for (const [name, path] of [["home, with its deferred floors", "/"], ["a tour", "/tourDetail?id=1"], ["the show list", "/show-list"], ["a missing page", "/no-such-page"]] as const) {
  test(`every inline script of ${name} carries the page's nonce, streamed to a browser or whole to a bot`, async () => {
    for (const agent of [BROWSER, "curl/8.5.0"]) {
      const response = await get(path, { "user-agent": agent });
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      const scripts = inlineScripts(await response.text());
      expect(scripts.length).toBeGreaterThan(1);
      expect(scripts.filter((script) => script.nonce !== nonce)).toEqual([]);
    }
  });
}
