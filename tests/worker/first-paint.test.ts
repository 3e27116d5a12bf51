/**
 * Issue 16: a stylesheet in the head holds back first paint until it arrives, so every page of a
 * buyer's way to a paid order links the app's one stylesheet and no other (docs/decisions.md 168);
 * the largest first-screen poster is asked for from the top of the head, before anything else.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { createOrder } from "../../functions/market/orders";
import { SESSION_COOKIE } from "../../functions/web/session";
import { page } from "./support/api";
import { seedCatalog } from "./support/catalog";
import { CONTACT, makeBuyer, makeListing, marketFor, seedCurrencies, testDb } from "./support/buying";

const DAY = 24 * 60 * 60_000;


/** The href of every `<link rel="stylesheet">` in the page, in order. */
function stylesheetLinks(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(([tag]) => /\bhref="([^"]+)"/.exec(tag)?.[1] ?? "");
}

/** A fresh show's session and its tour, on sale a month from now (pages read the real clock). */
async function showOnSale() {
  const { listingId, sessionId } = await makeListing({ startsAt: Date.now() + 30 * DAY, saleEndsAt: Date.now() + 29 * DAY, quantity: 4 });
  const [{ tourId }] = await testDb
    .select({ tourId: schema.shows.tourId })
    .from(schema.sessions)
    .innerJoin(schema.shows, eq(schema.shows.id, schema.sessions.showId))
    .where(eq(schema.sessions.id, sessionId));
  return { listingId, sessionId, tourId };
}

test("Explore and tour detail preload their first poster at high priority, ahead of the title and the stylesheet", async () => {
  // The demo catalogue, seeded from now: Explore lists its sessions where the viewer is.
  const catalog = await seedCatalog(new Date());
  const tourId = catalog.tours[0].id;
  for (const path of ["/show-list", `/tourDetail?id=${tourId}`]) {
    const html = await (await page(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const preload = head.indexOf('<link rel="preload" as="image"');
    const tag = head.slice(preload, head.indexOf(">", preload) + 1);
    expect({ path, tag }).toEqual({ path, tag: expect.stringMatching(/^<link rel="preload" as="image" href="\/media\/poster\/\d+\.svg\?lan=en-US&amp;v=\w+" fetchpriority="high"\/>$/) });
    // The same address as the page's first poster, so the browser uses the preloaded file.
    const href = /href="([^"]+)"/.exec(tag)![1];
    expect(html.slice(html.indexOf("<body")).match(/<img [^>]*src="([^"]+)"/)?.[1]).toBe(href);
    expect(preload).toBeLessThan(head.indexOf("<title>"));
    expect(preload).toBeLessThan(head.indexOf('rel="stylesheet"'));
  }
});

test("every page of the buyer's journey links one stylesheet, the same hashed file, and has no inline style block", async () => {
  await seedCurrencies();
  const hongKong = { code: "HK", kind: "region" as const, nameEn: "Hong Kong", nameZh: "香港", phoneCode: "852", currencyCode: "HKD", languageCode: "en-US", timeZone: "Asia/Hong_Kong", sort: 1 };
  await testDb.insert(schema.locations).values(hongKong).onConflictDoNothing();
  const { listingId, sessionId, tourId } = await showOnSale();
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
