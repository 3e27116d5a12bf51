import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { messageOf } from "../../functions/market/messages";
import { CODES } from "../../functions/market/errors";
import { listingDetail } from "../../functions/market/listings/listing-detail";
import { createOrder, HOLD_MS } from "../../functions/market/orders";
import { createListing, editListing, listProviderListings, withdrawListing } from "../../functions/market/selling";
import { refusal } from "./support/after-sales";
import { clockAt, CONTACT, makeBuyer, marketFor, T0, ticketsLeftAt } from "./support/buying";
import { DAY, providerOf } from "./support/delivery";
import { E_TICKET, listFor, listingForm, PROOF, sellerOn, sessionOnSale, TRADER_PROFILE } from "./support/selling";

const buy = (userId: number, clock: { now: () => number }, listingId: number, quantity: number) =>
  createOrder(marketFor(userId, clock), { listingId, quantity, ...CONTACT });

test("a seller lists four e-tickets of Row 6 with proof, and the listing shows its seats, status and who created it", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();

  const { listingId } = await listFor(seller, listingForm(session));

  const [listing] = await listProviderListings(seller.market, { listingId });
  expect(listing.status).toBe("active");
  expect(listing.rowLabel).toBe("6");
  expect(listing.seats).toEqual(["1", "2", "3", "4"]);
  expect(listing.quantity).toBe(4);
  expect(listing.priceMinor).toBe(98_000);
  expect(listing.faceValueMinor).toBe(88_000);
  expect(listing.currency).toBe("HKD");
  expect(listing.changes).toEqual([{ kind: "created", from: null, to: '{"price":98000,"quantity":4}', at: T0, byUserId: seller.userId }]);
  expect(await ticketsLeftAt(listingId, T0)).toBe(4);
  const proof = await env.DB.prepare("SELECT proof_r2_key FROM listing_terms WHERE listing_id = ?").bind(listingId).first<{ proof_r2_key: string }>();
  expect(await env.FILES.head(proof!.proof_r2_key)).not.toBeNull();
});

test("a listing without a photo or PDF of the ticket is refused", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();

  const error = await refusal(createListing(seller.market, listingForm(session), { eTicket: E_TICKET }));

  expect(error.code).toBe(CODES.listingProofRequired);
  expect(await messageOf(error, "en-US")).toBe("Add a photo or PDF of the ticket showing its face value.");
});

test("an account without a seller profile cannot list", async () => {
  const clock = clockAt();
  const session = await sessionOnSale();
  const buyer = marketFor(await makeBuyer(), clock);

  expect((await refusal(createListing(buyer, listingForm(session), { proof: PROOF, eTicket: E_TICKET }))).code).toBe(CODES.sellerProfileRequired);
});

test("in Taiwan a price above face value is refused at creation with a message naming the law", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ jurisdiction: "TW" });

  const error = await refusal(listFor(seller, listingForm(session, { faceValue: "880", price: "880.50" })));

  expect(error.code).toBe(CODES.listingPriceCapped);
  expect(await messageOf(error, "en-US")).toBe(
    "Under Development of the Cultural and Creative Industries Act, Art. 10-1, tickets to this event can't be listed above HK$880 each.",
  );
  const inChinese = await refusal(listFor({ market: marketFor(seller.userId, clock, { language: "zh-HK" }) }, listingForm(session, { price: "881" })));
  expect(await messageOf(inChinese, "zh-HK")).toBe("根據《文化創意產業發展法》第10條之1，此活動的門票每張不得以高於 HK$880 的價格刊登。");
  const atFace = await listFor(seller, listingForm(session, { price: "880" }));
  expect(atFace.listingId).toBeGreaterThan(0);
});

test("Hong Kong's Cap. 172 caps the price at a licensed venue but not at an LCSD venue", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const licensed = await sessionOnSale({ jurisdiction: "HK", licensedPlace: true });
  const lcsd = await sessionOnSale({ jurisdiction: "HK", licensedPlace: false });

  const refused = await refusal(listFor(seller, listingForm(licensed, { price: "1200" })));
  const listed = await listFor(seller, listingForm(lcsd, { price: "1200" }));

  expect(refused.code).toBe(CODES.listingPriceCapped);
  expect(refused.params.law).toBe("Places of Public Entertainment Ordinance (Cap. 172) s.6");
  expect(listed.listingId).toBeGreaterThan(0);
});

