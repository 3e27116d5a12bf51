import { expect, inLanguage, test } from "./support/fixtures";

for (const language of ["en-US", "zh-HK"] as const) {
  test.describe(`the shell in ${language}`, () => {
    test.use({ language });

    test("the tab bar shows the four tabs in order", async ({ page }) => {
      await page.goto("/");
      const tabs = page.getByRole("navigation").last().getByRole("link");
      await expect(tabs).toHaveText([
        inLanguage(language, "Home", "首頁"),
        inLanguage(language, "Explore", "探索"),
        inLanguage(language, "Messages", "訊息"),
        inLanguage(language, "Me", "我的"),
      ]);
    });

    test("an unknown page shows the designed not-found view", async ({ page }) => {
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: inLanguage(language, "We couldn't find that page.", "找不到這個頁面。") })).toBeVisible();
    });
  });
}
