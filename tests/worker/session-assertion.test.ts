/**
 * The session assertion (docs/decisions.md 268): a signed-in read takes its account from a
 * short-lived signed statement instead of D1; anything that changes something still reads the
 * session in D1; an assertion opens nothing without its own token, past its five minutes, or
 * signed with another key; a deployment without the key issues none.
 */
import { env } from "cloudflare:test";
import { beforeEach, expect, test } from "vitest";
import { openSession, revokeAccountSessions } from "../../functions/market/accounts/sessions";
import { assertedSession, assertSession } from "../../functions/market/accounts/session-assertion";
import { sha256 } from "../../functions/market/context/crypto";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { createMarketContext } from "../../functions/wiring";
import { ASSERTION_COOKIE, SESSION_COOKIE } from "../../functions/web/session";
import { fetchWorker } from "./support/api";
import { setCookieValue } from "./support/accounts";
import { makeBuyer } from "./support/buying";
import { laggingD1 } from "./support/lagging-d1";

/** One copy only: the double here records the statements, it never lags. */
let d1: ReturnType<typeof laggingD1>;

beforeEach(() => {
  d1 = laggingD1(env.DB, env.DB);
});

/** How many statements of the recorded ones read or wrote a session. */
const sessionStatements = () => d1.take().filter((statement) => statement.sql.includes('"user_sessions"')).length;

async function signedIn() {
  const userId = await makeBuyer();
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: true });
  return { userId, token: session.token, cookie: `${SESSION_COOKIE}=${session.token}` };
}

const read = (path: string, cookie: string, bindings: Partial<Env> = {}) => fetchWorker(path, { headers: { cookie } }, { DB: d1.binding, ...bindings });

test("a signed-in page read with its session's assertion asks D1 nothing about the session", async () => {
  const buyer = await signedIn();
  const first = await read("/mine", buyer.cookie);
  const assertion = setCookieValue(first, ASSERTION_COOKIE) ?? "";
  expect(assertion.split(".")).toHaveLength(3);
  expect(sessionStatements()).toBe(1);

  const second = await read("/mine", `${buyer.cookie}; ${ASSERTION_COOKIE}=${assertion}`);
  const html = await second.text();
  expect(html).toContain("@example.com");
  expect(html).not.toContain("Sign in / Register");
  expect(sessionStatements()).toBe(0);
  expect(setCookieValue(second, ASSERTION_COOKIE)).toBeUndefined();
});

test("an assertion opens nothing with another account's token: that token's own account is read in D1", async () => {
  const mine = await signedIn();
  const theirs = await signedIn();
  const ctx = { ...createMarketContext({ env, viewer: DEFAULT_VIEWER }), viewer: { ...DEFAULT_VIEWER, environment: "production" as const } };
  const theirAssertion = await assertSession(ctx, { status: "valid", userId: theirs.userId, sessionId: 1, publicId: "p", registered: true }, await sha256(theirs.token));
  expect(await assertedSession(ctx, theirAssertion ?? "", await sha256(mine.token))).toBeNull();
  expect(await assertedSession(ctx, theirAssertion ?? "", await sha256(theirs.token))).toMatchObject({ status: "valid", userId: theirs.userId });

  // Their assertion beside my token: the page is mine, and my session was read in D1.
  await read("/mine", `${mine.cookie}; ${ASSERTION_COOKIE}=${theirAssertion}`);
  expect(sessionStatements()).toBe(1);
});

test("an assertion lasts five minutes, and one signed with another key is worth nothing", async () => {
  const buyer = await signedIn();
  const at = Date.parse("2026-11-29T10:00:00Z");
  const base = createMarketContext({ env, viewer: DEFAULT_VIEWER });
  const ctxAt = (now: number, key = "test-session-signing-key-51d0") => ({ ...base, env: { ...env, SESSION_SIGNING_KEY: key }, now: () => now });
  const session = { status: "valid" as const, userId: buyer.userId, sessionId: 7, publicId: "p7", registered: true };
  const hash = await sha256(buyer.token);
  const assertion = (await assertSession(ctxAt(at), session, hash)) ?? "";
  expect(await assertedSession(ctxAt(at + 299_000), assertion, hash)).toEqual(session);
  expect(await assertedSession(ctxAt(at + 301_000), assertion, hash)).toBeNull();
  expect(await assertedSession(ctxAt(at, "another-key"), assertion, hash)).toBeNull();
  // Presented with another tsessionid, it is not this session's.
  expect(await assertedSession(ctxAt(at), assertion, hash, "p8")).toBeNull();
});

