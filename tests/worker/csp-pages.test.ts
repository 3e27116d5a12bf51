/** Each page's CSP names the hosts that page loads from, and no other page's. */
import { SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { contentSecurityPolicy } from "../../functions/web/security-headers";
import { seedCatalog } from "./support/catalog";

const SITE = "https://www.ovation.example";

beforeAll(async () => {
  await seedCatalog();
});

async function policyOf(path: string): Promise<{ status: number; policy: string; leaked: string | null }> {
  const response = await SELF.fetch(`${SITE}${path}`, { headers: { host: "www.ovation.example" }, redirect: "manual" });
  await response.arrayBuffer();
  // The nonce changes on every answer; the rest of the policy is compared whole.
  const policy = (response.headers.get("content-security-policy") ?? "").replace(/'nonce-[A-Za-z0-9+/=]+'/, "'nonce-N'");
  return { status: response.status, policy, leaked: response.headers.get("x-ovation-page-sources") };
}

const FORMS = "form-action 'self' https://checkout.stripe.com https://hooks.stripe.com https://accounts.google.com https://appleid.apple.com; upgrade-insecure-requests";

test("/web-view frames its allowed hosts, and only them", async () => {
  const shown = await policyOf(`/web-view?url=${encodeURIComponent("https://help.ovation.example/refunds")}&title=Refunds`);
  expect(shown.status).toBe(200);
  expect(shown.leaked).toBeNull();
  expect(shown.policy).toBe(
    "default-src 'self'; script-src 'self' 'nonce-N'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; media-src 'self'; " +
      "frame-src https://ovation.example https://*.ovation.example https://help.ovation.example https://*.help.ovation.example; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; " +
      FORMS,
  );
});

test("/web-view refusing an address frames nothing", async () => {
  const refused = await policyOf(`/web-view?url=${encodeURIComponent("https://evil.example/login")}`);
  expect(refused.status).toBe(403);
  expect(refused.policy).toContain("; frame-src 'none'; ");
  expect(refused.policy).not.toContain("ovation.example");
});

test("/video-play plays, captions and shows posters from its allowed video host", async () => {
  const shown = await policyOf("/video-play?src=https%3A%2F%2Fmedia.ovation.example%2Ftour-3.mp4&poster=https%3A%2F%2Fmedia.ovation.example%2Ftour-3.jpg&title=Trailer");
  expect(shown.status).toBe(200);
  expect(shown.leaked).toBeNull();
  expect(shown.policy).toBe(
    "default-src 'self'; script-src 'self' 'nonce-N'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://media.ovation.example https://*.media.ovation.example; font-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
      "media-src 'self' https://media.ovation.example https://*.media.ovation.example; frame-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; " +
      FORMS,
  );
});

test("/video-play refusing a video allows no other host", async () => {
  const refused = await policyOf("/video-play?src=https%3A%2F%2Fevil.example%2Fa.mp4");
  expect(refused.status).toBe(403);
  expect(refused.policy).toContain("; media-src 'self'; frame-src 'none'; ");
  expect(refused.policy).not.toContain("media.ovation.example");
});

test("an ordinary page keeps frame-src 'none' and media-src 'self'", async () => {
  const ordinary = await policyOf("/tourDetail?id=1");
  expect(ordinary.status).toBe(200);
  expect(ordinary.policy).toBe(
    "default-src 'self'; script-src 'self' 'nonce-N'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; media-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; " +
      FORMS,
  );
});

test("a host name that is not one (a keyword, a directive's end) never reaches the policy", () => {
  const policy = contentSecurityPolicy(null, true, { frame: ["'unsafe-inline'", "a.example; script-src *", "*", "good.example"], media: ["http://x.example"] });
  expect(policy).toBe(
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; media-src 'self'; frame-src https://good.example https://*.good.example; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' https://checkout.stripe.com https://hooks.stripe.com https://accounts.google.com https://appleid.apple.com",
  );
});
