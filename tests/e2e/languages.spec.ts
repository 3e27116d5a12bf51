/**
 * What each language proves on screens that only show things. Those specs run once, in en-US
 * (support/fixtures.ts CELLS.page); here the same screens are read once in Hong Kong Chinese, and
 * a label whose wrapping depends on the language is measured in both.
 */
import type { APIRequestContext } from "@playwright/test";
import { sessionWithDeal } from "./support/demand";
import { expect, test } from "./support/fixtures";

const tourCards = 'a[href^="/tourDetail?id="]';

test.describe("the screens that only show things, in zh-HK", () => {
  test.use({ language: "zh-HK", javaScriptEnabled: true });

  test("home, its tab bar and a category chip read in Hong Kong Chinese", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation").last().getByRole("link")).toHaveText(["首頁", "探索", "訊息", "我的"]);
    await expect(page.getByRole("region", { name: "精選" }).locator(tourCards)).toHaveCount(5);
    const topPicks = page.getByRole("region", { name: "熱門推介" });
    await expect(topPicks.getByRole("heading", { name: "熱門推介" })).toBeVisible();
    await expect(topPicks.locator(tourCards)).toHaveCount(20);
    await expect(topPicks.locator(tourCards).first().locator("img")).toHaveAttribute("src", /^\/media\/poster\/\d+\.svg\?lan=zh-HK/);
    await expect(topPicks.getByText(/^HK\$.+起$/).first()).toBeVisible();

    await page.getByRole("navigation", { name: "按類別瀏覽" }).getByRole("link", { name: "音樂劇" }).click();
    await expect(page).toHaveURL(/\/tags\?category=musicals$/);
    await expect(page.getByRole("heading", { level: 1, name: "音樂劇" })).toBeVisible();
  });

  test("Me, the FAQ and About us read in Hong Kong Chinese", async ({ page }) => {
    await page.goto("/mine");
    await expect(page.getByRole("link", { name: "登入／註冊" })).toHaveAttribute("href", "/login?redirectTo=%2Fmine");
    await page.getByRole("link", { name: "常見問題" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await page.getByRole("link", { name: "退款需時多久？" }).click();
    await expect(page).toHaveURL(/\/faqDetail\?id=403$/);
    await expect(page.getByRole("heading", { name: "退款需時多久？" })).toBeVisible();
    await expect(page.getByText("1-3 個工作天內")).toBeVisible();

    await page.goto("/mine");
    await page.getByRole("link", { name: "關於我們" }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole("heading", { level: 1, name: "關於我們" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "我們的故事" })).toBeVisible();
    await expect(page.getByText("版本 2.5.0（建置 1）")).toBeVisible();
    await expect(page.getByRole("link", { name: "用戶協議" })).toHaveAttribute("href", "/user-agreement");
    await expect(page.getByRole("link", { name: "私隱政策" })).toHaveAttribute("href", "/privacy-agreement");
    await expect(page.getByRole("link", { name: "聯絡客戶服務" })).toHaveAttribute("href", "/emailSupport");
    await page.getByRole("link", { name: "100% 入場保證" }).click();
    await expect(page).toHaveURL(/\/guarantee$/);
  });

  test("an address that does not exist reads in Hong Kong Chinese", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "找不到這個頁面。" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "找不到頁面" })).toBeVisible();
    await expect(page.getByRole("link", { name: "返回" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "主選單" })).toBeVisible();
  });

  test("price insight on pick-seat and the tour page reads in Hong Kong Chinese", async ({ page }) => {
    const dealt = await sessionWithDeal(page.request);
    await page.goto(`/pick-seat?sessionId=${dealt.sessionId}&sort=best_deal`);
    const chart = page.getByTestId("price-chart");
    await expect(chart.getByText("最低價（過去 30 日）")).toBeVisible();
    await expect(chart.getByText("現時最低價")).toBeVisible();
    const badge = page.getByText(dealt.level === "great" ? "超抵價" : "抵價", { exact: true });
    await badge.first().click();
    await expect(page.getByText("比同區其他").first()).toBeVisible();

    await page.goto(`/tourDetail?id=${dealt.tourId}`);
    await expect(page.getByTestId("price-chart").getByText("最低價（過去 30 日）")).toBeVisible();
  });
});

/** A tour with a session whose sales have not opened (the seed has several). */
async function tourWithPendingSession(request: APIRequestContext): Promise<number> {
  const tours = (await (await request.get("/pub/tour/v1/list?pageSize=50")).json()).data.list as { id: number }[];
  for (const { id } of tours) {
    const detail = (await (await request.get(`/pub/tour/v1/detail?id=${id}`)).json()).data;
    const sessions = (detail.upcoming as { sessions: { status: string }[] }[]).flatMap((group) => group.sessions);
    if (sessions.some((session) => session.status === "PENDING")) return id;
  }
  throw new Error("no tour with a session not yet on sale");
}

// '10:00 / AM' wrapped in English and '開 / 售' in Chinese: the label is measured in both.
for (const language of ["en-US", "zh-HK"] as const) {
  test.describe(`the tour page at 390px in ${language}`, () => {
    test.use({ language, javaScriptEnabled: true });

    test("a session not yet on sale says when on one line", async ({ page }) => {
      await page.goto(`/tourDetail?id=${await tourWithPendingSession(page.request)}`);
      const badge = page.locator('[data-status="PENDING"] [data-tone="soon"]').first();
      await badge.scrollIntoViewIfNeeded();
      const { height, lineHeight } = await badge.evaluate((element) => ({ height: element.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(element).lineHeight) || 16 }));
      expect(height).toBeLessThan(lineHeight * 2);
      await page.screenshot({ path: `test-results/buyer-tour-${language}.png` });
    });
  });
}
