/** i18next settings shared by the server and the browser. */
export const SUPPORTED_LANGUAGES = ["en-US", "zh-HK"] as const;
export const FALLBACK_LANGUAGE = "en-US";

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  // i18next 25.10+ otherwise writes an advertisement to the console of every server and page.
  showSupportNotice: false,
} as const;
