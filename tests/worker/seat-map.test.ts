/**
 * The seats of a zoomed section (the seating map's seat level): its rows by the venue's
 * convention, one group of seats per listing offering the chosen quantity, and nothing drawn
 * for seats nobody sells. Both doors: the market function and GET /pub/tour/v1/session/seat-map.
 */
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { sessionSeatMap } from "../../functions/market/listings/seat-map";
import { api } from "./support/api";
import { clockAt, makeListing, marketFor, testDb, type ListingOptions } from "./support/buying";

const guest = (viewer: Parameters<typeof marketFor>[2] = {}) => marketFor(null, clockAt(), viewer);

async function sectionOf(listingId: number) {
  const [row] = await testDb.select({ sectionId: schema.listings.sectionId }).from(schema.listings).where(eq(schema.listings.id, listingId));
  const [section] = await testDb.select().from(schema.venueSections).where(eq(schema.venueSections.id, row!.sectionId));
  return section!;
}

/**
 * A theatre session whose first section (14 rows of 30, lettered) holds every listing but the
 * last, which is in a section of its own. Listings keep makeListing's row F from seat 11.
 */
async function theatreSession(...options: ListingOptions[]) {
  const first = await makeListing(options[0]);
  const ids = [first.listingId];
  for (const more of options.slice(1)) ids.push((await makeListing({ ...more, sessionId: first.sessionId })).listingId);
  const section = await sectionOf(ids[0]!);
  await testDb.update(schema.venueSections).set({ rows: 14, seatsPerRow: 30 }).where(eq(schema.venueSections.id, section.id));
  await testDb.update(schema.venues).set({ kind: "theatre" }).where(eq(schema.venues.id, section.venueId));
  for (const id of ids.slice(1, -1)) await testDb.update(schema.listings).set({ sectionId: section.id }).where(eq(schema.listings.id, id));
  return { sessionId: first.sessionId, listingIds: ids, section };
}

