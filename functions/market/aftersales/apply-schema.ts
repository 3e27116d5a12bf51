/**
 * What an after-sales application and a support decision may carry, shared by the JSON API, the
 * /apply-for and support console actions and the browser (conform), so the browser validates
 * exactly what the server does. Imports nothing but zod/mini: it ships to the browser, which then
 * never downloads classic zod (docs/decisions.md 174).
 *
 * Messages are keys in the `errors` namespace. `required` ('{{field}} is required', SPEC §5) and
 * `invalidParam` ('{{field}} is invalid.') name their field with `{{field}}`, which each door
 * fills with the field's label, `aftersale:fields.<field>`.
 *
 * Amounts are typed by people, so they arrive as decimal strings in major units ("128.50");
 * money/minor-units.ts toMinorUnits turns them into the order currency's minor units once the
 * currency is known.
 * Every amount a view returns is an integer of minor units beside its currency, as orders do.
 */
import * as z from "zod/mini";
import { recordId } from "../input/fields-mini";

export const AFTER_SALE_KIND_VALUES = ["refund", "after_sale"] as const;
export const RECEIVING_CURRENCY_VALUES = ["CNY", "HKD"] as const;

/**
 * Why a buyer applies. `/order-refund` offers the refund reasons, `/order-after-sale` the
 * after-sale ones (a problem with the tickets); `other` needs a description in both.
 */
export const REFUND_REASONS = ["changed_plans", "event_canceled", "event_rescheduled", "ordered_by_mistake", "duplicate_order", "other"] as const;
export const AFTER_SALE_REASONS = [
  "tickets_not_received",
  "tickets_invalid",
  "wrong_tickets",
  "seats_not_as_described",
  "late_delivery",
  "denied_entry",
  "other",
] as const;
export const APPLY_REASONS = [...new Set([...REFUND_REASONS, ...AFTER_SALE_REASONS])] as readonly ApplyReason[];
export type ApplyReason = (typeof REFUND_REASONS)[number] | (typeof AFTER_SALE_REASONS)[number];

/** The reasons each kind of application offers, in the order the form lists them. */
export const REASONS_BY_KIND: Record<(typeof AFTER_SALE_KIND_VALUES)[number], readonly ApplyReason[]> = {
  refund: REFUND_REASONS,
  after_sale: AFTER_SALE_REASONS,
};

/** Every field of the application form, for labels (`aftersale:fields.<field>`). */
export const APPLY_FIELDS = [
  "orderId",
  "kind",
  "reason",
  "description",
  "refundAmount",
  "compensationAmount",
  "accountCurrency",
  "recipientName",
  "alipayAccount",
  "bankName",
  "bankCode",
  "swiftCode",
  "cardNumber",
  "accountOpeningArea",
] as const;
export type ApplyField = (typeof APPLY_FIELDS)[number];

/** Support's decision form fields, labelled the same way. */
export const DECIDE_FIELDS = ["decision", "reason", "approvedRefundAmount", "approvedCompensationAmount"] as const;
export type DecideField = (typeof DECIDE_FIELDS)[number];

export const AFTERSALE_MESSAGES = {
  /** SPEC §5: '{field} is required'. */
  required: "required",
  /** '{field} is invalid.' */
  invalid: "invalidParam",
  amountInvalid: "aftersale.amountInvalid",
  amountMissing: "aftersale.amountMissing",
  reasonNotForKind: "aftersale.reasonNotForKind",
  alipayInvalid: "aftersale.alipayInvalid",
  swiftInvalid: "aftersale.swiftInvalid",
  cardNumberInvalid: "aftersale.cardNumberInvalid",
  bankCodeInvalid: "aftersale.bankCodeInvalid",
  /** Support may grant up to what was asked, never more. */
  approvedOverAsked: "aftersale.approvedOverAsked",
} as const;

export const APPLY_LIMITS = {
  description: 500,
  recipientName: { min: 2, max: 60 },
  bankName: 100,
  accountOpeningArea: 100,
  decisionReason: 500,
  /** Major units: more than any order's total, small enough to stay a safe integer of minor units. */
  amountDigits: 9,
} as const;

/**
 * The recipient name rule (aftersaleApplyName 650036 when broken): the name on the receiving
 * account, 2-60 characters of letters in any script (Chinese characters included), with single
 * spaces, apostrophes, hyphens, dots or the middle dot between them; no digits, no @. Checked by
 * the domain on submission (so the API answers 650036), and offered here for the form.
 */
