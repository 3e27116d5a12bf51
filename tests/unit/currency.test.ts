import { expect, test } from "vitest";
import { DEFAULT_CURRENCY, matchCurrency, resolveCurrency } from "../../functions/market/preferences/currency";

const known = ["HKD", "USD", "CNY", "JPY", "TWD"];

test("a manual currency wins over the location's and the stored one", () => {
  expect(resolveCurrency({ manual: "USD", locationCurrency: "JPY", stored: "CNY", known })).toBe("USD");
});

test("without a manual currency the location's currency is used", () => {
  expect(resolveCurrency({ locationCurrency: "JPY", stored: "CNY", known })).toBe("JPY");
});

test("the stored currency is used when the location has none we list", () => {
  expect(resolveCurrency({ locationCurrency: "EUR", stored: "CNY", known })).toBe("CNY");
  expect(resolveCurrency({ stored: "TWD", known })).toBe("TWD");
});

test("a manual currency we do not list is ignored", () => {
  expect(resolveCurrency({ manual: "BTC", locationCurrency: "JPY", known })).toBe("JPY");
});

test("with nothing to go on the currency is HKD", () => {
  expect(resolveCurrency({ known })).toBe("HKD");
  expect(resolveCurrency({ manual: "EUR", stored: "", known: [] })).toBe("HKD");
});

test("the default currency is HongKong Dollars with the symbol HK$", () => {
  expect(DEFAULT_CURRENCY).toEqual({ currencyCode: "HKD", currencyName: "HongKong Dollars", currencySymbol: "HK$" });
});

test("currency codes match whatever their case and spacing", () => {
  expect(resolveCurrency({ manual: " usd ", known })).toBe("USD");
  expect(matchCurrency("jpy", known)).toBe("JPY");
  expect(matchCurrency(null, known)).toBeUndefined();
});
