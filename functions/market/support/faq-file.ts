/**
 * The FAQ in one language as the build writes it into the static assets (vite.config.ts) and faq.ts
 * reads it: never imported by the Worker, which reads the file instead (docs/decisions.md 306).
 */
import type { Language } from "../context/language";
import { FAQ_ENTRIES, FAQ_TOPIC_NAMES } from "./faq-entries";
import { FAQ_TOPICS, type FaqFile } from "./faq-shape";

export function faqFile(language: Language): FaqFile {
  return {
    topics: FAQ_TOPICS.map((code) => ({ code, name: FAQ_TOPIC_NAMES[code][language] })),
    entries: FAQ_ENTRIES.map((entry) => ({ id: entry.id, topic: entry.topic, question: entry.question[language], answer: entry.answer[language] })),
  };
}
