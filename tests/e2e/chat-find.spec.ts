import type { Page } from "@playwright/test";
import { buyTwo, providerListing } from "./support/delivery";
import { expect, inLanguage, test, type Language } from "./support/fixtures";
import { signInStaff, STAFF } from "./support/staff";

async function write(page: Page, language: Language, text: string) {
  await page.getByLabel(inLanguage(language, "Message", "訊息"), { exact: true }).fill(text);
  await page.getByRole("button", { name: inLanguage(language, "Send", "發送"), exact: true }).click();
  await expect(page.getByTestId("chat-message").last()).toContainText(text);
}

for (const [language, javaScriptEnabled] of [
  ["en-US", true],
  ["zh-HK", false],
] as const) {
  test.describe(`Contacts and search in ${language}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ language, javaScriptEnabled });
    test.describe.configure({ timeout: 150_000 });
    const say = (english: string, chinese: string) => inLanguage(language, english, chinese);
    const shot = (name: string) => `test-results/${name}-${language}-${javaScriptEnabled ? "js" : "nojs"}.png`;

    test("a buyer finds the provider and support among contacts, and a message by its words", async ({ page, browser, baseURL }) => {
      const orderId = await buyTwo(page, language, await providerListing(page.request, "E_TICKET"));
      // Weeks before the event the order's chat opens once support joins.
      const support = await signInStaff(browser, baseURL!, language, javaScriptEnabled, STAFF.support);
      await support.open(`/support/orders/${orderId}`);
      await support.page.getByTestId("order-chat-link").click();
      await support.page.getByRole("button", { name: say("Join as support", "以客服身分加入"), exact: true }).click();
      await expect(support.page.getByTestId("chat-system").last()).toBeVisible();
      await support.close();

      await page.goto(`/chat?order=${orderId}`);
      await write(page, language, say("Is row F on the aisle? 50% of our group uses wheelchairs", "F 行是否近走廊？我們 50% 的人用輪椅"));
      await page.goto("/chat?support=1");
      await write(page, language, say("My row F tickets have not arrived yet", "我的 F 行門票還未收到"));

      await page.goto("/news");
      await page.screenshot({ path: shot("news-tools") });
      await page.getByRole("link", { name: say("Contacts", "聯絡人"), exact: true }).click();
      await expect(page).toHaveURL(/\/chat-contacts$/);
      await expect(page.getByTestId("contact")).toHaveCount(2);
      await expect(page.getByTestId("contact").first()).toContainText(say("Ovation Support", "Ovation 客服"));
      await page.screenshot({ path: shot("chat-contacts"), fullPage: true });

      await page.goto("/news");
      await page.getByRole("link", { name: say("Search messages", "搜尋訊息"), exact: true }).click();
      await expect(page.getByRole("heading", { name: say("Search your messages", "搜尋你的訊息"), exact: true })).toBeVisible();
      await page.screenshot({ path: shot("chat-search-prompt") });
      await page.getByRole("searchbox").fill(say("row F", "F 行"));
      await page.getByRole("button", { name: say("Search", "搜尋"), exact: true }).click();
      await expect(page.getByTestId("search-hit")).toHaveCount(2);
      await expect(page.getByTestId("search-hit").first().locator("mark")).toHaveText(say("row F", "F 行"));
      await page.screenshot({ path: shot("chat-search") });

      await page.getByRole("searchbox").fill("50%");
      await page.getByRole("button", { name: say("Search", "搜尋"), exact: true }).click();
      await expect(page.getByTestId("search-hit")).toHaveCount(1);
      await page.getByTestId("search-hit").first().getByRole("link").click();
      await expect(page).toHaveURL(/\/chat\?id=\d+&before=\d+#m\d+$/);
      await expect(page.getByTestId("chat-message").last()).toContainText("50%");

      const conversationId = new URL(page.url()).searchParams.get("id");
      await page.goto(`/chat-members?id=${conversationId}`);
      await page.getByTestId("search-within").click();
      await page.getByRole("searchbox").fill(say("row F", "F 行"));
      await page.getByRole("button", { name: say("Search", "搜尋"), exact: true }).click();
      await expect(page.getByTestId("search-hit")).toHaveCount(1);
      await expect(page.getByText(say("In this conversation only", "只限此對話"))).toBeVisible();
    });
  });
}
