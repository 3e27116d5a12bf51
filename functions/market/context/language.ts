/**
 * The viewer's language (SPEC §4): a manual choice first, then the first system language we can
 * match, then the stored one, then en-US. Matching is by primary subtag, so every Chinese tag
 * (zh, zh-CN, zh-TW, zh-Hant-HK) is shown in zh-HK (SPEC §5 maps zh-CN to zh-HK) and every
 * English tag in en-US.
 */

export const LANGUAGES = ["en-US", "zh-HK"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en-US";

/** Entries of an Accept-Language header read before the rest is ignored (a header is client input). */
const MAX_ACCEPT_LANGUAGE_ENTRIES = 32;

/** True when the value is exactly one of LANGUAGES. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The supported language a BCP 47 tag is shown in, by its primary subtag and case-insensitively
 * ('zh-CN' → 'zh-HK', 'EN_gb' → 'en-US'); undefined for any other language or a malformed tag.
 */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (typeof tag !== "string") return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/, 1)[0];
  if (primary === "zh") return "zh-HK";
  if (primary === "en") return "en-US";
  return undefined;
}

/**
 * The language tags of an Accept-Language header, best first: ordered by q (stable for equal q),
 * without the wildcard, entries with q=0 and malformed entries. An absent header gives [].
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; index: number }[] = [];
  const parts = header.split(",").slice(0, MAX_ACCEPT_LANGUAGE_ENTRIES);
  parts.forEach((part, index) => {
    const [rawTag, ...params] = part.split(";");
    const tag = rawTag.trim();
    if (!/^[A-Za-z]{1,8}([-_][A-Za-z0-9]{1,8})*$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9](?:\.[0-9]{0,3})?)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
      else if (/^\s*q\s*=/i.test(param)) q = NaN;
    }
    if (!(q > 0 && q <= 1)) return;
    entries.push({ tag, q, index });
  });
  entries.sort((a, b) => b.q - a.q || a.index - b.index);
  return entries.map((entry) => entry.tag);
}

export interface LanguageInputs {
  /** The language the viewer chose in settings. */
  manual?: string | null;
  /** The device's languages, best first (Accept-Language, navigator.languages). */
  systemLanguages?: readonly string[] | null;
  /** The language kept from an earlier visit. */
  stored?: string | null;
  /**
   * The host app's language from its app context (`language` or `lan`), inside the in-app web
   * view. It is the web view's own system language, so it is tried before the device's.
   */
  appLanguage?: string | null;
}

/**
 * The language to show: manual, then the app's language, then the first matched system language,
 * then stored, then en-US. Each step accepts any tag that matchLanguage maps, so an old stored
 * 'zh-CN' still resolves to zh-HK.
 */
export function resolveLanguage(inputs: LanguageInputs): Language {
  const manual = matchLanguage(inputs.manual);
  if (manual) return manual;
  const app = matchLanguage(inputs.appLanguage);
  if (app) return app;
  for (const tag of inputs.systemLanguages ?? []) {
    const system = matchLanguage(tag);
    if (system) return system;
  }
  return matchLanguage(inputs.stored) ?? DEFAULT_LANGUAGE;
}
