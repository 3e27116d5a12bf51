import { expect, test } from "vitest";
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  isLanguage,
  matchLanguage,
  parseAcceptLanguage,
  resolveLanguage,
} from "../../functions/market/context/language";

test("a manual choice wins over the app, the system and the stored language", () => {
  expect(
    resolveLanguage({ manual: "en-US", appLanguage: "zh-HK", systemLanguages: ["zh-TW"], stored: "zh-HK" }),
  ).toBe("en-US");
});

test("without a manual choice the host app's language is used inside the app", () => {
  expect(resolveLanguage({ appLanguage: "zh-CN", systemLanguages: ["en-GB"], stored: "en-US" })).toBe("zh-HK");
});

test("without a manual choice the first matched system language wins over the stored one", () => {
  expect(resolveLanguage({ systemLanguages: ["en-GB", "zh-HK"], stored: "zh-HK" })).toBe("en-US");
});

test("system languages we cannot show are skipped for the next one that matches", () => {
  expect(resolveLanguage({ systemLanguages: ["fr-FR", "de", "zh-Hant-TW"], stored: "en-US" })).toBe("zh-HK");
});

test("a zh-CN system language is shown in zh-HK", () => {
  expect(resolveLanguage({ systemLanguages: ["zh-CN"] })).toBe("zh-HK");
});

test("any English system language is shown in en-US", () => {
  expect(resolveLanguage({ systemLanguages: ["en-AU"], stored: "zh-HK" })).toBe("en-US");
});

test("the stored language is used when no system language matches", () => {
  expect(resolveLanguage({ systemLanguages: ["ja-JP", "ko"], stored: "zh-HK" })).toBe("zh-HK");
});

test("an old stored zh-CN is read as zh-HK", () => {
  expect(resolveLanguage({ stored: "zh-CN" })).toBe("zh-HK");
});

test("with nothing to go on the language is en-US", () => {
  expect(resolveLanguage({})).toBe("en-US");
  expect(DEFAULT_LANGUAGE).toBe("en-US");
});

test("unsupported manual and stored values fall through to the default", () => {
  expect(resolveLanguage({ manual: "fr", systemLanguages: [], stored: "de-DE" })).toBe("en-US");
});

test("a manual choice is matched by its primary subtag in any case", () => {
  expect(resolveLanguage({ manual: "ZH_cn", systemLanguages: ["en-US"] })).toBe("zh-HK");
});

test("every Chinese tag is shown in zh-HK and every English tag in en-US", () => {
  expect(["zh", "zh-CN", "zh-TW", "zh-Hans", "zh-Hant-HK"].map(matchLanguage)).toEqual(Array(5).fill("zh-HK"));
  expect(["en", "en-GB", "EN-us", "en_CA"].map(matchLanguage)).toEqual(Array(4).fill("en-US"));
});

test("a tag that only begins with the letters of a language does not match it", () => {
  expect(matchLanguage("zha")).toBeUndefined();
  expect(matchLanguage("eng")).toBeUndefined();
  expect(matchLanguage("")).toBeUndefined();
  expect(matchLanguage(undefined)).toBeUndefined();
});

test("only en-US and zh-HK are languages we show", () => {
  expect(LANGUAGES).toEqual(["en-US", "zh-HK"]);
  expect(isLanguage("zh-HK")).toBe(true);
  expect(isLanguage("zh-CN")).toBe(false);
  expect(isLanguage(42)).toBe(false);
});

test("tags come best first by q, keeping the header's order for equal q", () => {
  expect(parseAcceptLanguage("fr;q=0.5, zh-CN, en-GB;q=0.8, zh;q=0.8")).toEqual(["zh-CN", "en-GB", "zh", "fr"]);
});

test("the wildcard, q=0 and malformed entries are dropped", () => {
  expect(parseAcceptLanguage("*, en;q=0, zh-HK;q=abc, ja;q=2, ;q=0.3, de;q=0.1")).toEqual(["de"]);
});

test("an absent or empty header gives no languages", () => {
  expect(parseAcceptLanguage(null)).toEqual([]);
  expect(parseAcceptLanguage("")).toEqual([]);
});

test("a browser's header resolves through the system step", () => {
  expect(resolveLanguage({ systemLanguages: parseAcceptLanguage("ja;q=0.9,zh-TW;q=0.8,en;q=0.7") })).toBe("zh-HK");
});
