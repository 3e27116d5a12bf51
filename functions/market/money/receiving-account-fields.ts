/**
 * A receiving account as people type it: the buyer's refund account (after-sales) and the seller's
 * payout account (selling) are the same kind of account, so both forms ask for it with these
 * fields. Imports nothing but zod/mini: the browser validates with them too (decision 174).
 * Masking what leaves the domain is receiving-account.ts.
 *
 * Messages are keys in the `errors` namespace (they keep the names they had under after-sales).
 */
import * as z from "zod/mini";

export const RECEIVING_CURRENCY_VALUES = ["CNY", "HKD"] as const;

export const RECEIVING_ACCOUNT_MESSAGES = {
  /** SPEC §5: '{field} is required'. */
  required: "required",
  /** '{field} is invalid.' */
  invalid: "invalidParam",
  alipayInvalid: "aftersale.alipayInvalid",
  swiftInvalid: "aftersale.swiftInvalid",
  cardNumberInvalid: "aftersale.cardNumberInvalid",
  bankCodeInvalid: "aftersale.bankCodeInvalid",
} as const;

export const RECEIVING_ACCOUNT_LIMITS = {
  recipientName: { min: 2, max: 60 },
  bankName: 100,
  accountOpeningArea: 100,
} as const;

/**
 * The recipient name rule (aftersaleApplyName 650036 when broken): the name on the receiving
 * account, 2-60 characters of letters in any script (Chinese characters included), with single
 * spaces, apostrophes, hyphens, dots or the middle dot between them; no digits, no @. Checked by
 * the domain on submission (so the API answers 650036), and offered here for the form.
 */
export function isAcceptableRecipientName(value: string): boolean {
  const name = normalizeRecipientName(value);
  const { min, max } = RECEIVING_ACCOUNT_LIMITS.recipientName;
  if (name.length < min || name.length > max) return false;
  return /^\p{L}\p{M}*(?:(?:[ '’\-.·]|\. )?\p{L}\p{M}*)*\.?$/u.test(name);
}

/** A recipient name as stored: trimmed, runs of spaces made one. */
export function normalizeRecipientName(value: string): string {
  return value.trim().replace(/\s+/g, " ");
}

/** Text that must be there: trimmed, at least one character, at most `max`. */
export const requiredText = (max: number) =>
  z
    .string({ error: RECEIVING_ACCOUNT_MESSAGES.required })
    .check(z.trim(), z.minLength(1, { error: RECEIVING_ACCOUNT_MESSAGES.required }), z.maxLength(max, { error: RECEIVING_ACCOUNT_MESSAGES.invalid }));

/** Text typed in, then `clean`ed, then held to `rule` (else `error`). */
const cleanedText = (max: number, clean: (value: string) => string, rule: (value: string) => boolean, error: string) =>
  z.pipe(requiredText(max), z.transform(clean)).check(z.refine(rule, { error }));

/** The name on a receiving account, both currencies (see isAcceptableRecipientName). */
export const RECIPIENT_NAME_FIELD = {
  recipientName: z.pipe(requiredText(RECEIVING_ACCOUNT_LIMITS.recipientName.max * 2), z.transform(normalizeRecipientName)),
};

/** CNY: an Alipay account, the email or mainland mobile number it is registered with. */
export const CNY_ACCOUNT_FIELDS = {
  accountCurrency: z.literal("CNY"),
  alipayAccount: z.pipe(
    cleanedText(
      254,
      (value) => value.replace(/\s+/g, ""),
      (value) => /^(?:\+?86-?)?1\d{10}$/.test(value) || z.email().safeParse(value).success,
      RECEIVING_ACCOUNT_MESSAGES.alipayInvalid,
    ),
    z.transform((value) => (value.includes("@") ? value.toLowerCase() : value.replace(/^\+?86-?/, ""))),
  ),
};

/** HKD: a bank account. */
export const HKD_ACCOUNT_FIELDS = {
  accountCurrency: z.literal("HKD"),
  bankName: requiredText(RECEIVING_ACCOUNT_LIMITS.bankName),
  /** A clearing code: 3 digits in Hong Kong, up to 11 letters or digits elsewhere. */
  bankCode: cleanedText(
    20,
    (value) => value.replace(/[\s-]/g, "").toUpperCase(),
    (value) => /^[0-9A-Z]{3,11}$/.test(value),
    RECEIVING_ACCOUNT_MESSAGES.bankCodeInvalid,
  ),
  /** ISO 9362: 4 letters bank, 2 letters country, 2 location, optionally 3 branch. */
  swiftCode: cleanedText(
    20,
    (value) => value.replace(/\s+/g, "").toUpperCase(),
    (value) => /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(value),
    RECEIVING_ACCOUNT_MESSAGES.swiftInvalid,
  ),
  /** The card or account number: 8-30 digits, spaces and dashes ignored. */
  cardNumber: cleanedText(
    60,
    (value) => value.replace(/[\s-]/g, ""),
    (value) => /^\d{8,30}$/.test(value),
    RECEIVING_ACCOUNT_MESSAGES.cardNumberInvalid,
  ),
  accountOpeningArea: requiredText(RECEIVING_ACCOUNT_LIMITS.accountOpeningArea),
};
