/**
 * The bot gate at Place order (docs/decisions.md 310): while a session's queue is on, placing an
 * order, on the confirm-order page or through the API, needs a Turnstile token that siteverify
 * (answered at the HTTP boundary by tests/support/siteverify-double.ts) passes; a refusal says so
 * in the viewer's language and writes no order. A session without the queue needs no token.
 */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { fairnessReport, joinQueue } from "../../functions/market/demand";
import { signToken } from "../../functions/market/demand/signed-token";
import { createMarketContext } from "../../functions/wiring";
import { admissionCookieHeader } from "../../app/server/demand.server";
import { fetchWorker } from "./support/api";
import { cookieFor } from "./support/chat";
import { CONTACT, makeBuyer, makeListing, marketFor } from "./support/buying";
import { BOT_CHECK, MINUTE, queueOn } from "./support/queue";

const DAY = 24 * 60 * MINUTE;
/** Cloudflare's documented test secret whose siteverify always fails. */
const FAILING_SECRET = { TURNSTILE_SECRET_KEY: "2x0000000000000000000000000000000AA" };

const REFUSED = {
  "en-US": "We couldn't confirm you're a person, so your order hasn't been placed. Finish the check above (it needs JavaScript), then press Place order again.",
  "zh-HK": "我們未能確認你是真人，所以你的訂單尚未提交。請先完成上方的驗證（需要開啟 JavaScript），然後再按「提交訂單」。",
} as const;

type Language = keyof typeof REFUSED;

/** A session on sale in a month with 10 tickets, its queue on (or not), and a buyer it admitted. */
async function hotSession(options: { queue: boolean } = { queue: true }) {
  const now = Date.now();
  const { listingId, sessionId } = await makeListing({ quantity: 10, startsAt: now + 30 * DAY });
  if (options.queue) await queueOn(sessionId, { shards: 1, admitPerMinute: 6, opensAt: now - MINUTE });
  const userId = await makeBuyer();
  const admissionToken = await signToken(marketFor(userId, { now: Date.now }), "admit", [sessionId, userId, now + 15 * MINUTE]);
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return { listingId, sessionId, userId, admissionToken, accessToken: session.token };
}

const ordersOf = (listingId: number) => env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE listing_id = ?").bind(listingId).first<number>("n");

/** POST /user/order/v1/create as an app sends it, with `bindings` replaced. */
async function createThroughApi(accessToken: string, body: Record<string, unknown>, language: Language = "en-US", bindings: Partial<Env> = {}) {
  const response = await fetchWorker(
    "/user/order/v1/create",
    { method: "POST", headers: { "access-token": accessToken, "content-type": "application/json", lan: language }, body: JSON.stringify(body) },
    bindings,
  );
  return (await response.json()) as { statusCode: number; message: string; data: { id?: number; quantity?: number } | null };
}

/** Place order on the confirm-order page without JavaScript (a plain form post), with `bindings` replaced. */
async function placeOnPage(hot: Awaited<ReturnType<typeof hotSession>>, language: Language, fields: Record<string, string>, bindings: Partial<Env> = {}) {
  const admission = (await admissionCookieHeader(hot.admissionToken)).split(";")[0];
  const cookie = `${await cookieFor(hot.userId, language)}; ${admission}`;
  return fetchWorker(
    `/confirm-order?listingId=${hot.listingId}&quantity=2`,
    {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "place-order", ...CONTACT, ...fields }).toString(),
    },
    bindings,
  );
}

/** The page's text as a reader sees it (React writes an apostrophe as an entity). */
const readable = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

test("while the queue is on, the failing test key refuses Place order on the page and the API in en-US and zh-HK, writes no order, and counts the refusals", async () => {
  const hot = await hotSession();
  // One buyer joined, so the room has its shards (the fairness report counts refusals on them).
  await joinQueue(marketFor(null, { now: Date.now }), hot.sessionId, BOT_CHECK);

  for (const language of ["en-US", "zh-HK"] as const) {
    const answer = await createThroughApi(hot.accessToken, { listingId: hot.listingId, quantity: 2, ...CONTACT, admissionToken: hot.admissionToken, ...BOT_CHECK }, language, FAILING_SECRET);
    expect(answer).toMatchObject({ statusCode: 610041, message: REFUSED[language], data: { sessionId: hot.sessionId } });

    const refused = await placeOnPage(hot, language, BOT_CHECK, FAILING_SECRET);
    expect(refused.status).toBe(400);
    const html = readable(await refused.text());
    expect(html).toContain('data-testid="refusal"');
    expect(html).toContain(REFUSED[language]);
  }
  expect(await ordersOf(hot.listingId)).toBe(0);
  expect(await fairnessReport(marketFor(null, { now: Date.now }), hot.sessionId)).toMatchObject({ joined: 1, refusedByBotCheck: 4 });
});

