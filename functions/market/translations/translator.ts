/**
 * The translator the whole product writes its words with: the screens on the server and in the
 * browser (app/i18n/translator.tsx wraps it for React), loaders, mails and the API's messages
 * (fixed-t.ts). It is the part of i18next the product uses (namespaces, nested keys,
 * `ns:key`, plurals with `_zero`, context, defaultValue, returnObjects, {{value}} interpolation),
 * resolved in i18next's order, without i18next's weight (15.6 KiB gzip on every page, 12 KiB in
 * the Worker) and with one lookup in a map where i18next works out the language's fallbacks again
 * on every call (docs/decisions.md 276, 286, 318). Both languages carry every key (a unit test
 * says so), so a language never falls back to another. tests/unit/translator.test.ts reads every
 * key of both languages through it and through i18next and asks for the same text.
 */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type Namespace = Record<string, Json>;

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
