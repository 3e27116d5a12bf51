import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import * as schema from "../../functions/db/schema";
import { messageOf } from "../../functions/market/messages";
import { CODES } from "../../functions/market/errors";
import { createOrder } from "../../functions/market/orders";
import { pricingFacts, resalePricing, suggestPrice } from "../../functions/market/selling";
import { api, page } from "./support/api";
import { refusal } from "./support/after-sales";
import { clockAt, CONTACT, makeBuyer, marketFor, paySandbox, T0, testDb } from "./support/buying";
import { DAY, tokenHeaders } from "./support/delivery";
import { cookieFor } from "./support/chat";
import { listFor, listingForm, sellerOn, sessionOnSale } from "./support/selling";

test("the suggestion is the cheapest comparable listing when it is below the median recent sale, rounded down to a whole dollar", () => {
  expect(suggestPrice({ listingsMinor: [98_000, 95_050, 120_000], salesMinor: [90_000, 100_000, 110_000, 99_999], capMinor: null, minorUnits: 2 })).toEqual({
    amountMinor: 95_000,
    basis: "listings",
    listings: 3,
    sales: 4,
  });
});

test("the suggestion is the median recent sale when it is below every live listing, and none without comparables", () => {
  expect(suggestPrice({ listingsMinor: [120_000], salesMinor: [90_050, 80_000, 130_000], capMinor: null, minorUnits: 2 })).toEqual({
    amountMinor: 90_000,
    basis: "sales",
    listings: 1,
    sales: 3,
  });
  expect(suggestPrice({ listingsMinor: [], salesMinor: [70_000], capMinor: null, minorUnits: 0 })).toEqual({ amountMinor: 70_000, basis: "sales", listings: 0, sales: 1 });
  expect(suggestPrice({ listingsMinor: [], salesMinor: [], capMinor: 88_000, minorUnits: 2 })).toBeNull();
});

test("the suggestion is never above the law's cap", () => {
  expect(suggestPrice({ listingsMinor: [150_000, 140_000], salesMinor: [145_000], capMinor: 88_000, minorUnits: 2 })).toEqual({
    amountMinor: 88_000,
    basis: "cap",
    listings: 2,
    sales: 1,
  });
  expect(suggestPrice({ listingsMinor: [87_550], salesMinor: [], capMinor: 88_000, minorUnits: 2 })).toEqual({ amountMinor: 87_500, basis: "listings", listings: 1, sales: 0 });
});

test("before pricing in Taiwan a seller sees the law with its cap and source, the session's lowest price, and a suggestion from other sellers' listings under the cap", async () => {
  const clock = clockAt();
  const other = await sellerOn(clock);
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ jurisdiction: "TW" });
  await listFor(other, listingForm(session, { faceValue: "880", price: "850.40", seats: "1-2" }));
  await listFor(other, listingForm(session, { faceValue: "880", price: "870", seats: "3-4" }));
  // The seller's own listing is not one of their comparables.
  await listFor(seller, listingForm(session, { faceValue: "880", price: "600", seats: "9-10" }));

  const facts = await pricingFacts(marketFor(other.userId, clock), { sessionId: session.sessionId, sectionId: session.seatedSectionId, faceValue: "880" });
  const mine = await pricingFacts(seller.market, { sessionId: session.sessionId, sectionId: session.seatedSectionId, faceValue: "880" });

  expect(mine).toEqual({
    sessionId: session.sessionId,
    sectionId: session.seatedSectionId,
    currency: "HKD",
    minorUnits: 2,
    faceValueMinor: 88_000,
    law: {
      rule: "TW-CCIA-10-1",
      name: "Development of the Cultural and Creative Industries Act, Art. 10-1",
      source: "Taipei Times 2023-06-03; Taiwan News 2023-05-12 (in force about 2023-06-02)",
      cap: "face_value",
      capMinor: 88_000,
    },
    lowest: { allInMinor: mine.lowest!.allInMinor, currency: "HKD" },
    suggestion: { amountMinor: 85_000, basis: "listings", listings: 2, sales: 0 },
  });
  expect(mine.lowest!.allInMinor).toBeGreaterThan(60_000);
  expect(facts.suggestion).toEqual({ amountMinor: 60_000, basis: "listings", listings: 1, sales: 0 });
});

