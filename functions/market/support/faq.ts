/**
 * The help centre's questions, read in the viewer's language: all of them grouped by topic, the
 * ones matching a search, or one with its neighbours. They are written in faq-entries.ts; the
 * Worker reads them, in one language, from its static assets (faq-file.ts, docs/decisions.md 306).
 */
import * as z from "zod";
import type { MarketContext } from "../context";
import type { Language } from "../context/viewer";
import { notFound } from "../errors";
import { FAQ_KEYWORD_MAX, type FaqFile, type FaqFileEntry, type FaqTopic } from "./faq-shape";
import { recordId } from "../input/fields";
import { textOf } from "../static-files/read";

export const faqSearchSchema = z.object({
  keyword: z.string().trim().max(FAQ_KEYWORD_MAX).optional(),
});

export const faqDetailSchema = z.object({
  id: recordId(),
});

export interface FaqQuestion {
  id: number;
  question: string;
}

export interface FaqTopicGroup {
  code: FaqTopic;
  name: string;
  items: FaqQuestion[];
}

export interface FaqDetail {
  id: number;
  topic: { code: FaqTopic; name: string };
  question: string;
  answer: string[];
  /** The other questions of the same topic, for reading on. */
  related: FaqQuestion[];
}

/** Not a literal, so the Worker's bundle leaves the FAQ's text out (static-files/read.ts). */
const SOURCE = "./faq-file";

function faqIn(language: Language): Promise<FaqFile> {
  return textOf(language, "faq", async () => ((await import(/* @vite-ignore */ SOURCE)) as { faqFile: (language: Language) => FaqFile }).faqFile(language));
}

const asQuestion = (entry: FaqFileEntry): FaqQuestion => ({ id: entry.id, question: entry.question });

/**
 * The questions grouped by topic, in topic order, in the viewer's language. With a keyword,
 * only the questions whose question or answer holds every word of it (ignoring case); topics
 * left empty are dropped. Never throws for any keyword.
 */
export async function listFaq(ctx: Pick<MarketContext, "viewer">, input: z.infer<typeof faqSearchSchema> = {}): Promise<FaqTopicGroup[]> {
  const faq = await faqIn(ctx.viewer.language);
  const words = (input.keyword ?? "").toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const matches = (entry: FaqFileEntry) => {
    if (words.length === 0) return true;
    const text = [entry.question, ...entry.answer].join("\n").toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  };
  return faq.topics
    .map(({ code, name }) => ({
      code,
      name,
      items: faq.entries.filter((entry) => entry.topic === code && matches(entry)).map(asQuestion),
    }))
    .filter((group) => group.items.length > 0);
}

/** One question and its answer in the viewer's language. Throws notFound for an unknown id. */
export async function faqDetail(ctx: Pick<MarketContext, "viewer">, input: z.infer<typeof faqDetailSchema>): Promise<FaqDetail> {
  const faq = await faqIn(ctx.viewer.language);
  const entry = faq.entries.find((candidate) => candidate.id === input.id);
  if (!entry) throw notFound("faq");
  const topic = faq.topics.find((candidate) => candidate.code === entry.topic)!;
  return {
    id: entry.id,
    topic: { code: topic.code, name: topic.name },
    question: entry.question,
    answer: entry.answer,
    related: faq.entries.filter((other) => other.topic === entry.topic && other.id !== entry.id).map(asQuestion),
  };
}
