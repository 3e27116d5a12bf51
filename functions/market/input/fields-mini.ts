/**
 * The fields of fields.ts in zod/mini, for schemas a browser form shares with the server: the
 * browser then never downloads classic zod (docs/decisions.md 174). Values are read by the same
 * rules (field-values.ts), and each field refuses exactly what its classic twin refuses.
 */
import * as z from "zod/mini";
import { decimalToNumber, digitsToNumber, wordsToFlag, type Message } from "./field-values";

/** A whole number from `min` to `max`, as a JSON number or a digits-only string. */
export function wholeNumber(min: number, max: number, error?: Message) {
  const options = error === undefined ? undefined : { error };
  return z.pipe(z.transform(digitsToNumber), z.number(options).check(z.int(options), z.minimum(min, options), z.maximum(max, options)));
}

/** A record's id: a positive whole number. */
export function recordId(error?: Message) {
  return wholeNumber(1, Number.MAX_SAFE_INTEGER, error);
}

/** A yes/no flag: a JSON boolean, or a checkbox's 'on' / 'true' / '1' (and 'false' / '0'). */
export const flag = z.pipe(z.transform(wordsToFlag), z.boolean());

/** A checkbox: absent is no; present must be a flag. */
export const checkbox = z.pipe(
  z.optional(flag),
  z.transform((value) => value === true),
);

/** A decimal from `min` to `max` (a position's degrees), as a JSON number or a plain decimal string. */
export function decimal(min: number, max: number) {
  return z.pipe(z.transform(decimalToNumber), z.number().check(z.minimum(min), z.maximum(max)));
}
