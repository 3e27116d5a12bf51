/**
 * Who the seller is: a private seller gives the name buyers see and nothing else; a trader also
 * the identity the law asks of traders. The payout account is its own step: a payout waits for
 * it, support cannot pay out before it, and saving the profile again keeps it. A fan who resold
 * their order is not offered after-sales nor the provider's chat for tickets they no longer hold.
 */
import { expect, test } from "vitest";
import { CODES } from "../../functions/market/errors";
import { createOrder } from "../../functions/market/orders";
import {
  getSellerProfile,
  payOutSeller,
  resellOrder,
  payoutStatement,
  providerPayouts,
  savePayoutAccount,
  saveSellerProfile,
  sellerStanding,
} from "../../functions/market/selling";
import { refusal } from "./support/after-sales";
import { cookieFor, visit } from "./support/chat";
import { clockAt, CONTACT, makeBuyer, marketFor, paySandbox, T0 } from "./support/buying";
import { DAY, supportOn } from "./support/delivery";
import { listFor, listingForm, PAYOUT_ACCOUNT, sellerOn, sessionOnSale, TRADER_PROFILE } from "./support/selling";

const HONG_KONG_ACCOUNT = {
  currency: "HKD",
  recipientName: "Chan Tai Man",
  bankName: "HSBC",
  bankCode: "004",
  swiftCode: "HSBCHKHHHKH",
  cardNumber: "**** **** **** 6001",
  accountOpeningArea: "Hong Kong",
};

test("a private seller gives only the name buyers see: no trader identity, no payout account", async () => {
  const market = marketFor(await makeBuyer(), clockAt());
  expect(await sellerStanding(market)).toBeNull();

  const saved = await saveSellerProfile(market, { displayName: "Mei's Spare Seats", kind: "private" });

  expect(saved).toEqual({ sellerId: saved.sellerId, displayName: "Mei's Spare Seats", kind: "private", trader: null, payoutAccount: null });
  expect(await sellerStanding(market)).toEqual({ as: "fan", needsPayoutAccount: true });
  const unnamed = await refusal(saveSellerProfile(market, { displayName: " ", kind: "private" }));
  expect(unnamed).toMatchObject({ code: CODES.invalidParam, params: { field: "displayName" } });
});

test("a private seller's stray trader fields are not kept", async () => {
  const market = marketFor(await makeBuyer(), clockAt());
  const saved = await saveSellerProfile(market, { displayName: "Kit", kind: "private", traderLegalName: "Kit Trading Ltd", traderAddress: "1 Main St" });
  expect(saved.trader).toBeNull();
});

test("a trader gives legal name, address and email; phone and registration number when they have them", async () => {
  const market = marketFor(await makeBuyer(), clockAt());

  const bare = await refusal(saveSellerProfile(market, { displayName: "Harbour Tickets Ltd", kind: "trader" }));
  expect(bare).toMatchObject({ code: CODES.invalidParam, params: { field: "traderLegalName" } });
  const noEmail = await refusal(saveSellerProfile(market, { ...TRADER_PROFILE, traderEmail: "" }));
  expect(noEmail).toMatchObject({ code: CODES.invalidParam, params: { field: "traderEmail" } });

  const saved = await saveSellerProfile(market, { ...TRADER_PROFILE, traderRegistrationNo: "CR 1234567" });
  expect(saved.trader).toEqual({
    legalName: "Harbour Tickets Limited",
    address: "1 Queen's Road Central, Hong Kong",
    email: "desk@harbourtickets.example",
    phone: null,
    registrationNo: "CR 1234567",
  });
  expect(await sellerStanding(market)).toEqual({ as: "trader", needsPayoutAccount: true });
});

