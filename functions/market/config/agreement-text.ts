/**
 * The shape the user agreement and the privacy policy are written in, both languages side by
 * side, and the shape a reader gets one in. Its own file, so the documents (user-agreement.ts,
 * privacy-policy.ts), the file the build writes from them (agreement-file.ts) and their reader
 * (agreements.ts), which the Worker bundles, share it without the reader importing the documents.
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

/** A document as a reader gets it, in one language. */
export interface Agreement {
  type: AgreementType;
  title: string;
  version: string;
  updatedAt: string;
  sections: { id: string; title: string; body: string[] }[];
}
