/**
 * SPEC §1: the embedded partner channels that sign their users in silently. Without zod: the pay
 * sheet's wallet-app check (payments/pay-methods.ts) reads it in the browser.
 */
export const EMBEDDED_CHANNELS = ["MTL_LAUNCH", "PiaoXiaoer"] as const;
export type EmbeddedChannel = (typeof EMBEDDED_CHANNELS)[number];
