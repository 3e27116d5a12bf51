/**
 * The pay methods the pay modal offers a viewer.
 *
 * Rules:
 * - Google Pay and Apple Pay, everywhere (SPEC §3's pay method choices).
 * - In the embedded partner channels (MTL_LAUNCH, PiaoXiaoer), whose buyers are in mainland
 *   China (SPEC §3's fixed CN location for the embedded channel), Alipay and WeChat Pay first:
 *   the wallet apps SPEC §8's 'not installed or outdated: choose another method' is about.
 *   Whether the phone can open a wallet app is the browser's to find out
 *   (app/platform/wallet-apps.ts); the provider's page is where the payment is made.
 * Imports constants only: the root loader reads it on every page, and the pay sheet in the browser.
 */
import { EMBEDDED_CHANNELS } from "../preferences/channels";
import type { Viewer } from "../context/viewer";
import type { PayMethod } from "../orders/pay-method";

export type { PayMethod };

/** The methods that hand the payment to another app on the phone. */
export const WALLET_APPS = ["alipay", "wechat"] as const satisfies readonly PayMethod[];
export type WalletAppMethod = (typeof WALLET_APPS)[number];

export function isWalletApp(method: PayMethod): method is WalletAppMethod {
  return (WALLET_APPS as readonly PayMethod[]).includes(method);
}

/** The methods offered to `viewer`, in the order the modal lists them. */
export function payMethodsFor(viewer: Pick<Viewer, "channel">): PayMethod[] {
  const embedded = (EMBEDDED_CHANNELS as readonly string[]).includes(viewer.channel);
  return embedded ? ["alipay", "wechat", "google", "apple"] : ["google", "apple"];
}
