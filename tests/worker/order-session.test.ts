/**
 * Placing an order through the API checks the caller's session in the order's own read
 * (docs/decisions.md 172): every session that opens nothing still gets SPEC §8's code, in the
 * viewer's language, before anything the order itself would say, whether the token comes in
 * the access-token header or as the web session cookie.
 */
import { env, SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { openSession, revokeSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { SESSION_COOKIE } from "../../functions/web/session";
import { CONTACT, makeBuyer, makeListing } from "./support/buying";

const ORIGIN = "http://localhost";
const MONTH = 30 * 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

interface Envelope {
  statusCode: number;
  message: string;
  data: { status?: string; quantity?: number } | null;
}

async function create(headers: Record<string, string>, body: string) {
  const response = await SELF.fetch(`${ORIGIN}/user/order/v1/create`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return { status: response.status, body: (await response.json()) as Envelope };
}

async function session() {
  const userId = await makeBuyer();
  const market = createMarketContext({ env, viewer: DEFAULT_VIEWER });
  return { market, ...(await openSession(market, { userId, registered: false })) };
}

const orderOf = (listingId: number, quantity = 1) => JSON.stringify({ listingId, quantity, ...CONTACT });
const onSale = (quantity = 4) => makeListing({ quantity, startsAt: Date.now() + MONTH });

test("a valid token places the order from the header and from the web session cookie", async () => {
  const { listingId } = await onSale();
  const byHeader = await session();
  const byCookie = await session();
  expect((await create({ "access-token": byHeader.token }, orderOf(listingId))).body).toMatchObject({ statusCode: 200, data: { status: "pending_payment", quantity: 1 } });
  expect((await create({ cookie: `${SESSION_COOKIE}=${byCookie.token}` }, orderOf(listingId, 2))).body).toMatchObject({ statusCode: 200, data: { status: "pending_payment", quantity: 2 } });
});

test("an unknown token is tokenInvalid, from the header and from the cookie", async () => {
  const { listingId } = await onSale();
  expect((await create({ "access-token": "not-a-session-token" }, orderOf(listingId))).body).toMatchObject({ statusCode: 12315, message: "Your session is no longer valid. Please sign in again." });
  expect((await create({ cookie: `${SESSION_COOKIE}=not-a-session-token` }, orderOf(listingId))).body.statusCode).toBe(12315);
});

test("an expired session is tokenExpired, in the viewer's language", async () => {
  const { listingId } = await onSale();
  const expired = await session();
  await env.DB.prepare("UPDATE user_sessions SET expires_at = ? WHERE user_id = ?").bind(Date.now() - 1, expired.userId).run();
  const answer = await create({ "access-token": expired.token, lan: "zh-HK" }, orderOf(listingId));
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ statusCode: 12345, message: "登入已過期，請重新登入。", data: null });
});

test("a revoked session, a disabled account and another session's tsessionid are refused before the order is placed", async () => {
  const { listingId } = await onSale(1);
  const revoked = await session();
  await revokeSession(revoked.market, revoked.token);
  const disabled = await session();
  await env.DB.prepare("UPDATE users SET disabled_at = ? WHERE id = ?").bind(Date.now(), disabled.userId).run();
  const first = await session();
  const second = await session();

  expect((await create({ "access-token": revoked.token }, orderOf(listingId))).body.statusCode).toBe(12315);
  expect((await create({ "access-token": disabled.token }, orderOf(listingId))).body.statusCode).toBe(130001);
  expect((await create({ "access-token": first.token, tsessionid: second.publicId }, orderOf(listingId))).body.statusCode).toBe(12315);
  // None of them took the one ticket: a valid buyer still gets it.
  expect((await create({ "access-token": first.token, tsessionid: first.publicId }, orderOf(listingId))).body.statusCode).toBe(200);
});

test("a session that opens nothing is told so before a malformed body, a bad field or a missing listing", async () => {
  const { listingId } = await onSale();
  const unknown = { "access-token": "not-a-session-token" };
  expect((await create(unknown, "{not json")).body.statusCode).toBe(12315);
  expect((await create(unknown, orderOf(listingId, 0))).body.statusCode).toBe(12315);
  expect((await create(unknown, orderOf(987654321))).body.statusCode).toBe(12315);

  const valid = { "access-token": (await session()).token };
  expect((await create(valid, "{not json")).body).toMatchObject({ statusCode: 12308 });
  expect((await create(valid, orderOf(listingId, 0))).body).toMatchObject({ statusCode: 12308 });
  const missing = await create(valid, orderOf(987654321));
  expect(missing.status).toBe(404);
  expect(missing.body.statusCode).toBe(404);
});

test("a create slides a session last seen over an hour ago, as any signed-in call does", async () => {
  const { listingId } = await onSale();
  const idle = await session();
  const lastSeen = Date.now() - 2 * HOUR;
  await env.DB.prepare("UPDATE user_sessions SET last_seen_at = ?, expires_at = ? WHERE user_id = ?").bind(lastSeen, lastSeen + MONTH, idle.userId).run();
  expect((await create({ "access-token": idle.token }, orderOf(listingId))).body.statusCode).toBe(200);
  const row = await env.DB.prepare("SELECT last_seen_at AS lastSeenAt, expires_at AS expiresAt FROM user_sessions WHERE user_id = ?").bind(idle.userId).first<{ lastSeenAt: number; expiresAt: number }>();
  expect(row!.lastSeenAt).toBeGreaterThan(lastSeen + HOUR);
  expect(row!.expiresAt - row!.lastSeenAt).toBe(MONTH);
});
