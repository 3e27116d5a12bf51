/**
 * The price history is a tour page's deferred half (docs/decisions.md 262), home's floors below
 * the first screen are home's (272): a document for a browser not known to run scripts arrives
 * with them in place; a browser that set the sign after hydrating gets the page first and the
 * rest streamed after it; a client navigation's data request leaves it to stream too.
 */
import { beforeAll, expect, test } from "vitest";
import type { DemoCatalog } from "../../functions/seed";
import { page } from "./support/api";
import { seedCatalogNow } from "./support/catalog";
import { supportOn } from "./support/after-sales";
import { cookieFor } from "./support/chat";

let tourId: number;
let support: string;

beforeAll(async () => {
  const { catalog } = await seedCatalogNow();
  tourId = tourWithHistory(catalog);
  support = await cookieFor((await supportOn({ now: () => Date.now() })).userId);
});

/** A tour on sale whose sessions have a price history. */
function tourWithHistory(catalog: DemoCatalog): number {
  const priced = new Set(catalog.sessionPricePoints.map((point) => point.sessionId));
  const session = catalog.sessions.find((row) => priced.has(row.id!));
  const show = catalog.shows.find((row) => row.id === session?.showId && row.status === "ONSALE");
  if (!show) throw new Error("the demo catalog has no priced session on sale");
  return show.tourId;
}

// A cookie the edge's page copies do not take, so every answer here is rendered afresh.
const FRESH = "fresh=1";

// For a browser that runs scripts the loader hands the deferred half over as a promise (turbo-stream's
// ["P", id]), so the page is not held for it: React draws it in place if it is in by the time its
// place is reached (the isolate's kept reads, a quick D1), else after its placeholder. Which of the
// two is a race; that the page never waits on it is measured in page-round-trips.test.ts.
const PROMISED = (key: string) => String.raw`\"${key}\",[\"P\",`;

test("a document for a browser not known to run scripts has the price history in place, with no placeholder", async () => {
  const html = await (await page(`/tourDetail?id=${tourId}`, { headers: { cookie: FRESH } })).text();
  expect(html).toContain('data-testid="price-chart"');
  expect(html).toContain("over 30 days it ranged from");
  expect(html).not.toContain(PROMISED("priceHistory"));
  expect(html).not.toContain('data-testid="deferred-placeholder"');
});

test("a document for a browser that runs scripts has the price history promised, and the chart drawn from it", async () => {
  const html = await (await page(`/tourDetail?id=${tourId}`, { headers: { cookie: `${FRESH}; runs_scripts=1` } })).text();
  expect(html).toContain(PROMISED("priceHistory"));
  expect(html).toContain('data-testid="price-chart"');
  expect(html).toContain("over 30 days it ranged from");
});

test("the same document in zh-HK draws its chart in Chinese", async () => {
  const html = await (await page(`/tourDetail?id=${tourId}`, { headers: { cookie: `${FRESH}; runs_scripts=1; language=zh-HK` } })).text();
  expect(html).toContain(PROMISED("priceHistory"));
  expect(html).toContain("過去 30 日介乎");
});

test("a client navigation's data request leaves the price history to stream, even without the sign", async () => {
  const body = await (await page(`/tourDetail.data?id=${tourId}`, { headers: { cookie: FRESH } })).text();
  // turbo-stream writes a promise as ["P", id] and its value later under that id.
  expect(body).toContain('"priceHistory",["P",');
  expect(body).toContain("pageTitle");
});

// Home's first screen (the carousel, the chips, the first floor) is in the page; the floors below
// it and Top Picks follow (docs/decisions.md 272).
test("home's document for a browser not known to run scripts has every floor and Top Picks in place", async () => {
  const html = await (await page("/", { headers: { cookie: FRESH } })).text();
  expect(html).toContain('id="top-picks"');
  expect(html).toContain(">Coming soon</h2>");
  expect(html).not.toContain(PROMISED("belowFloors"));
  expect(html).not.toContain('data-testid="deferred-placeholder"');
});

test("home's document for a browser that runs scripts has the first floor in the page and the floors below promised", async () => {
  const html = await (await page("/", { headers: { cookie: `${FRESH}; runs_scripts=1` } })).text();
  expect(html).toContain(PROMISED("belowFloors"));
  expect(html.indexOf('id="top-picks"')).toBeGreaterThan(html.indexOf('aria-roledescription="carousel"'));
});

test("home's data request leaves the floors below the first screen to stream", async () => {
  const body = await (await page("/_root.data", { headers: { cookie: FRESH } })).text();
  expect(body).toContain('"belowFloors",["P",');
});

// The support desk's search is awaited; the count of cases waiting, a summary card, follows.
test("the support desk's document for a browser not known to run scripts has the cases waiting counted", async () => {
  const html = await (await page("/support", { headers: { cookie: support } })).text();
  expect(html).toContain("No cases waiting for review");
  expect(html).not.toContain('data-testid="deferred-placeholder"');
});

test("the support desk's data request leaves the count of cases waiting to stream", async () => {
  const body = await (await page("/support.data", { headers: { cookie: support } })).text();
  expect(body).toContain('"toReview",["P",');
});
