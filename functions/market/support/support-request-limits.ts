/**
 * What the email support form holds, without zod: the form draws its choices and limits from
 * these and loads the schema (support-request-schema.ts) only when the buyer starts to fill it
 * in (docs/decisions.md 279, 283).
 */

/** What the buyer needs help with; the FAQ's topics, plus anything else. */
export const SUPPORT_ISSUE_TYPES = ["order", "payment", "delivery", "refund", "account", "other"] as const;
export type SupportIssueType = (typeof SUPPORT_ISSUE_TYPES)[number];

export const SUPPORT_FIELDS = ["issueType", "orderNo", "name", "email", "phone", "message"] as const;
export type SupportField = (typeof SUPPORT_FIELDS)[number];

export const SUPPORT_LIMITS = {
  name: 60,
  /** RFC 5321's limit on a forward path. */
  email: 254,
  orderNo: 32,
  message: 2000,
  /** Room for a country code, spaces and dashes around E.164's 15 digits. */
  phone: 24,
} as const;
