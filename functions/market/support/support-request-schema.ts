/**
 * The email support form's input (SPEC §3 FAQ contact: issue type, order no., name, contact
 * email, phone, message), shared by the API, the /emailSupport action and the browser (loaded
 * once the buyer starts to fill the form in), so the browser validates exactly what the server does. Imports nothing but zod/mini:
 * it ships to the browser, which then never downloads classic zod (docs/decisions.md 174). Messages are keys in the `errors` locale namespace; `required` and
 * `invalidParam` name their field with `{{field}}`, which each door fills with the field's label.
 */
import * as z from "zod/mini";
import { SUPPORT_ISSUE_TYPES, SUPPORT_LIMITS } from "./support-request-limits";

export { SUPPORT_FIELDS, SUPPORT_ISSUE_TYPES, SUPPORT_LIMITS, type SupportField, type SupportIssueType } from "./support-request-limits";

export const SUPPORT_MESSAGES = {
  /** SPEC §5: '{field} is required'. */
  required: "required",
  /** SPEC §5: 'Please enter a valid email address'. */
  emailInvalid: "email.invalid",
  /** SPEC §5: 'Invalid phone number, please correct'. */
  phoneInvalid: "phone.invalid",
  /** Too long, or not one of the choices: '{field} is invalid.' */
  invalid: "invalidParam",
} as const;

/** Digits in a phone number: at least a short local number, at most E.164's 15. */
const PHONE_DIGITS = { min: 6, max: 15 } as const;

/** A phone number as people type it: an optional +, digits, spaces, dashes, brackets. */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[0-9\s\-()]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

function requiredText(max: number) {
  return z
    .string({ error: SUPPORT_MESSAGES.required })
    .check(z.trim(), z.minLength(1, { error: SUPPORT_MESSAGES.required }), z.maxLength(max, { error: SUPPORT_MESSAGES.invalid }));
}

export const supportRequestSchema = z.object({
  issueType: z.enum(SUPPORT_ISSUE_TYPES, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? SUPPORT_MESSAGES.required : SUPPORT_MESSAGES.invalid),
  }),
  /** Optional: many questions come before an order exists. */
  orderNo: z.pipe(
    z.optional(
      z
        .string({ error: SUPPORT_MESSAGES.invalid })
        .check(z.trim(), z.maxLength(SUPPORT_LIMITS.orderNo, { error: SUPPORT_MESSAGES.invalid }), z.regex(/^[A-Za-z0-9-]*$/, { error: SUPPORT_MESSAGES.invalid })),
    ),
    z.transform((value) => value || undefined),
  ),
  name: requiredText(SUPPORT_LIMITS.name),
  /** Trimmed and lower-cased, so one mailbox is counted once against the daily limit. */
  email: z.pipe(
    z.pipe(
      z
        .string({ error: SUPPORT_MESSAGES.required })
        .check(z.trim(), z.minLength(1, { error: SUPPORT_MESSAGES.required }), z.maxLength(SUPPORT_LIMITS.email, { error: SUPPORT_MESSAGES.emailInvalid })),
      z.email({ error: SUPPORT_MESSAGES.emailInvalid }),
    ),
    z.transform((email) => email.toLowerCase()),
  ),
  phone: requiredText(SUPPORT_LIMITS.phone).check(z.refine(isPhoneNumber, { error: SUPPORT_MESSAGES.phoneInvalid })),
  message: requiredText(SUPPORT_LIMITS.message),
});

export type SupportRequestInput = z.output<typeof supportRequestSchema>;
