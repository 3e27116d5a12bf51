import { expect, inLanguage, runsIn, test } from "./support/fixtures";

for (const language of ["en-US", "zh-HK"] as const) {
  if (!runsIn("page", { language, javaScriptEnabled: true })) continue;
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

    test("an address that does not exist answers 404 with the designed not-found view: a title, Back and the tabs", async ({ page }) => {
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: inLanguage(language, "We couldn't find that page.", "找不到這個頁面。") })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: inLanguage(language, "Page not found", "找不到頁面") })).toBeVisible();
      await expect(page.getByRole("link", { name: inLanguage(language, "Back", "返回") })).toBeVisible();
      await expect(page.getByRole("navigation", { name: inLanguage(language, "Main", "主選單") })).toBeVisible();
      await page.screenshot({ path: `test-results/buyer-not-found-${language}.png` });
    });
  });
}
