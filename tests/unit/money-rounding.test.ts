/**
 * Rounding on half a minor unit, with literal amounts: every fee, VAT and percentage coupon that
 * lands exactly on half a cent (or half a yen) rounds half up, never half to even and never
 * down, and the parts still add up to the all-in price.
 */
import { expect, test } from "vitest";
import { quoteTerms, type CouponTerms } from "../../functions/market/coupons/coupon-rules";
import { ticketPrice } from "../../functions/market/money/ticket-price";

const HKD = { code: "HKD", minorUnits: 2, perUsdMicros: 7_800_000 };
const USD = { code: "USD", minorUnits: 2, perUsdMicros: 1_000_000 };

test("a service fee of exactly half a cent rounds up", () => {
  // HK$0.05: the 10% fee is 0.5 cents.
  expect(ticketPrice(5, "HKD")).toEqual({ ticketPrice: 5, serviceFee: 1, vat: 0, paymentGatewayFee: 0, additionalFees: 0, allIn: 6 });
});

test("a service fee of two and a half cents rounds to three, not to the even two", () => {
  // HK$0.25: fee 2.5 → 3; gateway 2.5% of 28 is 0.7 → 1.
  expect(ticketPrice(25, "HKD")).toEqual({ ticketPrice: 25, serviceFee: 3, vat: 0, paymentGatewayFee: 1, additionalFees: 0, allIn: 29 });
});

test("a fee below half a cent rounds down", () => {
  // HK$0.04: fee 0.4 → 0; gateway 2.5% of 4 is 0.1 → 0.
  expect(ticketPrice(4, "HKD")).toEqual({ ticketPrice: 4, serviceFee: 0, vat: 0, paymentGatewayFee: 0, additionalFees: 0, allIn: 4 });
});

test("a gateway fee of five and a half cents rounds up to six", () => {
  // HK$2.00: fee 20; gateway 2.5% of 220 is 5.5 → 6.
  expect(ticketPrice(200, "HKD")).toEqual({ ticketPrice: 200, serviceFee: 20, vat: 0, paymentGatewayFee: 6, additionalFees: 0, allIn: 226 });
});

test("VAT of four and a half cents on the service fee rounds up to five", () => {
  // S$5.00: fee 50; Singapore's 9% VAT on 50 is 4.5 → 5; gateway 2.5% of 555 is 13.875 → 14.
  expect(ticketPrice(500, "SGD")).toEqual({ ticketPrice: 500, serviceFee: 50, vat: 5, paymentGatewayFee: 14, additionalFees: 0, allIn: 569 });
});

test("a yen price rounds to whole yen: a fee of one and a half yen is two", () => {
  // ¥15: fee 1.5 → 2; 10% VAT on 2 is 0.2 → 0; gateway 2.5% of 17 is 0.425 → 0.
  expect(ticketPrice(15, "JPY")).toEqual({ ticketPrice: 15, serviceFee: 2, vat: 0, paymentGatewayFee: 0, additionalFees: 0, allIn: 17 });
});

test("a realistic ticket's parts add up to its all-in price", () => {
  // HK$880: fee HK$88; gateway 2.5% of HK$968 is HK$24.20.
  expect(ticketPrice(88_000, "HKD")).toEqual({ ticketPrice: 88_000, serviceFee: 8_800, vat: 0, paymentGatewayFee: 2_420, additionalFees: 0, allIn: 99_220 });
});

const percent = (percentBps: number, maxDiscount: number | null = null, currencyCode = "HKD"): CouponTerms => ({
  kind: "percent",
  currencyCode,
  amountOff: null,
  percentBps,
  maxDiscount,
  minSpend: 0,
  validFrom: 0,
  validTo: Number.MAX_SAFE_INTEGER,
  newUserOnly: false,
});

test("a percentage coupon landing on half a cent takes the half cent off", () => {
  // 10% of HK$1.25 is 12.5 cents → 13.
  expect(quoteTerms(percent(1_000), 125, HKD, HKD)).toEqual({ discount: 13, minSpend: 0, meetsMinSpend: true });
  // 12.5% of 4 cents is 0.5 → 1.
  expect(quoteTerms(percent(1_250), 4, HKD, HKD).discount).toBe(1);
  // 10% of 124 cents is 12.4 → 12.
  expect(quoteTerms(percent(1_000), 124, HKD, HKD).discount).toBe(12);
});

test("a percentage coupon's cap in its own currency converts at today's rate, rounded half up", () => {
  // A US$1.00 cap is HK$7.80; 10% of HK$1,000 would be HK$100.
  expect(quoteTerms(percent(1_000, 100, "USD"), 100_000, USD, HKD).discount).toBe(780);
});

test("a fixed coupon of one US cent is eight Hong Kong cents (7.8 rounded up)", () => {
  const fixed: CouponTerms = { ...percent(0), kind: "fixed", currencyCode: "USD", amountOff: 1, percentBps: null };
  expect(quoteTerms(fixed, 10_000, USD, HKD).discount).toBe(8);
});
