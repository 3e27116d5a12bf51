import { expect, test } from "vitest";
import { hostApp, insideHostApp } from "../../app/platform/host-app";
import type { BridgeWindow } from "../../app/platform/native-bridge";

/** A window whose injected host answers like the native apps: by calling window[callback](result). */
function appWindow(answers: Record<string, unknown>) {
  const posted: { method: string; data: unknown }[] = [];
  const win: BridgeWindow = {
    ReactNativeWebView: {
      postMessage(message: string) {
        const { method, data, callback } = JSON.parse(message);
        posted.push({ method, data });
        if (method in answers) queueMicrotask(() => (win[callback] as (r: unknown) => void)(answers[method]));
      },
    },
  };
  return { win, posted };
}

test("a plain browser has no host and every method answers null at once", async () => {
  const win: BridgeWindow = {};
  expect(insideHostApp(win)).toBe(false);
  expect(await hostApp.goBack({ win })).toBeNull();
  expect(await hostApp.getAppContext({ win })).toBeNull();
});

test("the app context the host answers is checked field by field", async () => {
  const { win } = appWindow({ getAppContext: { token: "t-1", lan: "zh-CN", cc: "usd", statusBarHeight: 44, safeAreaBottom: "x" } });
  expect(await hostApp.getAppContext({ win })).toEqual({ token: "t-1", language: "zh-HK", currency: "USD", statusBarHeight: 44 });
});

test("a PDF is handed to the app's downloadFile with its name", async () => {
  const { win, posted } = appWindow({ downloadFile: true });
  expect(await hostApp.downloadFile("/pdf-download/3.pdf", "ticket-3.pdf", { win })).toBe(true);
  expect(posted).toEqual([{ method: "downloadFile", data: { url: "/pdf-download/3.pdf", fileName: "ticket-3.pdf" } }]);
});

test("a method the app does not know answers null after the time-out", async () => {
  const { win, posted } = appWindow({});
  expect(await hostApp.openRootDir({ win, timeoutMs: 5 })).toBeNull();
  expect(posted.map((p) => p.method)).toEqual(["openRootDir"]);
});

test("the renewed token is whatever string the app answers", async () => {
  expect(await hostApp.renewToken(12345, { win: appWindow({ getAppContext: { token: "fresh" } }).win })).toBe("fresh");
  expect(await hostApp.renewToken(12345, { win: appWindow({ getAppContext: {} }).win })).toBeNull();
});

test("every SPEC bridge method reaches the host under its own name", async () => {
  const all = ["pageReady", "jsbReady", "openAppPage", "openWebPage", "updateToken", "downloadFileToRoot", "goBack", "clearRedirectUrl", "hasApp", "trackEvent", "consoleLog"];
  const { win, posted } = appWindow(Object.fromEntries(all.map((m) => [m, true])));
  await hostApp.pageReady({ win });
  await hostApp.jsbReady({ win });
  await hostApp.openAppPage("ovation://show-list", { win });
  await hostApp.openWebPage("https://ovation.example/faq", "FAQ", { win });
  await hostApp.updateToken("t-2", { win });
  await hostApp.downloadFileToRoot("/a.pdf", "a.pdf", { win });
  await hostApp.goBack({ win });
  await hostApp.clearRedirectUrl({ win });
  expect(await hostApp.hasApp("alipay", "alipays://", { win })).toBe(true);
  await hostApp.trackEvent("order", { caller: "confirm" }, { win });
  await hostApp.consoleLog("error", "boom", { win });
  expect(posted.map((p) => p.method)).toEqual(all);
});
