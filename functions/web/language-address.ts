/**
 * Each language at its own address (docs/decisions.md #87): `?lang=en-US` or `?lang=zh-HK` on
 * any page shows it in that language for that request, ahead of SPEC §4's priority, without
 * changing the viewer's stored choice. The address without `lang` is the x-default: it shows
 * the language SPEC §4 picks (cookie, then Accept-Language). Canonical addresses keep only the
 * parameters that name what a page shows, so tracking and sheet parameters are one page.
 */
import { isLanguage, LANGUAGES, type Language } from "../market/context/language";
import { normalisedKeyword } from "./search-keyword";

export const LANGUAGE_PARAM = "lang";

/** Query parameters that name what a public page shows; every other one is presentation or tracking. */
const IDENTITY_PARAMS = ["id", "sessionId", "tourId", "category", "categoryId", "tag", "tagId", "city", "page"];

/**
 * Pages whose own query names what they show: a search is indexable per keyword and group, its
 * keyword folded as the page cache folds it, so 'Nova ' and 'nova' are one canonical page.
 * (FAQ's keyword only filters one page, so it stays out.)
 */
const PAGE_IDENTITY_PARAMS: Record<string, readonly string[]> = { "/search": ["keyword", "type"] };
const FOLDED_PARAMS: Record<string, (value: string) => string> = { keyword: normalisedKeyword };

/** The language the address asks for, or null when it names none we speak. */
export function languageFromAddress(url: URL): Language | null {
  const value = url.searchParams.get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

/** The page's canonical address in `language` (null: the x-default, without `lang`). */
export function canonicalAddress(url: URL, language: Language | null): string {
  const params = new URLSearchParams();
  for (const name of [...(PAGE_IDENTITY_PARAMS[url.pathname] ?? []), ...IDENTITY_PARAMS]) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== "") params.set(name, FOLDED_PARAMS[name]?.(value) ?? value);
  }
  if (language) params.set(LANGUAGE_PARAM, language);
  const query = params.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}`;
}

export interface LanguageAlternate {
  hreflang: Language | "x-default";
  href: string;
}

/** hreflang alternates of a page: one per language and the x-default. */
export function languageAlternates(url: URL): LanguageAlternate[] {
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: canonicalAddress(url, language) })),
    { hreflang: "x-default" as const, href: canonicalAddress(url, null) },
  ];
}

/**
 * Content-Language and Vary for a page in `language`: an address that names its language
 * varies only by cookie (currency, session); one that does not also by Accept-Language.
 */
export function languageHeaders(url: URL, language: Language): Record<string, string> {
  return { "Content-Language": language, Vary: languageFromAddress(url) ? "Cookie" : "Accept-Language, Cookie" };
}

/** `href` with the address's language kept on it (same-site relative links only). */
export function keepLanguage(href: string, language: Language | null): string {
  if (!language || !href.startsWith("/") || href.startsWith("//")) return href;
  const hashAt = href.indexOf("#");
  const path = hashAt === -1 ? href : href.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : href.slice(hashAt);
  if (new URLSearchParams(path.split("?")[1] ?? "").has(LANGUAGE_PARAM)) return href;
  return `${path}${path.includes("?") ? "&" : "?"}${LANGUAGE_PARAM}=${language}${hash}`;
}

/**
 * The page with the address's language kept on every same-site link and form, so a crawler or
 * a browser without JavaScript stays in the language it was given (the browser with JavaScript
 * keeps it through app/seo/keep-language.ts).
 */
export function keepLanguageOnLinks(response: Response, language: Language): Response {
  const rewrite = (attribute: string) => ({
    element(element: Element) {
      const value = element.getAttribute(attribute);
      if (value !== null) element.setAttribute(attribute, keepLanguage(value, language));
    },
  });
  return new HTMLRewriter().on("a[href]", rewrite("href")).on("form[action]", rewrite("action")).transform(response);
}
