/**
 * Every translation, by language and namespace. The server renders from these directly; the
 * browser fetches only the namespaces a page needs from /locales/{lng}/{ns}.
 * Add a namespace by adding its JSON file in both languages and listing it here.
 */
import enCommon from "../locales/en-US/common.json";
import enErrors from "../locales/en-US/errors.json";
import zhCommon from "../locales/zh-HK/common.json";
import zhErrors from "../locales/zh-HK/errors.json";

export const resources = {
  "en-US": { common: enCommon, errors: enErrors },
  "zh-HK": { common: zhCommon, errors: zhErrors },
} as const;

export type Namespace = keyof (typeof resources)["en-US"];
