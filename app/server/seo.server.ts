/**
 * What every page tells search engines and link previews about its address (root loader): its
 * canonical address in its language, its alternates in each language and the x-default
 * (functions/web/language-address.ts), the Open Graph locale, and the title and description a
 * public page has when its route names none of its own (functions/market/translations/locales/…/live.json).
 */
import type { Language } from "@market/context/viewer";
import { canonicalAddress, languageAlternates, languageFromAddress, type LanguageAlternate } from "../../functions/web/language-address";
import { i18nServer } from "~/i18n/i18n.server";

/** Public pages whose title and description come from live.json (key under `pages`). */
const PAGE_KEYS: Record<string, string> = {
  "/": "home",
  "/show-list": "showList",
  "/events": "events",
  "/tags": "tags",
  "/tourList": "tourList",
  "/news": "news",
  "/faq": "faq",
  "/faqDetail": "faqDetail",
  "/about-us": "aboutUs",
  "/guarantee": "guarantee",
  "/refund": "refund",
  "/privacy-agreement": "privacyAgreement",
  "/user-agreement": "userAgreement",
};

export interface PageSeo {
  origin: string;
  language: Language;
  canonical: string;
  alternates: LanguageAlternate[];
  /** The address's own language, when it names one (links keep it). */
  addressLanguage: Language | null;
  siteName: string;
  title: string | null;
  description: string | null;
}

export async function pageSeo(request: Request, language: Language): Promise<PageSeo> {
  const url = new URL(request.url);
  const t = await i18nServer.getFixedT(language, "live");
  const key = PAGE_KEYS[url.pathname];
  return {
    origin: url.origin,
    language,
    canonical: canonicalAddress(url, language),
    alternates: languageAlternates(url),
    addressLanguage: languageFromAddress(url),
    siteName: t("siteName"),
    title: key ? t(`pages.${key}.title`) : null,
    description: key ? t(`pages.${key}.description`) : null,
  };
}