test("a zoomed section draws its lettered rows and one group of seats per listing offering the quantity", async () => {
  const { sessionId, listingIds, section } = await theatreSession(
    { priceMinor: 120_000, quantity: 4 },
    { priceMinor: 90_000, quantity: 2 },
    { priceMinor: 60_000, quantity: 1 },
    { priceMinor: 70_000, quantity: 3 },
    { priceMinor: 100_000 },
  );
  const [dearer, cheaper, single, soldOut, elsewhere] = listingIds as [number, number, number, number, number];
  await testDb.update(schema.listings).set({ rowLabel: "B", seatFrom: 3 }).where(eq(schema.listings.id, cheaper));
  await testDb.update(schema.listings).set({ rowLabel: "c", seatFrom: 1 }).where(eq(schema.listings.id, single));
  await testDb.update(schema.listings).set({ quantity: 0 }).where(eq(schema.listings.id, soldOut));

  const map = await sessionSeatMap(guest(), { sessionId, quantity: 2, section: section.code });
  const zoomed = map.zoomed!;
  expect(zoomed).toMatchObject({ code: section.code, name: "Section A", generalAdmission: false, seatsPerRow: 30 });
  // Theatres letter their rows from the stage, with no I or O.
  expect(zoomed.rows).toEqual(["A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "P"]);
  // The single ticket cannot be bought as two, the sold-out listing has nothing left, and the
  // last listing is in another section: none of them is a group here.
  expect(zoomed.groups.map((group) => group.listingId)).toEqual([cheaper, dearer]);
  expect(zoomed.groups.map((group) => group.listingId)).not.toContain(single);
  expect(zoomed.groups.map((group) => group.listingId)).not.toContain(elsewhere);
  expect(zoomed.groups[0]).toEqual({
    listingId: cheaper,
    seats: { rowIndex: 1, row: "B", from: 3, to: 4 },
    row: "B",
    together: true,
    ticketsLeft: 2,
    price: { amount: 101_475, currency: "HKD" },
    band: 0,
  });
  expect(zoomed.groups[1]!.seats).toEqual({ rowIndex: 5, row: "F", from: 11, to: 14 });
  // The bands come from every listing's price (90 000 and 120 000 here, 100 000 next door), so
  // the dearer listing takes the band that holds its own price: the third.
  expect(map.bands).toHaveLength(3);
  expect(zoomed.groups[1]!.band).toBe(2);

  // Only the zoomed section is seat by seat: the outlines carry no seats, and without a section
  // nothing is zoomed.
  expect(map.sections.every((outline) => !("rows" in outline) && !("seatsPerRow" in outline))).toBe(true);
  expect((await sessionSeatMap(guest(), { sessionId, quantity: 2 })).zoomed).toBeNull();
  expect((await sessionSeatMap(guest(), { sessionId, quantity: 2, section: "NO-SUCH" })).zoomed).toBeNull();

  // Choosing one ticket makes the single a group too, in row C (the row was written in lower case).
  const one = await sessionSeatMap(guest(), { sessionId, quantity: 1, section: section.code });
  expect(one.zoomed!.groups.find((group) => group.listingId === single)!.seats).toEqual({ rowIndex: 2, row: "C", from: 1, to: 1 });
});

test("a group is priced in the viewer's currency, and seats past the row's end are not drawn", async () => {
  const { sessionId, listingIds, section } = await theatreSession({ priceMinor: 100_000, quantity: 4 }, { priceMinor: 10 });
  await testDb.update(schema.listings).set({ seatFrom: 29 }).where(eq(schema.listings.id, listingIds[0]!));
  const map = await sessionSeatMap(guest({ currency: "USD" }), { sessionId, quantity: 2, section: section.code });
  const [group] = map.zoomed!.groups;
  expect(group!.seats).toEqual({ rowIndex: 5, row: "F", from: 29, to: 30 });
  expect(group!.price).toEqual({
    // HK$1,127.50 all-in at 7.8 HKD per USD.
    amount: 14_455,
    currency: "USD",
  });
});

test("a standing section, and a row that is not on the plan, have groups but no seats to draw", async () => {
  const { sessionId, listingIds, section } = await theatreSession({ quantity: 4 }, { quantity: 2 }, {});
  await testDb.update(schema.listings).set({ rowLabel: "ZZZ" }).where(eq(schema.listings.id, listingIds[1]!));
  const seated = await sessionSeatMap(guest(), { sessionId, quantity: 2, section: section.code });
  expect(seated.zoomed!.groups.find((group) => group.listingId === listingIds[1])).toMatchObject({ seats: null, row: "ZZZ" });

  await testDb.update(schema.venueSections).set({ generalAdmission: true }).where(eq(schema.venueSections.id, section.id));
  const standing = await sessionSeatMap(guest(), { sessionId, quantity: 2, section: section.code });
  expect(standing.zoomed).toMatchObject({ generalAdmission: true, rows: [], seatsPerRow: 0 });
  expect(standing.zoomed!.groups.map((group) => group.listingId).sort()).toEqual([listingIds[0], listingIds[1]].sort());
  expect(standing.zoomed!.groups.every((group) => group.seats === null && group.row === null)).toBe(true);
});

test("a session not on sale zooms into a section with every seat unavailable", async () => {
  const { sessionId, listingId } = await makeListing({ showStatus: "PENDING" });
  const section = await sectionOf(listingId);
  const map = await sessionSeatMap(guest(), { sessionId, section: section.code });
  expect(map.zoomed).toMatchObject({ code: section.code, rows: Array.from({ length: 20 }, (_, index) => String(index + 1)), seatsPerRow: 30, groups: [] });
});

test("the API answers a section's seats with the map, and a bad section with invalidParam", async () => {
  const { sessionId, listingIds, section } = await theatreSession({ quantity: 4 }, {});
  const answer = await api<{ zoomed: { code: string; groups: { listingId: number; seats: unknown }[] } | null }>(
    `/pub/tour/v1/session/seat-map?sessionId=${sessionId}&quantity=2&section=${encodeURIComponent(section.code)}`,
  );
  expect(answer.body.statusCode).toBe(200);
  expect(answer.body.data.zoomed!.code).toBe(section.code);
  expect(answer.body.data.zoomed!.groups).toEqual([expect.objectContaining({ listingId: listingIds[0], seats: { rowIndex: 5, row: "F", from: 11, to: 14 } })]);
  const whole = await api<{ zoomed: unknown }>(`/pub/tour/v1/session/seat-map?sessionId=${sessionId}`);
  expect(whole.body.data.zoomed).toBeNull();
  const tooLong = await api(`/pub/tour/v1/session/seat-map?sessionId=${sessionId}&section=${"X".repeat(41)}`);
  expect(tooLong.body.statusCode).toBe(12308);
});

test("a listing dearer than every section's cheapest sits in a legend band whose range holds its price", async () => {
  // Section A's cheapest is 1 657, the next section's 2 491; a 3 010 ticket in section A used to
  // sit in the '2 491' band.
  const { sessionId, listingIds, section } = await theatreSession({ priceMinor: 165_700 }, { priceMinor: 301_000 }, { priceMinor: 249_100 });
  const map = await sessionSeatMap(guest(), { sessionId, quantity: 2, section: section.code });
  const dear = map.zoomed!.groups.find((group) => group.listingId === listingIds[1])!;
  const band = map.bands[dear.band]!;
  expect(band.from.amount).toBeLessThanOrEqual(dear.price.amount);
  expect(band.to.amount).toBe(dear.price.amount);
  expect(map.bands).toHaveLength(3);
  // The section itself takes its cheapest listing's band, the first.
  expect(map.sections.find((outline) => outline.code === section.code)!.band).toBe(0);
});
