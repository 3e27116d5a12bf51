/**
 * The coupon factory for tests: a fresh HK$50-off coupon of the test's own (a code no other test
 * shares), valid for a month either side of an instant, with any terms the test changes.
 */
import * as schema from "../../../functions/db/schema";
import { T0, testDb } from "./buying";

const DAY = 24 * 60 * 60_000;

/** A coupon of the test's own, valid around `at` (T0 unless given) unless `terms` say otherwise. */
export async function makeCoupon(terms: Partial<typeof schema.coupons.$inferInsert> = {}, at = T0) {
  const [coupon] = await testDb
    .insert(schema.coupons)
    .values({
      code: `T${crypto.randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`,
      titleEn: "Test coupon",
      titleZh: "測試優惠券",
      detailsEn: "For tests.",
      detailsZh: "測試用。",
      kind: "fixed",
      currencyCode: "HKD",
      amountOff: 5_000,
      minSpend: 0,
      validFrom: at - 30 * DAY,
      validTo: at + 30 * DAY,
      createdAt: at - 30 * DAY,
      ...terms,
    })
    .returning();
  return coupon;
}
