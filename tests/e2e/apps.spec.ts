/**
 * Inside the apps: a page script stands in for our native app, answering the bridge the way the
 * apps do (window.ReactNativeWebView.postMessage → window[callback](answer)) and recording every
 * call, so the tests see what the page asked of its host.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { signInStaff, STAFF } from "./support/staff";
import { createAccount, eTicketListing, payInSandbox, placeOrder } from "./support/buying";
import { PDF_FILE, providerDesk, providerListing } from "./support/delivery";

declare global {
  interface Window {
    __hostCalls: { method: string; data: unknown }[];
  }
}

/** Installs the simulated host app: it answers every method (getAppContext with `context`). */
async function simulateHostApp(page: Page, context: Record<string, unknown> = {}) {
  await page.addInitScript((appContext) => {
    // Kept for the tab's life, like the app's own log: a page that reloads itself keeps the calls before.
    window.__hostCalls = JSON.parse(sessionStorage.getItem("hostCalls") ?? "[]");
    (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = {
      postMessage(message: string) {
        const { method, data, callback } = JSON.parse(message);
        window.__hostCalls.push({ method, data });
        sessionStorage.setItem("hostCalls", JSON.stringify(window.__hostCalls));
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
  // Analytics comes with the page's later wiring, after hydration.
  await expect(page.locator("html")).toHaveAttribute("data-wired", "true");
  const batch = page.waitForRequest((req) => req.url().endsWith("/pub/analytics/v1/batch") && req.method() === "POST");
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const sent = (await batch).postDataJSON();
  expect(sent.events[0]).toMatchObject({ event: "page_view", params: { page: "home", utm_campaign: campaign } });
  expect((await (await batch).response())?.ok()).toBe(true);

  const support = await signInStaff(browser, baseURL!, "en-US", true, STAFF.support, "/support");
  // The console's home leads to the funnel.
  await support.open("/support");
  await support.page.getByTestId("funnel-link").click();
  await expect(support.page).toHaveURL(/\/support\/funnel$/);
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

/** What the collector received, as event names (order events with their status). */
function collectedEvents(page: Page): string[] {
  const events: string[] = [];
  page.on("request", (request) => {
    if (!request.url().endsWith("/pub/analytics/v1/batch") || request.method() !== "POST") return;
    for (const event of request.postDataJSON().events as { event: string; params: { status?: string; caller?: string } }[]) {
      if (event.event !== "page_view") events.push(event.params.status ? `${event.event}:${event.params.status}` : `${event.event}:${event.params.caller}`);
    }
  });
  return events;
}

const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });

test("sign-up, the order and its payment reach the collector; inside the app the e-ticket PDF is handed to downloadFile", async ({ page, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const events = collectedEvents(page);
  // The sign-up, the order and its payment on their pages, which are what report them.
  const listingId = await providerListing(page.request, "E_TICKET");
  await page.goto(`/register?${new URLSearchParams({ redirectTo: `/confirm-order?listingId=${listingId}&quantity=2` })}`);
  await placeOrder(page, "en-US", await createAccount(page, "en-US"));
  await payInSandbox(page, "en-US", "Approve");
  const orderId = Number(new URL(page.url()).searchParams.get("orderId"));
  await expect(page.locator("html")).toHaveAttribute("data-wired", "true");
  await hidePage(page);
  await expect.poll(() => events).toEqual(expect.arrayContaining(["register:register", "order:placed", "iap:pay-success", "order:paid"]));

  await page.goto(`/order-detail?id=${orderId}`);
  if ((await page.getByTestId("delivery-panel").getAttribute("data-state")) === "awaiting_upload") {
    const provider = await providerDesk(playwright, baseURL!);
    expect((await provider.upload(orderId, PDF_FILE)).statusCode).toBe(200);
    expect((await provider.step("e_ticket/deliver", orderId)).statusCode).toBe(200);
    await provider.close();
  }
  await page.goto(`/e-ticket?id=${orderId}`);
  await page.getByRole("button", { name: "Scratch here" }).click();
  const code = (await page.getByTestId("scratch-code").textContent())!.trim();
  await page.getByLabel("Enter the 4-digit code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Show e-ticket", exact: true }).click();
  await expect(page.getByTestId("voucher")).toBeVisible();

  // From here the page is inside the app: the host saves the file, the browser downloads nothing.
  await simulateHostApp(page);
  let browserDownloads = 0;
  page.on("download", () => browserDownloads++);
  await page.goto(`/pdf-download?id=${orderId}&src=iOS`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const files = page.getByTestId("pdf-file");
  const count = await files.count();
  await page.getByRole("button", { name: `Download all (${count})`, exact: true }).click();
  await expect(files.first()).toHaveAttribute("data-status", "saved");
  const handed = await page.evaluate(() => window.__hostCalls.filter((call) => call.method === "downloadFile").map((call) => call.data as { url: string; fileName: string }));
  expect(handed).toHaveLength(count);
  expect(handed[0].url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/media/e-ticket/${orderId}/\\d+\\.pdf$`));
  expect(handed[0].fileName).toMatch(/\.pdf$/);
  await expect(page.getByTestId("pdf-progress")).toHaveText(`Downloaded ${count}/${count}`);
  expect(browserDownloads).toBe(0);
  await page.screenshot({ path: "test-results/apps-pdf-in-app.png" });
});

test("an app token the server refuses is renewed through the host, and the page comes back signed in", async ({ page, request }) => {
  const email = `renew-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const registry = async () => (await (await request.post("/user/v1/registry", { data: { email, channel: "MTL_LAUNCH" } })).json()).data.accessToken as string;
  const stale = await registry();
  expect((await (await request.post("/user/v1/mts/logout", { headers: { "access-token": stale } })).json()).statusCode).toBe(200);
  const fresh = await registry();
  await simulateHostApp(page, { token: fresh });
  await page.goto(`/mine?token=${encodeURIComponent(stale)}&src=iOS`);
  await expect(page).toHaveURL(new RegExp(`token=${fresh}`));
  await expect(page.locator('a[href="/login?redirectTo=%2Fmine"]')).toHaveCount(0);
  const renewal = await page.evaluate(() => window.__hostCalls.find((call) => call.method === "getAppContext")?.data);
  expect(renewal).toEqual({ renewToken: true, reason: 12315 });
});

test("inside the app a tour link opens the app's own screen; in a phone's browser 'Open in the app' offers the ovation:// link", async ({ page, browser }) => {
  await simulateHostApp(page);
  await page.goto("/?src=android");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const tour = page.locator('main a[href^="/tourDetail?id="]').first();
  const id = new URL((await tour.getAttribute("href"))!, "http://x").searchParams.get("id");
  await tour.click();
  await expect.poll(() => page.evaluate(() => window.__hostCalls.filter((call) => call.method === "openAppPage").map((call) => call.data))).toEqual([{ url: `ovation://tourDetail?id=${id}` }]);
  await expect(page).toHaveURL(/\/\?src=android$/);

  const phone = await browser.newPage({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148" });
  await phone.goto(`/tourDetail?id=${id}`);
  await expect(phone.getByTestId("open-in-app")).toHaveAttribute("href", `ovation://tourDetail?id=${id}`);
  await phone.screenshot({ path: "test-results/apps-open-in-app.png" });
  await phone.close();
});

test.describe("in Chrome on an Android phone", () => {
  const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
  test.use({ userAgent: ANDROID, viewport: { width: 390, height: 844 } });

  test("'Open in the app' is drawn by the server: the page never shifts, with or without JavaScript; a computer gets none", async ({ page, browser }) => {
    await page.goto("/show-list");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("open-in-app")).toBeVisible();
    // Every layout shift since the page began, the bar's arrival included, read after hydration.
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          const add = (entries: PerformanceEntryList) => {
            for (const entry of entries as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) total += entry.value;
          };
          const observer = new PerformanceObserver((list) => add(list.getEntries()));
          observer.observe({ type: "layout-shift", buffered: true });
          // Those not yet handed to the callback are taken here: each entry is counted once.
          requestAnimationFrame(() => requestAnimationFrame(() => resolve((add(observer.takeRecords()), total))));
        }),
    );
    expect(shifted).toBe(0);

    const withoutScripts = await browser.newPage({ userAgent: ANDROID, javaScriptEnabled: false, locale: "zh-HK" });
    await withoutScripts.goto("/show-list");
    await expect(withoutScripts.getByTestId("open-in-app")).toHaveText("在 App 中開啟");
    await expect(withoutScripts.getByTestId("open-in-app")).toHaveAttribute("href", "ovation://show-list");
    await withoutScripts.close();

    const computer = await browser.newPage({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", isMobile: false });
    await computer.goto("/show-list");
    await expect(computer.getByRole("heading", { level: 1 })).toHaveText("Explore");
    await expect(computer.getByTestId("open-in-app")).toHaveCount(0);
    await computer.close();
  });
});

test("an MTL_LAUNCH buyer is signed in silently on the first screen and orders through /mtl_overseasapi/mts", async ({ page }) => {
  const { listingId } = await eTicketListing(page.request);
  const email = `mtl-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await page.goto(`/mine?channel=MTL_LAUNCH&email=${encodeURIComponent(email)}`);
  await expect(page.locator('a[href="/login?redirectTo=%2Fmine"]')).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const answer = await page.evaluate(async (listing) => {
    const response = await fetch("/mtl_overseasapi/mts/user/order/v1/create", {
      method: "POST",
      headers: { "content-type": "application/json", channel: "MTL_LAUNCH" },
      body: JSON.stringify({ listingId: listing, quantity: 2, contactEmail: "mei@example.com", contactPhoneCode: "852", contactPhone: "91234567" }),
    });
    return (await response.json()) as { statusCode: number; data: { id: number } };
  }, listingId);
  expect(answer).toMatchObject({ statusCode: 200, data: { status: "pending_payment", quantity: 2, channel: "MTL_LAUNCH" } });
  await page.goto(`/order-detail?id=${answer.data.id}`);
  await expect(page.getByTestId("delivery-method")).toHaveText("E-ticket");
});

test("inside the app the sign-in screen asks the host for a token first, and a web sign-in hands its token to updateToken", async ({ page }) => {
  await simulateHostApp(page);
  await page.goto("/login?redirectTo=%2Fmine&src=iOS");
  await expect.poll(() => hostCalls(page)).toContain("getAppContext");
  // This host has no token to give: the buyer signs in on the web screen.
  await page.getByLabel("Email", { exact: true }).fill(STAFF.provider.email);
  await page.getByLabel("Password", { exact: true }).fill(STAFF.provider.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/mine$/);
  const updates = () => page.evaluate(() => window.__hostCalls.filter((call) => call.method === "updateToken").map((call) => (call.data as { token: string }).token));
  await expect.poll(updates).toHaveLength(1);
  expect((await updates())[0]).toMatch(/^[A-Za-z0-9_-]{40,}$/);
});

test("without the confirm dialog's file, the browser's own confirm asks the host's question", async ({ page }) => {
  await page.route("**/assets/global-confirm-*.js", (route) => route.abort("internetdisconnected"));
  await page.goto("/guarantee");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.evaluate(() => {
    window.dispatchEvent(new CustomEvent("confirm", { detail: { title: "Cancel this order?", message: "Your tickets go back on sale.", onConfirm: () => (document.body.dataset.answer = "yes"), onCancel: () => (document.body.dataset.answer = "no") } }));
  });
  await expect(page.locator("body")).toHaveAttribute("data-answer", "no");
  expect(asked).toEqual(["confirm: Cancel this order?\n\nYour tickets go back on sale."]);
  await expect(page.getByTestId("global-confirm")).toHaveCount(0);
});

test("the global events are heard: confirm asks and answers, global-error toasts, open-email-verify opens the code sign-in", async ({ page }) => {
  await page.goto("/guarantee");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.evaluate(() => {
    window.dispatchEvent(new CustomEvent("confirm", { detail: { title: "Cancel this order?", message: "Your tickets go back on sale.", onConfirm: () => (document.body.dataset.answer = "yes") } }));
  });
  const dialog = page.getByTestId("global-confirm");
  await expect(dialog.getByRole("heading", { name: "Cancel this order?" })).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.locator("body")).toHaveAttribute("data-answer", "yes");
  await expect(dialog).toHaveCount(0);

  await page.evaluate(() => window.dispatchEvent(new CustomEvent("global-error", { detail: { message: "Seats are no longer available." } })));
  await expect(page.getByRole("status").filter({ hasText: "Seats are no longer available." })).toBeVisible();

  await page.evaluate(() => window.dispatchEvent(new CustomEvent("open-email-verify", { detail: { email: "mei@example.com" } })));
  await expect(page).toHaveURL(/\/login\/code\?email=mei%40example\.com&redirectTo=%2Fguarantee$/);
});