test("a form posted with an assertion reads the session in D1: a session ended elsewhere changes nothing", async () => {
  const buyer = await signedIn();
  const assertion = setCookieValue(await read("/mine", buyer.cookie), ASSERTION_COOKIE);
  d1.take();
  await revokeAccountSessions(createMarketContext({ env, viewer: DEFAULT_VIEWER }), buyer.userId);
  const cookie = `${buyer.cookie}; ${ASSERTION_COOKIE}=${assertion}`;
  const posted = await fetchWorker(
    "/address-create",
    { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ fullName: "Mei Chan", intent: "save" }).toString() },
    { DB: d1.binding },
  );
  expect([posted.status, posted.headers.get("location")]).toEqual([302, "/login?redirectTo=%2Faddress-create"]);
  expect(sessionStatements()).toBe(1);
  expect(await env.DB.prepare("SELECT count(*) AS n FROM addresses WHERE user_id = ?").bind(buyer.userId).first("n")).toBe(0);
});

test("a ticket's page reads its session in D1 despite an assertion: a session ended elsewhere opens no ticket", async () => {
  const buyer = await signedIn();
  const assertion = setCookieValue(await read("/mine", buyer.cookie), ASSERTION_COOKIE);
  const cookie = `${buyer.cookie}; ${ASSERTION_COOKIE}=${assertion}`;
  d1.take();
  // Still signed in: the ticket's page asks D1 about the session (no such order here, so 404).
  expect((await read("/ticket-detail?id=999999", cookie)).status).toBe(404);
  expect(sessionStatements()).toBe(1);

  await revokeAccountSessions(createMarketContext({ env, viewer: DEFAULT_VIEWER }), buyer.userId);
  const after = await read("/ticket-detail?id=999999", cookie);
  expect([after.status, after.headers.get("location")]).toEqual([302, "/login?redirectTo=%2Fticket-detail%3Fid%3D999999"]);
  // An ordinary page still takes the assertion for its five minutes.
  d1.take();
  await read("/mine", cookie);
  expect(sessionStatements()).toBe(0);
});

test("a deployment without SESSION_SIGNING_KEY issues no assertion and reads every session in D1", async () => {
  const buyer = await signedIn();
  const first = await read("/mine", buyer.cookie, { SESSION_SIGNING_KEY: undefined });
  expect(setCookieValue(first, ASSERTION_COOKIE)).toBeUndefined();
  expect(await first.text()).not.toContain("Sign in / Register");
  expect(sessionStatements()).toBe(1);
});

test("the API answers an assertion that an app's reads send back instead of a session read; its writes ignore it", async () => {
  const buyer = await signedIn();
  const api = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
    fetchWorker(path, { ...init, headers: { "access-token": buyer.token, ...headers } }, { DB: d1.binding });
  const first = await api("/user/address/v1/list", {});
  const assertion = first.headers.get("session-assertion") ?? "";
  expect(assertion.split(".")).toHaveLength(3);
  d1.take();

  const again = await api("/user/address/v1/list", { "session-assertion": assertion });
  expect(((await again.json()) as { statusCode: number }).statusCode).toBe(200);
  expect(sessionStatements()).toBe(0);

  await revokeAccountSessions(createMarketContext({ env, viewer: DEFAULT_VIEWER }), buyer.userId);
  const write = await api("/user/address/v1/set_default", { "session-assertion": assertion, "content-type": "application/json" }, { method: "POST", body: JSON.stringify({ id: 1 }) });
  expect(((await write.json()) as { statusCode: number }).statusCode).toBe(12315);
  expect(sessionStatements()).toBe(1);
});
