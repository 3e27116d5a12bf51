import type { Page } from "@playwright/test";
import { createAccount, eTicketListing, payInSandbox, placeOrder } from "./support/buying";
import { expect, inLanguage, test, type Language } from "./support/fixtures";

/** A guest opens the confirm page, is sent to sign in, registers, and comes back to it. */
async function arriveSignedIn(page: Page, language: Language, path: string): Promise<string> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.goto(`/register?${new URLSearchParams({ redirectTo: path })}`);
  const email = await createAccount(page, language);
  await expect(page).toHaveURL(/\/confirm-order\?listingId=\d+&quantity=2$/);
  return email;
}

for (const language of ["en-US", "zh-HK"] as const) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`Buying in ${language}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ language, javaScriptEnabled });

      test("a guest signs up from the confirm page, orders two e-tickets and pays in the sandbox", async ({ page }) => {
        const { tourId, listingId } = await eTicketListing(page.request);
        await page.goto(`/tourDetail?id=${tourId}`);
        await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();

        const email = await arriveSignedIn(page, language, `/confirm-order?listingId=${listingId}&quantity=2`);
        await expect(page.getByTestId("delivery")).toHaveText(inLanguage(language, "E-ticket", "電子門票"));
        await placeOrder(page, language, email);
        await payInSandbox(page, language, "Approve");

        await expect(page.getByRole("heading", { name: inLanguage(language, "Payment successful", "付款成功") }).first()).toBeVisible();
        await expect(page.getByTestId("order-no")).toHaveText(/^[A-Z0-9]+$/);
        await expect(page.getByRole("img", { name: new RegExp(inLanguage(language, "Share poster", "分享海報")) })).toBeVisible();
        await page.getByRole("link", { name: inLanguage(language, "View ticket", "查看門票") }).click();
        await expect(page.getByTestId("ticket-status")).toHaveText(inLanguage(language, "Paid", "已付款"));
      });

      test("a declined payment says it failed, and buying again then approving succeeds", async ({ page }) => {
        const { listingId } = await eTicketListing(page.request);
        const email = await arriveSignedIn(page, language, `/confirm-order?listingId=${listingId}&quantity=2`);
        await placeOrder(page, language, email);
        await payInSandbox(page, language, "Decline");

        await expect(page.getByRole("heading", { name: inLanguage(language, "Oops, payment failed… Try again!", "哎呀，付款失敗……請再試一次！") })).toBeVisible();
        await page.getByRole("button", { name: inLanguage(language, "Buy again", "再次購買"), exact: true }).click();
        await expect(page).toHaveURL(/\/confirm-order\?.*sheet=pay/);
        await payInSandbox(page, language, "Approve");
        await expect(page.getByRole("heading", { name: inLanguage(language, "Payment successful", "付款成功") }).first()).toBeVisible();
      });
    });
  }
}
