/**
 * How search compares text (decision 292): the catalog's names and a buyer's keyword are both
 * folded the same way, then cut into words and grams, so that case, width, accents and the
 * Traditional/Simplified forms of the catalog's characters never stand between a buyer and a
 * name. Pure: the index's writer (catalog-index.ts) and the search (search.ts) share it.
 *
 * - Folding: NFKC (full-width ＮＯＶＡ is NOVA, half-width katakana is katakana), lower case,
 *   combining accents dropped (Beyoncé is beyonce), and Han characters made one form
 *   (han-variants.ts: Traditional to Simplified, from OpenCC's tables).
 * - Words: runs of letters and digits; anything else (spaces, punctuation, symbols, emoji) only
 *   separates them. A change between CJK and other scripts also starts a word (星空Drive is 星空,
 *   drive), and CJK needs no spaces: a name is compared without its separators (its compact
 *   form), so 香港體育館 is found by 體育, and "nova seven" by "novaseven".
 * - Grams: the compact form's bigrams and trigrams, for finding a keyword anywhere in a name (trigrams; two CJK characters: their bigram) and for the
 *   typing mistake's candidates.
 */
import { SIMPLIFIED_OF } from "./han-variants";

/** Marks that are accents on a letter; kana's voicing marks and Hangul's parts are kept (NFC puts them back). */
const ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

let simplified: Map<string, string> | undefined;

/** The Han table as a map, made on first use: "體体館馆…" read two characters at a time. */
function simplifiedOf(char: string): string {
  if (!simplified) {
    simplified = new Map();
    const chars = Array.from(SIMPLIFIED_OF);
    for (let i = 0; i + 1 < chars.length; i += 2) simplified.set(chars[i], chars[i + 1]);
  }
  return simplified.get(char) ?? char;
}

/** `text` folded: NFKC, lower case, accents dropped, Han characters in one form. Separators are kept. */
export function fold(text: string): string {
  const bare = text.normalize("NFKC").toLowerCase().normalize("NFD").replace(ACCENTS, "").normalize("NFC");
  let out = "";
  for (const char of bare) out += simplifiedOf(char);
  return out;
}

const isCjk = (char: string) => CJK_CHAR.test(char);

/** The words of a text, folded, in order (see the file's rules). */
export function foldedWords(text: string): string[] {
  const words: string[] = [];
  let word = "";
  let cjk = false;
  for (const char of fold(text)) {
    if (!WORD_CHAR.test(char)) {
      if (word) words.push(word);
      word = "";
      continue;
    }
    const charCjk = isCjk(char);
    if (word && charCjk !== cjk) {
      words.push(word);
      word = "";
    }
    word += char;
    cjk = charCjk;
  }
  if (word) words.push(word);
  return words;
}

/** A name or a keyword as search compares it: its words, and their concatenation. */
export interface FoldedText {
  /** The words folded and joined without separators. */
  compact: string;
  words: string[];
  /** Where each word starts in `compact`, in UTF-16 units. */
  wordStarts: number[];
}

export function foldText(text: string): FoldedText {
  return fromWords(foldedWords(text));
}

/** The words stored in the index (search_names.folded, space-separated) read back. */
export function fromWords(words: string[]): FoldedText {
  const wordStarts: number[] = [];
  let compact = "";
  for (const word of words) {
    wordStarts.push(compact.length);
    compact += word;
  }
  return { compact, words, wordStarts };
}

/** The distinct runs of `size` characters of a compact form (by code point); none when it is shorter. */
export function ngrams(compact: string, size: number): string[] {
  const chars = Array.from(compact);
  const grams = new Set<string>();
  for (let i = 0; i + size <= chars.length; i++) grams.add(chars.slice(i, i + size).join(""));
  return [...grams];
}

/** The distinct bigrams of a compact form (by code point); none for a single character. */
export const bigrams = (compact: string): string[] => ngrams(compact, 2);

/** The distinct trigrams of a compact form (by code point): what a keyword of three characters or more is looked for anywhere by. */
export const trigrams = (compact: string): string[] => ngrams(compact, 3);

/** True when `word` is CJK (compared by characters, never forgiven a mistake). */
export function isCjkWord(word: string): boolean {
  return isCjk(Array.from(word)[0] ?? "");
}

/** The shortest Latin (non-CJK) word forgiven one typing mistake. */
export const TYPO_MIN_LETTERS = 5;

/** True when a keyword's word may carry one typing mistake: five letters or more, not CJK. */
export function forgivesTypo(word: string): boolean {
  return !isCjkWord(word) && Array.from(word).length >= TYPO_MIN_LETTERS;
}

/**
 * True when `a` and `b` differ by at most one edit: a substitution, an insertion, a deletion or
 * two neighbouring letters swapped (Damerau's transposition).
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const rest = (from: string[], at: number) => from.slice(at).join("");
  if (x.length === y.length) {
    if (rest(x, i + 1) === rest(y, i + 1)) return true; // substitution
    return x[i] === y[i + 1] && x[i + 1] === y[i] && rest(x, i + 2) === rest(y, i + 2); // transposition
  }
  return x.length > y.length ? rest(x, i + 1) === rest(y, i) : rest(x, i) === rest(y, i + 1);
}
