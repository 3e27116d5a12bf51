/**
 * Every key a screen asks for by its written name exists in both languages, in the namespace the
 * screen reads it from: the browser's translator shows a key it cannot find as the key itself.
 * A literal `t("ns:key")` is looked up in `ns`; a bare `t("key")` in the first namespace of one of
 * the file's `useTranslation(...)` calls (that is the one `t` reads; `useTranslation()` reads
 * common); a file handed `t` by another reads in any namespace. Keys built at run time
 * (`t(\`channels.${…}\`)`) are left to the pages' own tests.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { APP, browserSources } from "./support/app-sources";
import { resources } from "@market/translations/resources";

const LANGUAGES = ["en-US", "zh-HK"] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key path of a namespace (plural forms folded onto their key; a list or object is a key too). */
function keysOf(value: unknown, prefix = "", into = new Set<string>()): Set<string> {
  if (prefix) into.add(prefix.replace(PLURAL, ""));
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) keysOf(inner, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

const known = Object.fromEntries(
  LANGUAGES.map((language) => [language, Object.fromEntries(Object.entries(resources[language]).map(([namespace, data]) => [namespace, keysOf(data)]))]),
) as Record<(typeof LANGUAGES)[number], Record<string, Set<string>>>;

/** The source without its comments (a comment's example call is not a call). */
const uncommented = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** The namespaces a bare key may come from in this file, or null for any. */
function readsFrom(source: string): string[] | null {
  const constants = new Map([...source.matchAll(/const (\w+) = ["']([\w-]+)["']/g)].map((match) => [match[1]!, match[2]!]));
  const firsts = [
    ...[...source.matchAll(/useTranslation\(\s*(?:\[\s*)?(?:["']([\w-]+)["']|(\w+))?/g)].map((match) => match[1] ?? (match[2] ? constants.get(match[2]) : "common")),
    ...[...source.matchAll(/getFixedT\([^,)]+,\s*["']([\w-]+)["']/g)].map((match) => match[1]),
  ];
  return firsts.length > 0 ? firsts.map((namespace) => namespace ?? "?") : null;
}

/** `t("…")` calls with a literal key: [namespace or null, key]; `{ ns: "…" }` right after the key names it too. */
function literalKeys(source: string): [string | null, string][] {
  return [...source.matchAll(/\bt\(\s*["']([\w.:-]+)["'](?:\s*,\s*\{\s*ns:\s*["']([\w-]+)["'])?/g)].map((match) => {
    if (match[1]!.includes(":")) return match[1]!.split(":") as [string, string];
    return [match[2] ?? null, match[1]!];
  });
}

function missing(written: string): string[] {
  const source = uncommented(written);
  const fileNamespaces = readsFrom(source);
  const found: string[] = [];
  for (const [prefix, key] of literalKeys(source)) {
    for (const language of LANGUAGES) {
      const namespaces = prefix ? [prefix] : (fileNamespaces ?? Object.keys(known[language]));
      if (!namespaces.some((namespace) => known[language][namespace]?.has(key))) found.push(`${language} ${prefix ? `${prefix}:` : ""}${key}`);
    }
  }
  return found;
}

describe("the rule", () => {
  test("finds a key in the namespace the file reads, by prefix or in any namespace when t is handed in", () => {
    expect(missing(`const { t } = useTranslation("common"); t("tabs.home"); t("account:legal")`)).toEqual([]);
    expect(missing(`function Row({ t }) { return t("legal"); }`)).toEqual([]);
    expect(missing(`const { t } = useTranslation(["console", "order"]); t("support.toReview", { count: 2 })`)).toEqual([]);
    expect(missing(`const NS = "account"; const { t } = useTranslation(NS); t("legal"); t("orderUnpaidSameSession", { ns: "errors" })`)).toEqual([]);
    expect(missing(`const t = await i18nServer.getFixedT(language, "account"); t("legal") /* t("nowhere") */`)).toEqual([]);
  });

  test("reports a key that is not there, or is only in another namespace, in both languages", () => {
    expect(missing(`const { t } = useTranslation("common"); t("tabs.nowhere")`)).toEqual(["en-US tabs.nowhere", "zh-HK tabs.nowhere"]);
    expect(missing(`const { t } = useTranslation("common"); t("legal")`)).toEqual(["en-US legal", "zh-HK legal"]);
    expect(missing(`const { t } = useTranslation(); t("errors:no.such")`)).toEqual(["en-US errors:no.such", "zh-HK errors:no.such"]);
  });
});

test("every key the app asks for by name exists in en-US and zh-HK", () => {
  // The walk reaches nested route folders and leaves server modules out, or this test would pass on nothing.
  expect(browserSources()).toEqual(expect.arrayContaining(["root.tsx", "routes/home/route.tsx"]));
  expect(browserSources().filter((file) => file.endsWith(".server.ts"))).toEqual([]);
  const offenders = browserSources().flatMap((file) => missing(readFileSync(APP + file, "utf8")).map((key) => `${file}: ${key}`));
  expect(offenders).toEqual([]);
});
