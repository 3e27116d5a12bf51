/**
 * How a form's or a query's text becomes a number or a flag, without zod: fields.ts (classic zod,
 * server schemas) and fields-mini.ts (zod/mini, schemas a browser form shares) both read values
 * through these, so the two agree on what '12', 'on' or '22.3' mean.
 */

const DIGITS = /^\d{1,16}$/;
const DECIMAL = /^-?\d{1,4}(\.\d{1,12})?$/;
const TRUE_WORDS = new Set(["on", "true", "1"]);
const FALSE_WORDS = new Set(["off", "false", "0"]);

/** Digits become their number; anything else is left as it came, for the number schema to refuse. */
export function digitsToNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return DIGITS.test(trimmed) ? Number(trimmed) : value;
}

/** A plain decimal string becomes its number; anything else is left as it came. */
export function decimalToNumber(value: unknown): unknown {
  return typeof value === "string" && DECIMAL.test(value.trim()) ? Number(value.trim()) : value;
}

/** A checkbox's words become a boolean; anything else is left as it came. */
export function wordsToFlag(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (TRUE_WORDS.has(value)) return true;
  if (FALSE_WORDS.has(value)) return false;
  return value;
}

/** A message given as text or as a function of the issue, as zod takes it. */
export type Message = string | ((issue: { input?: unknown }) => string);
