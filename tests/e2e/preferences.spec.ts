import { expect, runsIn, test, type Language } from "./support/fixtures";

/** The English or the Hong Kong Chinese form of a name or pattern. */
const pick = <T,>(language: Language, english: T, chinese: T): T => (language === "en-US" ? english : chinese);

const other = (language: Language): Language => (language === "en-US" ? "zh-HK" : "en-US");

async function cookie(context: import("@playwright/test").BrowserContext, name: string) {
  return (await context.cookies()).find((entry) => entry.name === name)?.value;
}

for (const language of ["en-US", "zh-HK"] as const) {
  for (const javaScriptEnabled of [true, false]) {
    if (!runsIn("form", { language, javaScriptEnabled })) continue;
    test.describe(`the preference pickers in ${language}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ language, javaScriptEnabled });

      test("a visitor who picks the other language comes back to the page in it", async ({ page }) => {
        await page.goto("/language-select?returnTo=%2F");
        await expect(page.getByRole("button", { name: pick(language, /English/, /繁體中文/) })).toHaveAttribute("aria-current", "true");
        await page.getByRole("button", { name: pick(language, /繁體中文/, /English/) }).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.locator("html")).toHaveAttribute("lang", other(language));
      });

      test("a visitor who picks a currency sees it marked as theirs when they look again", async ({ page, context }) => {
        await page.goto("/currency-select?returnTo=%2F");
        await expect(page.getByRole("heading", { level: 2, name: pick(language, /Used in Hong Kong/i, /香港常用/) })).toBeVisible();
        await page.getByRole("button", { name: pick(language, /Japanese Yen/, /日圓/) }).click();
        await expect(page).toHaveURL(/\/$/);
        expect(await cookie(context, "currency")).toBe("JPY");
        await page.goto("/currency-select");
        await expect(page.getByRole("button", { name: pick(language, /Japanese Yen/, /日圓/) })).toHaveAttribute("aria-current", "true");
      });

      test("a visitor who searches for Taipei in the other language finds it and chooses it", async ({ page, context }) => {
        await page.goto("/location-select?returnTo=%2F");
        const search = page.getByRole("searchbox");
        await search.fill(pick(language, "台北", "Taipei"));
        await search.press("Enter");
        await expect(page).toHaveURL(/[?&]q=/);
        await expect(page.getByRole("button", { name: pick(language, /Singapore/, /新加坡/) })).toHaveCount(0);
        await page.getByRole("button", { name: pick(language, /^Taipei/, /^台北/) }).click();
        await expect(page).toHaveURL(/\/$/);
        expect(await cookie(context, "location")).toBe("TW");
        expect(await cookie(context, "locationCityId")).toBe("TPE");
      });

      test("a search that matches nothing shows the designed empty state", async ({ page }) => {
        await page.goto("/location-select?q=atlantis");
        await expect(page.getByText(pick(language, "Nothing matches “atlantis”", "找不到「atlantis」"))).toBeVisible();
      });
    });
  }

  test.describe(`using the current location in ${language}`, () => {
    test.use({ language, geolocation: { latitude: 35.68, longitude: 139.76 }, permissions: ["geolocation"] });

    test("a visitor in Tokyo who uses their current location is placed in Japan", async ({ page, context }) => {
      await page.goto("/location-select?returnTo=%2F");
      // The device's position is asked for once the page is interactive; a tap before that posts without one.
      await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: pick(language, /Use my current location/, /使用我目前的位置/) }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(await cookie(context, "location")).toBe("JP");
    });
  });

  test.describe(`using the current location without JavaScript in ${language}`, () => {
    test.use({ language, javaScriptEnabled: false });

    test("a visitor whose location cannot be told is asked to choose from the list", async ({ page }) => {
      await page.goto("/location-select");
      await page.getByRole("button", { name: pick(language, /Use my current location/, /使用我目前的位置/) }).click();
      await expect(
        page.getByRole("alert").filter({
          hasText: pick(language, "Unable to determine your location. Please choose one from the list.", "無法確定你的位置，請從列表中選擇。"),
        }),
      ).toBeVisible();
    });
  });
}
