/**
 * Strict fields every schema builds on, for both doors and the browser (imports zod only).
 * Input arrives as query strings, form fields or JSON; a number is accepted as a JSON number or
 * as a string of plain digits, a flag as a boolean or a checkbox's words, and nothing else: an
 * array, a boolean, '1e3', '0x10' or free text is never coerced into an id, an amount or a flag.
 */
import { z } from "zod";

const DIGITS = /^\d{1,16}$/;

type Message = string | ((issue: { input?: unknown }) => string);

/** Digits become their number; anything else is left as it came, for z.number() to refuse. */
function digitsToNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return DIGITS.test(trimmed) ? Number(trimmed) : value;
}

/** A whole number from `min` to `max`, as a JSON number or a digits-only string. */
export function wholeNumber(min: number, max: number, error?: Message) {
  const options = error === undefined ? undefined : { error };
  return z.preprocess(digitsToNumber, z.number(options).int(options).min(min, options).max(max, options));
}

/** A record's id: a positive whole number. */
export function recordId(error?: Message) {
  return wholeNumber(1, Number.MAX_SAFE_INTEGER, error);
}

const TRUE_WORDS = new Set(["on", "true", "1"]);
const FALSE_WORDS = new Set(["off", "false", "0"]);

/** A yes/no flag: a JSON boolean, or a checkbox's 'on' / 'true' / '1' (and 'false' / '0'). */
export const flag = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  if (TRUE_WORDS.has(value)) return true;
  if (FALSE_WORDS.has(value)) return false;
  return value;
}, z.boolean());

/** A checkbox: absent is no; present must be a flag. */
export const checkbox = flag.optional().transform((value) => value === true);

/** A seat map's section code (letters, digits and dashes), never free text. */
export const sectionCode = z.string().trim().regex(/^[A-Za-z0-9-]{1,40}$/);

const DECIMAL = /^-?\d{1,4}(\.\d{1,12})?$/;

/** A decimal from `min` to `max` (a position's degrees), as a JSON number or a plain decimal string. */
export function decimal(min: number, max: number) {
  return z.preprocess((value) => (typeof value === "string" && DECIMAL.test(value.trim()) ? Number(value.trim()) : value), z.number().min(min).max(max));
}
