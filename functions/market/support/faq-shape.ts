/**
 * What the FAQ's text (faq-entries.ts), the file the build writes from it (faq-file.ts), its
 * reader in the Worker (faq.ts) and the help centre's search box share, in a module of its own so
 * none of them brings another's weight: the topics in order, the longest search and the file's
 * shape.
 */

/** Longest search a buyer can type; a question is never longer. */
export const FAQ_KEYWORD_MAX = 60;

export const FAQ_TOPICS = ["orders", "payment", "delivery", "refunds", "account"] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];

/** One question as the FAQ's file in one language holds it; the answer one paragraph per string. */
export interface FaqFileEntry {
  id: number;
  topic: FaqTopic;
  question: string;
  answer: string[];
}

/** The FAQ in one language: its topics in order, named, and every question. */
export interface FaqFile {
  topics: { code: FaqTopic; name: string }[];
  entries: FaqFileEntry[];
}
