/**
 * Whether this phone can hand a payment to a wallet app, Alipay or WeChat (SPEC §8: 'Alipay or
 * WeChat not installed or outdated: choose another method').
 *
 * Rules:
 * - Inside our app or a partner's, the native bridge's hasApp (SPEC §7) answers whether the app
 *   is installed and at which version; below LEAST_VERSIONS it is outdated. An answer of a bare
 *   true or false, from an app that gives no version, is taken as installed or not.
 * - Inside the wallet's own browser (its user agent names it: AlipayClient/…, MicroMessenger/…)
 *   the app is there, at the version the user agent gives.
 * - Anywhere else (no bridge answers, another browser) the browser cannot open the app: it is
 *   missing for this payment.
 */
import { callBridge, type BridgeWindow } from "./native-bridge";
import { isAtLeast } from "./version";

export type WalletApp = "alipay" | "wechat";
export type WalletStatus = "ready" | "missing" | "outdated";

/** The oldest versions whose in-app payment our providers still support. */
export const LEAST_VERSIONS: Record<WalletApp, string> = { alipay: "10.1.0", wechat: "7.0.0" };

/** What hasApp is asked: the app and the URL scheme that opens it. */
const APPS: Record<WalletApp, { scheme: string; userAgent: RegExp }> = {
  alipay: { scheme: "alipays://", userAgent: /AlipayClient\/([\d.]+)/ },
  wechat: { scheme: "weixin://", userAgent: /MicroMessenger\/([\d.]+)/ },
};

export type HasAppAnswer = boolean | { installed: boolean; version?: string | null } | null;

const versionStatus = (app: WalletApp, version: string | null | undefined): WalletStatus =>
  !version || isAtLeast(version, LEAST_VERSIONS[app]) ? "ready" : "outdated";

/** The rules above, given the bridge's answer (null: none) and the browser's user agent. */
export function walletStatus(app: WalletApp, answer: HasAppAnswer, userAgent: string): WalletStatus {
  const inOwnBrowser = APPS[app].userAgent.exec(userAgent);
  if (inOwnBrowser) return versionStatus(app, inOwnBrowser[1]);
  if (answer === null) return "missing";
  if (typeof answer === "boolean") return answer ? "ready" : "missing";
  return answer.installed ? versionStatus(app, answer.version) : "missing";
}

/** Asks the app (if any) about `app` and applies the rules. */
export async function checkWalletApp(app: WalletApp, options: { win?: BridgeWindow; userAgent?: string; timeoutMs?: number } = {}): Promise<WalletStatus> {
  const userAgent = options.userAgent ?? globalThis.navigator?.userAgent ?? "";
  if (APPS[app].userAgent.test(userAgent)) return walletStatus(app, null, userAgent);
  const answer = await callBridge<HasAppAnswer>("hasApp", { app, scheme: APPS[app].scheme }, { win: options.win, timeoutMs: options.timeoutMs });
  return walletStatus(app, answer, userAgent);
}