export function isAcceptableRecipientName(value: string): boolean {
  const name = value.trim().replace(/\s+/g, " ");
  if (name.length < APPLY_LIMITS.recipientName.min || name.length > APPLY_LIMITS.recipientName.max) return false;
  return /^\p{L}\p{M}*(?:(?:[ '’\-.·]|\. )?\p{L}\p{M}*)*\.?$/u.test(name);
}

/** A recipient name as stored: trimmed, runs of spaces made one. */
export function normalizeRecipientName(value: string): string {
  return value.trim().replace(/\s+/g, " ");
}

/** A major-unit amount as typed: digits, optionally a point and up to two decimals. */
const AMOUNT_PATTERN = new RegExp(`^\\d{1,${APPLY_LIMITS.amountDigits}}(\\.\\d{1,2})?$`);

const requiredText = (max: number) =>
  z
    .string({ error: AFTERSALE_MESSAGES.required })
    .check(z.trim(), z.minLength(1, { error: AFTERSALE_MESSAGES.required }), z.maxLength(max, { error: AFTERSALE_MESSAGES.invalid }));

/** Text typed in, then `clean`ed, then held to `rule` (else `error`). */
const cleanedText = (max: number, clean: (value: string) => string, rule: (value: string) => boolean, error: string) =>
  z.pipe(requiredText(max), z.transform(clean)).check(z.refine(rule, { error }));

/** Absent or blank reads as `blank`; anything else is trimmed. */
const trimmedOr = <T extends string | undefined>(blank: T) =>
  z.pipe(
    z.optional(z.string({ error: AFTERSALE_MESSAGES.amountInvalid }).check(z.trim())),
    z.transform((value) => (value ? value : blank)),
  );

/** An amount field: empty or absent reads "0". */
const amount = z.pipe(trimmedOr("0"), z.string().check(z.regex(AMOUNT_PATTERN, { error: AFTERSALE_MESSAGES.amountInvalid })));

/** An amount support may leave out: empty or absent is no amount. */
const optionalAmount = z.pipe(trimmedOr(undefined), z.optional(z.string().check(z.regex(AMOUNT_PATTERN, { error: AFTERSALE_MESSAGES.amountInvalid }))));

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? AFTERSALE_MESSAGES.required : AFTERSALE_MESSAGES.invalid),
  });

const id = recordId((issue) =>
  issue.input === undefined || issue.input === "" || issue.input === 0 || issue.input === "0" ? AFTERSALE_MESSAGES.required : AFTERSALE_MESSAGES.invalid,
);

const common = {
  orderId: id,
  kind: choice(AFTER_SALE_KIND_VALUES),
  reason: choice(APPLY_REASONS as unknown as readonly [ApplyReason, ...ApplyReason[]]),
  /** Required when the reason is `other`. */
  description: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(APPLY_LIMITS.description, { error: AFTERSALE_MESSAGES.invalid }))),
    z.transform((value) => (value ? value : null)),
  ),
  /** Major units of the order's trade currency; required (above 0) for a refund. */
  refundAmount: amount,
  compensationAmount: amount,
  /** The name on the receiving account, both currencies (see isAcceptableRecipientName). */
  recipientName: z.pipe(requiredText(APPLY_LIMITS.recipientName.max * 2), z.transform(normalizeRecipientName)),
};

/** The name on a receiving account, shared with the seller's payout account (selling/seller-profiles.ts). */
export const RECIPIENT_NAME_FIELD = { recipientName: common.recipientName };

/** CNY: an Alipay account, the email or mainland mobile number it is registered with. */
export const CNY_ACCOUNT_FIELDS = {
  accountCurrency: z.literal("CNY"),
  alipayAccount: z.pipe(
    cleanedText(
      254,
      (value) => value.replace(/\s+/g, ""),
      (value) => /^(?:\+?86-?)?1\d{10}$/.test(value) || z.email().safeParse(value).success,
      AFTERSALE_MESSAGES.alipayInvalid,
    ),
    z.transform((value) => (value.includes("@") ? value.toLowerCase() : value.replace(/^\+?86-?/, ""))),
  ),
};
const cnyAccount = z.object({ ...common, ...CNY_ACCOUNT_FIELDS });

