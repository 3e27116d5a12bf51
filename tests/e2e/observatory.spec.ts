/**
 * The MDN HTTP Observatory's own scanner pointed at the running Worker (tests/e2e/support/
 * observatory.ts): every kind of answer passes each of its tests that a plain-http server can
 * pass. Its two HTTPS tests (redirection to https, Strict-Transport-Security) cannot pass without
 * TLS; tests/worker/observatory.test.ts asserts those headers one by one on https requests.
 */
import { readdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E_ORIGIN } from "./playwright.config";
import { observe, type ObservatoryOutcome } from "./support/observatory";

/** The two HTTPS tests: an address that redirects (to sign in) is judged on where it sends, not on https. */
function httpsOnly(redirection: string): ObservatoryOutcome[] {
  return [
    { test: "redirection", pass: false, result: redirection },
    { test: "strict-transport-security", pass: false, result: "hsts-not-implemented-no-https" },
  ];
}

/** What a passing page earns on every test but the HTTPS ones and subresource integrity. */
function passing(subresourceIntegrity: string): ObservatoryOutcome[] {
  return [
    { test: "content-security-policy", pass: true, result: "csp-implemented-with-unsafe-inline-in-style-src-only" },
    { test: "cookies", pass: true, result: "cookies-not-found" },
    { test: "cross-origin-resource-sharing", pass: true, result: "cross-origin-resource-sharing-not-implemented" },
    { test: "referrer-policy", pass: true, result: "referrer-policy-private" },
    { test: "subresource-integrity", pass: true, result: subresourceIntegrity },
    { test: "x-content-type-options", pass: true, result: "x-content-type-options-nosniff" },
    { test: "x-frame-options", pass: true, result: "x-frame-options-implemented-via-csp" },
    { test: "cross-origin-resource-policy", pass: true, result: "corp-implemented-with-same-origin" },
  ];
}

const byTest = (outcomes: ObservatoryOutcome[]) => [...outcomes].sort((a, b) => a.test.localeCompare(b.test));
const SAME_ORIGIN_SCRIPTS = "sri-not-implemented-but-all-scripts-loaded-from-secure-origin";
const NOT_HTML = "sri-not-implemented-response-not-html";

// One install of the scanner on a fresh machine takes a while (one worker installs it; the scans
// themselves are quick).
test.describe.configure({ mode: "serial", timeout: 180_000 });

const answers: { kind: string; path: () => string; status: number; sri: string; redirection?: string }[] = [
  { kind: "the home page", path: () => "/", status: 200, sri: SAME_ORIGIN_SCRIPTS },
  { kind: "a tour page", path: () => "/tourDetail?id=1", status: 200, sri: SAME_ORIGIN_SCRIPTS },
  { kind: "the sign-in page a signed-out visitor is sent to from their orders", path: () => "/my-order", status: 200, sri: SAME_ORIGIN_SCRIPTS, redirection: "redirection-not-to-https" },
  { kind: "a page that does not exist", path: () => "/no-such-page", status: 404, sri: SAME_ORIGIN_SCRIPTS },
  { kind: "a JSON call of the API", path: () => "/pub/tour/v1/list", status: 200, sri: NOT_HTML },
  {
    kind: "a build file served by the platform",
    path: () => `/assets/${readdirSync("build/client/assets").find((file) => file.endsWith(".js"))}`,
    status: 200,
    sri: NOT_HTML,
  },
  { kind: "robots.txt", path: () => "/robots.txt", status: 200, sri: NOT_HTML },
];

for (const answer of answers) {
  test(`the Observatory passes ${answer.kind} on every test plain http allows`, async () => {
    const { status, outcomes } = await observe(E2E_ORIGIN, answer.path());
    expect(status).toBe(answer.status);
    expect(byTest(outcomes)).toEqual(byTest([...passing(answer.sri), ...httpsOnly(answer.redirection ?? "redirection-missing")]));
  });
}
