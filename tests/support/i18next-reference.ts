/**
 * i18next as the product once used it, kept as the reference the product's translator is tested
 * against (tests/unit/translator.test.ts): both must write every string the same.
 */
import { DEFAULT_NAMESPACE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from "../../functions/market/translations/config";

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: DEFAULT_NAMESPACE,
  load: "currentOnly",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  // i18next 25.10+ otherwise writes an advertisement to the console.
  showSupportNotice: false,
} as const;
