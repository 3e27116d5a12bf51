/**
 * The MDN HTTP Observatory's verdict on each kind of answer, from its own scoring rules
 * (tests/worker/support/observatory.ts): an HTML page, a signed-in page with its cookies, the
 * JSON API, a build file served by the platform, and a redirect each earn A+. Here the requests are
 * https, so its two HTTPS tests are judged too; tests/e2e/observatory.spec.ts runs the
 * Observatory's own scanner against the running Worker over plain http.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { STRONG_PASSWORD, registerThroughApi } from "./support/accounts";
import { seedCatalog } from "./support/catalog";
import { staticAssetHeaders } from "../../functions/web/security-headers";
import { grade, headersFromFile, observe, OBSERVATORY_ORIGIN, type Report } from "./support/observatory";

const SITE = "https://www.ovation.example";

beforeAll(async () => {
  await seedCatalog();
});

/** What the Observatory fetches for one address: the https answer (with its Origin probe) and the http one. */
async function observatoryOf(path: string, init: RequestInit = {}): Promise<{ report: Report; status: number }> {
  const url = new URL(path, SITE);
  const headers = new Headers(init.headers);
  // The Observatory's CORS probe; a form post keeps our own origin, or it would be refused.
  if (!headers.has("origin")) headers.set("origin", OBSERVATORY_ORIGIN);
  const answer = await SELF.fetch(url, { ...init, headers, redirect: "manual" });
  const body = await answer.text();
  const http = await SELF.fetch(`http://${url.host}${url.pathname}${url.search}`, { redirect: "manual" });
  await http.arrayBuffer();
  return { report: observe({ url, headers: answer.headers, body, http }), status: answer.status };
}

/** Every test but SRI and cookies passes the same way on every kind of answer. */
const COMMON: Report = {
  "content-security-policy": { result: "csp-implemented-with-unsafe-inline-in-style-src-only", modifier: 0 },
  "cross-origin-resource-sharing": { result: "cross-origin-resource-sharing-not-implemented", modifier: 0 },
  redirection: { result: "redirection-to-https", modifier: 0 },
  "referrer-policy": { result: "referrer-policy-private", modifier: 5 },
  "strict-transport-security": { result: "hsts-implemented-max-age-at-least-six-months", modifier: 0 },
  "x-content-type-options": { result: "x-content-type-options-nosniff", modifier: 0 },
  "x-frame-options": { result: "x-frame-options-implemented-via-csp", modifier: 5 },
  "cross-origin-resource-policy": { result: "corp-implemented-with-same-origin", modifier: 10 },
};
const { redirection: _redirection, ...COMMON_WITHOUT_REDIRECTION } = COMMON;
const NO_COOKIES = { cookies: { result: "cookies-not-found", modifier: 0 } };

test("a tour page scores A+ (120): it loads its scripts as modules from inline code and sets no cookie", async () => {
  const { report, status } = await observatoryOf("/tourDetail?id=1");
  expect(status).toBe(200);
  expect(report).toEqual({
    ...COMMON,
    ...NO_COOKIES,
    "subresource-integrity": { result: "sri-not-implemented-but-no-scripts-loaded", modifier: 0 },
  });
  expect(grade(report)).toEqual({ score: 120, grade: "A+" });
});

test("home scores A+ (120)", async () => {
  const { report } = await observatoryOf("/");
  expect(grade(report)).toEqual({ score: 120, grade: "A+" });
});

test("signing in on the web sets only secure, HttpOnly, SameSite cookies and scores A+ (125)", async () => {
  const account = await registerThroughApi();
  const { report, status } = await observatoryOf("/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE },
    body: new URLSearchParams({ email: account.email, password: STRONG_PASSWORD }),
  });
  expect(status).toBe(302);
  expect(report.cookies).toEqual({ result: "cookies-secure-with-httponly-sessions-and-samesite", modifier: 5 });
  expect(grade(report)).toEqual({ score: 125, grade: "A+" });
});

test("a JSON API answer scores A+ (120) and shares nothing across origins", async () => {
  const { report, status } = await observatoryOf("/pub/home/v1/language/list");
  expect(status).toBe(200);
  expect(report).toEqual({
    ...COMMON,
    ...NO_COOKIES,
    "subresource-integrity": { result: "sri-not-implemented-response-not-html", modifier: 0 },
  });
  expect(grade(report)).toEqual({ score: 120, grade: "A+" });
});

test("a redirect scores A+ (120)", async () => {
  const { report, status } = await observatoryOf("/logout");
  expect(status).toBe(302);
  expect(report).toMatchObject({ ...COMMON, "subresource-integrity": { result: "sri-not-implemented-response-not-html", modifier: 0 } });
  expect(grade(report)).toEqual({ score: 120, grade: "A+" });
});

test("a missing page scores A+ (120) too", async () => {
  const { report, status } = await observatoryOf("/no-such-page");
  expect(status).toBe(404);
  expect(grade(report)).toEqual({ score: 120, grade: "A+" });
});

test("plain http to a deployed host is sent to the same address over https before anything runs", async () => {
  const get = await SELF.fetch("http://www.ovation.example/tourDetail?id=1&lang=zh-HK", { redirect: "manual" });
  expect(get.status).toBe(301);
  expect(get.headers.get("location")).toBe("https://www.ovation.example/tourDetail?id=1&lang=zh-HK");
  const post = await SELF.fetch("http://www.ovation.example/login", { method: "POST", body: "x=1", redirect: "manual" });
  expect(post.status).toBe(308);
  expect(post.headers.get("location")).toBe("https://www.ovation.example/login");
  const local = await SELF.fetch("http://127.0.0.1:8787/pub/home/v1/language/list", { redirect: "manual" });
  expect(local.status).toBe(200);
  await local.arrayBuffer();
});


test("a hashed build file the platform serves scores A+ (120) on the headers _headers gives it", () => {
  const headers = headersFromFile(staticAssetHeaders(), "/assets/entry.client-DqdKx9hZ.js");
  headers.set("content-type", "text/javascript");
  expect(headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  // The platform answers files before the Worker runs, so plain http to a file is upgraded by
  // the zone's Always Use HTTPS (README 'Deploy'), not by us: no redirection test here.
  const report = observe({ url: new URL("/assets/entry.client-DqdKx9hZ.js", SITE), headers, body: "", http: null });
  expect(report).toEqual({ ...COMMON_WITHOUT_REDIRECTION, ...NO_COOKIES, "subresource-integrity": { result: "sri-not-implemented-response-not-html", modifier: 0 } });
  expect(grade(report)).toEqual({ score: 120, grade: "A+" });
});

test("the same rules score a response with none of these headers 10 (F)", async () => {
  const bare = new Response("<!doctype html><title>x</title>", { headers: { "content-type": "text/html" } });
  const report = observe({ url: new URL("/", SITE), headers: bare.headers, body: await bare.text(), http: new Response("", { status: 200 }) });
  expect(grade(report)).toEqual({ score: 10, grade: "F" });
});
