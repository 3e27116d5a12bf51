import { expect, inLanguage, runsIn, test } from "./support/fixtures";

for (const language of ["en-US", "zh-HK"] as const) {
  for (const javaScriptEnabled of [false, true]) {
    if (!runsIn("page", { language, javaScriptEnabled })) continue;
    test.describe(`About us in ${language}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ language, javaScriptEnabled });

      test("About us shows the brand, the story and version 2.5.0 build 1", async ({ page }) => {
        await page.goto("/about-us");
        await expect(page.getByRole("heading", { level: 1, name: inLanguage(language, "About us", "關於我們") })).toBeVisible();
        await expect(page.getByRole("heading", { name: "Ovation" })).toBeVisible();
        await expect(page.getByRole("heading", { name: inLanguage(language, "Our story", "我們的故事") })).toBeVisible();
        await expect(page.getByText(inLanguage(language, "Version 2.5.0 (build 1)", "版本 2.5.0（建置 1）"))).toBeVisible();
      });

      test("About us links to the agreements, the guarantee and customer support", async ({ page }) => {
        await page.goto("/about-us");
        await expect(page.getByRole("link", { name: inLanguage(language, "User agreement", "用戶協議") })).toHaveAttribute("href", "/user-agreement");
        await expect(page.getByRole("link", { name: inLanguage(language, "Privacy policy", "私隱政策") })).toHaveAttribute("href", "/privacy-agreement");
        await expect(page.getByRole("link", { name: inLanguage(language, "Contact customer support", "聯絡客戶服務") })).toHaveAttribute("href", "/emailSupport");
        await page.getByRole("link", { name: inLanguage(language, "100% entry guarantee", "100% 入場保證") }).click();
        await expect(page).toHaveURL(/\/guarantee$/);
      });

      test("Me leads to About us", async ({ page }) => {
        await page.goto("/mine");
        await page.getByRole("link", { name: inLanguage(language, "About us", "關於我們") }).click();
        await expect(page).toHaveURL(/\/about-us$/);
        await expect(page.getByText(inLanguage(language, "Version 2.5.0 (build 1)", "版本 2.5.0（建置 1）"))).toBeVisible();
      });
    });
  }
}

test.describe("the visit on the device", () => {
  test("a visit from an ad keeps a device id, the ad's fields and the page in the history", async ({ page }) => {
    await page.goto("/about-us?utm_source=instagram&utm_campaign=encore&fbpid=fb.1.2");
    await expect
      .poll(() => page.evaluate(() => ({ deviceId: localStorage.getItem("deviceId"), adParams: localStorage.getItem("adParams") })))
      .toEqual({ deviceId: expect.stringMatching(/^[0-9a-f]{32}-\d{13}$/), adParams: JSON.stringify({ utm_source: "instagram", utm_campaign: "encore", fbpid: "fb.1.2" }) });
    const visited = await page.evaluate(() => JSON.parse(sessionStorage.getItem("ovation_visitedRoutes") ?? "[]"));
    expect(visited).toEqual(["/about-us?utm_source=instagram&utm_campaign=encore&fbpid=fb.1.2"]);
  });

  test("the device id stays the same from page to page", async ({ page }) => {
    await page.goto("/about-us");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("deviceId"))).not.toBeNull();
    const first = await page.evaluate(() => localStorage.getItem("deviceId"));
    await page.goto("/mine");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("deviceId"))).toBe(first);
  });
});
