/**
 * How well a name matches a keyword (decision 291's first key), decided on folded text
 * (fold.ts), after the index has found the candidates. Pure.
 *
 * Ranks, best first: the whole name (exact), its start (prefix), a word's start (word), anywhere
 * in it (two CJK characters or three letters and more), and last, loosely: every word of the keyword somewhere in the
 * name, in any order, a Latin word of five letters or more forgiven one typing mistake (a word
 * still being typed, the keyword's last, is compared with the start of the name's words).
 */
import { bigrams, foldText, forgivesTypo, fromWords, isCjkWord, trigrams, withinOneEdit, type FoldedText } from "./fold";
import type { SearchMatch } from "./results";

export const RANKS = ["exact", "prefix", "word", "anywhere", "loose"] as const;
export type Rank = number;
export const LOOSE_RANK = RANKS.indexOf("loose");
export const ANYWHERE_RANK = RANKS.indexOf("anywhere");

/** A rank as the answer names it: a loose match is shown as 'anywhere'. */
export function matchName(rank: Rank): SearchMatch {
  return rank >= LOOSE_RANK ? "anywhere" : (RANKS[rank] as SearchMatch);
}

/** How many of a keyword's bigrams one typing mistake may break (a transposition breaks three). */
const GRAMS_ONE_MISTAKE_BREAKS = 3;

export interface SearchKey extends FoldedText {
  /** Long enough to be looked for anywhere in a name (or an address), not only at a word's start. */
  anywhere: boolean;
  /** Bigrams of the compact form when `anywhere` (how alike a name is, for the closest names). */
  grams: string[];
  /**
   * The grams a name holding the keyword anywhere holds all of, when `anywhere`: its trigrams,
   * or the keyword itself when it is two CJK characters (a bigram). When that is the keyword
   * alone (three characters, or two CJK), holding it is containing it.
   */
  probes: string[];
  /** For loose matches: the bigrams of each word, and how many of them a candidate must share; null when no loose match can differ from the others. */
  loose: { grams: string[]; atLeast: number } | null;
}

/** A keyword as search compares it. Its compact form is empty when it holds no letter or digit. */
export function searchKey(keyword: string): SearchKey {
  const text = foldText(keyword);
  const typos = text.words.filter(forgivesTypo).length;
  const wordGrams = [...new Set(text.words.flatMap(bigrams))];
  const loose =
    (text.words.length > 1 || typos > 0) && wordGrams.length > 0
      ? { grams: wordGrams, atLeast: Math.max(1, wordGrams.length - GRAMS_ONE_MISTAKE_BREAKS * typos) }
      : null;
  // Anywhere needs two CJK characters (a word) or three letters: two letters inside words are noise.
  const length = Array.from(text.compact).length;
  const anywhere = length >= 3 || (length === 2 && text.words.every(isCjkWord));
  const probes = !anywhere ? [] : length === 2 ? [text.compact] : trigrams(text.compact);
  return { ...text, anywhere, grams: anywhere ? bigrams(text.compact) : [], probes, loose };
}

function looselyMatches(name: FoldedText, key: SearchKey): boolean {
  const last = key.words.length - 1;
  return key.words.every((word, index) => {
    if (name.compact.includes(word)) return true;
    if (!forgivesTypo(word)) return false;
    return name.words.some(
      (candidate) =>
        withinOneEdit(word, candidate) ||
        // Still being typed: the start of a name's word, one letter shorter, as long, or one longer.
        (index === last && [-1, 0, 1].some((delta) => withinOneEdit(word, candidate.slice(0, word.length + delta)))),
    );
  });
}

/** The rank of a name (its folded words, space-separated, as the index keeps them), or null when it does not match. */
export function rankOf(folded: string, key: SearchKey): Rank | null {
  const name = fromWords(folded.split(" "));
  const { compact } = key;
  if (!compact) return null;
  if (name.compact === compact) return 0;
  if (name.compact.startsWith(compact)) return 1;
  if (name.wordStarts.some((at) => name.compact.startsWith(compact, at))) return 2;
  if (key.anywhere && name.compact.includes(compact)) return 3;
  if (key.loose && looselyMatches(name, key)) return LOOSE_RANK;
  return null;
}
