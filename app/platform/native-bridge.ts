/**
 * The native bridge (SPEC §7): a page inside our app's web view, or a partner app's, calls the
 * app by posting `{ method, data, callback }` as JSON to the host the app injected, and the app
 * answers by calling `window[callback](result)`. Hosts, in the order looked for: React Native's
 * `ReactNativeWebView`, iOS WKWebView's `webkit.messageHandlers.ovation`, and Android's
 * `OvationBridge` interface. In a plain browser there is no host and every call answers null.
 * An app too old to know a method never calls back: the call answers null after `timeoutMs`.
 */

/** SPEC §7's bridge methods. */
export type BridgeMethod =
  | "pageReady"
  | "jsbReady"
  | "getAppContext"
  | "openAppPage"
  | "openWebPage"
  | "updateToken"
  | "downloadFile"
  | "downloadFileToRoot"
  | "openRootDir"
  | "goBack"
  | "clearRedirectUrl"
  | "hasApp"
  | "trackEvent"
  | "consoleLog";

interface BridgeHost {
  postMessage(message: string): void;
}

/** The part of `window` the bridge reads and writes (a test passes its own). */
export interface BridgeWindow {
  ReactNativeWebView?: BridgeHost;
  webkit?: { messageHandlers?: { ovation?: BridgeHost } };
  OvationBridge?: BridgeHost;
  [callback: string]: unknown;
}

/** How long an answer may take before the app is taken not to know the method. */
export const BRIDGE_TIMEOUT_MS = 1500;

let calls = 0;

/** The host the app injected into this page, if any. */
export function bridgeHost(win: BridgeWindow): BridgeHost | null {
  return win.ReactNativeWebView ?? win.webkit?.messageHandlers?.ovation ?? win.OvationBridge ?? null;
}

/** Calls the app; answers what it calls back with, or null without a bridge or an answer. */
export function callBridge<T>(method: BridgeMethod, data: unknown, options: { win?: BridgeWindow; timeoutMs?: number } = {}): Promise<T | null> {
  const win = options.win ?? (globalThis as unknown as BridgeWindow);
  const host = bridgeHost(win);
  if (!host) return Promise.resolve(null);
  const callback = `ovationBridge_${Date.now().toString(36)}_${++calls}`;
  return new Promise<T | null>((resolve) => {
    const finish = (result: T | null) => {
      clearTimeout(timer);
      delete win[callback];
      resolve(result);
    };
    const timer = setTimeout(() => finish(null), options.timeoutMs ?? BRIDGE_TIMEOUT_MS);
    win[callback] = (result: T) => finish(result ?? null);
    try {
      host.postMessage(JSON.stringify({ method, data, callback }));
    } catch {
      finish(null);
    }
  });
}
