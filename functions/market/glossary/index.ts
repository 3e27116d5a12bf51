/**
 * One word for one thing: the names of delivery methods, delivery states, money lines and the
 * guarantee, per language. Every screen reads them as the `glossary` i18n namespace and every
 * mail reads them here, so a screen and a mail never call one thing by two names.
 */
import type { Language } from "../context/viewer";
import enUS from "./en-US.json";
import zhHK from "./zh-HK.json";

export const GLOSSARY = { "en-US": enUS, "zh-HK": zhHK } as const;

export type Glossary = typeof enUS;

export function glossaryFor(language: Language): Glossary {
  return GLOSSARY[language];
}
