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

export async function messageOf(error: MarketError, language: Language): Promise<string> {
  const t = await translate();
  return t(error.messageKey, { ...error.params, lng: language, ns: "errors", defaultValue: t("unknown", { lng: language, ns: "errors" }) });
}

export async function translateKey(key: string, language: Language, params: Record<string, unknown> = {}): Promise<string> {
  const t = await translate();
  return t(key, { ...params, lng: language });
}
