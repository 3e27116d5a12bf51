import { expect, test } from "vitest";
import {
  DEFAULT_LOCATION,
  EMBEDDED_CHANNEL_LOCATION,
  MANUAL_LOCATION_TTL_MS,
  acceptLocationSuggestion,
  declineLocationSuggestion,
  isManualLocationValid,
  resolveLocation,
} from "../../functions/market/preferences/location";

const known = ["HK", "CN", "TW", "SG", "JP", "US"];
const setAt = Date.UTC(2025, 5, 1, 9, 0);

test("a manual location chosen within 7 days wins over detected and stored", () => {
  expect(resolveLocation({ manual: { code: "TW", setAt }, detected: "SG", stored: "JP", now: setAt + 1000, known })).toEqual({
    code: "TW",
    source: "manual",
  });
});

test("a manual location is still in force one millisecond before 7 days have passed", () => {
  const now = setAt + MANUAL_LOCATION_TTL_MS - 1;
  expect(resolveLocation({ manual: { code: "TW", setAt }, stored: "JP", now, known }).source).toBe("manual");
});

test("a manual location expires exactly 7 days after it was chosen", () => {
  const now = setAt + MANUAL_LOCATION_TTL_MS;
  expect(resolveLocation({ manual: { code: "TW", setAt }, stored: "JP", now, known })).toEqual({
    code: "JP",
    source: "stored",
  });
});

test("a manual location one millisecond past 7 days gives way to detection", () => {
  const now = setAt + MANUAL_LOCATION_TTL_MS + 1;
  expect(resolveLocation({ manual: { code: "TW", setAt }, detected: "SG", now, known })).toEqual({
    code: "SG",
    source: "detected",
  });
});

test("7 days is 604,800,000 milliseconds", () => {
  expect(MANUAL_LOCATION_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
  expect(isManualLocationValid({ code: "TW", setAt }, setAt + 604_800_000)).toBe(false);
  expect(isManualLocationValid({ code: "TW", setAt }, setAt + 604_799_999)).toBe(true);
});

test("a manual location we no longer serve is ignored", () => {
  expect(resolveLocation({ manual: { code: "MO", setAt }, stored: "JP", now: setAt, known }).code).toBe("JP");
});

test("a manual location without a usable timestamp is ignored", () => {
  expect(resolveLocation({ manual: { code: "TW", setAt: Number.NaN }, stored: "JP", now: setAt, known }).code).toBe(
    "JP",
  );
});

test("no suggestion is offered while a manual location is in force", () => {
  const resolved = resolveLocation({ manual: { code: "TW", setAt }, detected: "SG", stored: "TW", now: setAt, known });
  expect(resolved.suggestion).toBeUndefined();
});

test("the detected location is used when nothing is stored", () => {
  expect(resolveLocation({ detected: "SG", now: setAt, known })).toEqual({ code: "SG", source: "detected" });
});

test("the stored location is used when nothing is detected", () => {
  expect(resolveLocation({ stored: "JP", now: setAt, known })).toEqual({ code: "JP", source: "stored" });
});

test("a detected location that differs from the stored one is kept as a pending suggestion", () => {
  expect(resolveLocation({ detected: "SG", stored: "JP", now: setAt, known })).toEqual({
    code: "JP",
    source: "stored",
    suggestion: "SG",
  });
});

test("a detected location equal to the stored one suggests nothing", () => {
  expect(resolveLocation({ detected: "JP", stored: "JP", now: setAt, known })).toEqual({ code: "JP", source: "stored" });
});

test("a detected location we do not serve is neither used nor suggested", () => {
  expect(resolveLocation({ detected: "XX", stored: "JP", now: setAt, known })).toEqual({ code: "JP", source: "stored" });
  expect(resolveLocation({ detected: "T1", now: setAt, known })).toEqual({ code: "HK", source: "default" });
});

test("an unknown stored location gives way to the detected one", () => {
  expect(resolveLocation({ detected: "SG", stored: "ZZ", now: setAt, known })).toEqual({ code: "SG", source: "detected" });
});

test("with nothing to go on the location is Hong Kong", () => {
  expect(resolveLocation({ now: setAt, known })).toEqual({ code: "HK", source: "default" });
  expect(DEFAULT_LOCATION).toEqual({ code: "HK", parentCode: "CN", phoneCode: "852" });
});

test("the embedded channel's fixed location is mainland China with phone code 86", () => {
  expect(EMBEDDED_CHANNEL_LOCATION).toEqual({ code: "CN", phoneCode: "86" });
});

test("accepting a suggestion sets the location, its language and its currency", () => {
  const now = setAt + 5000;
  expect(acceptLocationSuggestion({ code: "TW", languageCode: "zh-TW", currencyCode: "twd" }, now)).toEqual({
    stored: "TW",
    manual: { code: "TW", setAt: now },
    language: "zh-HK",
    currency: "TWD",
  });
});

test("accepting a suggestion whose language we do not show leaves the language alone", () => {
  const choice = acceptLocationSuggestion({ code: "JP", languageCode: "ja-JP", currencyCode: "JPY" }, setAt);
  expect(choice.language).toBeUndefined();
  expect(choice.currency).toBe("JPY");
});

test("after accepting, the accepted location is in use and nothing more is suggested", () => {
  const choice = acceptLocationSuggestion({ code: "SG", languageCode: "en-US", currencyCode: "SGD" }, setAt);
  const later = setAt + MANUAL_LOCATION_TTL_MS + 1;
  expect(resolveLocation({ manual: choice.manual, stored: choice.stored, detected: "SG", now: setAt + 1, known })).toEqual(
    { code: "SG", source: "manual" },
  );
  expect(resolveLocation({ manual: choice.manual, stored: choice.stored, detected: "SG", now: later, known })).toEqual({
    code: "SG",
    source: "stored",
  });
});

test("declining a suggestion makes the current location the manual one", () => {
  expect(declineLocationSuggestion("JP", setAt)).toEqual({ stored: "JP", manual: { code: "JP", setAt } });
});

test("after declining, the suggestion stays away for 7 days and then returns", () => {
  const choice = declineLocationSuggestion("JP", setAt);
  const inputs = { manual: choice.manual, stored: choice.stored, detected: "SG", known };
  expect(resolveLocation({ ...inputs, now: setAt + MANUAL_LOCATION_TTL_MS - 1 })).toEqual({ code: "JP", source: "manual" });
  expect(resolveLocation({ ...inputs, now: setAt + MANUAL_LOCATION_TTL_MS })).toEqual({
    code: "JP",
    source: "stored",
    suggestion: "SG",
  });
});
