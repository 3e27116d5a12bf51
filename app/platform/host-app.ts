/**
 * Every SPEC §7 bridge method as a typed call, over callBridge (native-bridge.ts). Each answers
 * null when no host answers (a plain browser, or an app too old to know the method), so the
 * caller's fallback is always the same test: `if (answer === null) do the web thing`.
 */
import { callBridge, bridgeHost, type BridgeWindow } from "./native-bridge";
import type { AppContext } from "../../functions/market/context/host-app";
import { parseAppContext } from "../../functions/market/context/host-app";

interface Options {
  win?: BridgeWindow;
  timeoutMs?: number;
}

/** True when a host app injected its bridge into this page. */
export function insideHostApp(win: BridgeWindow = globalThis as unknown as BridgeWindow): boolean {
  return bridgeHost(win) !== null;
}

/** An ack of a method that does something: true when the host said it did. */
const done = (answer: unknown) => (answer === null ? null : answer !== false);

export const hostApp = {
  /** The page has drawn its first screen (the app may drop its splash). */
  pageReady: (o?: Options) => callBridge<unknown>("pageReady", null, o).then(done),
  /** The page's bridge listeners are in place. */
  jsbReady: (o?: Options) => callBridge<unknown>("jsbReady", null, o).then(done),
  /** The app's context, checked field by field like the query's (SPEC §3). */
  async getAppContext(o?: Options): Promise<AppContext | null> {
    const answer = await callBridge<Record<string, unknown>>("getAppContext", null, o);
    if (answer === null || typeof answer !== "object") return null;
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(answer)) if (typeof value === "string" || typeof value === "number") search.set(name, String(value));
    return parseAppContext(search);
  },
  /** Opens one of the app's own screens by its ovation:// link. */
  openAppPage: (url: string, o?: Options) => callBridge<unknown>("openAppPage", { url }, o).then(done),
  /** Opens a web page in a new web view of the app. */
  openWebPage: (url: string, title?: string, o?: Options) => callBridge<unknown>("openWebPage", { url, title }, o).then(done),
  /** Tells the app the token the page signed in with (SPEC §4 logged-in). */
  updateToken: (token: string, o?: Options) => callBridge<unknown>("updateToken", { token }, o).then(done),
  /**
   * Asks the app for a new token after notLogin/tokenInvalid/tokenExpired (SPEC §8): the app
   * renews it (signing its user in again if it must) and answers it, or null.
   */
  async renewToken(reason: number, o?: Options): Promise<string | null> {
    const answer = await callBridge<{ token?: unknown } | string>("getAppContext", { renewToken: true, reason }, { timeoutMs: 10_000, ...o });
    const token = typeof answer === "string" ? answer : answer?.token;
    return typeof token === "string" && token.length > 0 ? token : null;
  },
  /** Hands a file (an e-ticket PDF) to the app to save and open. */
  downloadFile: (url: string, fileName: string, o?: Options) => callBridge<unknown>("downloadFile", { url, fileName }, { timeoutMs: 30_000, ...o }).then(done),
  downloadFileToRoot: (url: string, fileName: string, o?: Options) => callBridge<unknown>("downloadFileToRoot", { url, fileName }, { timeoutMs: 30_000, ...o }).then(done),
  openRootDir: (o?: Options) => callBridge<unknown>("openRootDir", null, o).then(done),
  /** Back from the first page: the app closes the web view or goes to its previous screen. */
  goBack: (o?: Options) => callBridge<unknown>("goBack", null, o).then(done),
  /** The app forgets the page it meant to return to after sign-in. */
  clearRedirectUrl: (o?: Options) => callBridge<unknown>("clearRedirectUrl", null, o).then(done),
  hasApp: (app: string, scheme: string, o?: Options) => callBridge<boolean | { installed: boolean; version?: string | null }>("hasApp", { app, scheme }, o),
  trackEvent: (event: string, params: Record<string, unknown>, o?: Options) => callBridge<unknown>("trackEvent", { event, params }, o).then(done),
  consoleLog: (level: "info" | "warn" | "error", message: string, o?: Options) => callBridge<unknown>("consoleLog", { level, message }, o).then(done),
};
