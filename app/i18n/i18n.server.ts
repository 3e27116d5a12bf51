import { RemixI18Next } from "remix-i18next/server";
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, i18nConfig } from "@market/translations/config";
import { translationsBackend } from "@market/translations/store";

/**
 * The server's i18next. The language itself is decided by the viewer resolution (SPEC §4's
 * priority) before React Router runs, so detection here only ever reads that decision.
 */
export const i18nServer = new RemixI18Next({
  detection: { supportedLanguages: [...SUPPORTED_LANGUAGES], fallbackLanguage: FALLBACK_LANGUAGE },
  i18next: { ...i18nConfig },
  // Each namespace a loader asks for is read once per isolate (docs/decisions.md 284).
  backend: translationsBackend,
});