test("New South Wales caps at face value plus 10% only tickets that carry a resale restriction", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ jurisdiction: "AU-NSW" });
  const restricted = { faceValue: "100", restriction: "Not transferable for profit" };

  const atCap = await listFor(seller, listingForm(session, { ...restricted, price: "110" }));
  const above = await refusal(listFor(seller, listingForm(session, { ...restricted, price: "110.01" })));
  // Other seats: the seats of a live listing cannot be listed again by the same seller.
  const unrestricted = await listFor(seller, listingForm(session, { faceValue: "100", price: "300", seats: "5-8" }));

  expect(atCap.listingId).toBeGreaterThan(0);
  expect(above.code).toBe(CODES.listingPriceCapped);
  expect(above.data).toEqual({ rule: "AU-NSW-FTA-4A", capMinor: 11_000, currency: "HKD" });
  expect(unrestricted.listingId).toBeGreaterThan(0);
});

test("Japan's act reaches a trader selling a specified event above face value, not a private fan, and not unspecified events", async () => {
  const clock = clockAt();
  const fan = await sellerOn(clock);
  const trader = await sellerOn(clock, TRADER_PROFILE);
  const specified = await sessionOnSale({ jurisdiction: "JP", designatedEvent: true });
  const ordinary = await sessionOnSale({ jurisdiction: "JP" });

  expect((await refusal(listFor(trader, listingForm(specified, { price: "1000" })))).code).toBe(CODES.listingPriceCapped);
  expect((await listFor(trader, listingForm(ordinary, { price: "1000" }))).listingId).toBeGreaterThan(0);
  expect((await listFor(fan, listingForm(specified, { price: "1000" }))).listingId).toBeGreaterThan(0);
});

test("an edit that would take the price above the cap is refused naming the law", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ jurisdiction: "TW" });
  const { listingId } = await listFor(seller, listingForm(session, { price: "800" }));

  const error = await refusal(editListing(seller.market, { listingId, price: "900" }));

  expect(error.code).toBe(CODES.listingPriceCapped);
  expect((await listProviderListings(seller.market, { listingId }))[0].priceMinor).toBe(80_000);
});

test("while a buyer holds tickets the price cannot change, and the held order keeps the price it was placed at", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();
  const { listingId } = await listFor(seller, listingForm(session, { price: "980" }));
  const held = await buy(await makeBuyer(), clock, listingId, 2);

  const error = await refusal(editListing(seller.market, { listingId, price: "700" }));

  expect(error.code).toBe(CODES.listingHeld);
  expect(held.price.unitPrice).toBe(98_000);
  const [listing] = await listProviderListings(seller.market, { listingId });
  expect(listing.priceMinor).toBe(98_000);
  expect(listing.held).toBe(2);
  expect(listing.editable).toBe(false);
});

test("once the hold lapses the price and quantity change, each change recorded with who and when", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();
  const { listingId } = await listFor(seller, listingForm(session, { seats: undefined, rowLabel: undefined, sectionId: session.standingSectionId, quantity: 6, price: "500" }));
  await buy(await makeBuyer(), clock, listingId, 2);
  clock.advance(HOLD_MS);

  await editListing(seller.market, { listingId, price: "450", quantity: 5 });

  const [listing] = await listProviderListings(seller.market, { listingId });
  expect(listing.priceMinor).toBe(45_000);
  expect(listing.quantity).toBe(5);
  expect(listing.changes.slice(1)).toEqual([
    { kind: "price", from: "50000", to: "45000", at: T0 + HOLD_MS, byUserId: seller.userId },
    { kind: "quantity", from: "6", to: "5", at: T0 + HOLD_MS, byUserId: seller.userId },
  ]);
});

test("a withdrawn listing sells nothing more, while an order placed before keeps its tickets", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();
  const { listingId } = await listFor(seller, listingForm(session));
  const before = await buy(await makeBuyer(), clock, listingId, 2);

  await withdrawListing(seller.market, { listingId });

  expect(await ticketsLeftAt(listingId, clock.now())).toBe(0);
  expect((await refusal(buy(await makeBuyer(), clock, listingId, 1))).code).toBe(CODES.orderInventoryNotEnough);
  expect(before.status).toBe("pending_payment");
  const [listing] = await listProviderListings(seller.market, { listingId });
  expect(listing.status).toBe("withdrawn");
  expect(listing.changes.map((change) => change.kind)).toEqual(["created", "withdrawn"]);
  expect((await refusal(editListing(seller.market, { listingId, price: "500" }))).code).toBe(CODES.listingNotEditable);
});

