/**
 * The web door's second-order rules, with literal answers: a cross-site POST without an Origin,
 * a page that sets a cookie, a plain-http POST on a deployed host.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { seedCatalog } from "./support/catalog";

beforeAll(async () => {
  await seedCatalog();
});

test("a POST with no Origin but Sec-Fetch-Site: cross-site is refused before any route runs", async () => {
  const page = await SELF.fetch("https://ovation.test/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site", host: "ovation.test" },
    body: "email=a%40example.com&password=Encore%232026",
    redirect: "manual",
  });
  expect(page.status).toBe(403);
  expect(page.headers.getSetCookie()).toEqual([]);
  const apiCall = await SELF.fetch("https://ovation.test/user/v1/mts/login/password", {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
    body: JSON.stringify({ email: "a@example.com", password: "Encore#2026" }),
  });
  expect(apiCall.status).toBe(403);
  expect(((await apiCall.json()) as { statusCode: number }).statusCode).toBe(12371);
  // The same request from the same site, or from a native app (no fetch metadata), reaches the route.
  const sameSite = await SELF.fetch("https://ovation.test/user/v1/mts/login/password", {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ email: "nobody-web@example.com", password: "Encore#2026" }),
  });
  expect(((await sameSite.json()) as { statusCode: number }).statusCode).toBe(200302);
});

test("a page that sets a cookie is never cached", async () => {
  const response = await SELF.fetch("https://ovation.test/?language=zh-HK&currency=HKD", { headers: { host: "ovation.test" }, redirect: "manual" });
  expect(response.headers.getSetCookie().length).toBeGreaterThan(0);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
});

test("a plain-http POST on a deployed host is redirected to https with 308, a GET with 301", async () => {
  const post = await SELF.fetch("http://www.ovation.example/user/v1/mts/login/password", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
    redirect: "manual",
  });
  expect(post.status).toBe(308);
  expect(post.headers.get("location")).toBe("https://www.ovation.example/user/v1/mts/login/password");
  const get = await SELF.fetch("http://www.ovation.example/events?page=2", { redirect: "manual" });
  expect(get.status).toBe(301);
  expect(get.headers.get("location")).toBe("https://www.ovation.example/events?page=2");
});