test("the payout account is its own step, masked once saved, and saving the profile again keeps it", async () => {
  const buyer = marketFor(await makeBuyer(), clockAt());
  expect((await refusal(savePayoutAccount(buyer, PAYOUT_ACCOUNT))).code).toBe(CODES.sellerProfileRequired);

  const seller = await sellerOn(clockAt(), undefined, { payoutAccount: null });
  const notAName = await refusal(savePayoutAccount(seller.market, { ...PAYOUT_ACCOUNT, recipientName: "4444 5555" }));
  expect(notAName).toMatchObject({ code: CODES.invalidParam, params: { field: "recipientName" } });
  const noSwift = await refusal(savePayoutAccount(seller.market, { ...PAYOUT_ACCOUNT, swiftCode: "" } as typeof PAYOUT_ACCOUNT));
  expect(noSwift).toMatchObject({ code: CODES.invalidParam, params: { field: "swiftCode" } });

  expect((await savePayoutAccount(seller.market, PAYOUT_ACCOUNT)).payoutAccount).toEqual(HONG_KONG_ACCOUNT);
  await saveSellerProfile(seller.market, { displayName: "Mei Resells", kind: "private" });
  const profile = await getSellerProfile(seller.market);
  expect(profile).toMatchObject({ displayName: "Mei Resells", payoutAccount: HONG_KONG_ACCOUNT });
  expect(await sellerStanding(seller.market)).toEqual({ as: "fan", needsPayoutAccount: false });
});

test("a payout waits for the seller's account: HK$1,862 held, support cannot pay it out, then it can", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock, undefined, { payoutAccount: null });
  const session = await sessionOnSale({ startsAt: T0 + 30 * DAY });
  const { listingId } = await listFor(seller, listingForm(session, { price: "980" }));
  const buyer = marketFor(await makeBuyer(), clock);
  const order = await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(buyer, clock, order);
  const support = await supportOn(clock);

  expect((await providerPayouts(seller.market))[0].status).toBe("scheduled");
  clock.advance(32 * DAY);
  expect((await providerPayouts(seller.market))[0]).toMatchObject({ orderId: order.id, payout: 186_200, status: "awaiting_account" });
  expect((await payoutStatement(seller.market, { month: "2026-12" })).totals).toEqual([
    { currency: "HKD", ticketAmount: 196_000, fee: 9_800, payout: 186_200, payable: 0, withheld: 186_200 },
  ]);
  const early = await refusal(payOutSeller(support.market, { orderId: order.id }));
  expect(early).toMatchObject({ code: CODES.clientOperateFail, data: { reason: "not_payable", status: "awaiting_account" } });

  await savePayoutAccount(seller.market, PAYOUT_ACCOUNT);
  expect((await providerPayouts(seller.market))[0].status).toBe("payable");
  const paid = await payOutSeller(support.market, { orderId: order.id });
  expect(paid).toMatchObject({ status: "paid", paidOut: { amount: 186_200, at: T0 + 32 * DAY } });
});

test("a resold order's page has no after-sales card and its e-ticket page no provider chat; the new holder's has the chat", async () => {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: T0 + 30 * DAY });
  const { listingId } = await listFor(seller, listingForm(session, { price: "880" }));
  const fanId = await makeBuyer();
  const fan = marketFor(fanId, clock);
  const order = await createOrder(fan, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(fan, clock, order);
  const fanCookie = await cookieFor(fanId);
  expect(await (await visit(`/e-ticket?id=${order.id}`, fanCookie)).text()).toContain('data-testid="order-chat-line"');

  const resale = await resellOrder(fan, { orderId: order.id, price: "880" });
  const holderId = await makeBuyer();
  const holder = marketFor(holderId, clock);
  const resold = await createOrder(holder, { listingId: resale.listingId, quantity: 2, ...CONTACT });
  await paySandbox(holder, clock, resold);

  const detail = await (await visit(`/order-detail?id=${order.id}`, fanCookie)).text();
  expect(detail).toContain("Resold");
  expect(detail).not.toContain('data-testid="after-sales"');
  expect(await (await visit(`/e-ticket?id=${order.id}`, fanCookie)).text()).not.toContain('data-testid="order-chat-line"');
  expect(await (await visit(`/e-ticket?id=${resold.id}`, await cookieFor(holderId))).text()).toContain('data-testid="order-chat-line"');
});
