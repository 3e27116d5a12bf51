/**
 * The web door under malformed posts, as an attacker sends them: a JSON body, a text/plain body
 * or no body at all, to every action. Each answers 400 with its own view in the viewer's
 * language, and nothing is saved.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { SESSION_COOKIE } from "../../functions/web/session";
import { page } from "./support/api";
import { testDb } from "./support/buying";
import { seedCatalog } from "./support/catalog";
import { rowCounts } from "./support/tables";
import { paidDelivery } from "./support/delivery";

const MALFORMED: { shape: string; headers: Record<string, string>; body?: string }[] = [
  { shape: "a JSON body", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: ["a@b.c"], intent: true }) },
  { shape: "a text/plain body", headers: { "content-type": "text/plain" }, body: "intent=save&email=a@b.c" },
  { shape: "no body", headers: {} },
];

async function cookieFor(userId: number, language: string): Promise<string> {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return `${SESSION_COOKIE}=${session.token}; language=${language}`;
}

/** Rows in every table: a refused post changes none of them. */
// Pages read the reference data (locations, currencies) once per isolate.
beforeAll(() => seedCatalog());

test("every action answers a malformed post with 400 in the viewer's language and saves nothing", { timeout: 60_000 }, async () => {
  const { orderId, listingId, buyerId, provider, support } = await paidDelivery({ at: Date.now() });
  const [listing] = await testDb
    .select({ tourId: schema.shows.tourId })
    .from(schema.listings)
    .innerJoin(schema.sessions, eq(schema.sessions.id, schema.listings.sessionId))
    .innerJoin(schema.shows, eq(schema.shows.id, schema.sessions.showId))
    .where(eq(schema.listings.id, listingId));
  const buyer = await cookieFor(buyerId, "zh-HK");
  const paths: [string, string][] = [
    ["/login", ""],
    ["/login/code", ""],
    ["/register", ""],
    ["/password/reset", ""],
    ["/logout", buyer],
    ["/language-select", buyer],
    ["/currency-select", buyer],
    ["/location-select", buyer],
    ["/settings", buyer],
    ["/emailSupport", buyer],
    [`/tourDetail?id=${listing.tourId}`, buyer],
    ["/address-create", buyer],
    ["/address-list", buyer],
    ["/promo-code-list", buyer],
    [`/confirm-order?listingId=${listingId}&quantity=1`, buyer],
    [`/pay-success?orderId=${orderId}`, buyer],
    [`/order-detail?id=${orderId}`, buyer],
    [`/apply-for?orderId=${orderId}&kind=refund`, buyer],
    ["/process-list", buyer],
    [`/e-ticket?id=${orderId}`, buyer],
    [`/pickup-ticket?id=${orderId}`, buyer],
    ["/delivery-step", buyer],
    ["/sandbox-pay?payment=1", buyer],
    [`/provider/orders/${orderId}`, await cookieFor(provider.userId, "zh-HK")],
    [`/support/orders/${orderId}`, await cookieFor(support.userId, "zh-HK")],
    ["/support/demand", await cookieFor(support.userId, "zh-HK")],
  ];
  const before = await rowCounts();
  for (const [path, cookie] of paths) {
    for (const { shape, headers, body } of MALFORMED) {
      const response = await page(path, { method: "POST", headers: { ...headers, cookie: cookie || "language=zh-HK", accept: "text/html" }, body });
      expect(response.status, `${shape} to ${path}`).toBe(400);
      const html = await response.text();
      if (html.startsWith("<!DOCTYPE")) expect(html, `${shape} to ${path}`).toContain('lang="zh-HK"');
    }
  }
  const after = await rowCounts();
  // Opening a page may note the viewer's session; nothing a form would save changes.
  delete before.sessions;
  delete after.sessions;
  expect(after).toEqual(before);
});
