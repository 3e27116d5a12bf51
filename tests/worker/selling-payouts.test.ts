import { expect, test } from "vitest";
import { applyForAfterSale, withdrawCase } from "../../functions/market/aftersales";
import { CODES } from "../../functions/market/errors";
import { createOrder } from "../../functions/market/orders";
import { holdPayout, payoutStatement, providerPayouts, releasePayout, supportPayout } from "../../functions/market/selling";
import { parsedApplication, refusal } from "./support/after-sales";
import { clockAt, CONTACT, makeBuyer, marketFor, paySandbox, T0 } from "./support/buying";
import { DAY, supportOn } from "./support/delivery";
import { listFor, listingForm, sellerOn, sessionOnSale } from "./support/selling";

/** A seller's four e-tickets at HK$980, two of them bought and paid (delivered at once: the e-ticket came with the listing). */
async function paidSale() {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: T0 + 30 * DAY });
  const { listingId } = await listFor(seller, listingForm(session, { price: "980" }));
  const buyerId = await makeBuyer();
  const buyer = marketFor(buyerId, clock);
  const order = await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
  await paySandbox(buyer, clock, order);
  const support = await supportOn(clock);
  return { clock, seller, buyer, order, support };
}

test("a paid order pays the provider the price less the 5% marketplace fee, two days after the event", async () => {
  const { clock, seller, order } = await paidSale();

  const [payout] = await providerPayouts(seller.market);

  expect(payout).toMatchObject({
    orderId: order.id,
    quantity: 2,
    currency: "HKD",
    ticketAmount: 196_000,
    fee: 9_800,
    payout: 186_200,
    status: "scheduled",
    payableAt: T0 + 32 * DAY,
    hold: null,
  });
  clock.advance(32 * DAY);
  expect((await providerPayouts(seller.market))[0].status).toBe("payable");
});

test("an open after-sales case holds the payout; support's hold outlasts the case until support releases it", async () => {
  const { clock, seller, buyer, order, support } = await paidSale();
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id));

  expect((await providerPayouts(seller.market))[0].status).toBe("case_open");
  const held = await holdPayout(support.market, { orderId: order.id, reason: "Buyer reports wrong seats" });
  expect(held.status).toBe("held");
  expect(held.hold).toEqual({ reason: "Buyer reports wrong seats", at: T0 });
  expect((await refusal(holdPayout(support.market, { orderId: order.id, reason: "again" }))).code).toBe(CODES.clientOperateFail);

  await withdrawCase(buyer, opened.id);
  clock.advance(32 * DAY);
  expect((await providerPayouts(seller.market))[0].status).toBe("held");
  const released = await releasePayout(support.market, { orderId: order.id });
  expect(released.status).toBe("payable");
});

test("only support can hold a payout; a provider asking is told it does not exist", async () => {
  const { seller, order } = await paidSale();

  expect((await refusal(holdPayout(seller.market, { orderId: order.id, reason: "mine" }))).code).toBe(CODES.notFound);
  expect((await refusal(supportPayout(seller.market, order.id))).code).toBe(CODES.notFound);
});

test("the monthly statement totals what the month's events earn, and is empty for another month", async () => {
  const { seller } = await paidSale();

  const december = await payoutStatement(seller.market, { month: "2026-12" });
  const january = await payoutStatement(seller.market, { month: "2027-01" });

  expect(december.lines).toHaveLength(1);
  expect(december.totals).toEqual([{ currency: "HKD", ticketAmount: 196_000, fee: 9_800, payout: 186_200, payable: 0, withheld: 0 }]);
  expect(january.lines).toEqual([]);
  expect((await refusal(payoutStatement(seller.market, { month: "2026-13" }))).code).toBe(CODES.invalidParam);
});
