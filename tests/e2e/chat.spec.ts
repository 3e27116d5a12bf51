import type { Browser, Page } from "@playwright/test";
import { buyTwo, providerListing } from "./support/delivery";
import { describeCells, expect, inLanguage, type Language, test } from "./support/fixtures";
import { signInStaff, STAFF } from "./support/staff";

/** Support opens the order's chat from its console's order page and joins it, in a browser of its own. */
async function supportJoins(browser: Browser, baseURL: string, language: Language, javaScriptEnabled: boolean, orderId: number) {
  const support = await signInStaff(browser, baseURL, language, javaScriptEnabled, STAFF.support);
  await support.open(`/support/orders/${orderId}`);
  await support.page.getByTestId("order-chat-link").click();
  await expect(support.page).toHaveURL(/\/chat\?id=\d+$/);
  await support.page.getByRole("button", { name: inLanguage(language, "Join as support", "以客服身分加入"), exact: true }).click();
  await expect(support.page.getByTestId("chat-system").last()).toContainText(inLanguage(language, "Support joined the chat", "客服已加入聊天"));
  await support.open("/support/chats");
  await expect(support.page.getByRole("heading", { name: inLanguage(language, "Chats", "對話"), exact: true })).toBeVisible();
  await support.page.screenshot({ path: `test-results/support-chats-${language}-${javaScriptEnabled ? "js" : "nojs"}.png` });
  await support.close();
}

async function write(page: Page, language: Language, text: string) {
  await page.getByLabel(inLanguage(language, "Message", "訊息"), { exact: true }).fill(text);
  await page.getByRole("button", { name: inLanguage(language, "Send", "發送"), exact: true }).click();
}

describeCells("form", "Chat", ({ language, javaScriptEnabled, say }) => {
  test.describe.configure({ timeout: 150_000 });

  test("a buyer and the seeded provider chat about one order, with support joining as a group from its console", async ({ page, browser, baseURL }) => {
    const orderId = await buyTwo(page, language, await providerListing(page.request, "E_TICKET"));
    await page.goto(`/chat?order=${orderId}`);
    await expect(page).toHaveURL(/\/chat\?id=\d+$/);
    const conversationId = Number(new URL(page.url()).searchParams.get("id"));
    await expect(page.getByTestId("chat-order-card")).toBeVisible();
    const memberCount = page.getByRole("link", { name: say("Members", "成員"), exact: true });
    if (javaScriptEnabled) {
      await expect(page.getByTestId("chat-thread")).toHaveAttribute("data-live", "live");
      await expect(memberCount).toHaveText(say("2 members", "2 位成員"));
      // Live, nothing needs a refresh link or the browser's own file input.
      await expect(page.getByRole("link", { name: say("Refresh", "重新整理"), exact: true })).toHaveCount(0);
      await expect(page.locator("input[type=file]")).toHaveCSS("width", "1px");
      await expect(page.getByRole("button", { name: say("Send photo", "傳送相片"), exact: true })).toHaveCount(0);
    }
    // Weeks before the event only support can open the talk early; in the last day it is open anyway.
    await supportJoins(browser, baseURL!, language, javaScriptEnabled, orderId);
    // The buyer's open chat counts support in without a reload.
    if (javaScriptEnabled) await expect(memberCount).toHaveText(say("3 members", "3 位成員"));

    const provider = await signInStaff(browser, baseURL!, language, javaScriptEnabled, STAFF.provider);
    await provider.open(`/chat?order=${orderId}`);
    await expect(provider.page).toHaveURL(new RegExp(`/chat\\?id=${conversationId}$`));
    await page.goto(`/chat?id=${conversationId}`);
    if (javaScriptEnabled) await expect(page.getByTestId("chat-thread")).toHaveAttribute("data-live", "live");
    if (javaScriptEnabled) await expect(provider.page.getByTestId("chat-thread")).toHaveAttribute("data-live", "live");

    await write(page, language, say("Hi! Which gate should we use?", "你好！我們應該用哪個入口？"));
    if (!javaScriptEnabled) await provider.page.getByRole("link", { name: say("Refresh", "重新整理"), exact: true }).click();
    await expect(provider.page.getByTestId("chat-message").last()).toContainText(say("Hi! Which gate should we use?", "你好！我們應該用哪個入口？"));

    await write(provider.page, language, say("Gate B. Call me on 9123 4567", "B 入口。打 9123 4567 給我"));
    if (!javaScriptEnabled) await page.getByRole("link", { name: say("Refresh", "重新整理"), exact: true }).click();
    const reply = page.getByTestId("chat-message").last();
    await expect(reply).toContainText(say("Gate B.", "B 入口。"));
    if (javaScriptEnabled) await expect(page.getByTestId("chat-message").first().getByText("✓✓")).toBeVisible();
    await page.screenshot({ path: `test-results/chat-${language}-${javaScriptEnabled ? "js" : "nojs"}.png` });

    await page.getByRole("link", { name: say("Members", "成員"), exact: true }).click();
    const members = page.getByTestId("chat-members");
    await expect(members).toContainText(say("Buyer", "買家"));
    await expect(members).toContainText(say("Provider", "票務提供者"));
    await expect(members).toContainText(say("Ovation Support", "Ovation 客服"));

    if (javaScriptEnabled) {
      // The buyer's Messages list and tab badge move by themselves when the provider writes again.
      await page.goto("/news");
      const ours = page.getByTestId("conversation").filter({ hasText: say("Gate B. Call me on", "B 入口。打") });
      await expect(ours).toBeVisible();
      await expect(page.getByTestId("tab-unread")).toHaveCount(0);
      await write(provider.page, language, say("See you at the gate", "入口見"));
      const moved = page.getByTestId("conversation").filter({ hasText: say("See you at the gate", "入口見") });
      await expect(moved.getByLabel(say("1 unread message", "1 則未讀訊息"), { exact: true })).toBeVisible();
      await expect(page.getByTestId("tab-unread")).toHaveText("1");
      await page.screenshot({ path: `test-results/news-live-${language}.png` });
    }
    await provider.page.goto("/news");
    // The provider's list holds the other browser tests' orders too: find this one by its last message.
    const last = javaScriptEnabled ? say("See you at the gate", "入口見") : say("Gate B. Call me on", "B 入口。打");
    const row = provider.page.getByTestId("conversation").filter({ hasText: last }).first();
    await expect(row).toContainText(say("Group", "群組"));
    await provider.page.screenshot({ path: `test-results/news-${language}-${javaScriptEnabled ? "js" : "nojs"}.png` });
    await provider.open("/provider/chats");
    await expect(provider.page.getByTestId("provider-chats")).toContainText(last);
    await provider.page.screenshot({ path: `test-results/provider-chats-${language}-${javaScriptEnabled ? "js" : "nojs"}.png` });
    await page.goto(`/order-detail?id=${orderId}`);
    await page.getByTestId("support-chat-link").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/order-detail-${language}-${javaScriptEnabled ? "js" : "nojs"}.png` });
    await provider.close();
  });
});
