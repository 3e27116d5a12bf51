/**
 * A page address with ?token= (an app's hand-off) may set the session cookie only when the app
 * opened the page itself, and never over another signed-in account.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { registerThroughApi } from "./support/accounts";
import { seedCatalog } from "./support/catalog";

beforeAll(async () => {
  await seedCatalog();
});

const sessionSet = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-ovation_session="));

test("a ?token= link followed from another site sets no session cookie", async () => {
  const attacker = await registerThroughApi();
  const response = await SELF.fetch(`https://ovation.test/mine?token=${attacker.accessToken}`, {
    headers: { host: "ovation.test", "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
    redirect: "manual",
  });
  expect(sessionSet(response)).toBeUndefined();
});

test("a ?token= naming another account does not replace the signed-in one", async () => {
  const owner = await registerThroughApi();
  const other = await registerThroughApi();
  const response = await SELF.fetch(`https://ovation.test/mine?token=${other.accessToken}`, {
    headers: { host: "ovation.test", cookie: `__Host-ovation_session=${owner.accessToken}` },
    redirect: "manual",
  });
  expect(sessionSet(response)).toBeUndefined();
  expect(await response.text()).toContain(owner.maskEmail);
});

test("the app opening its own web view with its token signs the page in", async () => {
  const account = await registerThroughApi();
  const response = await SELF.fetch(`https://ovation.test/mine?token=${account.accessToken}`, { headers: { host: "ovation.test" }, redirect: "manual" });
  expect(sessionSet(response)).toBe(`__Host-ovation_session=${account.accessToken}; Max-Age=34560000; Path=/; HttpOnly; Secure; SameSite=Lax`);
});
