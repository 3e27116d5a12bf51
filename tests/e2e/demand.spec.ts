import { createAccount } from "./support/buying";
import { onSaleSessions, sessionWithDeal } from "./support/demand";
import { expect, inLanguage, runsIn, test } from "./support/fixtures";
import { signInStaff, STAFF } from "./support/staff";

const SHOTS = process.env.DEMAND_SHOTS;

for (const language of ["en-US", "zh-HK"] as const) {
  for (const javaScript of [true, false]) {
    if (!runsIn("page", { language, javaScriptEnabled: javaScript })) continue;
    test.describe(`Price insight in ${language} ${javaScript ? "with" : "without"} JavaScript`, () => {
      test.use({ language, javaScriptEnabled: javaScript });

      test("pick-seat draws the lowest price's history and badges the best deal, whose rule opens on tap", async ({ page }) => {
        const dealt = await sessionWithDeal(page.request);
        await page.goto(`/pick-seat?sessionId=${dealt.sessionId}&sort=best_deal`);
        const chart = page.getByTestId("price-chart");
        await expect(chart.getByText(inLanguage(language, "Lowest price, last 30 days", "最低價（過去 30 日）"))).toBeVisible();
        await expect(chart.getByRole("img")).toBeVisible();
        await expect(chart.getByText(inLanguage(language, "Lowest price now", "現時最低價"))).toBeVisible();
        const badge = page.getByText(
          dealt.level === "great" ? inLanguage(language, "Great price", "超抵價") : inLanguage(language, "Good price", "抵價"),
          { exact: true },
        );
        await expect(badge.first()).toBeVisible();
        await badge.first().click();
        await expect(page.getByText(inLanguage(language, "other listings in the same zone", "比同區其他")).first()).toBeVisible();
        if (SHOTS) {
          await chart.screenshot({ path: `${SHOTS}/pick-seat-chart-${language}-${javaScript ? "js" : "nojs"}.png` });
          await badge.first().locator("xpath=ancestor::li[1]").screenshot({ path: `${SHOTS}/pick-seat-deal-${language}-${javaScript ? "js" : "nojs"}.png` });
        }
      });

      test("the tour page draws the tour's lowest price over time", async ({ page }) => {
        const dealt = await sessionWithDeal(page.request);
        await page.goto(`/tourDetail?id=${dealt.tourId}`);
        await expect(page.getByTestId("price-chart").getByText(inLanguage(language, "Lowest price, last 30 days", "最低價（過去 30 日）"))).toBeVisible();
        if (SHOTS) await page.getByTestId("price-chart").screenshot({ path: `${SHOTS}/tour-chart-${language}-${javaScript ? "js" : "nojs"}.png` });
      });
    });
  }
}

for (const [language, javaScript] of [
  ["en-US", false],
  ["zh-HK", true],
] as const) {
  test.describe(`The waiting room in ${language} ${javaScript ? "with" : "without"} JavaScript`, () => {
    test.use({ language, javaScriptEnabled: javaScript });

    test("a buyer of a high-demand session waits in the queue, then is let in to choose tickets", async ({ page, browser, baseURL }) => {
      test.setTimeout(90_000);
      const sessions = await onSaleSessions(page.request);
      // From the back of the list, one per language, so no other test meets a queue.
      const { sessionId } = sessions[sessions.length - (language === "en-US" ? 1 : 2)];
      const support = await signInStaff(browser, baseURL!, language, javaScript, STAFF.support, "/support/demand");
      await support.page.getByLabel(inLanguage(language, "Session id", "場次編號")).fill(String(sessionId));
      await support.page.getByLabel(inLanguage(language, "Buyers admitted a minute", "每分鐘進場人數")).fill("6");
      await support.page.getByLabel(inLanguage(language, "Shards", "分片數目")).fill("1");
      await support.page.getByRole("button", { name: inLanguage(language, "Turn the queue on", "開啟輪候") }).click();
      await expect(support.page.getByTestId("demand-sessions").getByText(`#${sessionId}`)).toBeVisible();
      await support.close();

      await page.goto(`/register?${new URLSearchParams({ redirectTo: `/pick-seat?sessionId=${sessionId}` })}`);
      await createAccount(page, language);
      await expect(page).toHaveURL(new RegExp(`/waiting-room\\?sessionId=${sessionId}$`));
      const room = page.getByTestId("waiting-room");
      await expect(room).toHaveAttribute("data-view", "waiting");
      await expect(room.getByText(inLanguage(language, "You're in the queue", "你正在輪候"))).toBeVisible();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/waiting-${language}-${javaScript ? "js" : "nojs"}.png` });
      // With JavaScript the page asks again in place: this mark survives until the turn comes.
      if (javaScript) await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
      // The page refreshes itself at the next batch (every 10 s) and goes on when the turn comes.
      await expect(page).toHaveURL(new RegExp(`/pick-seat\\?sessionId=${sessionId}$`), { timeout: 45_000 });
      await expect(page.getByTestId("price-chart")).toBeVisible();
      if (javaScript) expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
    });
  });
}
