/** What a buyer reads is what a buyer buys: each pick-seat row links to its own listing at the price it shows, and confirm-ticket checks that price. */
import { expect, test } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "../../functions/db/schema";
import { page } from "./support/api";
import { makeListing, testDb } from "./support/buying";
import { isRefreshing } from "../../app/routes/pick-seat/pick-seat-offer";

/** The row (<a>) of one listing on the page, by its id. */
function rowOf(html: string, listingId: number): string {
  const at = html.indexOf(`data-listing-id="${listingId}"`);
  expect(at).toBeGreaterThan(-1);
  const start = html.lastIndexOf("<a ", at);
  return html.slice(start, html.indexOf("</a>", at) + 4);
}

test("each row's link names the listing, quantity and all-in price that the row itself shows", async () => {
  const cheap = await makeListing({ quantity: 4, priceMinor: 100_000 });
  const dear = await makeListing({ quantity: 4, priceMinor: 200_000, sessionId: cheap.sessionId });

  const html = await (await page(`/pick-seat?sessionId=${cheap.sessionId}&quantity=2`)).text();
  const cheapRow = rowOf(html, cheap.listingId);
  const dearRow = rowOf(html, dear.listingId);

  // HK$1,000 + 10% service fee + 2.5% gateway fee = HK$1,127.50 a ticket; HK$2,000 → HK$2,255.
  expect(cheapRow).toContain(`href="/confirm-ticket?listingId=${cheap.listingId}&amp;quantity=2&amp;price=112750&amp;currency=HKD"`);
  expect(cheapRow).toContain("HK$1,127.50");
  expect(cheapRow).not.toContain("HK$2,255");
  expect(dearRow).toContain(`href="/confirm-ticket?listingId=${dear.listingId}&amp;quantity=2&amp;price=225500&amp;currency=HKD"`);
  expect(dearRow).toContain("HK$2,255");
});

test("confirm-ticket refuses a price the buyer did not see, in the viewer's language, with the new price to accept", async () => {
  const { listingId } = await makeListing({ quantity: 4, priceMinor: 100_000 });

  const same = await page(`/confirm-ticket?listingId=${listingId}&quantity=2&price=112750&currency=HKD`);
  const other = await page(`/confirm-ticket?listingId=${listingId}&quantity=2&price=101000&currency=HKD`);
  const otherHtml = await other.text();
  const chinese = await (await page(`/confirm-ticket?listingId=${listingId}&quantity=2&price=101000&currency=HKD`, { headers: { cookie: "language=zh-HK" } })).text();
  const unnamed = await page(`/confirm-ticket?listingId=${listingId}&quantity=2`);
  const malformed = await page(`/confirm-ticket?listingId=${listingId}&quantity=2&price=11275O&currency=HKD`);
  const lowercase = await page(`/confirm-ticket?listingId=${listingId}&quantity=2&price=112750&currency=hkd`);

  expect(same.status).toBe(200);
  await same.body?.cancel();
  expect(other.status).toBe(409);
  expect(otherHtml).toContain("The price has changed");
  expect(otherHtml).toContain("You saw HK$1,010 a ticket; it is HK$1,127.50 a ticket now.");
  expect(otherHtml).toContain(`href="/confirm-ticket?listingId=${listingId}&amp;quantity=2&amp;price=112750&amp;currency=HKD"`);
  expect(otherHtml).not.toContain('action="/confirm-order"');
  expect(chinese).toContain("你剛才看到的價格為每張 HK$1,010，現時為每張 HK$1,127.50。");
  expect(unnamed.status).toBe(200);
  await unnamed.body?.cancel();
  expect(malformed.status).toBe(404);
  await malformed.body?.cancel();
  expect(lowercase.status).toBe(404);
  await lowercase.body?.cancel();
});

test("a seller's price change between the list and the tap is caught: the old link is refused, not priced anew", async () => {
  const { listingId, sessionId } = await makeListing({ quantity: 4, priceMinor: 100_000 });
  const html = await (await page(`/pick-seat?sessionId=${sessionId}&quantity=2`)).text();
  const href = /href="(\/confirm-ticket\?[^"]+)"/.exec(rowOf(html, listingId))![1].replaceAll("&amp;", "&");

  await testDb.update(schema.listings).set({ priceMinor: 120_000 }).where(eq(schema.listings.id, listingId));
  const tapped = await page(href);
  const tappedHtml = await tapped.text();

  expect(href).toBe(`/confirm-ticket?listingId=${listingId}&quantity=2&price=112750&currency=HKD`);
  expect(tapped.status).toBe(409);
  // HK$1,200 + 10% + 2.5% = HK$1,353.
  expect(tappedHtml).toContain("You saw HK$1,127.50 a ticket; it is HK$1,353 a ticket now.");
});

test("the rows are out of reach exactly while this page is asked again with other choices", () => {
  const here = { pathname: "/pick-seat", search: "?sessionId=7&quantity=2" };
  const to = (search: string, pathname = "/pick-seat") => ({ pathname, search });

  expect(isRefreshing({ state: "loading", location: to("?sessionId=7&quantity=4") }, here)).toBe(true);
  expect(isRefreshing({ state: "submitting", location: to("?sessionId=7&quantity=2&delivery=E_TICKET") }, here)).toBe(true);
  expect(isRefreshing({ state: "idle", location: undefined }, here)).toBe(false);
  // Leaving for the tapped listing's page is not a refresh of the list.
  expect(isRefreshing({ state: "loading", location: to("?listingId=3&quantity=2", "/confirm-ticket") }, here)).toBe(false);
  // The same address again (a revalidation after an alert is set) keeps the rows it shows.
  expect(isRefreshing({ state: "loading", location: to("?sessionId=7&quantity=2") }, here)).toBe(false);
});