test("recent sales count towards the suggestion, and a face value below them brings it down to the cap", async () => {
  const clock = clockAt();
  const other = await sellerOn(clock);
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ jurisdiction: "HK", licensedPlace: true });
  const { listingId } = await listFor(other, listingForm(session, { faceValue: "880", price: "880", seats: "1-2" }));
  const buyer = marketFor(await makeBuyer(), clock);
  await paySandbox(buyer, clock, await createOrder(buyer, { listingId, quantity: 2, ...CONTACT }));

  const facts = await pricingFacts(seller.market, { sessionId: session.sessionId, sectionId: session.seatedSectionId, faceValue: "700" });

  expect(facts.law).toMatchObject({ rule: "HK-CAP172-S6", capMinor: 70_000 });
  expect(facts.lowest).toBeNull();
  expect(facts.suggestion).toEqual({ amountMinor: 70_000, basis: "cap", listings: 0, sales: 1 });
});

test("the JSON API gives the same pricing facts, and refuses a face value that is not an amount", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();
  const headers = await tokenHeaders(seller.userId);

  const answer = await api(`/provider/v1/listing/pricing?sessionId=${session.sessionId}&sectionId=${session.seatedSectionId}&faceValue=880`, { headers });
  const bad = await api(`/provider/v1/listing/pricing?sessionId=${session.sessionId}&sectionId=${session.seatedSectionId}&faceValue=lots`, { headers });

  // The session's one listing so far: HK$1,000.00 a ticket, HK$1,127.50 all-in.
  expect(answer.body.data).toMatchObject({
    currency: "HKD",
    faceValueMinor: 88_000,
    law: null,
    lowest: { allInMinor: 112_750, currency: "HKD" },
    suggestion: { amountMinor: 100_000, basis: "listings", listings: 1, sales: 0 },
  });
  expect(bad.body.statusCode).toBe(CODES.invalidParam);
});

test("a row with a letter where the section's rows are numbered 1-20 is refused against the map, in the viewer's language", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();

  const lettered = await refusal(listFor(seller, listingForm(session, { rowLabel: "B", seats: "1-2" })));
  const beyondRows = await refusal(listFor(seller, listingForm(session, { rowLabel: "21", seats: "1-2" })));
  const beyondSeats = await refusal(listFor(seller, listingForm(session, { rowLabel: "6", seats: "50-51" })));
  const inChinese = await refusal(listFor({ market: marketFor(seller.userId, clock, { language: "zh-HK" }) }, listingForm(session, { rowLabel: "B", seats: "1-2" })));

  expect(lettered.code).toBe(CODES.listingSeatNotOnMap);
  expect(lettered.status).toBe(400);
  expect(lettered.data).toEqual({ field: "rowLabel" });
  expect(await messageOf(lettered, "en-US")).toBe("Section A has rows 1–20 and seats 1–50 on the venue's map: choose a row and seats from it.");
  expect(beyondRows.code).toBe(CODES.listingSeatNotOnMap);
  expect(beyondSeats.code).toBe(CODES.listingSeatNotOnMap);
  expect(beyondSeats.data).toEqual({ field: "seats" });
  expect(await messageOf(inChinese, "zh-HK")).toBe("場館座位圖上，A區的行數為 1–20，座位為 1–50：請從中選擇行及座位。");
  const onMap = await listFor(seller, listingForm(session, { rowLabel: "20", seats: "49-50" }));
  expect(onMap.listingId).toBeGreaterThan(0);
});

test("the same seats listed again by the same seller are refused by the insert itself, other seats are not", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();
  await listFor(seller, listingForm(session, { seats: "1-4" }));

  const again = await refusal(listFor(seller, listingForm(session, { seats: "4, 5" })));
  const racing = await Promise.allSettled(Array.from({ length: 6 }, () => listFor(seller, listingForm(session, { seats: "7, 8" }))));

  expect(again.code).toBe(CODES.listingSeatsAlreadyListed);
  expect(again.status).toBe(400);
  expect(await messageOf(again, "en-US")).toBe("Some of these seats are already on one of your listings. Change that listing, or withdraw it first.");
  expect(racing.filter((result) => result.status === "fulfilled")).toHaveLength(1);
});

