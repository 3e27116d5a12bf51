/**
 * The domain's messages in the viewer's language (refusals, mails, chat notices), from the same
 * translations the web shows; both doors and the domain's mails read them here.
 */
import { DEFAULT_NAMESPACE } from "./translations/config";
import { getFixedT } from "./translations/fixed-t";
import type { Language } from "./context/viewer";
import type { MarketError } from "./errors";

/** The namespace a key names (`chat:mail.subject`), or `fallback` for a key without one. */
function namespaceOfKey(key: string, fallback: string): string {
  const separator = key.indexOf(":");
  return separator > 0 ? key.slice(0, separator) : fallback;
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
  const t = await getFixedT(language, ["errors", namespaceOfKey(error.messageKey, "errors")]);
  const message = t(error.messageKey, { ...error.params, defaultValue: t("unknown") });
  if (plain !== null) plainMessages.set(plain, message);
  return message;
}

export async function translateKey(key: string, language: Language, params: Record<string, unknown> = {}): Promise<string> {
  const t = await getFixedT(language, namespaceOfKey(key, DEFAULT_NAMESPACE));
  return t(key, params);
}
