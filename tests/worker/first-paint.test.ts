/**
 * Issue 16: a stylesheet in the head holds back first paint until it arrives, so every page of a
 * buyer's way to a paid order carries its own CSS in its head and waits for no stylesheet
 * (docs/decisions.md 177) and asks for its scripts at low priority (178); the largest
 * first-screen poster is asked for from the top of the head, before anything else.
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


/** Every `<link rel="stylesheet">` in the page, in order. */
function stylesheetLinks(html: string): { href: string; type: string | null }[] {
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(([tag]) => ({ href: /\bhref="([^"]+)"/.exec(tag)?.[1] ?? "", type: /\btype="([^"]+)"/.exec(tag)?.[1] ?? null }));
}

/** Every `<style data-href>` block in the page: the CSS file it carries and its text. */
function inlineCss(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<style data-href="([^"]+)">([^<]*)<\/style>/g)].map(([, href, text]) => ({ href, text }));
}

async function gzipBytes(text: string): Promise<number> {
  const zipped = new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip")));
  return (await zipped.arrayBuffer()).byteLength;
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

test("Explore and tour detail preload their first poster at high priority, ahead of the title and the page's CSS", async () => {
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
    expect(preload).toBeLessThan(head.indexOf("<style"));
  }
});

test("every page of the buyer's journey carries its CSS in its head, links no stylesheet to wait for and asks for its scripts after it", async () => {
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
  for (const path of paths) {
    const response = await page(path, { headers: { cookie } });
    const html = await response.text();
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
    const head = html.slice(0, html.indexOf("</head>"));
    const css = inlineCss(head);
    // The app's tokens and base rules come first, then the screen's own. The root's file is also
    // what the later wiring's import() needs, which React Router marks with a trailing '#'.
    expect({ path, first: css[0]?.href }).toEqual({ path, first: expect.stringMatching(/^\/assets\/root-[\w-]{8}\.css#$/) });
    expect(css[0].text).toContain("--font-sans:");
    expect(css.length).toBeGreaterThan(2);
    // Each carried file is also named by a link typed other than CSS (never fetched; the root's by both of its
    // addresses, so neither React Router nor Vite's import() loader fetches it), and nothing else is linked.
    const named = css.flatMap(({ href }) => (href.endsWith("#") ? [href, href.slice(0, -1)] : [href]));
    expect(named[1]).toBe(named[0]!.slice(0, -1));
    expect({ path, links: stylesheetLinks(html) }).toEqual({ path, links: named.map((href) => ({ href, type: "text/x-inlined" })) });
    // The scripts follow the page's own content: every module preload asks at low priority.
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([tag]) => tag);
    expect(preloads.length).toBeGreaterThan(3);
    expect({ path, notLow: preloads.filter((tag) => !tag.includes('fetchpriority="low"')) }).toEqual({ path, notLow: [] });
    // The head, CSS and all, arrives within the first round trip of a new connection.
    expect({ path, fits: (await gzipBytes(head)) < 14_000 }).toEqual({ path, fits: true });
  }
});
