/**
 * A resale law's cap binds what is sold, not only what is listed from now on: a listing priced
 * before its venue or event came under a cap is refused at order placement and at its quote, and
 * pick-seat no longer offers it. Odd face values, the exact boundary, two kinds of seller.
 */
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { CODES } from "../../functions/market/errors";
import { quoteListing } from "../../functions/market/listings/quote";
import { offeredListings } from "../../functions/market/listings/session-offer";
import { messageOf } from "../../functions/market/messages";
import { createOrder } from "../../functions/market/orders";
import { refusal } from "./support/after-sales";
import { clockAt, CONTACT, makeBuyer, marketFor, testDb } from "./support/buying";
import { listFor, listingForm, sellerOn, sessionOnSale, TRADER_PROFILE } from "./support/selling";

const ORDINANCE = "Places of Public Entertainment Ordinance (Cap. 172) s.6";

test("a listing priced above face value before its venue became a licensed place no longer sells, is not quoted and not offered", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ jurisdiction: "HK" });
  const over = await listFor(seller, listingForm(session, { faceValue: "1234.57", price: "1234.58" }));
  const at = await listFor(seller, listingForm(session, { seats: "5-8", faceValue: "1234.57", price: "1234.57" }));
  // Support marks the venue a licensed place (Cap. 172) after both were priced.
  await testDb.update(schema.venueResaleFlags).set({ licensedPlace: true }).where(eq(schema.venueResaleFlags.venueId, session.venueId));
  const buyer = marketFor(await makeBuyer(), clock);
  const inChinese = marketFor(await makeBuyer(), clock, { language: "zh-HK" });

  const refused = await refusal(createOrder(buyer, { listingId: over.listingId, quantity: 1, ...CONTACT }));
  const refusedZh = await refusal(createOrder(inChinese, { listingId: over.listingId, quantity: 1, ...CONTACT }));
  const quoted = await refusal(quoteListing(buyer, { listingId: over.listingId, quantity: 1 }));
  const offered = await offeredListings(buyer, { sessionId: session.sessionId });
  const placed = await createOrder(buyer, { listingId: at.listingId, quantity: 1, ...CONTACT });

  expect(refused.code).toBe(CODES.listingAboveLawCap);
  expect(refused.data).toEqual({ rule: "HK-CAP172-S6", capMinor: 123_457, currency: "HKD" });
  expect(await messageOf(refused, "en-US")).toBe(`These tickets are priced above what ${ORDINANCE} allows (HK$1,234.57 each), so they can't be bought.`);
  expect(await messageOf(refusedZh, "zh-HK")).toBe("此門票的價格高於《公眾娛樂場所條例》（第172章）第6條所容許的上限（每張 HK$1,234.57），因此無法購買。");
  expect(quoted.code).toBe(CODES.listingAboveLawCap);
  expect(offered.map((listing) => listing.listingId)).toEqual([at.listingId]);
  expect(placed).toMatchObject({ status: "pending_payment", quantity: 1 });
});

test("New South Wales' 110% of HK$1,234.57 is HK$1,358.02: priced before the event's restriction, the cap sells and one cent above does not", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ jurisdiction: "AU-NSW" });
  const atCap = await listFor(seller, listingForm(session, { faceValue: "1234.57", price: "1358.02" }));
  const centAbove = await listFor(seller, listingForm(session, { seats: "5-8", faceValue: "1234.57", price: "1358.03" }));
  await testDb.update(schema.showResaleFlags).set({ resaleRestricted: true }).where(eq(schema.showResaleFlags.showId, session.showId));
  const buyer = marketFor(await makeBuyer(), clock);
  const other = marketFor(await makeBuyer(), clock);

  const refused = await refusal(createOrder(buyer, { listingId: centAbove.listingId, quantity: 2, ...CONTACT }));
  const placed = await createOrder(other, { listingId: atCap.listingId, quantity: 2, ...CONTACT });
  const quote = await quoteListing(buyer, { listingId: atCap.listingId, quantity: 1 });

  expect(refused.code).toBe(CODES.listingAboveLawCap);
  expect(refused.data).toEqual({ rule: "AU-NSW-FTA-4A", capMinor: 135_802, currency: "HKD" });
  expect(placed.status).toBe("pending_payment");
  expect(quote.price.ticketPrice).toBe(135_802);
});

test("Japan's act, once an event is specified, stops a trader's listing above face value and not a private fan's", async () => {
  const clock = clockAt();
  const fan = await sellerOn(clock);
  const trader = await sellerOn(clock, TRADER_PROFILE);
  const session = await sessionOnSale({ jurisdiction: "JP" });
  const fans = await listFor(fan, listingForm(session, { faceValue: "880", price: "1000.01" }));
  const traders = await listFor(trader, listingForm(session, { faceValue: "880", price: "880.01" }));
  await testDb.update(schema.showResaleFlags).set({ designatedEvent: true }).where(eq(schema.showResaleFlags.showId, session.showId));
  const buyer = marketFor(await makeBuyer(), clock);

  const refused = await refusal(createOrder(buyer, { listingId: traders.listingId, quantity: 1, ...CONTACT }));
  const offered = await offeredListings(buyer, { sessionId: session.sessionId });
  const placed = await createOrder(buyer, { listingId: fans.listingId, quantity: 1, ...CONTACT });

  expect(refused.code).toBe(CODES.listingAboveLawCap);
  expect(refused.data).toEqual({ rule: "JP-ACT-103-2018", capMinor: 88_000, currency: "HKD" });
  expect(offered.map((listing) => listing.listingId)).toEqual([fans.listingId]);
  expect(placed.status).toBe("pending_payment");
});

test("of 30 buyers racing for a listing that came under a cap, none is placed", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ jurisdiction: "HK" });
  const { listingId } = await listFor(seller, listingForm(session, { seats: "1-30", faceValue: "1234.57", price: "1300" }));
  await testDb.update(schema.venueResaleFlags).set({ licensedPlace: true }).where(eq(schema.venueResaleFlags.venueId, session.venueId));
  const buyers = await Promise.all(Array.from({ length: 30 }, async () => marketFor(await makeBuyer(), clock)));

  const results = await Promise.allSettled(buyers.map((buyer) => createOrder(buyer, { listingId, quantity: 1, ...CONTACT })));

  expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(0);
  expect(new Set(results.map((result) => (result.status === "rejected" ? result.reason.code : "placed")))).toEqual(new Set([CODES.listingAboveLawCap]));
  const orders = await testDb.select().from(schema.orders).where(eq(schema.orders.listingId, listingId));
  expect(orders).toHaveLength(0);
});