test("a fan reselling sees the cap before pricing: the price paid is the start when within it, the cap when above it", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const licensed = await sessionOnSale({ jurisdiction: "HK", licensedPlace: true, startsAt: T0 + 30 * DAY });
  const open = await sessionOnSale({ jurisdiction: "HK", startsAt: T0 + 30 * DAY });
  const atFace = await listFor(seller, listingForm(licensed, { faceValue: "880", price: "880" }));
  const above = await listFor(seller, listingForm(open, { faceValue: "880", price: "1200" }));
  const fan = marketFor(await makeBuyer(), clock);
  const withinCap = await createOrder(fan, { listingId: atFace.listingId, quantity: 2, ...CONTACT });
  await paySandbox(fan, clock, withinCap);
  const aboveCapOrder = await createOrder(fan, { listingId: above.listingId, quantity: 2, ...CONTACT });
  await paySandbox(fan, clock, aboveCapOrder);
  // Support marks the second venue a licensed place afterwards: the law now caps what the fan paid.
  await testDb.update(schema.venueResaleFlags).set({ licensedPlace: true }).where(eq(schema.venueResaleFlags.venueId, open.venueId));

  const start = await resalePricing(fan, withinCap.id);
  const capped = await resalePricing(fan, aboveCapOrder.id);

  expect(start).toMatchObject({ faceValueMinor: 88_000, paidMinor: 88_000, startMinor: 88_000, law: { rule: "HK-CAP172-S6", capMinor: 88_000 } });
  expect(capped).toMatchObject({ faceValueMinor: 88_000, paidMinor: 120_000, startMinor: 88_000, law: { name: "Places of Public Entertainment Ordinance (Cap. 172) s.6", capMinor: 88_000 } });
  expect((await refusal(resalePricing(marketFor(await makeBuyer(), clock), withinCap.id))).code).toBe(CODES.notFound);
});

test("when tickets sell, the seller gets a mail in their language saying which listing sold, how many and at what price", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();
  const { listingId } = await listFor(seller, listingForm(session, { price: "980", seats: "1-4" }));
  const buyer = marketFor(await makeBuyer(), clock);
  await paySandbox(buyer, clock, await createOrder(buyer, { listingId, quantity: 2, ...CONTACT }));

  const [user] = await testDb.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, seller.userId));
  const [tour] = await testDb
    .select({ title: schema.tours.titleEn })
    .from(schema.shows)
    .innerJoin(schema.tours, eq(schema.tours.id, schema.shows.tourId))
    .where(eq(schema.shows.id, session.showId));
  const title = tour.title;
  const mail = await env.DB.prepare("SELECT kind, subject, text_body FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1").bind(user.email).first();
  expect(mail).toEqual({
    kind: "listing_sold",
    subject: `Your tickets sold: ${title}`,
    text_body: `2 tickets of your listing #${listingId} for ${title} sold at HK$980 each.\n\nDeliver them as your listing says; your payout follows once the buyer has them. Follow both under Me › My listings.`,
  });
});

test("each time a buyer opens a listing it counts a view, on the web and the API; the seller's own visits do not", async () => {
  const seller = await sellerOn(clockAt());
  const session = await sessionOnSale();
  const { listingId } = await listFor(seller, listingForm(session));
  const views = async () => (await testDb.select().from(schema.listingViews).where(eq(schema.listingViews.listingId, listingId)))[0]?.views ?? 0;

  expect((await page(`/confirm-ticket?listingId=${listingId}&quantity=2`)).status).toBe(200);
  expect((await page(`/confirm-ticket?listingId=${listingId}&quantity=1`)).status).toBe(200);
  const buyer = await makeBuyer();
  expect((await api(`/pub/tour/v1/listing/detail?listingId=${listingId}&quantity=2`, { headers: await tokenHeaders(buyer) })).body.statusCode).toBe(200);
  await vi.waitFor(async () => expect(await views()).toBe(3));

  const own = await page(`/confirm-ticket?listingId=${listingId}&quantity=2`, { headers: { cookie: await cookieFor(seller.userId) } });
  expect(own.status).toBe(200);
  expect((await api(`/pub/tour/v1/listing/detail?listingId=${listingId}&quantity=2`, { headers: await tokenHeaders(seller.userId) })).body.statusCode).toBe(200);
  expect((await page(`/confirm-ticket?listingId=${listingId + 1000}&quantity=2`)).status).toBe(404);

  const detail = await api<{ views: number }>(`/provider/v1/listing/detail?listingId=${listingId}`, { headers: await tokenHeaders(seller.userId) });
  expect(detail.body.data.views).toBe(3);
  const sellerPage = await (await page(`/provider/listings/${listingId}`, { headers: { cookie: await cookieFor(seller.userId) } })).text();
  expect(sellerPage).toMatch(/data-testid="listing-views">3 views</);
  expect(await testDb.select().from(schema.listingViews)).toHaveLength(1);
});
