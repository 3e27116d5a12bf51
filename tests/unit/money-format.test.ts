import { expect, test } from "vitest";
import { formatMoney, type CurrencyDisplay } from "../../functions/market/money/format";

const HKD: CurrencyDisplay = { code: "HKD", symbol: "HK$", minorUnits: 2 };
const USD: CurrencyDisplay = { code: "USD", symbol: "US$", minorUnits: 2 };
const JPY: CurrencyDisplay = { code: "JPY", symbol: "¥", minorUnits: 0 };
const BHD: CurrencyDisplay = { code: "BHD", symbol: "BD", minorUnits: 3 };

test("a whole amount is shown without decimals", () => {
  expect(formatMoney(128_000, HKD, "en-US")).toBe("HK$1,280");
});

test("an amount with cents shows both decimal places", () => {
  expect(formatMoney(128_050, HKD, "en-US")).toBe("HK$1,280.50");
  expect(formatMoney(128_005, HKD, "en-US")).toBe("HK$1,280.05");
  expect(formatMoney(5, HKD, "en-US")).toBe("HK$0.05");
});

test("yen have no decimals and are grouped in thousands", () => {
  expect(formatMoney(12_000, JPY, "en-US")).toBe("¥12,000");
  expect(formatMoney(1_234_567, JPY, "zh-HK")).toBe("¥1,234,567");
});

test("zh-HK shows the same amounts with the same symbol and grouping", () => {
  expect(formatMoney(128_000, HKD, "zh-HK")).toBe("HK$1,280");
  expect(formatMoney(128_050, HKD, "zh-HK")).toBe("HK$1,280.50");
  expect(formatMoney(99, USD, "zh-HK")).toBe("US$0.99");
});

test("the currency's own symbol is kept, never the locale's", () => {
  expect(formatMoney(1_000, HKD, "en-US").startsWith("HK$")).toBe(true);
  expect(formatMoney(1_000, USD, "en-US")).toBe("US$10");
});

test("a currency with three decimals shows all three when not whole", () => {
  expect(formatMoney(1_500, BHD, "en-US")).toBe("BD1.500");
  expect(formatMoney(1_000, BHD, "en-US")).toBe("BD1");
});

test("zero and negative amounts are shown plainly", () => {
  expect(formatMoney(0, HKD, "en-US")).toBe("HK$0");
  expect(formatMoney(-128_050, HKD, "en-US")).toBe("-HK$1,280.50");
});

test("the largest amounts are grouped exactly", () => {
  expect(formatMoney(Number.MAX_SAFE_INTEGER, HKD, "en-US")).toBe("HK$90,071,992,547,409.91");
});

test("a fractional amount of minor units is refused", () => {
  expect(() => formatMoney(12.5, HKD, "en-US")).toThrow(RangeError);
});
