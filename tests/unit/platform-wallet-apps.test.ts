/**
 * Wallet apps (Alipay, WeChat) before paying: the native bridge's hasApp answer, the wallet's
 * own browser, and no way to open the app at all; and the bridge's call and answer.
 */
import { afterEach, expect, test, vi } from "vitest";
import { callBridge, type BridgeWindow } from "../../app/platform/native-bridge";
import { checkWalletApp, walletStatus } from "../../app/platform/wallet-apps";
import { payMethodsFor } from "../../functions/market/payments/pay-methods";

const SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

/** A web view whose app answers hasApp with `answer` (or never, for an app that does not know it). */
function appWebView(answer: (data: { app: string; scheme: string }) => unknown | undefined) {
  const posted: { method: string; data: { app: string; scheme: string }; callback: string }[] = [];
  const win: BridgeWindow = {
    ReactNativeWebView: {
      postMessage(message: string) {
        const call = JSON.parse(message);
        posted.push(call);
        const result = answer(call.data);
        if (result !== undefined) queueMicrotask(() => (win[call.callback] as (value: unknown) => void)(result));
      },
    },
  };
  return { win, posted };
}

afterEach(() => vi.useRealTimers());

test("the app says whether a wallet is installed, and a version below the least supported is outdated", () => {
  expect(walletStatus("alipay", { installed: true, version: "10.5.2" }, SAFARI)).toBe("ready");
  expect(walletStatus("alipay", { installed: true, version: "10.0.9" }, SAFARI)).toBe("outdated");
  expect(walletStatus("wechat", { installed: true, version: "6.7.3" }, SAFARI)).toBe("outdated");
  expect(walletStatus("wechat", { installed: false }, SAFARI)).toBe("missing");
  // An app that gives no version, or a bare true or false.
  expect(walletStatus("wechat", { installed: true }, SAFARI)).toBe("ready");
  expect(walletStatus("alipay", true, SAFARI)).toBe("ready");
  expect(walletStatus("alipay", false, SAFARI)).toBe("missing");
});

test("in the wallet's own browser it is there at its user agent's version; elsewhere without a bridge it cannot be opened", () => {
  expect(walletStatus("wechat", null, `${SAFARI} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI`)).toBe("ready");
  expect(walletStatus("wechat", null, `${SAFARI} MicroMessenger/6.5.2 NetType/WIFI`)).toBe("outdated");
  expect(walletStatus("alipay", null, `${SAFARI} AlipayClient/10.5.90.8000`)).toBe("ready");
  // WeChat's browser does not make Alipay openable, nor the other way round.
  expect(walletStatus("alipay", null, `${SAFARI} MicroMessenger/8.0.47`)).toBe("missing");
  expect(walletStatus("wechat", null, SAFARI)).toBe("missing");
});

test("checking a wallet asks the app's hasApp with the wallet and its scheme", async () => {
  const { win, posted } = appWebView((data) => (data.app === "alipay" ? { installed: true, version: "10.6.0" } : { installed: false }));
  await expect(checkWalletApp("alipay", { win, userAgent: SAFARI })).resolves.toBe("ready");
  await expect(checkWalletApp("wechat", { win, userAgent: SAFARI })).resolves.toBe("missing");
  expect(posted.map((call) => [call.method, call.data])).toEqual([
    ["hasApp", { app: "alipay", scheme: "alipays://" }],
    ["hasApp", { app: "wechat", scheme: "weixin://" }],
  ]);
  // Each answer's callback is gone once it has been used.
  expect(Object.keys(win).filter((key) => key.startsWith("ovationBridge_"))).toEqual([]);
});

test("without a bridge a plain browser cannot open a wallet, and nothing is posted", async () => {
  await expect(callBridge("hasApp", { app: "alipay" }, { win: {} })).resolves.toBeNull();
  await expect(checkWalletApp("alipay", { win: {}, userAgent: SAFARI })).resolves.toBe("missing");
});

test("an app that never answers hasApp is taken not to have the wallet once the wait is over", async () => {
  vi.useFakeTimers();
  const { win, posted } = appWebView(() => undefined);
  const status = checkWalletApp("wechat", { win, userAgent: SAFARI, timeoutMs: 1500 });
  await vi.advanceTimersByTimeAsync(1499);
  expect(posted).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  await expect(status).resolves.toBe("missing");
  expect(win[posted[0]!.callback]).toBeUndefined();
});

test("Alipay and WeChat Pay are offered in the embedded partner channels only, before the cards' wallets", () => {
  expect(payMethodsFor({ channel: "web" })).toEqual(["google", "apple"]);
  expect(payMethodsFor({ channel: "app" })).toEqual(["google", "apple"]);
  expect(payMethodsFor({ channel: "MTL_LAUNCH" })).toEqual(["alipay", "wechat", "google", "apple"]);
  expect(payMethodsFor({ channel: "PiaoXiaoer" })).toEqual(["alipay", "wechat", "google", "apple"]);
});
