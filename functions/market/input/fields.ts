/**
 * Strict fields every server schema builds on, for both doors (classic zod; fields-mini.ts has
 * the same fields for schemas a browser form shares).
 * Input arrives as query strings, form fields or JSON; a number is accepted as a JSON number or
 * as a string of plain digits, a flag as a boolean or a checkbox's words, and nothing else: an
 * array, a boolean, '1e3', '0x10' or free text is never coerced into an id, an amount or a flag.
 */
import * as z from "zod";
import { decimalToNumber, digitsToNumber, wordsToFlag, type Message } from "./field-values";

/** A whole number from `min` to `max`, as a JSON number or a digits-only string. */
export function wholeNumber(min: number, max: number, error?: Message) {
  const options = error === undefined ? undefined : { error };
  return z.preprocess(digitsToNumber, z.number(options).int(options).min(min, options).max(max, options));
}

/** A record's id: a positive whole number. */
export function recordId(error?: Message) {
  return wholeNumber(1, Number.MAX_SAFE_INTEGER, error);
}

/** A yes/no flag: a JSON boolean, or a checkbox's 'on' / 'true' / '1' (and 'false' / '0'). */
export const flag = z.preprocess(wordsToFlag, z.boolean());

/** A checkbox: absent is no; present must be a flag. */
export const checkbox = flag.optional().transform((value) => value === true);

/** A seat map's section code (letters, digits and dashes), never free text. */
export const sectionCode = z.string().trim().regex(/^[A-Za-z0-9-]{1,40}$/);

/** A decimal from `min` to `max` (a position's degrees), as a JSON number or a plain decimal string. */
export function decimal(min: number, max: number) {
  return z.preprocess(decimalToNumber, z.number().min(min).max(max));
}
