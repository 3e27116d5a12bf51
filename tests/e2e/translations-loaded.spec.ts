import { expect, test } from "@playwright/test";

test.describe("in Traditional Chinese", () => {
  test.use({ locale: "zh-HK", javaScriptEnabled: true });

  test("a zh-HK page downloads its translations in zh-HK only", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/locales/")) asked.push(pathname);
    });
    await page.goto("/tourDetail?id=1");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((path) => !path.startsWith("/locales/zh-HK/"))).toEqual([]);
  });
});
