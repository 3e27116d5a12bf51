/**
 * The domain's messages in the viewer's language (refusals, mails, chat notices), from the same
 * translations the web shows; both doors and the domain's mails read them here.
 */
import { createInstance, type i18n as I18n } from "i18next";
import { i18nConfig } from "./translations/config";
import { loadInto } from "./translations/store";
import type { Language } from "./context/viewer";
import type { MarketError } from "./errors";

let translator: Promise<I18n> | null = null;

/** The namespace a key names (`chat:mail.subject`), or `fallback` for a key without one. */
function namespaceOfKey(key: string, fallback: string): string {
  const separator = key.indexOf(":");
  return separator > 0 ? key.slice(0, separator) : fallback;
}

/** The domain's i18next, with the namespaces a message needs in `language` added when first asked for. */
async function translate(language: Language, ...namespaces: string[]) {
  translator ??= (async () => {
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, resources: {}, ns: [] });
    return i18n;
  })();
  const i18n = await translator;
  await loadInto(i18n, language, namespaces);
  return i18n.t;
}

/**
 * Refusals without parameters, by language and key: one refusal (the tickets are sold) reaches
 * a crowd of buyers at once, and translating it anew for each cost CPU every one waited on.
 */
const plainMessages = new Map<string, string>();

export async function messageOf(error: MarketError, language: Language): Promise<string> {
  const plain = Object.keys(error.params).length === 0 ? `${language} ${error.messageKey}` : null;
  const kept = plain === null ? undefined : plainMessages.get(plain);
  if (kept !== undefined) return kept;
  // A refusal's key may name another namespace (`coupon:errors.expired`); its fallback is in errors.
  const t = await translate(language, "errors", namespaceOfKey(error.messageKey, "errors"));
  const message = t(error.messageKey, { ...error.params, lng: language, ns: "errors", defaultValue: t("unknown", { lng: language, ns: "errors" }) });
  if (plain !== null) plainMessages.set(plain, message);
  return message;
}

export async function translateKey(key: string, language: Language, params: Record<string, unknown> = {}): Promise<string> {
  const t = await translate(language, namespaceOfKey(key, i18nConfig.defaultNS));
  return t(key, { ...params, lng: language });
}
