/**
 * react-i18next as the app's screens see it, on the server and in the browser: vite.config.ts
 * aliases "react-i18next" here for both builds (docs/decisions.md 276, 286), over the product's
 * translator (@market/translations/translator) with <tag> components in Trans. Server and
 * browser draw a page with the same code, so it reads the same before and after hydration.
 *
 * A screen's namespaces are loaded before it draws: on the server before the page renders
 * (app/entry.server.tsx), in the browser those of the page the server rendered before hydration
 * (app/entry.client.tsx), those of a screen reached later alongside its loader
 * (app/i18n/route-namespaces.client.ts). Should a component still ask for one that has not
 * arrived, its strings read as nothing until it does, never as their keys.
 */
import { cloneElement, createContext, useContext, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from "react";
import { Translator, type TFunction, type TOptions } from "@market/translations/translator";

export { Translator, type NamespaceReader, type TFunction, type TOptions } from "@market/translations/translator";

const I18nContext = createContext<Translator | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(ns?: string | readonly string[]) {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation outside I18nextProvider");
  const namespaces = ns === undefined ? ["common"] : typeof ns === "string" ? [ns] : ns;
  const ready = () => namespaces.every((namespace) => i18n.hasLoadedNamespace(namespace));
  // Re-renders when the language changes, and while a namespace it asks for is on its way, when
  // one arrives; a screen whose strings are all in does not render again for another screen's.
  const snapshot = () => (ready() ? i18n.language : `${i18n.language}#${i18n.version}`);
  const shown = useSyncExternalStore(i18n.subscribe, snapshot, snapshot);
  if (!ready()) void i18n.loadNamespaces(namespaces);
  // As react-i18next: `t` reads the first namespace (others by `ns` or `ns:key`) and stays the
  // same function while what it reads is unchanged, so effects that depend on it do not rerun.
  const first = namespaces[0]!;
  const t = useMemo(() => i18n.fixedT([first]), [i18n, first, shown]);
  return { t, i18n, ready: ready() };
}

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/** A translation whose <name>…</name> parts become the elements given in `components`. */
export function Trans({ t, i18nKey, values, components = {} }: { t: TFunction; i18nKey: string; values?: TOptions; components?: Record<string, ReactElement> }) {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = components[match[1]!];
    parts.push(element ? cloneElement(element, { key: parts.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