test("while the queue is on, Place order without a token is refused even with the passing key, and no order is written", async () => {
  const hot = await hotSession();
  const answer = await createThroughApi(hot.accessToken, { listingId: hot.listingId, quantity: 2, ...CONTACT, admissionToken: hot.admissionToken });
  expect(answer).toMatchObject({ statusCode: 610041, message: REFUSED["en-US"] });
  const refused = await placeOnPage(hot, "zh-HK", {});
  expect(refused.status).toBe(400);
  expect(readable(await refused.text())).toContain(REFUSED["zh-HK"]);
  // A token that is not a string is a bad field, a 4xx, never a 500.
  const malformed = await createThroughApi(hot.accessToken, { listingId: hot.listingId, quantity: 2, ...CONTACT, admissionToken: hot.admissionToken, botCheck: 42 });
  expect(malformed.statusCode).toBe(12308);
  expect(await ordersOf(hot.listingId)).toBe(0);
});

test("while the queue is on, the passing test key places the order on the page and through the API", async () => {
  const onPage = await hotSession();
  const placed = await placeOnPage(onPage, "en-US", BOT_CHECK);
  expect(placed.status).toBe(302);
  expect(placed.headers.get("location")).toMatch(new RegExp(`^/confirm-order\\?listingId=${onPage.listingId}&quantity=2&orderId=\\d+&sheet=pay$`));
  expect(await ordersOf(onPage.listingId)).toBe(1);

  const throughApi = await hotSession();
  const answer = await createThroughApi(throughApi.accessToken, { listingId: throughApi.listingId, quantity: 2, ...CONTACT, admissionToken: throughApi.admissionToken, ...BOT_CHECK });
  expect(answer).toMatchObject({ statusCode: 200, data: { quantity: 2 } });
  expect(await ordersOf(throughApi.listingId)).toBe(1);
});

test("a session without the queue needs no token, and its page shows no check", async () => {
  const cold = await hotSession({ queue: false });
  const answer = await createThroughApi(cold.accessToken, { listingId: cold.listingId, quantity: 2, ...CONTACT }, "en-US", FAILING_SECRET);
  expect(answer).toMatchObject({ statusCode: 200, data: { quantity: 2 } });
  expect(await ordersOf(cold.listingId)).toBe(1);
  const page = await fetchWorker(`/confirm-order?listingId=${cold.listingId}&quantity=1`, { headers: { cookie: await cookieFor(cold.userId) } }, {});
  const html = await page.text();
  expect(html).toContain('value="place-order"');
  expect(html).not.toContain('data-testid="bot-check"');
  expect(page.headers.get("content-security-policy")).not.toContain("challenges.cloudflare.com");
});

test("a hot session's confirm-order page draws the check above Place order, lets its script in, and says what to do without JavaScript, in both languages", async () => {
  const hot = await hotSession();
  const admission = (await admissionCookieHeader(hot.admissionToken)).split(";")[0];
  for (const [language, noScript] of [
    ["en-US", "This session is in high demand, so placing an order takes a check that keeps bots out, and the check needs JavaScript. Turn JavaScript on in your browser settings, then reload this page to place your order."],
    ["zh-HK", "此場次需求殷切，提交訂單前須通過阻擋機械人的驗證，而驗證需要 JavaScript。請在瀏覽器設定中開啟 JavaScript，然後重新載入此頁以提交訂單。"],
  ] as const) {
    const page = await fetchWorker(`/confirm-order?listingId=${hot.listingId}&quantity=2`, { headers: { cookie: `${await cookieFor(hot.userId, language)}; ${admission}` } }, {});
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("content-security-policy")).toContain("https://challenges.cloudflare.com");
    const html = readable(await page.text());
    expect(html).toContain('data-testid="bot-check"');
    expect(html).toContain(`<p data-testid="bot-check-noscript">${noScript}</p>`);
    expect(html.indexOf('data-testid="bot-check"')).toBeLessThan(html.indexOf('value="place-order"'));
  }
});
