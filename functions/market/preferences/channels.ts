/**
 * SPEC §1: the embedded partner channels that sign their users in silently. The channel is read
 * per request beside the platform (SPEC §4), so it lives with the viewer's preferences; accounts
 * (the partner sign-in), the location default and the pay sheet all read it from here. Without
 * zod: the pay sheet's wallet-app check (payments/pay-methods.ts) reads it in the browser.
 */
export const EMBEDDED_CHANNELS = ["MTL_LAUNCH", "PiaoXiaoer"] as const;
export type EmbeddedChannel = (typeof EMBEDDED_CHANNELS)[number];
