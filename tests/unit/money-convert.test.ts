import { expect, test } from "vitest";
import { convert, divideRoundHalfUp, exchangeRate, type CurrencyRate } from "../../functions/market/money/convert";

const currency = (code: string, minorUnits: number, perUsdMicros: number): CurrencyRate => ({
  code,
  minorUnits,
  perUsdMicros,
});
const USD = currency("USD", 2, 1_000_000);
const HKD = currency("HKD", 2, 7_800_000);
const JPY = currency("JPY", 0, 150_000_000);
const KRW = currency("KRW", 0, 1_350_000_000);
const BHD = currency("BHD", 3, 376_000);

test("HK$1,280 is US$164.10 at 7.8 Hong Kong dollars to the US dollar", () => {
  expect(convert(128_000, HKD, USD)).toBe(16_410);
});

test("a converted amount exactly half way between two minor units rounds up", () => {
  expect(convert(1, USD, JPY)).toBe(2); // 1.5 yen
  expect(convert(3, USD, JPY)).toBe(5); // 4.5 yen, where banker's rounding would give 4
});

test("a converted amount below half a minor unit rounds down and above it rounds up", () => {
  expect(convert(2, JPY, USD)).toBe(1); // 1.33 cents
  expect(convert(1, JPY, USD)).toBe(1); // 0.67 cents
  expect(convert(1, KRW, JPY)).toBe(0); // 0.11 yen
});

test("a negative amount converts to the exact negation of its positive", () => {
  expect(convert(-3, USD, JPY)).toBe(-5);
  for (const amount of [1, 3, 7, 26, 99, 12_345]) {
    expect(convert(-amount, HKD, JPY) + convert(amount, HKD, JPY)).toBe(0);
  }
});

test("yen convert to won with no decimals on either side", () => {
  expect(convert(1_000, JPY, KRW)).toBe(9_000);
  expect(convert(15, JPY, currency("KRW", 0, 1_355_000_000))).toBe(136); // 135.5 won
  expect(convert(9_000, KRW, JPY)).toBe(1_000);
});

test("a currency with three decimals converts through its own minor units", () => {
  expect(convert(100, USD, BHD)).toBe(376);
  expect(convert(376, BHD, USD)).toBe(100);
});

test("an amount in its own currency is unchanged and zero stays zero", () => {
  expect(convert(128_050, HKD, HKD)).toBe(128_050);
  expect(convert(0, HKD, JPY)).toBe(0);
});

test("large amounts convert exactly where floating point would not", () => {
  const half = currency("XHU", 2, 500_000);
  expect(convert(Number.MAX_SAFE_INTEGER, USD, half)).toBe(4_503_599_627_370_496);
});

test("a result too large to hold is refused", () => {
  expect(() => convert(Number.MAX_SAFE_INTEGER, USD, KRW)).toThrow(RangeError);
});

test("a fractional amount or a currency without a rate is refused", () => {
  expect(() => convert(1.5, HKD, USD)).toThrow(RangeError);
  expect(() => convert(100, HKD, currency("ZZZ", 2, 0))).toThrow(RangeError);
  expect(() => convert(100, currency("ZZZ", -1, 1_000_000), USD)).toThrow(RangeError);
});

test("exact division rounds half away from zero", () => {
  expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
  expect(divideRoundHalfUp(-5n, 2n)).toBe(-3n);
  expect(divideRoundHalfUp(4n, 3n)).toBe(1n);
  expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
});

test("an exchange rate has six significant digits", () => {
  expect(exchangeRate(HKD, USD)).toBe("0.128205");
  expect(exchangeRate(USD, HKD)).toBe("7.80000");
  expect(exchangeRate(USD, JPY)).toBe("150.000");
  expect(exchangeRate(JPY, KRW)).toBe("9.00000");
  expect(exchangeRate(HKD, HKD)).toBe("1.00000");
});

test("an exchange rate rounds its sixth digit half up", () => {
  expect(exchangeRate(USD, currency("XRA", 2, 1_234_565))).toBe("1.23457");
  expect(exchangeRate(USD, currency("XRB", 2, 9_999_995))).toBe("10.0000");
});

test("very small and very large exchange rates are written without exponents", () => {
  const VND = currency("VND", 0, 25_450_000_000);
  expect(exchangeRate(VND, USD)).toBe("0.0000392927");
  expect(exchangeRate(USD, currency("XBG", 0, 123_456_789_000_000))).toBe("123457000");
});

test("an exchange rate for a currency without a rate is refused", () => {
  expect(() => exchangeRate(USD, currency("ZZZ", 2, 0))).toThrow(RangeError);
});
