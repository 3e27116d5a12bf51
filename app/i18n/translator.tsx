/**
 * react-i18next as the app's screens see it, on the server and in the browser: vite.config.ts
 * aliases "react-i18next" here for both builds (docs/decisions.md 276, 286). It is the part of
 * i18next the screens use (namespaces, nested keys, `ns:key`, plurals with `_zero`, context,
 * defaultValue, returnObjects, {{value}} interpolation and <tag> components in Trans), resolved
 * in i18next's order, without i18next's 15.6 KiB (gzip) on every page, and one lookup in a map
 * where i18next works out the language's fallbacks again on every call. Server and browser draw a
 * page with the same code, so it reads the same before and after hydration. Loaders and the API's
 * messages keep i18next (app/i18n/i18n.server.ts); tests/unit/translator.test.ts reads every key
 * of both languages through both and asks for the same text.
 *
 * A screen's namespaces are loaded before it draws: on the server before the page renders
 * (app/entry.server.tsx), in the browser those of the page the server rendered before hydration
 * (app/entry.client.tsx), those of a screen reached later alongside its loader
 * (app/i18n/route-namespaces.client.ts). Should a component still ask for one that has not
 * arrived, its strings read as nothing until it does, never as their keys.
 */
import { cloneElement, createContext, useContext, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from "react";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Namespace = Record<string, Json>;

export interface TOptions {
  ns?: string | readonly string[];
  count?: number;
  context?: string;
  defaultValue?: string;
  returnObjects?: boolean;
  [value: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

const INTERPOLATION = /\{\{(.+?)\}\}/g;
const NAMESPACE_PREFIX = /^([\w-]+):(\S+)$/;

function pathIn(source: unknown, path: string): unknown {
  let at = source;
  for (const part of path.split(".")) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function interpolate(text: string, values: TOptions): string {
  // As i18next: a value not passed at all leaves its placeholder; one passed as undefined or null
  // reads as nothing.
  return text.replace(INTERPOLATION, (placeholder, name: string) => {
    const path = name.trim();
    const value = pathIn(values, path);
    if (value === undefined) return Object.hasOwn(values, path) ? "" : placeholder;
    return value === null ? "" : String(value);
  });
}

function interpolateAll(value: Json, values: TOptions): Json {
  if (typeof value === "string") return interpolate(value, values);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, values));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, values)]));
  return value;
}

/** Reads one namespace of one language: a fetch in the browser, the static assets on the server. */
export type NamespaceReader = (language: string, namespace: string) => Promise<Record<string, unknown>>;

export class Translator {
  language: string;
  private readonly namespaces = new Map<string, Namespace>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  /** Changes whenever a namespace arrives or the language changes: what screens re-render on. */
  version = 0;

  constructor(
    language: string,
    private readonly read: NamespaceReader,
  ) {
    this.language = language;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private changed() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  hasLoadedNamespace(namespace: string, language = this.language): boolean {
    return this.namespaces.has(`${language}/${namespace}`);
  }

  loadNamespaces(namespaces: string | readonly string[], language = this.language): Promise<void> {
    const asked = typeof namespaces === "string" ? [namespaces] : namespaces;
    return Promise.all(
      asked.map((namespace) => {
        const id = `${language}/${namespace}`;
        if (this.namespaces.has(id)) return undefined;
        let pending = this.loading.get(id);
        if (!pending) {
          pending = this.read(language, namespace)
            .then((data) => {
              // The locale files are JSON: strings, lists and objects of them.
              this.namespaces.set(id, data as Namespace);
              this.changed();
            })
            // A namespace that failed is asked for again by the next screen that needs it.
            .catch(() => undefined)
            .finally(() => this.loading.delete(id));
          this.loading.set(id, pending);
        }
        return pending;
      }),
    ).then(() => undefined);
  }

  /** Loads what the page already shows in `language`, then switches to it. */
  async changeLanguage(language: string): Promise<void> {
    if (language === this.language) return;
    const shown = [...this.namespaces.keys()].filter((id) => id.startsWith(`${this.language}/`)).map((id) => id.slice(this.language.length + 1));
    await this.loadNamespaces(shown, language);
    this.language = language;
    this.changed();
  }

  private pluralSuffix(count: number): string {
    let rules = this.plurals.get(this.language);
    if (!rules) {
      rules = new Intl.PluralRules(this.language);
      this.plurals.set(this.language, rules);
    }
    return `_${rules.select(count)}`;
  }

  /** i18next's lookup: for each namespace in turn, context and plural forms before the bare key. */
  private lookup(namespaces: readonly string[], key: string, options: TOptions): Json | undefined {
    const plural = typeof options.count === "number";
    const suffix = plural ? this.pluralSuffix(options.count!) : "";
    const zero = plural && options.count === 0;
    const candidates = [key];
    if (plural) candidates.push(key + suffix, ...(zero ? [`${key}_zero`] : []));
    if (options.context !== undefined && options.context !== "") {
      const contextKey = `${key}_${options.context}`;
      candidates.push(contextKey);
      if (plural) candidates.push(contextKey + suffix, ...(zero ? [`${contextKey}_zero`] : []));
    }
    candidates.reverse();
    for (const namespace of namespaces) {
      const data = this.namespaces.get(`${this.language}/${namespace}`);
      for (const candidate of candidates) {
        const found = pathIn(data, candidate) as Json | undefined;
        if (found !== undefined && found !== null) return found;
      }
    }
    return undefined;
  }

  translate(namespaces: readonly string[], fullKey: string, options: TOptions = {}): string {
    const prefixed = NAMESPACE_PREFIX.exec(fullKey);
    const key = prefixed ? prefixed[2]! : fullKey;
    const asked = prefixed ? [prefixed[1]!] : options.ns === undefined ? namespaces : typeof options.ns === "string" ? [options.ns] : options.ns;
    const found = this.lookup(asked, key, options);
    if (found !== undefined && typeof found !== "string") {
      return (options.returnObjects ? interpolateAll(found, options) : `key '${key} (${this.language})' returned an object instead of string.`) as string;
    }
    if (found === undefined && !asked.every((namespace) => this.hasLoadedNamespace(namespace))) return "";
    return interpolate(found ?? options.defaultValue ?? key, options);
  }

  fixedT(namespaces: readonly string[]): TFunction {
    return (key, options) => this.translate(namespaces, key, options);
  }
}

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