/** HKD: a bank account. */
export const HKD_ACCOUNT_FIELDS = {
  accountCurrency: z.literal("HKD"),
  bankName: requiredText(APPLY_LIMITS.bankName),
  /** A clearing code: 3 digits in Hong Kong, up to 11 letters or digits elsewhere. */
  bankCode: cleanedText(
    20,
    (value) => value.replace(/[\s-]/g, "").toUpperCase(),
    (value) => /^[0-9A-Z]{3,11}$/.test(value),
    AFTERSALE_MESSAGES.bankCodeInvalid,
  ),
  /** ISO 9362: 4 letters bank, 2 letters country, 2 location, optionally 3 branch. */
  swiftCode: cleanedText(
    20,
    (value) => value.replace(/\s+/g, "").toUpperCase(),
    (value) => /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(value),
    AFTERSALE_MESSAGES.swiftInvalid,
  ),
  /** The card or account number: 8-30 digits, spaces and dashes ignored. */
  cardNumber: cleanedText(
    60,
    (value) => value.replace(/[\s-]/g, ""),
    (value) => /^\d{8,30}$/.test(value),
    AFTERSALE_MESSAGES.cardNumberInvalid,
  ),
  accountOpeningArea: requiredText(APPLY_LIMITS.accountOpeningArea),
};
const hkdAccount = z.object({ ...common, ...HKD_ACCOUNT_FIELDS });

/**
 * An application (SPEC §2 applyFor). The account currency picks which account fields are
 * required. Cross-field rules: the reason must be one the kind offers; `other` needs a
 * description; a refund asks for a refund amount above 0; an after-sale asks for some amount.
 */
export const applySchema = z
  .discriminatedUnion("accountCurrency", [cnyAccount, hkdAccount], {
    error: (issue) => {
      const input = (issue.input ?? {}) as Record<string, unknown>;
      const currency = typeof input === "object" ? input.accountCurrency : undefined;
      return currency === undefined || currency === "" ? AFTERSALE_MESSAGES.required : AFTERSALE_MESSAGES.invalid;
    },
  })
  .check(
    z.superRefine((input, check) => {
      if (!REASONS_BY_KIND[input.kind].includes(input.reason)) {
        check.addIssue({ code: "custom", path: ["reason"], message: AFTERSALE_MESSAGES.reasonNotForKind });
      }
      if (input.reason === "other" && !input.description) {
        check.addIssue({ code: "custom", path: ["description"], message: AFTERSALE_MESSAGES.required });
      }
      const refund = Number(input.refundAmount);
      const compensation = Number(input.compensationAmount);
      if (input.kind === "refund" && refund === 0) {
        check.addIssue({ code: "custom", path: ["refundAmount"], message: AFTERSALE_MESSAGES.required });
      } else if (refund === 0 && compensation === 0) {
        check.addIssue({ code: "custom", path: ["refundAmount"], message: AFTERSALE_MESSAGES.amountMissing });
      }
    }),
  );

export type ApplyInput = z.input<typeof applySchema>;
export type ApplyRequest = z.output<typeof applySchema>;

/** A case named by its id: detail, withdraw, support's detail. */
export const caseIdSchema = z.object({ caseId: id });

/** An order named by its id: the apply context. */
export const applyOrderIdSchema = z.object({ orderId: id });

/**
 * Support's decision: approve or reject, always with a reason (shown to the buyer). Approving
 * may grant less than asked; absent amounts grant what was asked.
 */
export const decideSchema = z.object({
  decision: choice(["approve", "reject"] as const),
  reason: requiredText(APPLY_LIMITS.decisionReason),
  approvedRefundAmount: optionalAmount,
  approvedCompensationAmount: optionalAmount,
});

export type DecideInput = z.input<typeof decideSchema>;
export type DecideRequest = z.output<typeof decideSchema>;

/** Support's case list: by status, and a search over case no., order no. and buyer email. */
export const CASE_STATUS_VALUES = ["submitted", "approved", "rejected", "refund_pending", "refunded", "completed", "withdrawn"] as const;
export const supportCaseQuerySchema = z.object({
  status: z.pipe(
    z.transform((value: unknown) => (value === "" || value === null ? undefined : value)),
    z.optional(z.enum(CASE_STATUS_VALUES, { error: AFTERSALE_MESSAGES.invalid })),
  ),
  query: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(100, { error: AFTERSALE_MESSAGES.invalid }))),
    z.transform((value) => (value ? value : undefined)),
  ),
});
