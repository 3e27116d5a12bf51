import { expect, inLanguage, runsIn, test } from "./support/fixtures";

for (const language of ["en-US", "zh-HK"] as const) {
  for (const javaScript of [true, false]) {
    if (!runsIn("form", { language, javaScriptEnabled: javaScript })) continue;
    test.describe(`Explore to a ticket alert in ${language} ${javaScript ? "with" : "without"} JavaScript`, () => {
      test.use({ language, javaScriptEnabled: javaScript });
      const say = (english: string, chinese: string) => inLanguage(language, english, chinese);

      test("a buyer narrows Explore to the next 30 days, opens a tour and subscribes to its ticket alerts", async ({ page }) => {
        await page.goto("/");
        await page
          .getByRole("navigation")
          .last()
          .getByRole("link", { name: say("Explore", "探索") })
          .click();
        await expect(page).toHaveURL(/\/show-list$/);
        await expect(page.getByRole("heading", { level: 1, name: say("Explore", "探索") })).toBeVisible();

        await page.getByRole("link", { name: say("Any date", "任何日期") }).click();
        const dates = page.getByRole("dialog", { name: say("When are you going?", "你想哪天去？") });
        await expect(dates).toBeVisible();
        await dates.getByRole("button", { name: say("Next 30 days", "未來 30 天") }).click();
        await expect(page).toHaveURL(/preset=30d/);
        await expect(dates).toBeHidden();
        await expect(page.getByRole("link", { name: say("Next 30 days", "未來 30 天") })).toBeVisible();

        const shows = page.getByRole("region", { name: say("Shows", "演出") });
        const first = shows.getByRole("listitem").first();
        await expect(first).toBeVisible();
        const row = (await first.textContent())!;
        await first.getByRole("link").click();
        // A dated row opens that session's seats, whose Back names its tour (with JavaScript Back
        // returns to Explore, so the tour is opened from the link's address).
        await expect(page).toHaveURL(/\/(pick-seat\?sessionId|tourDetail\?id)=\d+/);
        if (page.url().includes("/pick-seat")) {
          const tour = await page.getByRole("banner").getByRole("link", { name: say("Back", "返回") }).getAttribute("href");
          expect(tour).toMatch(/^\/tourDetail\?id=\d+$/);
          await page.goto(tour!);
        }
        await expect(page).toHaveURL(/\/tourDetail\?id=\d+/);
        await expect(page.getByText(say("100% entry guarantee", "100% 入場保證"))).toBeVisible();
        expect(row).toContain(await page.getByRole("heading", { level: 1 }).textContent());

        await page.getByRole("link", { name: say("Get ticket alerts", "訂閱門票提示") }).click();
        const alert = page.getByRole("dialog", { name: say("Get ticket alerts", "訂閱門票提示") });
        await expect(alert).toBeVisible();
        const email = alert.getByRole("textbox", { name: say("Email", "電郵") });
        const notify = alert.getByRole("button", { name: say("Notify me", "通知我") });

        await notify.click();
        await expect(alert.getByRole("alert")).toHaveText(say("Please enter your email", "請輸入你的電郵地址"));

        await alert.getByRole("textbox", { name: say("Email", "電郵") }).fill("fan@@example");
        await alert.getByRole("button", { name: say("Notify me", "通知我") }).click();
        await expect(alert.getByRole("alert")).toHaveText(say("Please enter a valid email address", "請輸入有效的電郵地址"));
        await expect(email).toBeVisible();

        await alert
          .getByRole("textbox", { name: say("Email", "電郵") })
          .fill(`fan-${language}-${javaScript ? "js" : "html"}-${Date.now()}@example.com`);
        await alert.getByRole("button", { name: say("Notify me", "通知我") }).click();
        await expect(page.getByRole("status").filter({ hasText: say("You're on the list", "已成功訂閱") })).toBeVisible();
        // Back on the tour, which offers notifications as well as the mail (a browser that can push, with JavaScript).
        await expect(page).toHaveURL(/\/tourDetail\?id=\d+&alert=set$/);
        await expect(alert).toBeHidden();
        if (javaScript) await expect(page.getByTestId("push-offer")).toContainText(say("Get a notification too, the moment the price drops or tickets return.", "同時開啟通知，價格下降或有票時即時通知你。"));
        else await expect(page.getByTestId("push-offer")).toHaveCount(0);
      });
    });
  }
}

test.describe("Explore's calendar", () => {
  test("a custom range picked on the calendar filters the list to those days", async ({ page }) => {
    await page.goto("/show-list");
    await page.getByRole("link", { name: "Any date" }).click();
    const dates = page.getByRole("dialog", { name: "When are you going?" });
    // Next month: every day of it can be picked.
    await dates.getByRole("button", { name: "Next month" }).click();
    const days = dates.getByRole("button", { name: /, \d{4}$/ });
    await days.nth(2).click();
    await days.nth(7).click();
    await dates.getByRole("button", { name: "Show these dates" }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-03&to=\d{4}-\d{2}-08/);
    await expect(dates).toBeHidden();
    await expect(page.getByRole("link", { name: /3 – 8|3–8/ })).toBeVisible();
  });
});

test.describe("Explore without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the next page is a plain link, and the page after it links back", async ({ page }) => {
    await page.goto("/show-list?cityCode=ALL");
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("link", { name: "Previous page" })).toBeVisible();
  });
});
