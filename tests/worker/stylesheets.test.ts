/**
 * Issue 16: a stylesheet in the head holds back first paint until it arrives, so every page of a
 * buyer's way to a paid order links the app's one stylesheet and no other (docs/decisions.md 168).
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/market/context";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { createOrder } from "../../functions/market/orders";
import { SESSION_COOKIE } from "../../functions/web/session";
import { page } from "./support/api";
import { CONTACT, makeBuyer, makeListing, marketFor, seedCurrencies, testDb } from "./support/buying";

const DAY = 24 * 60 * 60_000;

// Before any page loads the reference data (kept a few minutes): currencies, and the viewer's location.
beforeAll(async () => {
  await seedCurrencies();
  const hongKong = { code: "HK", kind: "region" as const, nameEn: "Hong Kong", nameZh: "香港", phoneCode: "852", currencyCode: "HKD", languageCode: "en-US", timeZone: "Asia/Hong_Kong", sort: 1 };
  await testDb.insert(schema.locations).values(hongKong).onConflictDoNothing();
});

/** The href of every `<link rel="stylesheet">` in the page, in order. */
function stylesheetLinks(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(([tag]) => /\bhref="([^"]+)"/.exec(tag)?.[1] ?? "");
}

test("every page of the buyer's journey links one stylesheet, the same hashed file, and has no inline style block", async () => {
  // Pages read the real clock, so the show is a month from now.
  const { listingId, sessionId } = await makeListing({ startsAt: Date.now() + 30 * DAY, saleEndsAt: Date.now() + 29 * DAY, quantity: 4 });
  const [{ tourId }] = await testDb
    .select({ tourId: schema.shows.tourId })
    .from(schema.sessions)
    .innerJoin(schema.shows, eq(schema.shows.id, schema.sessions.showId))
    .where(eq(schema.sessions.id, sessionId));
  const userId = await makeBuyer();
  const order = await createOrder(marketFor(userId, { now: () => Date.now() }, { channel: "web", currency: "HKD" }), { listingId, quantity: 1, ...CONTACT });
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  const cookie = `${SESSION_COOKIE}=${session.token}; language=en-US`;

  const paths = [
    "/",
    "/show-list",
    `/tourDetail?id=${tourId}`,
    `/pick-seat?sessionId=${sessionId}&quantity=1`,
    `/confirm-ticket?listingId=${listingId}&quantity=1`,
    `/confirm-order?listingId=${listingId}&quantity=1`,
    `/order-detail?id=${order.id}`,
    `/pay-success?orderId=${order.id}`,
  ];
  const hrefs = new Set<string>();
  for (const path of paths) {
    const response = await page(path, { headers: { cookie } });
    const html = await response.text();
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
    const links = stylesheetLinks(html);
    expect({ path, count: links.length }).toEqual({ path, count: 1 });
    expect(links[0]).toMatch(/^\/assets\/style-[\w-]{8}\.css$/);
    expect(html).not.toContain("<style");
    hrefs.add(links[0]);
  }
  expect(hrefs.size).toBe(1);
});
