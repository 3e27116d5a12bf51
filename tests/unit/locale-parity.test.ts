/**
 * The browser loads only the viewer's language (app/entry.client.tsx, no fallback language), so
 * every namespace must say everything in both languages: a key missing from one would show as
 * its bare name there.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

const LOCALES = new URL("../../functions/market/translations/locales/", import.meta.url);

/** Dotted key paths, with plural suffixes folded (en-US has _one/_other where zh-HK has _other). */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [prefix.replace(/_(zero|one|two|few|many|other)$/, "")];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

const read = (language: string, file: string) => new Set(keys(JSON.parse(readFileSync(new URL(`${language}/${file}`, LOCALES), "utf8"))));

describe("translations", () => {
  test("both languages have the same namespace files", () => {
    expect(readdirSync(new URL("zh-HK/", LOCALES)).sort()).toEqual(readdirSync(new URL("en-US/", LOCALES)).sort());
  });

  for (const file of readdirSync(new URL("en-US/", LOCALES))) {
    test(`${file} says every key in en-US and zh-HK`, () => {
      const english = read("en-US", file);
      const chinese = read("zh-HK", file);
      expect([...english].filter((key) => !chinese.has(key))).toEqual([]);
      expect([...chinese].filter((key) => !english.has(key))).toEqual([]);
    });
  }
});
