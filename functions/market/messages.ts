/**
 * The domain's messages in the viewer's language (refusals, mails, chat notices), from the same
 * translations the web shows; both doors and the domain's mails read them here.
 */
import { createInstance, type TFunction } from "i18next";
import { i18nConfig } from "./translations/config";
import { resources } from "./translations/resources";
import type { Language } from "./context/viewer";
import type { MarketError } from "./errors";

let translator: Promise<TFunction> | null = null;

function translate(): Promise<TFunction> {
  translator ??= (async () => {
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, resources, ns: Object.keys(resources["en-US"]) });
    return i18n.t;
  })();
  return translator;
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
  const t = await translate();
  const message = t(error.messageKey, { ...error.params, lng: language, ns: "errors", defaultValue: t("unknown", { lng: language, ns: "errors" }) });
  if (plain !== null) plainMessages.set(plain, message);
  return message;
}

export async function translateKey(key: string, language: Language, params: Record<string, unknown> = {}): Promise<string> {
  const t = await translate();
  return t(key, { ...params, lng: language });
}
