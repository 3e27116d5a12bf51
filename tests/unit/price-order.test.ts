/**
 * One pure function prices an order for the quote, the confirm page and the statement that
 * places it. Literal amounts throughout.
 */
import { expect, test } from "vitest";
import { priceOrder } from "../../functions/market/listings/price-order";

const HKD = { code: "HKD", minorUnits: 2, perUsdMicros: 7_800_000 };
const USD = { code: "USD", minorUnits: 2, perUsdMicros: 1_000_000 };

test("two HK$1,000 tickets by express cost HK$2,285 with shipping, shown as US$292.95", () => {
  const priced = priceOrder({ unitPriceMinor: 100_000, quantity: 2, deliveryMethod: "EXPRESS", trade: HKD, display: USD });
  expect(priced.trade).toEqual({
    currency: "HKD",
    unitAllIn: 112_750,
    ticketPrice: 200_000,
    serviceFee: 20_000,
    vat: 0,
    paymentGatewayFee: 5_500,
    additionalFees: 0,
    shippingFee: 3_000,
    subtotal: 228_500,
    couponDiscount: 0,
    total: 228_500,
  });
  // The total converts once (HK$2,285 ÷ 7.8 = US$292.948…), not as the sum of rounded lines.
  expect(priced.display).toMatchObject({ currency: "USD", unitAllIn: 14_455, ticketPrice: 25_641, serviceFee: 2_564, paymentGatewayFee: 705, shippingFee: 385, total: 29_295 });
  expect(priced.exchangeRate).toBe("0.128205");
});

test("a coupon comes off the ticket amount, and never more than it", () => {
  const half = priceOrder({ unitPriceMinor: 10_000, quantity: 1, deliveryMethod: "E_TICKET", trade: HKD, display: HKD, couponDiscount: 5_000 });
  expect(half.trade).toMatchObject({ ticketPrice: 10_000, subtotal: 11_275, couponDiscount: 5_000, total: 6_275 });
  expect(half.display).toMatchObject({ subtotal: 11_275, couponDiscount: 5_000, total: 6_275 });

  const more = priceOrder({ unitPriceMinor: 10_000, quantity: 1, deliveryMethod: "E_TICKET", trade: HKD, display: HKD, couponDiscount: 50_000 });
  expect(more.trade).toMatchObject({ couponDiscount: 10_000, total: 1_275 });
});

test("a coupon's display line is the difference of the two converted totals", () => {
  const priced = priceOrder({ unitPriceMinor: 10_000, quantity: 1, deliveryMethod: "E_TICKET", trade: HKD, display: USD, couponDiscount: 5_000 });
  // HK$112.75 is US$14.46; HK$62.75 is US$8.04: the coupon shows as US$6.42.
  expect(priced.display).toMatchObject({ subtotal: 1_446, total: 804, couponDiscount: 642 });
});
