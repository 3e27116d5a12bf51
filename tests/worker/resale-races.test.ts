/**
 * Tickets sold from a source never exceed what the source has: one live resale per order (the
 * database refuses a second, however the requests race), a resale's quantity never above its
 * order's, and one seat on one live listing of a seller at a time.
 */
import { env } from "cloudflare:test";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { CODES, MarketError } from "../../functions/market/errors";
import { messageOf } from "../../functions/market/messages";
import { createOrder } from "../../functions/market/orders";
import { editListing, resellOrder, saveSellerProfile, withdrawListing } from "../../functions/market/selling";
import { refusal } from "./support/after-sales";
import { clockAt, CONTACT, makeBuyer, marketFor, paySandbox, T0, testDb } from "./support/buying";
import { DAY } from "./support/delivery";
import { listFor, listingForm, sellerOn, sessionOnSale } from "./support/selling";

/** A fan's paid order of `quantity` tickets: general admission (face value HK$1,234.57) unless `numbered`, then Row 6 from seat 1. */
async function fanWithOrder(options: { quantity?: number; numbered?: boolean } = {}) {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: T0 + 30 * DAY });
  const standing = { sectionId: session.standingSectionId, rowLabel: "", seats: "", quantity: 5, faceValue: "1234.57", price: "1234.57" };
  const { listingId } = await listFor(seller, listingForm(session, options.numbered ? { price: "880" } : standing));
  const fanId = await makeBuyer();
  const fan = marketFor(fanId, clock);
  const order = await createOrder(fan, { listingId, quantity: options.quantity ?? 1, ...CONTACT });
  await paySandbox(fan, clock, order);
  return { clock, fan, order, session };
}

/** Settled promises' refusal codes, in order (a non-refusal error is kept as its message). */
function codesOf(results: PromiseSettledResult<unknown>[]): (number | string)[] {
  return results.flatMap((result) =>
    result.status === "rejected" ? [result.reason instanceof MarketError ? result.reason.code : String(result.reason)] : [],
  );
}

async function liveResales(orderId: number) {
  return testDb
    .select({ listingId: schema.listingTerms.listingId })
    .from(schema.listingTerms)
    .where(and(eq(schema.listingTerms.sourceOrderId, orderId), isNull(schema.listingTerms.withdrawnAt)));
}

async function quantityOf(listingId: number): Promise<number> {
  const [row] = await testDb.select({ quantity: schema.listings.quantity }).from(schema.listings).where(eq(schema.listings.id, listingId));
  return row.quantity;
}

test("a resale of a 1-ticket general-admission order cannot be edited to 20 tickets, nor by 30 edits at once; a buyer cannot take 2", async () => {
  const { clock, fan, order } = await fanWithOrder();
  const { listingId } = await resellOrder(fan, { orderId: order.id, price: "1000" });

  const raised = await refusal(editListing(fan, { listingId, quantity: 20 }));
  const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => editListing(fan, { listingId, quantity: 2 + i })));
  const buyer = marketFor(await makeBuyer(), clock);
  const two = await refusal(createOrder(buyer, { listingId, quantity: 2, ...CONTACT }));

  expect(raised.code).toBe(CODES.resaleQuantityAboveOrder);
  expect(raised.data).toEqual({ max: 1 });
  expect(await messageOf(raised, "en-US")).toBe("A resale can't have more tickets than your order: at most 1.");
  expect(await messageOf(raised, "zh-HK")).toBe("轉售的門票數量不可多於你的訂單：最多 1 張。");
  expect(codesOf(results)).toEqual(Array(30).fill(CODES.resaleQuantityAboveOrder));
  expect(await quantityOf(listingId)).toBe(1);
  expect(two.code).toBe(CODES.orderInventoryNotEnough);
});

test("of 30 edits of a 3-ticket order's resale racing between 1 and 6 tickets, none leaves it above 3", async () => {
  const { fan, order } = await fanWithOrder({ quantity: 3 });
  const { listingId } = await resellOrder(fan, { orderId: order.id, price: "1000" });

  const quantities = Array.from({ length: 30 }, (_, i) => (i % 6) + 1);
  const results = await Promise.allSettled(quantities.map((quantity) => editListing(fan, { listingId, quantity })));

  const aboveRefused = results.filter((result, i) => quantities[i] > 3 && result.status === "rejected" && result.reason.code === CODES.resaleQuantityAboveOrder);
  expect(aboveRefused).toHaveLength(15);
  expect(results.filter((result, i) => quantities[i] > 3 && result.status === "fulfilled")).toHaveLength(0);
  expect(await quantityOf(listingId)).toBeLessThanOrEqual(3);
});

test("a numbered resale can give back a seat but never add one", async () => {
  const { fan, order } = await fanWithOrder({ quantity: 2, numbered: true });
  const { listingId } = await resellOrder(fan, { orderId: order.id, price: "880" });

  const grown = await refusal(editListing(fan, { listingId, quantity: 3 }));
  await editListing(fan, { listingId, quantity: 1 });

  expect(grown.code).toBe(CODES.listingSeatsInvalid);
  expect(await quantityOf(listingId)).toBe(1);
});

test("30 resales of one order sent at once leave exactly 1 live listing and 29 resaleNotAllowed refusals", async () => {
  const { fan, order } = await fanWithOrder({ quantity: 2 });

  const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => resellOrder(fan, { orderId: order.id, price: String(900 + i) })));

  expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  expect(codesOf(results)).toEqual(Array(29).fill(CODES.resaleNotAllowed));
  expect(await liveResales(order.id)).toHaveLength(1);
});

