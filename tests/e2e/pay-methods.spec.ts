/**
 * The pay modal's methods by channel: Alipay and WeChat Pay in an embedded partner channel, and
 * what the buyer is told when the app's bridge says a wallet app is missing or outdated (SPEC
 * §8). The partner app is played by a stand-in bridge that answers hasApp; it needs JavaScript.
 */
import type { Page } from "@playwright/test";
import { eTicketListing, placeOrder } from "./support/buying";
import { expect, inLanguage, runsIn, test, type Language } from "./support/fixtures";
import { newBuyer } from "./support/session";

/** From a new account (signed up through the API) on the confirm page to the pay sheet of a new order for two e-tickets. */
async function toThePaySheet(page: Page, language: Language) {
  const { listingId } = await eTicketListing(page.request);
  const { email } = await newBuyer(page, language);
  await page.goto(`/confirm-order?listingId=${listingId}&quantity=2`);
  await placeOrder(page, language, email);
  return page.getByTestId("pay-sheet");
}

for (const language of ["en-US", "zh-HK"] as const) {
  test.describe(`Pay methods in ${language}`, () => {
    test.use({ language, javaScriptEnabled: true });
    const say = (english: string, chinese: string) => inLanguage(language, english, chinese);

    test("in a partner's app without Alipay and with an old WeChat, the sheet says so, stays open and pays another way", async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: "channel", value: "MTL_LAUNCH", url: baseURL! }]);
      // The partner app: Alipay is not installed, WeChat is older than the least version supported.
      await page.addInitScript(() => {
        const win = window as unknown as Record<string, unknown>;
        win.ReactNativeWebView = {
          postMessage(message: string) {
            const call = JSON.parse(message) as { method: string; data: { app: string }; callback: string };
            if (call.method !== "hasApp") return;
            const answer = call.data.app === "alipay" ? { installed: false } : { installed: true, version: "6.7.3" };
            setTimeout(() => (win[call.callback] as (value: unknown) => void)(answer), 0);
          },
        };
      });
      const sheet = await toThePaySheet(page, language);
      const pay = sheet.getByRole("button", { name: new RegExp(`^${say("Pay", "付款")} `) });
      const notice = sheet.getByTestId("wallet-unavailable");

      for (const name of [say("Alipay", "支付寶"), say("WeChat Pay", "微信支付"), "Google Pay", "Apple Pay"]) {
        await expect(sheet.getByRole("radio", { name, exact: true })).toBeVisible();
      }

      await sheet.getByRole("radio", { name: say("Alipay", "支付寶"), exact: true }).check();
      await expect(notice).toHaveText(say("Alipay isn't installed or is out of date. Please choose another payment method.", "未安裝支付寶或版本過舊，請選擇其他付款方式。"));
      await expect(pay).toBeDisabled();

      await sheet.getByRole("radio", { name: say("WeChat Pay", "微信支付"), exact: true }).check();
      await expect(notice).toHaveText(say("WeChat isn't installed or is out of date. Please choose another payment method.", "未安裝微信或版本過舊，請選擇其他付款方式。"));
      await expect(pay).toBeDisabled();
      await expect(page).toHaveURL(/sheet=pay/);
      await expect(sheet).toBeVisible();

      await sheet.getByRole("radio", { name: "Google Pay", exact: true }).check();
      await expect(notice).toHaveCount(0);
      await expect(pay).toBeEnabled();
      await pay.click();
      await expect(page).toHaveURL(/\/sandbox-pay\?/);
    });

    // What the web's sheet offers is the same in either language, so it is read once.
    if (runsIn("page", { language, javaScriptEnabled: true })) {
      test("on the web the sheet offers Google Pay and Apple Pay only", async ({ page }) => {
        const sheet = await toThePaySheet(page, language);
        await expect(sheet.getByRole("radio")).toHaveCount(2);
        await expect(sheet.getByRole("radio", { name: "Google Pay", exact: true })).toBeVisible();
        await expect(sheet.getByRole("radio", { name: "Apple Pay", exact: true })).toBeVisible();
      });
    }
  });
}
