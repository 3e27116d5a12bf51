/**
 * The user agreement and the privacy policy (SPEC §7 GET /user/v1/agreements), read in the
 * viewer's language. Each has a version and the date it took effect; a section has a stable id,
 * so a link to one part of a document keeps working when the wording changes. They are written in
 * user-agreement.ts and privacy-policy.ts; the Worker reads both, in one language, from its static
 * assets (agreement-file.ts, docs/decisions.md 306).
 */
import * as z from "zod";
import type { MarketContext } from "../context";
import type { Language } from "../context/language";
import { textOf } from "../static-files/read";
import { AGREEMENT_TYPES, type Agreement, type AgreementType } from "./agreement-text";

export const agreementQuerySchema = z.object({
  type: z.enum(AGREEMENT_TYPES).optional(),
});

/** Not a literal, so the Worker's bundle leaves the documents' text out (static-files/read.ts). */
const SOURCE = "./agreement-file";

/** Both documents, user agreement first, in the viewer's language. */
function agreementsOf(ctx: Pick<MarketContext, "viewer">): Promise<Agreement[]> {
  const language = ctx.viewer.language;
  return textOf(language, "agreements", async () => ((await import(/* @vite-ignore */ SOURCE)) as { agreementsFile: (language: Language) => Agreement[] }).agreementsFile(language));
}

/** Both documents (user agreement first), or only the one asked for, in the viewer's language. */
export async function readAgreements(ctx: Pick<MarketContext, "viewer">, input: z.infer<typeof agreementQuerySchema> = {}): Promise<Agreement[]> {
  return (await agreementsOf(ctx)).filter((agreement) => !input.type || agreement.type === input.type);
}

/** One document in the viewer's language, for its page. */
export async function readAgreement(ctx: Pick<MarketContext, "viewer">, type: AgreementType): Promise<Agreement> {
  const agreement = (await agreementsOf(ctx)).find((candidate) => candidate.type === type);
  if (!agreement) throw new Error(`no ${type} agreement`);
  return agreement;
}
