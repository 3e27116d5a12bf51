/**
 * The seller's payout against after-sales: a case that granted the buyer money stops the payout
 * for good; the payout leaves once, by support, only when payable; an approval after it left is
 * refused; raced against each other, never both. The ledger (money out never above money in)
 * is checked after every test.
 */
import { afterEach, expect, test } from "vitest";
import { applyForAfterSale, decideCase, decideSchema } from "../../functions/market/aftersales";
import { CODES } from "../../functions/market/errors";
import { createOrder } from "../../functions/market/orders";
import { holdPayout, payOutSeller, providerPayouts, supportPayout } from "../../functions/market/selling";
import { countingProvider, parsedApplication, refusal } from "./support/after-sales";
import { clockAt, CONTACT, makeBuyer, marketFor, paySandbox, T0 } from "./support/buying";
import { DAY, supportOn } from "./support/delivery";
import { expectLedgerHolds } from "./support/ledger";
import { listFor, listingForm, sellerOn, sessionOnSale } from "./support/selling";

afterEach(expectLedgerHolds);

const START = T0 + 30 * DAY;
const approve = decideSchema.parse({ decision: "approve", reason: "Seats were not as described" });
const SEATS_WRONG = { kind: "after_sale", reason: "seats_not_as_described" } as const;

/** A seller's e-tickets at HK$1,134.57 (Row 6, seats 1-50); `orders` buyers each buy two and pay. */
async function paidSales(orders = 1) {
  const clock = clockAt();
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: START });
  const { listingId } = await listFor(seller, listingForm(session, { seats: "1-50", faceValue: "1134.57", price: "1134.57" }));
  const sales = [];
  for (let i = 0; i < orders; i++) {
    const buyer = marketFor(await makeBuyer(), clock);
    const order = await createOrder(buyer, { listingId, quantity: 2, ...CONTACT });
    await paySandbox(buyer, clock, order);
    sales.push({ buyer, order });
  }
  const support = await supportOn(clock);
  return { clock, seller, support, sales };
}

test("an approved refund of HK$1,247.70 with HK$100 compensation stops the seller's payout for good", async () => {
  const { clock, seller, support, sales } = await paidSales();
  const [{ buyer, order }] = sales;
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id, { ...SEATS_WRONG, refundAmount: "1247.70", compensationAmount: "100" }));
  const decided = await decideCase(support.market, opened.id, approve, countingProvider().deps);
  expect(decided).toMatchObject({ status: "refunded", approvedRefundAmount: 124_770, approvedCompensationAmount: 10_000 });

  expect((await providerPayouts(seller.market))[0]).toMatchObject({ orderId: order.id, ticketAmount: 226_914, fee: 11_346, payout: 215_568, status: "refunded" });
  clock.advance(32 * DAY);
  expect((await providerPayouts(seller.market))[0].status).toBe("refunded");
  const error = await refusal(payOutSeller(support.market, { orderId: order.id }));
  expect(error).toMatchObject({ code: CODES.clientOperateFail, data: { reason: "not_payable", status: "refunded" } });
  expect((await supportPayout(support.market, order.id)).paidOut).toBeNull();
});

test("compensation alone, once granted, stops the payout too", async () => {
  const { clock, seller, support, sales } = await paidSales();
  const [{ buyer, order }] = sales;
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id, { ...SEATS_WRONG, refundAmount: "", compensationAmount: "100.05" }));
  expect((await decideCase(support.market, opened.id, approve)).status).toBe("completed");
  clock.advance(32 * DAY);
  expect((await providerPayouts(seller.market))[0].status).toBe("refunded");
  expect((await refusal(payOutSeller(support.market, { orderId: order.id }))).data).toEqual({ reason: "not_payable", status: "refunded" });
});

test("support pays a payable order out once: thirty at once record one payout of HK$2,155.68", async () => {
  const { clock, seller, support, sales } = await paidSales();
  const [{ order }] = sales;
  const early = await refusal(payOutSeller(support.market, { orderId: order.id }));
  expect(early.data).toEqual({ reason: "not_payable", status: "scheduled" });

  clock.advance(32 * DAY);
  const results = await Promise.allSettled(Array.from({ length: 30 }, () => payOutSeller(support.market, { orderId: order.id })));
  expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
  expect(refused).toHaveLength(29);
  for (const { reason } of refused) expect(reason).toMatchObject({ code: CODES.clientOperateFail, data: { reason: "already_paid" } });
  expect((await providerPayouts(seller.market))[0]).toMatchObject({ status: "paid", paidOut: { amount: 215_568, at: START + 2 * DAY } });
});

test("only support pays out, never a seller, and never a held payout", async () => {
  const { clock, seller, support, sales } = await paidSales();
  const [{ order }] = sales;
  const otherSeller = await sellerOn(clock);
  clock.advance(32 * DAY);
  expect((await refusal(payOutSeller(seller.market, { orderId: order.id }))).code).toBe(CODES.notFound);
  expect((await refusal(payOutSeller(otherSeller.market, { orderId: order.id }))).code).toBe(CODES.notFound);
  expect((await refusal(payOutSeller(support.market, { orderId: "x" }))).code).toBe(CODES.invalidParam);
  await holdPayout(support.market, { orderId: order.id, reason: "Buyer reports wrong seats" });
  expect((await refusal(payOutSeller(support.market, { orderId: order.id }))).data).toEqual({ reason: "not_payable", status: "held" });
});

test("once the seller is paid out, approving a refund on the order is refused; support can still reject", async () => {
  const { clock, support, sales } = await paidSales();
  const [{ buyer, order }] = sales;
  clock.advance(32 * DAY);
  await payOutSeller(support.market, { orderId: order.id });
  const opened = await applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: "1247.70" }));
  const { deps, refunds } = countingProvider();

  const error = await refusal(decideCase(support.market, opened.id, approve, deps));
  expect(error).toMatchObject({ code: CODES.aftersaleApply, messageKey: "aftersale.payoutReleased", data: { refusal: "payout_released" } });
  expect(refunds).toHaveLength(0);
  const rejected = await decideCase(support.market, opened.id, decideSchema.parse({ decision: "reject", reason: "The seller was paid; we are recovering it" }));
  expect(rejected.status).toBe("rejected");
});

test("payout against refund, raced on twenty-five orders: each order either pays its seller or refunds its buyer, never both", async () => {
  const { clock, support, sales } = await paidSales(25);
  clock.advance(32 * DAY);
  const { deps } = countingProvider();
  const outcomes = await Promise.all(
    sales.map(async ({ buyer, order }) => {
      const [paid, refunded] = await Promise.allSettled([
        payOutSeller(support.market, { orderId: order.id }),
        applyForAfterSale(buyer, parsedApplication(order.id, { refundAmount: "1247.70" })).then((opened) => decideCase(support.market, opened.id, approve, deps)),
      ]);
      return { paid: paid.status === "fulfilled", refunded: refunded.status === "fulfilled" };
    }),
  );
  expect(outcomes.filter((outcome) => outcome.paid && outcome.refunded)).toHaveLength(0);
  expect(outcomes.filter((outcome) => outcome.paid || outcome.refunded)).toHaveLength(25);
}, 60_000);
