/**
 * The help centre's questions, read in the viewer's language: all of them grouped by topic, the
 * ones matching a search, or one with its neighbours.
 */
import * as z from "zod";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import { FAQ_ENTRIES, FAQ_KEYWORD_MAX, FAQ_TOPIC_NAMES, FAQ_TOPICS, type FaqEntry, type FaqTopic } from "./faq-entries";
import { recordId } from "../input/fields";

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

/**
 * The questions grouped by topic, in topic order, in the viewer's language. With a keyword,
 * only the questions whose question or answer holds every word of it (ignoring case); topics
 * left empty are dropped. Never throws.
 */
export function listFaq(ctx: Pick<MarketContext, "viewer">, input: z.infer<typeof faqSearchSchema> = {}): FaqTopicGroup[] {
  const language = ctx.viewer.language;
  const words = (input.keyword ?? "").toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const matches = (entry: FaqEntry) => {
    if (words.length === 0) return true;
    const text = [entry.question[language], ...entry.answer[language]].join("\n").toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  };
  return FAQ_TOPICS.map((code) => ({
    code,
    name: FAQ_TOPIC_NAMES[code][language],
    items: FAQ_ENTRIES.filter((entry) => entry.topic === code && matches(entry)).map((entry) => ({
      id: entry.id,
      question: entry.question[language],
    })),
  })).filter((group) => group.items.length > 0);
}

/** One question and its answer in the viewer's language. Throws notFound for an unknown id. */
export function faqDetail(ctx: Pick<MarketContext, "viewer">, input: z.infer<typeof faqDetailSchema>): FaqDetail {
  const language = ctx.viewer.language;
  const entry = FAQ_ENTRIES.find((candidate) => candidate.id === input.id);
  if (!entry) throw notFound("faq");
  return {
    id: entry.id,
    topic: { code: entry.topic, name: FAQ_TOPIC_NAMES[entry.topic][language] },
    question: entry.question[language],
    answer: entry.answer[language],
    related: FAQ_ENTRIES.filter((other) => other.topic === entry.topic && other.id !== entry.id).map((other) => ({
      id: other.id,
      question: other.question[language],
    })),
  };
}
