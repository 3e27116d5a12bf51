import { tapSection } from "./support/buying";
import { expect, inLanguage, test } from "./support/fixtures";

for (const language of ["en-US", "zh-HK"] as const) {
  for (const javaScript of [true, false]) {
    test.describe(`Picking seats in ${language} ${javaScript ? "with" : "without"} JavaScript`, () => {
      test.use({ language, javaScriptEnabled: javaScript });
      const say = (english: string, chinese: string) => inLanguage(language, english, chinese);

      test("a buyer goes from a tour to a section on the map, chooses four tickets and sees the confirmation's price breakdown", async ({ page }) => {
        await page.goto("/tourDetail?id=1");
        await page.getByRole("link", { name: say("Buy tickets for", "購買") }).first().click();
        await expect(page).toHaveURL(/\/pick-seat\?sessionId=\d+/);
        await expect(page.getByRole("heading", { level: 1, name: say("Pick seats", "選擇座位") })).toBeVisible();

        const quantities = page.getByRole("navigation", { name: say("How many tickets?", "需要幾張門票？") });
        await quantities.getByRole("link", { name: say("4 tickets", "4 張"), exact: true }).click();
        await expect(page).toHaveURL(/quantity=4/);
        await expect(quantities.getByRole("link", { name: say("4 tickets", "4 張"), exact: true })).toHaveAttribute("aria-current", "true");

        const map = page.getByRole("group", { name: say("Seating map", "座位圖") });
        const section = map.locator('a[data-band="0"]').first();
        const sectionCode = (await section.locator("text").textContent())!;
        await tapSection(section);
        await expect(page).toHaveURL(new RegExp(`section=${sectionCode}`));
        await expect(page).toHaveURL(/quantity=4/);
        await expect(page.getByRole("link", { name: say("Show all sections", "顯示所有區域") })).toBeVisible();

        const listings = page.locator('a[href^="/confirm-ticket"]');
        await expect(listings.first()).toBeVisible();
        const count = await listings.count();
        for (let index = 0; index < count; index++) {
          await expect(listings.nth(index)).toHaveAttribute("href", /quantity=4$/);
        }
        await listings.first().click();

        await expect(page).toHaveURL(/\/confirm-ticket\?listingId=\d+&quantity=4$/);
        await expect(page.getByRole("heading", { level: 1, name: say("Confirm tickets", "確認門票") })).toBeVisible();
        await expect(page.getByRole("heading", { name: say("Total, all-in", "總額（已含全部費用）") })).toBeVisible();
        for (const part of [
          say("Ticket price", "門票價格"),
          say("Service fee", "服務費"),
          say("VAT", "增值稅"),
          say("Additional fees", "附加費用"),
          say("Payment gateway fee", "支付手續費"),
        ]) {
          await expect(page.getByText(part, { exact: true })).toBeVisible();
        }
        await expect(page.getByText(say("Consecutive seating is not guaranteed", "不保證座位相連"))).toBeVisible();
        await expect(page.getByRole("heading", { name: say("100% entry guarantee", "100% 保證入場") })).toBeVisible();
        await expect(page.getByRole("button", { name: say("Continue", "繼續") })).toBeVisible();
      });
    });
  }
}
