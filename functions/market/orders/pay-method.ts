/**
 * SPEC §3 pay method choices, and the wallet apps of the embedded channels (payments/pay-methods.ts).
 * A module of its own without zod: the pay sheet reads it in the browser, where the order schemas
 * (and zod with them) would otherwise come along.
 */
export const PAY_METHODS = ["google", "apple", "alipay", "wechat"] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
