/**
 * What the after-sales application form holds, without zod: /apply-for draws its fields from
 * these and loads the schema (apply-schema.ts) only when the buyer starts to fill it in
 * (docs/decisions.md 279, 283).
 */

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

/** The most a description may say. */
export const APPLY_DESCRIPTION_MAX = 500;