test("a listing ends by itself when its session starts, and another seller's listing is not found", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const other = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: T0 + 2 * DAY });
  const { listingId } = await listFor(seller, listingForm(session));

  expect((await refusal(editListing(other.market, { listingId, price: "1" }))).code).toBe(CODES.notFound);
  clock.advance(2 * DAY);
  const [listing] = await listProviderListings(seller.market, { listingId });
  expect(listing.status).toBe("ended");
  expect((await refusal(editListing(seller.market, { listingId, price: "500" }))).code).toBe(CODES.listingNotEditable);
});

test("a buyer of 2 from Row 6 · Seats 1–8 is shown seats 1 and 2 at confirm-ticket and gets them; the next buyer gets 3 and 4", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();
  const { listingId } = await listFor(seller, listingForm(session, { seats: "1-8" }));
  const first = await makeBuyer();

  const preview = await listingDetail(marketFor(first, clock), { listingId, quantity: 2 });
  const firstOrder = await buy(first, clock, listingId, 2);
  const secondOrder = await buy(await makeBuyer(), clock, listingId, 2);

  expect(preview.seats).toEqual(["1", "2"]);
  expect(preview.consecutiveNotGuaranteed).toBe(false);
  expect(firstOrder.tickets.seats).toEqual(["1", "2"]);
  expect(secondOrder.tickets.seats).toEqual(["3", "4"]);
  expect((await listingDetail(marketFor(await makeBuyer(), clock), { listingId, quantity: 4 })).consecutiveNotGuaranteed).toBe(true);
});

test("of twenty buyers at once for 8 seats, 8 orders are placed and no seat is given twice", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();
  const { listingId } = await listFor(seller, listingForm(session, { seats: "1-8" }));
  const buyers = await Promise.all(Array.from({ length: 20 }, () => makeBuyer()));

  const results = await Promise.allSettled(buyers.map((buyer) => buy(buyer, clock, listingId, 1)));

  const placed = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  expect(placed).toHaveLength(8);
  expect(placed.flatMap((order) => order.tickets.seats ?? []).sort((a, b) => Number(a) - Number(b))).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
});

test("the seats of a hold that lapsed go to the next buyer", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();
  const { listingId } = await listFor(seller, listingForm(session, { seats: "11, 12, 14, 15" }));
  await buy(await makeBuyer(), clock, listingId, 2);
  clock.advance(HOLD_MS);

  const next = await buy(await makeBuyer(), clock, listingId, 3);

  expect(next.tickets.seats).toEqual(["11", "12", "14"]);
  expect(next.tickets.consecutiveNotGuaranteed).toBe(true);
});

test("numbered seats cannot be added to a listing, and a quantity sent as a list is refused as invalid", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale();
  const { listingId } = await listFor(seller, listingForm(session, { seats: "1-4" }));

  expect((await refusal(editListing(seller.market, { listingId, quantity: 6 }))).code).toBe(CODES.listingSeatsInvalid);
  expect((await refusal(editListing(seller.market, { listingId, quantity: [3] as never }))).code).toBe(CODES.invalidParam);
});

test("in the UK a trader with no identity on file is refused; with one, buyers are shown the trader, restriction and ticket numbers", async () => {
  const clock = clockAt();
  const session = await sessionOnSale({ jurisdiction: "GB" });
  const staffProvider = await providerOf((await sellerOn(clock)).sellerId, clock);
  const trader = await sellerOn(clock, TRADER_PROFILE);
  const form = listingForm(session, { restriction: "Named ticket: ID checked at entry", ticketNumbers: "A100 A101 A102 A103" });

  expect((await refusal(listFor({ market: staffProvider.market }, form))).code).toBe(CODES.sellerTraderIdentityRequired);
  const { listingId } = await listFor(trader, form);

  const detail = await listingDetail(marketFor(await makeBuyer(), clock), { listingId, quantity: 2 });
  expect(detail.notice).toEqual({
    cappedBy: null,
    restriction: "Named ticket: ID checked at entry",
    ticketNumbers: ["A100", "A101", "A102", "A103"],
    trader: {
      legalName: "Harbour Tickets Limited",
      address: "1 Queen's Road Central, Hong Kong",
      email: "desk@harbourtickets.example",
      phone: null,
      registrationNo: null,
    },
    disclosedUnder: ["Consumer Rights Act 2015 s.90"],
    fanResale: false,
  });
});

test("a capped listing tells buyers its price is capped by local law", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ jurisdiction: "TW" });
  const { listingId } = await listFor(seller, listingForm(session, { price: "850" }));

  const detail = await listingDetail(marketFor(await makeBuyer(), clock, { language: "zh-HK" }), { listingId, quantity: 2 });

  expect(detail.notice?.cappedBy).toBe("《文化創意產業發展法》第10條之1");
});
