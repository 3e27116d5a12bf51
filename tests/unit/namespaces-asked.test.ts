/**
 * After a client-side navigation, the browser's translator holds only the namespaces some
 * `useTranslation([...])` has asked for (the root's common and errors are always there). A
 * component that writes `t("apps:funnel.title")` without asking for "apps" shows nothing where its text goes
 * until a full reload: every namespace a file's `t("ns:...")` names must be in one of its
 * `useTranslation` lists.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { APP, browserSources } from "./support/app-sources";

/** The root route asks for these on every page (app/root.tsx handle and useTranslation()). */
const ALWAYS_LOADED = new Set(["common", "errors"]);

/** Namespaces a file names in t("ns:key") but asks for in none of its useTranslation calls. */
function unaskedNamespaces(source: string): string[] {
  if (!source.includes("useTranslation")) return [];
  const named = new Set([...source.matchAll(/\bt\(\s*[`"']([a-zA-Z-]+):/g)].map((match) => match[1]!));
  const asked = new Set<string>();
  for (const [, args] of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    for (const [, ns] of args!.matchAll(/["']([a-zA-Z-]+)["']/g)) asked.add(ns!);
  }
  return [...named].filter((ns) => !asked.has(ns) && !ALWAYS_LOADED.has(ns)).sort();
}

test("the rule reads a namespace named but not asked for", () => {
  expect(unaskedNamespaces(`const { t } = useTranslation("console"); t("apps:funnel.title"); t("console:x")`)).toEqual(["apps"]);
  expect(unaskedNamespaces(`const { t } = useTranslation(["console", "apps"]); t("apps:funnel.title")`)).toEqual([]);
  expect(unaskedNamespaces(`const { t } = useTranslation("me"); t("common:back"); t("errors:x")`)).toEqual([]);
});

test("every screen asks for each namespace it names", () => {
  const offenders = browserSources()
    .map((file) => ({ file, missing: unaskedNamespaces(readFileSync(APP + file, "utf8")) }))
    .filter(({ missing }) => missing.length > 0);
  expect(offenders).toEqual([]);
});
