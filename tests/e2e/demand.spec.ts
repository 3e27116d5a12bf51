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

/** Support turns a session's queue on: six buyers a minute, one shard, so a turn comes at the next 10-second batch. */
async function turnQueueOn(browser: Parameters<typeof signInStaff>[0], baseURL: string, language: "en-US" | "zh-HK", javaScript: boolean, sessionId: number) {
  const support = await signInStaff(browser, baseURL, language, javaScript, STAFF.support, "/support/demand");
  await support.page.getByLabel(inLanguage(language, "Session id", "場次編號")).fill(String(sessionId));
  await support.page.getByLabel(inLanguage(language, "Buyers admitted a minute", "每分鐘進場人數")).fill("6");
  await support.page.getByLabel(inLanguage(language, "Shards", "分片數目"), { exact: true }).fill("1");
  await support.page.getByRole("button", { name: inLanguage(language, "Turn the queue on", "開啟輪候") }).click();
  await expect(support.page.getByTestId("demand-sessions").getByText(`#${sessionId}`)).toBeVisible();
  await support.close();
}

test.describe("The waiting room in en-US with JavaScript", () => {
  test.use({ language: "en-US", javaScriptEnabled: true });

  test("a buyer passes the bot check, waits in the queue watching the edge's document, is let in to choose tickets, and places an order behind the check", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const sessions = await onSaleSessions(page.request);
    // From the back of the list, one per language, so no other test meets a queue.
    const { sessionId } = sessions[sessions.length - 1];
    await turnQueueOn(browser, baseURL!, "en-US", true, sessionId);
    // Someone joined first (as an app would, through the API), so this buyer's turn is the second
    // batch: at least one batch (10 s) of waiting to see, wherever the join falls between batches.
    const first = await page.request.post("/pub/tour/v1/queue/join", { data: { sessionId, botCheck: "XXXX.DUMMY.TOKEN.XXXX" } });
    expect(((await first.json()) as { data: { state: string } }).data.state).toBe("waiting");

    await page.goto(`/register?${new URLSearchParams({ redirectTo: `/pick-seat?sessionId=${sessionId}` })}`);
    await createAccount(page, "en-US");
    await expect(page).toHaveURL(new RegExp(`/waiting-room\\?sessionId=${sessionId}$`));
    const room = page.getByTestId("waiting-room");
    // The check passes by itself (the local demo's stand-in for Turnstile's test key) and the form goes with it.
    await expect(room).toHaveAttribute("data-view", "waiting");
    await expect(room.getByText("You're in the queue")).toBeVisible();
    await room.getByText("Check the draw").click();
    await expect(page.getByTestId("draw-check")).toContainText("SHA-256 fingerprint of a secret seed");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/waiting-en-US-js.png`, fullPage: true });
    // The page watches its shard's public document and asks the server again only when the turn comes.
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
    await expect(page).toHaveURL(new RegExp(`/pick-seat\\?sessionId=${sessionId}$`), { timeout: 45_000 });
    await expect(page.getByTestId("price-chart")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);

    // Placing an order in the hot session passes the bot check too: the widget stands above Place order.
    const offer = (await (await page.request.get(`/pub/tour/v1/session/listings?sessionId=${sessionId}&delivery=E_TICKET&quantity=2`)).json()).data;
    const listingId = (offer.listings as { listingId: number }[])[0].listingId;
    await page.goto(`/confirm-order?listingId=${listingId}&quantity=2`);
    const mobile = page.getByLabel("Mobile number", { exact: true });
    if ((await mobile.inputValue()) === "") await mobile.fill("91234567");
    await expect(page.getByTestId("bot-check").locator("[data-turnstile-stand-in]")).toHaveText("✓ Success! (local test key)");
    await expect(page.locator('input[name="botCheck"]')).toHaveValue("XXXX.DUMMY.TOKEN.XXXX");
    await page.getByRole("button", { name: "Place order", exact: true }).click();
    await expect(page).toHaveURL(/sheet=pay/);
    await expect(page.getByTestId("pay-sheet")).toBeVisible();
  });
});

test.describe("The waiting room in zh-HK without JavaScript", () => {
  test.use({ language: "zh-HK", javaScriptEnabled: false });

  test("the page says how to join, refuses a join without the check in Chinese, and a place taken on this device moves on by itself", async ({ page, context, browser, baseURL }) => {
    test.setTimeout(90_000);
    const sessions = await onSaleSessions(page.request);
    const { sessionId } = sessions[sessions.length - 2];
    await turnQueueOn(browser, baseURL!, "zh-HK", false, sessionId);
    // Someone ahead, so the place below waits at least one batch however the joins fall.
    await page.request.post("/pub/tour/v1/queue/join", { data: { sessionId, botCheck: "XXXX.DUMMY.TOKEN.XXXX" } });

    await page.goto(`/register?${new URLSearchParams({ redirectTo: `/pick-seat?sessionId=${sessionId}` })}`);
    await createAccount(page, "zh-HK");
    await expect(page).toHaveURL(new RegExp(`/waiting-room\\?sessionId=${sessionId}$`));
    const room = page.getByTestId("waiting-room");
    await expect(room).toHaveAttribute("data-view", "join");
    await expect(page.getByTestId("bot-check-noscript")).toHaveText(
      "阻擋機械人的驗證需要 JavaScript。請在瀏覽器設定中開啟 JavaScript，然後重新載入此頁以加入輪候。如你已在此裝置加入，你的位置會保留。",
    );
    await room.getByRole("button", { name: "加入輪候" }).click();
    await expect(page.getByTestId("join-refusal")).toHaveText("我們未能確認你是真人，所以你尚未加入輪候。請先完成上方的驗證（需要開啟 JavaScript），然後再按「加入輪候」。");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/waiting-zh-HK-nojs-join.png`, fullPage: true });

    // The same buyer joins once with scripts on (the check needs them) ...
    const scripted = await browser.newContext({ baseURL, storageState: await context.storageState(), javaScriptEnabled: true, viewport: { width: 390, height: 844 } });
    const joining = await scripted.newPage();
    await joining.goto(`/waiting-room?sessionId=${sessionId}`);
    await expect(joining.getByTestId("waiting-room")).toHaveAttribute("data-view", "waiting");
    await scripted.close();
    // ... and this browser, scripts off, waits on the place, refreshed by the page's <noscript> until the turn comes.
    await page.goto(`/waiting-room?sessionId=${sessionId}`);
    await expect(room).toHaveAttribute("data-view", "waiting");
    await expect(room.getByText("你正在輪候")).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/waiting-zh-HK-nojs.png`, fullPage: true });
    await expect(page).toHaveURL(new RegExp(`/pick-seat\\?sessionId=${sessionId}$`), { timeout: 45_000 });
    await expect(page.getByTestId("price-chart")).toBeVisible();
  });
});
