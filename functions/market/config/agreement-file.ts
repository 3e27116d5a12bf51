/**
 * Both documents in one language, user agreement first, as the build writes them into the static
 * assets (vite.config.ts) and agreements.ts reads them: never imported by the Worker, which reads
 * the file instead (docs/decisions.md 306).
 */
import type { Language } from "../context/language";
import type { Agreement, AgreementText } from "./agreement-text";
import { PRIVACY_POLICY } from "./privacy-policy";
import { USER_AGREEMENT } from "./user-agreement";

const AGREEMENTS: readonly AgreementText[] = [USER_AGREEMENT, PRIVACY_POLICY];

export function agreementsFile(language: Language): Agreement[] {
  return AGREEMENTS.map((text) => ({
    type: text.type,
    title: text.title[language],
    version: text.version,
    updatedAt: text.updatedAt,
    sections: text.sections.map((section) => ({ id: section.id, title: section.title[language], body: section.body[language] })),
  }));
}