test("after a withdrawal the order can be listed again, once; two fans' orders each get their own resale", async () => {
  const { fan, order } = await fanWithOrder();
  const first = await resellOrder(fan, { orderId: order.id, price: "1000" });
  await withdrawListing(fan, { listingId: first.listingId });

  const results = await Promise.allSettled(Array.from({ length: 10 }, () => resellOrder(fan, { orderId: order.id, price: "999" })));
  const other = await fanWithOrder();
  const theirs = await resellOrder(other.fan, { orderId: other.order.id, price: "1000" });

  expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  expect(codesOf(results)).toEqual(Array(9).fill(CODES.resaleNotAllowed));
  expect(await liveResales(order.id)).toHaveLength(1);
  expect(theirs.listingId).toBeGreaterThan(0);
});

test("the database itself refuses a second live resale of an order", async () => {
  const { fan, order } = await fanWithOrder();
  const { listingId } = await resellOrder(fan, { orderId: order.id, price: "1000" });
  const [listing] = await testDb.select().from(schema.listings).where(eq(schema.listings.id, listingId));
  const { id: _id, ...copy } = listing;
  const [second] = await testDb.insert(schema.listings).values(copy).returning();

  const insert = env.DB.prepare("INSERT INTO listing_terms (listing_id, created_by, source_order_id, updated_at) VALUES (?, 1, ?, 0)").bind(second.id, order.id);

  await expect(insert.run()).rejects.toThrow(/UNIQUE constraint failed: listing_terms\.source_order_id/);
});

test("migration 0014 withdraws duplicate live resales listed before it, keeping the oldest, and records each withdrawal", async () => {
  const { fan, order } = await fanWithOrder();
  const { listingId } = await resellOrder(fan, { orderId: order.id, price: "1000" });
  const [listing] = await testDb.select().from(schema.listings).where(eq(schema.listings.id, listingId));
  const { id: _id, ...copy } = listing;
  // The state before the migration: no index, three live resales of one order.
  await env.DB.prepare("DROP INDEX listing_terms_live_resale").run();
  const duplicates = [];
  for (let i = 0; i < 2; i++) {
    const [row] = await testDb.insert(schema.listings).values(copy).returning();
    await env.DB.prepare("INSERT INTO listing_terms (listing_id, created_by, source_order_id, updated_at) VALUES (?, 1, ?, 0)").bind(row.id, order.id).run();
    duplicates.push(row.id);
  }
  const migration = env.TEST_MIGRATIONS.find((candidate) => candidate.name.startsWith("0014_"));
  for (const query of migration!.queries.filter((statement) => !statement.includes("ALTER TABLE"))) await env.DB.prepare(query).run();

  expect(await liveResales(order.id)).toEqual([{ listingId }]);
  const changes = await testDb
    .select({ listingId: schema.listingChanges.listingId })
    .from(schema.listingChanges)
    .where(and(eq(schema.listingChanges.kind, "withdrawn"), inArray(schema.listingChanges.listingId, [listingId, ...duplicates])));
  expect(changes.map((change) => change.listingId).sort((a, b) => a - b)).toEqual(duplicates);
});

test("one seller cannot list the same seats twice, not even 30 times at once; another seller, other seats, or after a withdrawal can", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const other = await sellerOn(clock);
  const session = await sessionOnSale();
  const first = await listFor(seller, listingForm(session, { seats: "1-4", price: "980" }));

  const overlapping = await refusal(listFor(seller, listingForm(session, { seats: "4-6", price: "700" })));
  const otherRow = await listFor(seller, listingForm(session, { rowLabel: "7", seats: "1-4" }));
  const otherSeats = await listFor(seller, listingForm(session, { seats: "5-8" }));
  const otherSeller = await listFor(other, listingForm(session, { seats: "1-4" }));
  const results = await Promise.allSettled(Array.from({ length: 30 }, () => listFor(seller, listingForm(session, { seats: "9-10", price: "900" }))));
  await withdrawListing(seller.market, { listingId: first.listingId });
  const again = await listFor(seller, listingForm(session, { seats: "1-4", price: "900" }));

  expect(overlapping.code).toBe(CODES.listingSeatsAlreadyListed);
  expect(await messageOf(overlapping, "en-US")).toBe("Some of these seats are already on one of your listings. Change that listing, or withdraw it first.");
  expect(await messageOf(overlapping, "zh-HK")).toBe("部分座位已在你另一個刊登中。請修改該刊登，或先將其撤回。");
  expect([otherRow, otherSeats, otherSeller, again].every((listed) => listed.listingId > 0)).toBe(true);
  expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  expect(codesOf(results)).toEqual(Array(29).fill(CODES.listingSeatsAlreadyListed));
});

test("a fan who listed their seats as a seller cannot also resell the order holding them", async () => {
  const { fan, order, session } = await fanWithOrder({ quantity: 2, numbered: true });
  // The fan lists Row 6 seats 1–2 as a seller first (a profile of their own).
  await saveSellerProfile(fan, { displayName: "Fan", kind: "private" });
  await listFor({ market: fan }, listingForm(session, { seats: "1-2", price: "800" }));

  const refused = await refusal(resellOrder(fan, { orderId: order.id, price: "850" }));

  expect(refused.code).toBe(CODES.listingSeatsAlreadyListed);
  expect(await liveResales(order.id)).toHaveLength(0);
});
