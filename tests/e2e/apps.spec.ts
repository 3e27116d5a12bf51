/**
 * Inside the apps: a page script stands in for our native app, answering the bridge the way the
 * apps do (window.ReactNativeWebView.postMessage → window[callback](answer)) and recording every
 * call, so the tests see what the page asked of its host.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { signInStaff, STAFF } from "./support/staff";
import { createAccount, eTicketListing } from "./support/buying";

declare global {
  interface Window {
    __hostCalls: { method: string; data: unknown }[];
  }
}

/** Installs the simulated host app: it answers every method (getAppContext with `context`). */
async function simulateHostApp(page: Page, context: Record<string, unknown> = {}) {
  await page.addInitScript((appContext) => {
    window.__hostCalls = [];
    (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = {
      postMessage(message: string) {
        const { method, data, callback } = JSON.parse(message);
        window.__hostCalls.push({ method, data });
        const answer = method === "getAppContext" ? appContext : true;
        setTimeout(() => (window as unknown as Record<string, (a: unknown) => void>)[callback]?.(answer), 10);
      },
    };
  }, context);
}

const hostCalls = (page: Page) => page.evaluate(() => window.__hostCalls.map((call) => call.method));

/** An account made the way a partner app makes one (silent registry), and its token. */
async function appAccount(request: APIRequestContext): Promise<string> {
  const response = await request.post("/user/v1/registry", { data: { email: `app-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`, channel: "MTL_LAUNCH" } });
  const body = await response.json();
  expect(body.statusCode).toBe(200);
  return body.data.accessToken as string;
}

test("the first screen the app opens is signed in, in the app's language and padded for its status bar", async ({ page, request }) => {
  await simulateHostApp(page);
  const token = await appAccount(request);
  await page.goto(`/mine?token=${encodeURIComponent(token)}&lan=zh-CN&src=iOS&statusBarHeight=44&safeAreaBottom=34`);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
  await expect(page.locator('a[href="/login?redirectTo=%2Fmine"]')).toHaveCount(0);
  await expect(page.locator(".app")).toHaveCSS("padding-top", "44px");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect.poll(() => hostCalls(page)).toContain("pageReady");
  await page.screenshot({ path: "test-results/apps-first-screen-zh.png" });
  // The next page of the web view keeps the sign-in and the language without the query.
  await page.goto("/mine");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
  await expect(page.locator('a[href="/login?redirectTo=%2Fmine"]')).toHaveCount(0);
});

test("Back on the first page is handed to the host app", async ({ page }) => {
  await simulateHostApp(page);
  await page.goto("/guarantee?src=android");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("link", { name: "Back" }).click();
  await expect.poll(() => hostCalls(page)).toContain("goBack");
  await expect(page).toHaveURL(/\/guarantee/);
});

test("Back on the first page in a plain browser goes to the page's fallback", async ({ page }) => {
  await page.goto("/guarantee");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/mine$/);
});

test("a page outside the allowed hosts is refused in the web view", async ({ page }) => {
  const response = await page.goto(`/web-view?url=${encodeURIComponent("https://evil.example/")}`);
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("web-view-refused")).toBeVisible();
});

test("page views reach the collector and show in the support console's funnel", async ({ page, browser, baseURL }) => {
  const campaign = `e2e-${Date.now()}`;
  await page.goto(`/?utm_source=e2e&utm_campaign=${campaign}`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const batch = page.waitForRequest((req) => req.url().endsWith("/pub/analytics/v1/batch") && req.method() === "POST");
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const sent = (await batch).postDataJSON();
  expect(sent.events[0]).toMatchObject({ event: "page_view", params: { page: "home", utm_campaign: campaign } });
  expect((await (await batch).response())?.ok()).toBe(true);

  const support = await signInStaff(browser, baseURL!, "en-US", true, STAFF.support, "/support");
  await support.open("/support/funnel");
  await expect(support.page.locator(`[data-key="${campaign}"] [data-step="home"] strong`)).toHaveText("1");
  await support.page.screenshot({ path: "test-results/apps-funnel.png" });
  await support.close();
});

test("after signing up from confirm-ticket, Back from confirm-order leaves it for confirm-ticket", async ({ page }) => {
  const { listingId } = await eTicketListing(page.request);
  await page.goto(`/confirm-ticket?listingId=${listingId}&quantity=2`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByRole("link", { name: "Create an account" }).first().click();
  await expect(page).toHaveURL(/\/register\?redirectTo=/);
  await createAccount(page, "en-US");
  await expect(page).toHaveURL(/\/confirm-order\?listingId=\d+&quantity=2$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/confirm-ticket\?listingId=\d+&quantity=2$/);
});
