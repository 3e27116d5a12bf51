import type { Page } from "@playwright/test";
import { buyTwo, providerListing } from "./support/delivery";
import { expect, inLanguage, test, type Language } from "./support/fixtures";

/** Reports every CSP violation the page sees as a console error the test collects. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) => console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`)),
  );
  return violations;
}

/** Waits until the service worker controls the page, so the next navigations pass through it. */
async function underServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  // Polled with evaluate: waitForFunction evaluates a string in the page, which our CSP refuses.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

for (const language of ["en-US", "zh-HK"] as const) {
  test.describe(`Offline in ${language}`, () => {
    test.use({ language, networkCut: true, serviceWorkers: "allow" });
    test.describe.configure({ timeout: 180_000 });
    const say = (english: string, chinese: string) => inLanguage(language as Language, english, chinese);

    test("a buyer who opened an e-ticket opens it again with no signal, and nothing on the way breaks the content policy", async ({ page, context }) => {
      const violations = await collectViolations(page);
      const orderId = await buyTwo(page, language, await providerListing(page.request, "E_TICKET"));
      await underServiceWorker(page);
      await page.goto(`/e-ticket?id=${orderId}`);
      const title = await page.title();
      const heading = await page.locator("h1").first().innerText();

      await context.setOffline(true);
      await page.reload();
      expect(await page.title()).toBe(title);
      await expect(page.locator("h1").first()).toHaveText(heading);
      await expect(page.locator("[data-offline-page]")).toHaveCount(0);
      // The kept page still runs: it says it is offline. Since Chromium 150 a document loaded while
      // the network is emulated away starts with navigator.onLine true (a phone with no signal
      // says false), so the emulation is applied again to the page now on the glass.
      await context.setOffline(false);
      await context.setOffline(true);
      await expect(page.locator('[data-connection="offline"]')).toHaveText(say("You're offline", "你已離線"));

      // A page never opened shows the offline page, listing the saved ticket.
      // Not page.goto: the fixture's goto waits for hydration, and the offline page runs no script.
      await page.evaluate(() => location.assign("/faq"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("You're offline", "你已離線"));
      await expect(page.getByRole("link", { name: say("Try again", "重試") })).toBeVisible();
      await expect(page.getByRole("heading", { name: say("Your saved tickets", "已儲存的門票") })).toBeVisible();
      await page.screenshot({ path: `../../test-results/offline-${language}.png` });

      await context.setOffline(false);
      expect(violations).toEqual([]);
    });

    test("a link tapped with no signal shows the offline screen, and the page loads by itself when the network is back", async ({ page, context }) => {
      const violations = await collectViolations(page);
      await page.goto("/tourList");
      const tourLinks = page.locator('a[href^="/tourDetail?id="]');
      await expect(tourLinks.first()).toBeVisible();
      const [opened, unopened] = [...new Set(await tourLinks.evaluateAll((links) => links.map((link) => link.getAttribute("href")!)))];
      // One tour opened online, so its screen's code is in the browser; the other tour's data is not.
      await page.locator(`a[href="${opened}"]`).first().click();
      await expect(page).toHaveURL(opened);
      await page.goBack();
      await expect(page).toHaveURL(/\/tourList$/);
      // The address changes before the list's data has come back: wait for the list itself, so
      // the network is not cut while that request is still on its way.
      await expect(page.locator(`a[href="${unopened}"]`).first()).toBeVisible();

      await context.setOffline(true);
      await expect(page.locator('[data-connection="offline"]')).toHaveText(say("You're offline", "你已離線"));
      await page.locator(`a[href="${unopened}"]`).first().click();
      const offline = page.getByTestId("offline");
      await expect(offline.getByRole("heading", { level: 2 })).toHaveText(say("You're offline", "你已離線"));
      await expect(offline.getByRole("button", { name: say("Try again", "重試") })).toBeVisible();
      await expect(page.getByText(say("Unknown error occurred. Please try again later.", "發生未知錯誤，請稍後再試。"))).toHaveCount(0);
      await page.screenshot({ path: `../../test-results/offline-navigation-${language}.png` });

      await context.setOffline(false);
      await expect(page.locator('[data-connection="back"]')).toHaveText(say("You're back online.", "網絡已恢復。"));
      await expect(offline).toHaveCount(0);
      await expect(page).toHaveURL(unopened);
      const title = await page.locator("main h2").first().innerText();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      expect(violations).toEqual([]);
    });
  });
}
