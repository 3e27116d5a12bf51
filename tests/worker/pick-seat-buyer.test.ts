/**
 * pickSeat pages a busy session's listings 20 at a time: the page, the next-page link without
 * JavaScript (keeping quantity, sort and filters), and the JSON API the load-more asks. And a
 * standing zone does not ask to tap seats it does not have.
 */
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { api, page } from "./support/api";
import { makeListing, seedCurrencies, testDb } from "./support/buying";

const MONTH = 30 * 24 * 60 * 60_000;

beforeAll(seedCurrencies);

/** A session of `count` listings priced 1 000.00, 1 001.00, … (E-ticket, but every fifth express). */
async function busySession(count: number) {
  const startsAt = Date.now() + MONTH;
  const first = await makeListing({ startsAt, saleEndsAt: startsAt - 60_000, priceMinor: 100_000 });
  for (let index = 1; index < count; index++) {
    await makeListing({ sessionId: first.sessionId, priceMinor: 100_000 + index * 100, deliveryMethod: index % 5 === 0 ? "EXPRESS" : "E_TICKET" });
  }
  return { sessionId: first.sessionId, cheapest: first.listingId };
}

async function html(path: string) {
  return (await page(path)).text();
}

/** The listing ids of the page's list, in order. */
function listed(text: string): number[] {
  const list = text.slice(text.indexOf('data-testid="listings"'), text.indexOf("</ol>", text.indexOf('data-testid="listings"')));
  return [...list.matchAll(/href="\/confirm-ticket\?listingId=(\d+)&amp;quantity=2&amp;price=\d+&amp;currency=[A-Z]{3}"/g)].map((match) => Number(match[1]));
}

test("a busy session lists 20 listings, counts them all, and links to the next page without JavaScript", async () => {
  const { sessionId } = await busySession(25);
  const first = await html(`/pick-seat?sessionId=${sessionId}`);
  expect(listed(first)).toHaveLength(20);
  expect(first).toContain("25 listings");
  expect(first).toContain(`href="/pick-seat?sessionId=${sessionId}&amp;page=2"`);

  const second = await html(`/pick-seat?sessionId=${sessionId}&page=2`);
  expect(listed(second)).toHaveLength(5);
  expect(new Set([...listed(first), ...listed(second)]).size).toBe(25);
  expect(second).toContain(`href="/pick-seat?sessionId=${sessionId}"`);
  expect(second).toContain("Previous page");
});

test("the next page keeps the chosen sort and filters in the address", async () => {
  const { sessionId, cheapest } = await busySession(26);
  const first = await html(`/pick-seat?sessionId=${sessionId}&quantity=2&sort=price_desc&delivery=E_TICKET`);
  // 26 listings, every fifth express: 21 e-tickets, so 20 here and one on the next page.
  expect(first).toContain("21 listings");
  expect(first).toContain(`href="/pick-seat?sessionId=${sessionId}&amp;quantity=2&amp;sort=price_desc&amp;delivery=E_TICKET&amp;page=2"`);
  const second = await html(`/pick-seat?sessionId=${sessionId}&quantity=2&sort=price_desc&delivery=E_TICKET&page=2`);
  // Dearest first: the cheapest e-ticket (the session's first listing) is alone on the last page.
  expect(listed(second)).toEqual([cheapest]);
});

test("the JSON API answers the same pages the load-more asks for", async () => {
  const { sessionId } = await busySession(23);
  const answer = await api<{ listings: unknown[]; total: number; page: number; pageSize: number; hasMore: boolean }>(`/pub/tour/v1/session/listings?sessionId=${sessionId}&page=2`);
  expect(answer.body.statusCode).toBe(200);
  expect(answer.body.data).toMatchObject({ total: 23, page: 2, pageSize: 20, hasMore: false });
  expect(answer.body.data.listings).toHaveLength(3);
  const bad = await api(`/pub/tour/v1/session/listings?sessionId=${sessionId}&page=abc`);
  expect(bad.body.statusCode).toBe(12308);
});

test("a zoomed standing zone offers its tickets by price and does not say to tap a group of seats", async () => {
  const startsAt = Date.now() + MONTH;
  const { sessionId, listingId } = await makeListing({ startsAt, saleEndsAt: startsAt - 60_000 });
  const [listing] = await testDb.select({ sectionId: schema.listings.sectionId }).from(schema.listings).where(eq(schema.listings.id, listingId));
  const [section] = await testDb.update(schema.venueSections).set({ generalAdmission: true }).where(eq(schema.venueSections.id, listing.sectionId)).returning();
  const standing = await html(`/pick-seat?sessionId=${sessionId}&section=${section.code}&zoom=1`);
  expect(standing).toContain("Standing area: no numbered seats. Choose tickets by price.");
  expect(standing).not.toContain("Tap a group of seats");

  // A seated section with its seats on the plan (an arena numbers its rows) still says it.
  await testDb.update(schema.venueSections).set({ generalAdmission: false }).where(eq(schema.venueSections.id, listing.sectionId));
  await testDb.update(schema.listings).set({ rowLabel: "6" }).where(eq(schema.listings.id, listingId));
  expect(await html(`/pick-seat?sessionId=${sessionId}&section=${section.code}&zoom=1`)).toContain("Tap a group of seats to see its tickets.");
});
