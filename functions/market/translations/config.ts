/** i18next settings shared by the server and the browser. */
export const SUPPORTED_LANGUAGES = ["en-US", "zh-HK"] as const;
export const FALLBACK_LANGUAGE = "en-US";

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: "common",
  // Both languages carry every key, so a lookup never needs 'en' or 'zh' behind 'en-US' or
  // 'zh-HK'. Without this, every t() works out those parents again through
  // Intl.getCanonicalLocales: a tenth of the browser's hydration time on home.
  load: "currentOnly",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  // i18next 25.10+ otherwise writes an advertisement to the console of every server and page.
  showSupportNotice: false,
} as const;
