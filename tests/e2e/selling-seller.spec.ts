/**
 * Who the seller is, in a real browser: a fan who sets up a seller profile gives a name only
 * (the trader's fields stay hidden), lists nothing yet, and on Me and every selling screen sees
 * 'My listings', 'Sell tickets' and 'Selling', never the word staff nor the provider console;
 * the payout account is asked for on the payouts screen, not before. A trader gives their
 * business's identity and works in the provider console. In en-US with JavaScript and in zh-HK
 * without (CELLS.form).
 */
import type { Page } from "@playwright/test";
import { CELLS, expect, inLanguage, test, type Language } from "./support/fixtures";
import { newBuyer } from "./support/session";

/** A fresh account (signed up through the API), signed in on Me. */
async function newAccountOnMe(page: Page, language: Language) {
  await newBuyer(page, language);
  await page.goto("/mine");
  await expect(page).toHaveURL(/\/mine$/);
}

for (const { language, javaScriptEnabled } of CELLS.form) {
  test.describe(`Seller identity in ${language}${javaScriptEnabled ? "" : " without JavaScript"}`, () => {
    test.use({ language, javaScriptEnabled });
    test.describe.configure({ timeout: 120_000 });
    const say = (english: string, chinese: string) => inLanguage(language, english, chinese);
    const staffWord = language === "en-US" ? /\bStaff\b/i : /職員/;
    const consoleWord = language === "en-US" ? /Provider console/i : /票務供應商後台/;

    /** Neither the word staff nor the provider console anywhere on the page. */
    async function expectNoStaff(page: Page) {
      await expect(page.locator("body")).not.toContainText(staffWord);
      await expect(page.locator("body")).not.toContainText(consoleWord);
    }

    test("a fan sets up a seller profile with a name only, and never sees staff or the provider console", async ({ page }) => {
      await newAccountOnMe(page, language);
      await expect(page.getByTestId("sell-entry")).toHaveText(say("Sell tickets", "出售門票"));
      await expect(page.getByTestId("listings-entry")).toHaveCount(0);
      await expectNoStaff(page);

      await page.getByTestId("sell-entry").click();
      await expect(page).toHaveURL(/\/sell$/);
      await expect(page.getByRole("radio", { name: say("A fan selling my own tickets", "出售自己門票的樂迷") })).toBeChecked();
      // The trader's identity is asked of traders only.
      await expect(page.locator("input[name=traderLegalName]")).toBeHidden();
      await expect(page.locator("input[name=accountCurrency], input[name=cardNumber]")).toHaveCount(0);
      await expect(page.getByTestId("console-name")).toHaveText(say("Selling", "放售門票"));
      await expectNoStaff(page);
      await page.screenshot({ path: `test-results/seller-profile-fan-${language}.png`, fullPage: true });

      await page.getByLabel(say("Name shown to buyers", "向買家顯示的名稱"), { exact: true }).fill("Mei's Spare Seats");
      await page.getByRole("button", { name: say("Save and list a ticket", "儲存並刊登門票"), exact: true }).click();
      await expect(page).toHaveURL(/\/provider\/listings\/new/);
      await expect(page.getByTestId("console-name")).toHaveText(say("Selling", "放售門票"));
      await expectNoStaff(page);

      await page.goto("/mine");
      await expect(page.getByTestId("sell-entry")).toHaveText(say("Sell tickets", "出售門票"));
      await expect(page.getByTestId("listings-entry")).toHaveText(say("My listings", "我的刊登"));
      await expectNoStaff(page);
      await page.screenshot({ path: `test-results/seller-me-fan-${language}.png`, fullPage: true });

      await page.getByTestId("listings-entry").click();
      await expect(page).toHaveURL(/\/provider\/listings$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("My listings", "我的刊登"));
      await expect(page.getByText(say("No listings yet", "尚未刊登門票"))).toBeVisible();
      // Nothing listed yet: no payout account asked for.
      await expect(page.getByTestId("payout-account-prompt")).toHaveCount(0);
      await expectNoStaff(page);
      await page.screenshot({ path: `test-results/seller-listings-fan-${language}.png`, fullPage: true });

      for (const path of ["/provider", "/provider/payouts", "/provider/chats", "/sell"]) {
        await page.goto(path);
        await expect(page.getByTestId("console-name"), path).toHaveText(say("Selling", "放售門票"));
        await expectNoStaff(page);
      }
      await page.goto("/provider/payouts");
      await expect(page.getByTestId("payout-account-prompt")).toBeVisible();
      await page.screenshot({ path: `test-results/seller-payouts-fan-${language}.png`, fullPage: true });
    });

    test("a trader gives their business's identity and works in the provider console", async ({ page }) => {
      await newAccountOnMe(page, language);
      await page.getByTestId("sell-entry").click();
      await page.getByLabel(say("Name shown to buyers", "向買家顯示的名稱"), { exact: true }).fill("Harbour Tickets");
      await page.getByRole("radio", { name: say("A trader or organiser", "商家或主辦單位") }).check();
      await expect(page.locator("input[name=traderLegalName]")).toBeVisible();
      await page.getByRole("button", { name: say("Save and list a ticket", "儲存並刊登門票"), exact: true }).click();
      // A trader without their identity is refused on the field, in the page's language: the
      // field names its message once the refusal is drawn (the attribute is read after that).
      const legalName = page.locator("input[name=traderLegalName]");
      await expect(legalName).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#" + (await legalName.getAttribute("aria-describedby"))?.split(" ").pop())).toBeVisible();
      await page.getByLabel(say("Legal name", "法定名稱"), { exact: true }).fill("Harbour Tickets Limited");
      await page.getByLabel(say("Address", "地址"), { exact: true }).fill("1 Queen's Road Central, Hong Kong");
      await page.getByLabel(say("Email", "電郵"), { exact: true }).fill("desk@harbourtickets.example");
      await page.screenshot({ path: `test-results/seller-profile-trader-${language}.png`, fullPage: true });
      await page.getByRole("button", { name: say("Save and list a ticket", "儲存並刊登門票"), exact: true }).click();
      await expect(page).toHaveURL(/\/provider\/listings\/new/);
      await expect(page.getByTestId("console-name")).toHaveText(say("Provider console", "票務供應商後台"));

      await page.goto("/mine");
      await expect(page.getByTestId("console-entry")).toHaveText(say("Provider console", "票務供應商後台"));
      await expect(page.getByTestId("sell-entry")).toHaveText(say("Sell tickets", "出售門票"));
      await expect(page.getByTestId("listings-entry")).toHaveCount(0);
      await expect(page.locator("body")).not.toContainText(staffWord);
      await page.getByTestId("console-entry").click();
      await expect(page).toHaveURL(/\/provider$/);
      await expect(page.getByTestId("console-name")).toContainText(say("Provider console", "票務供應商後台"));
    });
  });
}
