/**
 * The user agreement and the privacy policy (SPEC §7 GET /user/v1/agreements), read in the
 * viewer's language. Each has a version and the date it took effect; a section has a stable id,
 * so a link to one part of a document keeps working when the wording changes.
 */
import * as z from "zod";
import type { Language } from "../context/viewer";
import type { MarketContext } from "../context";
import { AGREEMENT_TYPES, type AgreementText, type AgreementType } from "./agreement-text";
import { PRIVACY_POLICY } from "./privacy-policy";
import { USER_AGREEMENT } from "./user-agreement";

/** A document as a reader gets it, in one language. */
export interface Agreement {
  type: AgreementType;
  title: string;
  version: string;
  updatedAt: string;
  sections: { id: string; title: string; body: string[] }[];
}

export const agreementQuerySchema = z.object({
  type: z.enum(AGREEMENT_TYPES).optional(),
});

const AGREEMENTS: readonly AgreementText[] = [USER_AGREEMENT, PRIVACY_POLICY];

function inLanguage(text: AgreementText, language: Language): Agreement {
  return {
    type: text.type,
    title: text.title[language],
    version: text.version,
    updatedAt: text.updatedAt,
    sections: text.sections.map((section) => ({ id: section.id, title: section.title[language], body: section.body[language] })),
  };
}

/** Both documents (user agreement first), or only the one asked for, in the viewer's language. Never throws. */
export function readAgreements(ctx: Pick<MarketContext, "viewer">, input: z.infer<typeof agreementQuerySchema> = {}): Agreement[] {
  return AGREEMENTS.filter((text) => !input.type || text.type === input.type).map((text) => inLanguage(text, ctx.viewer.language));
}

/** One document in the viewer's language, for its page. */
export function readAgreement(ctx: Pick<MarketContext, "viewer">, type: AgreementType): Agreement {
  const text = AGREEMENTS.find((candidate) => candidate.type === type);
  if (!text) throw new Error(`no ${type} agreement`);
  return inLanguage(text, ctx.viewer.language);
}
