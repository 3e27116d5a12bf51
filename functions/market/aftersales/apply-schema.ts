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
// The receiving account's fields and rules are money's: after-sales and selling both ask for one.
import {
  CNY_ACCOUNT_FIELDS,
  HKD_ACCOUNT_FIELDS,
  RECEIVING_ACCOUNT_LIMITS,
  RECEIVING_ACCOUNT_MESSAGES,
  RECIPIENT_NAME_FIELD,
  requiredText,
} from "../money/receiving-account-fields";
import { APPLY_DESCRIPTION_MAX } from "./apply-fields";

export { APPLY_FIELDS, type ApplyField } from "./apply-fields";

export const AFTER_SALE_KIND_VALUES = ["refund", "after_sale"] as const;

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

/** Support's decision form fields, labelled the same way. */
export const DECIDE_FIELDS = ["decision", "reason", "approvedRefundAmount", "approvedCompensationAmount"] as const;
export type DecideField = (typeof DECIDE_FIELDS)[number];

export const AFTERSALE_MESSAGES = {
  /** required ('{field} is required', SPEC §5), invalid ('{field} is invalid.') and the account's own. */
  ...RECEIVING_ACCOUNT_MESSAGES,
  amountInvalid: "aftersale.amountInvalid",
  amountMissing: "aftersale.amountMissing",
  reasonNotForKind: "aftersale.reasonNotForKind",
  /** Support may grant up to what was asked, never more. */
  approvedOverAsked: "aftersale.approvedOverAsked",
} as const;

export const APPLY_LIMITS = {
  description: APPLY_DESCRIPTION_MAX,
  ...RECEIVING_ACCOUNT_LIMITS,
  decisionReason: 500,
  /** Major units: more than any order's total, small enough to stay a safe integer of minor units. */
  amountDigits: 9,
} as const;

/** A major-unit amount as typed: digits, optionally a point and up to two decimals. */
const AMOUNT_PATTERN = new RegExp(`^\\d{1,${APPLY_LIMITS.amountDigits}}(\\.\\d{1,2})?$`);

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
  /** The name on the receiving account, both currencies (money/receiving-account-fields.ts). */
  ...RECIPIENT_NAME_FIELD,
};

const cnyAccount = z.object({ ...common, ...CNY_ACCOUNT_FIELDS });

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
