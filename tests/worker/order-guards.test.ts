/**
 * The statement that takes tickets re-checks every rule against the live rows, because a rival
 * request can break a rule after the buyer's read. Here a rival acts exactly between the read
 * (whose pre-checks pass) and the statement, so only the statement can refuse: the unpaid-order
 * limit, the same-session rule and the new-user coupon rule.
 */
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { claimCoupon } from "../../functions/market/coupons";
import type { MarketContext } from "../../functions/market/context";
import { CODES } from "../../functions/market/errors";
import { createOrder, HOLD_MS } from "../../functions/market/orders";
import { clockAt, CONTACT, makeBuyer, makeListing, marketFor, testDb } from "./support/buying";
import { makeCoupon } from "./support/coupons";
import { refusal } from "./support/after-sales";

const order = (listingId: number, couponId?: number) => ({ listingId, quantity: 1, ...CONTACT, couponId });

/** `ctx` whose first batch (the statement that takes tickets) runs only after `rival` has acted. */
function racedBy(ctx: MarketContext, rival: () => Promise<unknown>): MarketContext {
  let raced = false;
  const d1 = new Proxy(ctx.d1, {
    get(target, property) {
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          if (!raced) {
            raced = true;
            await rival();
          }
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { ...ctx, d1 };
}

async function ordersOf(userId: number) {
  return testDb.select({ id: schema.orders.id, listingId: schema.orders.listingId }).from(schema.orders).where(eq(schema.orders.userId, userId));
}

test("a third unpaid order placed while a rival request takes the second is refused by the statement", async () => {
  const clock = clockAt();
  const buyerId = await makeBuyer();
  const [a, b, c] = await Promise.all([makeListing(), makeListing(), makeListing()]);
  await createOrder(marketFor(buyerId, clock), order(a.listingId));

  const raced = racedBy(marketFor(buyerId, clock), () => createOrder(marketFor(buyerId, clock), order(b.listingId)));
  expect((await refusal(createOrder(raced, order(c.listingId)))).code).toBe(CODES.orderUnpaidTooMany);
  expect((await ordersOf(buyerId)).map((row) => row.listingId).sort()).toEqual([a.listingId, b.listingId].sort());
});

test("a second order for the same session placed while a rival request takes the first is refused by the statement", async () => {
  const clock = clockAt();
  const buyerId = await makeBuyer();
  const first = await makeListing();
  const second = await makeListing({ sessionId: first.sessionId });

  const raced = racedBy(marketFor(buyerId, clock), () => createOrder(marketFor(buyerId, clock), order(first.listingId)));
  expect((await refusal(createOrder(raced, order(second.listingId)))).code).toBe(CODES.orderUnpaidSameSession);
  expect((await ordersOf(buyerId)).map((row) => row.listingId)).toEqual([first.listingId]);
});

test("a new-user coupon is refused by the statement when the buyer's first payment lands meanwhile", async () => {
  const clock = clockAt();
  const buyerId = await makeBuyer();
  const claimed = await claimCoupon(marketFor(buyerId, clock), (await makeCoupon({ newUserOnly: true })).code);
  const [paidFor, wanted] = await Promise.all([makeListing(), makeListing()]);
  const earlier = await createOrder(marketFor(buyerId, clock), order(paidFor.listingId));

  const raced = racedBy(marketFor(buyerId, clock), () =>
    testDb.update(schema.orders).set({ status: "paid", paidAt: clock.now() }).where(eq(schema.orders.id, earlier.id)),
  );
  const refused = await refusal(createOrder(raced, order(wanted.listingId, claimed.id)));
  expect(refused.code).toBe(CODES.clientOperateFail);
  expect(refused.data).toEqual({ reason: "newUserOnly" });
  expect((await ordersOf(buyerId)).map((row) => row.listingId)).toEqual([paidFor.listingId]);
  const [coupon] = await testDb.select({ orderId: schema.userCoupons.orderId }).from(schema.userCoupons).where(eq(schema.userCoupons.id, claimed.id));
  expect(coupon.orderId).toBeNull();
});

test("at the instant a buyer's own hold lapses, the statement lets them order the same session again", async () => {
  const clock = clockAt();
  const buyerId = await makeBuyer();
  const first = await makeListing();
  const second = await makeListing({ sessionId: first.sessionId });
  const lapsed = await createOrder(marketFor(buyerId, clock), order(first.listingId));

  clock.time = lapsed.createdAt + HOLD_MS;
  const again = await createOrder(marketFor(buyerId, clock), order(second.listingId));
  expect(again.status).toBe("pending_payment");
  expect(again.tickets.listingId).toBe(second.listingId);
});
