import { expect, test } from "vitest";
import {
  currencyChoiceSchema,
  languageChoiceSchema,
  locationChoiceSchema,
  locationSuggestionAnswerSchema,
  positionSchema,
} from "../../functions/market/preferences/choice-schemas";

test("a language choice accepts exactly the languages we speak", () => {
  expect(languageChoiceSchema.safeParse({ language: "zh-HK" }).success).toBe(true);
  expect(languageChoiceSchema.safeParse({ language: "zh-CN" }).success).toBe(false);
  expect(languageChoiceSchema.safeParse({}).success).toBe(false);
});

test("a currency choice is an ISO 4217 code in any case, kept upper-cased", () => {
  expect(currencyChoiceSchema.parse({ currency: " usd " })).toEqual({ currency: "USD" });
  expect(currencyChoiceSchema.safeParse({ currency: "US$" }).success).toBe(false);
  expect(currencyChoiceSchema.safeParse({ currency: "USDT" }).success).toBe(false);
});

test("a location choice is a region or city code", () => {
  expect(locationChoiceSchema.parse({ location: "tpe" })).toEqual({ location: "TPE" });
  expect(locationChoiceSchema.safeParse({ location: "T" }).success).toBe(false);
  expect(locationChoiceSchema.safeParse({ location: "HK'--" }).success).toBe(false);
});

test("an answer to a location suggestion is accept or decline", () => {
  expect(locationSuggestionAnswerSchema.safeParse({ intent: "accept", location: "SG" }).success).toBe(true);
  expect(locationSuggestionAnswerSchema.safeParse({ intent: "maybe", location: "SG" }).success).toBe(false);
});

test("a position is both coordinates or neither", () => {
  expect(positionSchema.parse({ lat: "22.3", lng: "114.2" })).toEqual({ lat: 22.3, lng: 114.2 });
  expect(positionSchema.parse({})).toEqual({});
  expect(positionSchema.safeParse({ lat: "22.3" }).success).toBe(false);
});

test("a position off the globe is refused", () => {
  expect(positionSchema.safeParse({ lat: "91", lng: "0" }).success).toBe(false);
  expect(positionSchema.safeParse({ lat: "0", lng: "-181" }).success).toBe(false);
});
