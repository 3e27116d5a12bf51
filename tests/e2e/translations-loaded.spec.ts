import { expect, test, type Page } from "@playwright/test";
import { createAccount } from "./support/buying";
import { signInStaff, STAFF } from "./support/staff";

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

/**
 * Records every text the page ever shows that reads like a translation key ('layout.exit',
 * 'selling:listings.title'): a screen reached by a client-side navigation must render with its
 * namespaces already loaded, never its raw keys for a moment.
 */
function watchForRawKeys() {
  const seen: string[] = [];
  (window as unknown as { __rawKeys: string[] }).__rawKeys = seen;
  const KEY = /^(?:[a-z][a-zA-Z-]*:)?[a-z][a-zA-Z]*(?:\.[a-zA-Z_]+)+$/;
  const check = (text: string | null) => {
    const trimmed = text?.trim() ?? "";
    if (KEY.test(trimmed)) seen.push(trimmed);
  };
  const scan = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) return check(node.textContent);
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) check(text.textContent);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "characterData") check(record.target.textContent);
      record.addedNodes.forEach(scan);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

test.describe("moving between selling screens with JavaScript", () => {
  test.use({ javaScriptEnabled: true });
  test.describe.configure({ timeout: 120_000 });

  const rawKeys = (page: Page) => page.evaluate(() => (window as unknown as { __rawKeys: string[] }).__rawKeys);

  test("a trader moving through the provider console never sees a raw translation key", async ({ browser, baseURL }) => {
    const provider = await signInStaff(browser, baseURL!, "en-US", true, STAFF.provider);
    try {
      const page = provider.page;
      await page.addInitScript(watchForRawKeys);
      await provider.open("/mine");
      const go = async (name: string, url: RegExp, within = page.locator("body")) => {
        await within.getByRole("link", { name, exact: true }).first().click();
        await expect(page).toHaveURL(url);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      };
      await go("Provider console", /\/provider$/);
      await go("My listings", /\/provider\/listings$/);
      await go("Payouts", /\/provider\/payouts$/);
      await go("Back", /\/provider\/listings$/);
      await go("List tickets", /\/provider\/listings\/new/);
      await go("Exit", /\/mine$/);
      await go("Sell tickets", /\/provider\/listings\/new/);
      await go("Exit", /\/mine$/);
      await go("Provider console", /\/provider$/);
      await go("Chats", /\/provider\/chats$/);
      expect(await rawKeys(page)).toEqual([]);
    } finally {
      await provider.close();
    }
  });

  test("a fan from Me to the seller profile, their listings and payouts never sees a raw translation key", async ({ page }) => {
    await page.addInitScript(watchForRawKeys);
    await page.goto("/register?redirectTo=%2Fmine");
    await createAccount(page, "en-US");
    await expect(page).toHaveURL(/\/mine$/);
    await page.getByTestId("sell-entry").click();
    await expect(page).toHaveURL(/\/sell$/);
    await page.getByLabel("Name shown to buyers", { exact: true }).fill("Mei's Spare Seats");
    await page.getByRole("button", { name: "Save and list a ticket", exact: true }).click();
    await expect(page).toHaveURL(/\/provider\/listings\/new/);
    await page.getByRole("link", { name: "Exit", exact: true }).click();
    await expect(page).toHaveURL(/\/mine$/);
    await page.getByTestId("listings-entry").click();
    await expect(page).toHaveURL(/\/provider\/listings$/);
    await page.getByRole("link", { name: "Payouts", exact: true }).click();
    await expect(page).toHaveURL(/\/provider\/payouts$/);
    await expect(page.getByTestId("payout-account")).toBeVisible();
    expect(await rawKeys(page)).toEqual([]);
  });
});
