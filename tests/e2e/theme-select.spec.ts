import { expect, test } from "@playwright/test";

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a signed-out visitor chooses dark from home's settings and every page is dark from then on", async ({ page }) => {
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto("/");
      // With JavaScript, the sheet opens in place once the page is interactive.
      if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor();
      await page.getByRole("link", { name: "Settings" }).or(page.getByRole("button", { name: "Settings" })).first().click();
      await page.getByRole("link", { name: /Theme/ }).click();
      await expect(page).toHaveURL(/\/theme-select\?returnTo=/);
      await page.getByRole("button", { name: /Dark/ }).click();
      await expect(page).toHaveURL(/\/(\?sheet=settings)?$/);
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(15, 14, 19)");
      await page.goto("/show-list");
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    });
  });
}

test.describe("in Traditional Chinese", () => {
  test.use({ locale: "zh-HK", javaScriptEnabled: true });

  test("the theme picker names each theme in the visitor's language", async ({ page }) => {
    await page.goto("/theme-select?returnTo=%2F");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("主題");
    await expect(page.getByRole("button", { name: /跟隨裝置/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /深色/ })).toBeVisible();
  });
});
