/**
 * Words outside a screen's render, in the viewer's language: loaders' texts (titles, refusals,
 * mails' subjects), the domain's messages and mails, the API's refusals. One translator per
 * language per isolate over the namespaces it has read once (store.ts), so a call costs a lookup
 * in a map, not an i18next instance of its own (docs/decisions.md 318).
 */
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from "./config";
import { namespaceOf } from "./store";
import { Translator, type TFunction } from "./translator";

export type { TFunction } from "./translator";

const translators = new Map<string, Translator>();

/** The isolate's translator for `language` (an unsupported one reads as the fallback's). */
function translatorOf(language: string): Translator {
  const known = (SUPPORTED_LANGUAGES as readonly string[]).includes(language) ? language : FALLBACK_LANGUAGE;
  let translator = translators.get(known);
  if (!translator) {
    translator = new Translator(known, async (lng, namespace) => {
      const data = await namespaceOf(lng, namespace);
      if (!data) throw new Error(`no namespace ${lng} ${namespace}`);
      return data;
    });
    translators.set(known, translator);
  }
  return translator;
}

/**
 * Loads `namespaces` into `translator`. One the static assets failed to give is an error (the
 * request's error page), never words shown as nothing; it is asked for again by the next call.
 */
export async function loadEvery(translator: Translator, namespaces: readonly string[]): Promise<void> {
  await translator.loadNamespaces(namespaces);
  const missing = namespaces.filter((namespace) => !translator.hasLoadedNamespace(namespace));
  if (missing.length > 0) throw new Error(`translations not loaded: ${translator.language} ${missing.join(", ")}`);
}

/** A `t` over `namespaces` in `language`, each looked up in turn, once they are loaded (`loadEvery`). */
export async function getFixedT(language: string, namespaces: string | readonly string[]): Promise<TFunction> {
  const asked = typeof namespaces === "string" ? [namespaces] : namespaces;
  const translator = translatorOf(language);
  await loadEvery(translator, asked);
  return translator.fixedT(asked);
}
