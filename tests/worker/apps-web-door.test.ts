/**
 * The apps and partner channels on the web door: the partner's silent login on the first
 * screen, an app token the server refuses handed back to the page for renewal, student
 * verification as plain forms (no JavaScript), and the students-only mark on listings.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { signChannelRequest } from "../../functions/market/accounts/channel-registry";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { SESSION_COOKIE } from "../../functions/web/session";
import { silentRegistryBody } from "../../functions/web/app-context";
import { latestCode } from "./support/accounts";
import { makeBuyer, makeListing, seedCurrencies } from "./support/buying";
import { seedCatalog } from "./support/catalog";

// Places (CN and its +86) and currencies, before the first page reads them.
beforeAll(async () => {
  await seedCatalog();
  await seedCurrencies();
});

/** A dev host: a channel without a configured key may sign in unsigned. */
const DEV = "http://localhost";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const SIGN_IN_LINK = 'href="/login?redirectTo=%2Fmine"';
const MONTH = 30 * 24 * 60 * 60_000;

const get = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`${DEV}${path}`, { headers: { host: "localhost", ...headers }, redirect: "manual" });
const sessionOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    ?.split(";")[0]
    .slice(SESSION_COOKIE.length + 1);
const userIdOfEmail = async (email: string) => (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: number }>())?.id;

async function cookieFor(userId: number, extra = ""): Promise<string> {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return `${SESSION_COOKIE}=${session.token}; language=en-US${extra}`;
}

test("an MTL_LAUNCH guest opened with its user's email is signed in on the first screen, the same account each time", async () => {
  const email = `mtl-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const first = await get(`/mine?channel=MTL_LAUNCH&email=${encodeURIComponent(email)}&nickName=Mei`);
  expect(await first.text()).not.toContain(SIGN_IN_LINK);
  expect(sessionOf(first)).toBeTruthy();
  const userId = await userIdOfEmail(email);
  expect(userId).toBeGreaterThan(0);

  const again = await get(`/mine?channel=MTL_LAUNCH&email=${encodeURIComponent(email)}`);
  expect(await again.text()).not.toContain(SIGN_IN_LINK);
  expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").bind(email).first("n")).toBe(1);
});

test("a page in a partner channel is in mainland China, its order form starting at +86", async () => {
  const { listingId } = await makeListing({ startsAt: Date.now() + MONTH, quantity: 4 });
  const userId = await makeBuyer();
  const html = await (await get(`/confirm-order?listingId=${listingId}&quantity=1&channel=PiaoXiaoer`, { cookie: await cookieFor(userId) })).text();
  expect(html).toMatch(/<option[^>]*value="86"[^>]*selected/);
});

test("the plain web channel never signs in from an email in the address", async () => {
  const email = `web-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await get(`/mine?email=${encodeURIComponent(email)}`);
  expect(await response.text()).toContain(SIGN_IN_LINK);
  expect(await userIdOfEmail(email)).toBeUndefined();
});

test("in production the silent login needs the partner's signature over its fields", async () => {
  const email = `signed-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const prod = (path: string) => SELF.fetch(`https://ovation.test${path}`, { headers: { host: "ovation.test" }, redirect: "manual" });
  // No key configured for PiaoXiaoer here: production refuses and the page stays a guest's.
  const refused = await prod(`/mine?channel=PiaoXiaoer&email=${encodeURIComponent(email)}`);
  expect(await refused.text()).toContain(SIGN_IN_LINK);
  expect(await userIdOfEmail(email)).toBeUndefined();
  expect(silentRegistryBody("PiaoXiaoer", { email, nickName: "Mei" })).toBe(`{"channel":"PiaoXiaoer","email":"${email}","nickName":"Mei"}`);
  expect(await signChannelRequest("k", "1", "{}")).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test("an expired app token leaves the page a guest's and tells the page to ask the app for a new one (tokenExpired)", async () => {
  const userId = await makeBuyer();
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  await env.DB.prepare("UPDATE user_sessions SET expires_at = ? WHERE user_id = ?").bind(Date.now() - 1000, userId).run();
  const response = await get(`/mine?token=${encodeURIComponent(session.token)}&src=iOS`);
  const html = await response.text();
  expect(html).toContain(SIGN_IN_LINK);
  // The root data (turbo-stream, escaped inside the page) carries the code.
  expect(html).toMatch(/tokenRefused[\\"]*,12345/);
});

test("student verification works as plain forms: a school email, the mailed code, then the badge on Me", async () => {
  const userId = await makeBuyer();
  const cookie = await cookieFor(userId, "; ovation_app=channel%3DMTL_LAUNCH");
  const headers = { cookie, "user-agent": PHONE, host: "localhost" };
  const post = (fields: Record<string, string>) =>
    SELF.fetch(`${DEV}/student-certification`, { method: "POST", headers: { ...headers, origin: DEV, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields), redirect: "manual" });

  expect(await (await get("/student-certification", headers)).text()).toContain('name="schoolEmail"');
  const wrong = await post({ intent: "code", schoolEmail: "chan@gmail.com" });
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain("Please enter your school email address");

  const school = `s${crypto.randomUUID().slice(0, 8)}@connect.hku.hk`;
  const sent = await post({ intent: "code", schoolEmail: school });
  expect(sent.status).toBe(302);
  expect(await (await get("/student-certification", headers)).text()).toContain('name="code"');
  const verified = await post({ intent: "verify", code: await latestCode(school) });
  expect(verified.status).toBe(302);
  expect(await (await get("/student-certification", headers)).text()).toContain('data-testid="student-verified"');
  expect(await (await get("/mine", headers)).text()).toContain('data-testid="student-badge"');
});

test("the plain web channel is told student verification is not offered there", async () => {
  const userId = await makeBuyer();
  const html = await (await get("/student-certification", { cookie: await cookieFor(userId), "user-agent": PHONE })).text();
  expect(html).toContain('data-testid="student-unavailable"');
  expect(html).not.toContain('name="schoolEmail"');
});

test("a listing kept for students wears its mark on pick-seat and on the ticket confirmation", async () => {
  const { listingId, sessionId } = await makeListing({ startsAt: Date.now() + MONTH, quantity: 4 });
  await env.DB.prepare("UPDATE listings SET students_only = 1 WHERE id = ?").bind(listingId).run();
  const seats = await (await get(`/pick-seat?sessionId=${sessionId}&quantity=2`)).text();
  expect(seats).toContain('data-testid="students-only"');
  const confirm = await (await get(`/confirm-ticket?listingId=${listingId}&quantity=2`)).text();
  expect(confirm).toContain('data-testid="students-only-note"');
});
