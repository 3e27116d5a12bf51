/**
 * The shape the user agreement and the privacy policy are written in, both languages side by
 * side. Its own file, so the documents (user-agreement.ts, privacy-policy.ts) and their reader
 * (agreements.ts) share it without importing each other.
 */
import type { Language } from "../context/viewer";

export const AGREEMENT_TYPES = ["user", "privacy"] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

/** A document as written: every text in both languages. */
export interface AgreementText {
  type: AgreementType;
  version: string;
  /** The day this version took effect (YYYY-MM-DD). */
  updatedAt: string;
  title: Record<Language, string>;
  sections: { id: string; title: Record<Language, string>; body: Record<Language, string[]> }[];
}
