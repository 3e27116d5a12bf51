import { expect, test, type Browser, type Page } from "@playwright/test";
import { createAccount } from "./support/buying";
import { signInStaff, STAFF, type Staff, type StaffAccount } from "./support/staff";

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
 * 'selling:listings.title', 'steps.2.title'), with the address it showed on: a screen reached by a
 * client-side navigation must render with its namespaces already loaded, never its raw keys for a
 * moment. Any case: a heading the CSS upper-cases shows 'LAYOUT.NAME.PROVIDER' from a text node
 * that may be written either way. The names and labels that assistive technology reads count too.
 */
function watchForRawKeys() {
  const seen: string[] = [];
  (window as unknown as { __rawKeys: string[] }).__rawKeys = seen;
  const KEY = /^(?:[a-z][a-z-]*:)?[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*\.[a-z0-9_]*[a-z][a-z0-9_]*$/i;
  const LABELS = ["aria-label", "placeholder", "title", "alt"];
  const check = (text: string | null) => {
    const trimmed = text?.trim() ?? "";
    if (KEY.test(trimmed)) seen.push(`${location.pathname}${location.search} ${trimmed}`);
  };
  const checkLabels = (element: Element) => LABELS.forEach((name) => check(element.getAttribute(name)));
  const scan = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) return check(node.textContent);
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    checkLabels(node as Element);
    (node as Element).querySelectorAll("*").forEach(checkLabels);
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) check(text.textContent);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "characterData") check(record.target.textContent);
      else if (record.type === "attributes") check((record.target as Element).getAttribute(record.attributeName!));
      record.addedNodes.forEach(scan);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: LABELS });
}

const rawKeys = (page: Page) => page.evaluate(() => (window as unknown as { __rawKeys: string[] }).__rawKeys);

/**
 * A walk through every ordered pair of n screens, each step one navigation (an Eulerian circuit of
 * the complete directed graph, Hierholzer's way): n x (n - 1) steps from screen 0 back to it.
 */
function everyOrderedPair(n: number): number[] {
  const unused = Array.from({ length: n }, (_, from) => Array.from({ length: n }, (_, to) => to).filter((to) => to !== from));
  const stack = [0];
  const walk: number[] = [];
  while (stack.length) {
    const at = stack[stack.length - 1];
    const next = unused[at].pop();
    if (next === undefined) walk.push(stack.pop()!);
    else stack.push(next);
  }
  return walk.reverse();
}

interface Screen {
  path: string;
  heading: string;
}

/**
 * Signs the staff account in, opens screens[0] with the raw-key watch on, then moves in-page with
 * the router through every ordered pair, waiting each time for the new address and the new
 * screen's heading. `arrive` opens the first screen and reads what it tells (a link's path) into the list.
 * Answers how many navigations it made and the raw keys seen.
 */
async function walkEveryPair(browser: Browser, baseURL: string, account: StaffAccount, arrive: (staff: Staff) => Promise<Screen[]>, part: { of: number; index: number } = { of: 1, index: 0 }) {
  const staff = await signInStaff(browser, baseURL, "en-US", true, account);
  try {
    const { page } = staff;
    await page.addInitScript(watchForRawKeys);
    const screens = await arrive(staff);
    // A part of the walk starts where the part before it ended, opened directly.
    const whole = everyOrderedPair(screens.length);
    const size = Math.ceil((whole.length - 1) / part.of);
    const walk = whole.slice(part.index * size, (part.index + 1) * size + 1);
    if (walk[0] !== 0) await staff.open(screens[walk[0]].path);
    for (const index of walk.slice(1)) {
      const { path, heading } = screens[index];
      await page.evaluate((to) => (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(to), path);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    return { navigations: walk.length - 1, rawKeys: await rawKeys(page) };
  } finally {
    await staff.close();
  }
}

test.describe("moving between every pair of screens with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  const sellerScreens = async ({ page, open }: Staff): Promise<Screen[]> => {
    await open("/tourDetail?id=1");
    const pickSeat = await page.locator('main a[href^="/pick-seat?sessionId="]').first().getAttribute("href");
    return [
      { path: "/tourDetail?id=1", heading: "NOVA SEVEN World Tour: AFTERGLOW" },
      { path: "/", heading: "Buy show tickets" },
      { path: "/show-list", heading: "Explore" },
      { path: pickSeat!, heading: "Pick seats" },
      { path: "/mine", heading: "Me" },
      { path: "/my-order", heading: "My orders" },
      { path: "/news", heading: "Messages" },
      { path: "/faq", heading: "Help centre" },
      { path: "/about-us", heading: "About us" },
      { path: "/settings", heading: "Settings" },
      { path: "/sell", heading: "Sell tickets" },
      { path: "/provider", heading: "Orders" },
    ];
  };

  // 132 client-side navigations between 12 screens, in two halves the two browser workers share.
  for (const index of [0, 1]) {
    test(`a fan who sells, between every two of the buyer's, Me's and the seller's screens, never sees a raw translation key (half ${index + 1} of 2)`, async ({ browser, baseURL }) => {
      // Each navigation waits for its screen's data: 0.3-3 s each on a 2-core machine at a load of 15.
      test.setTimeout(120_000);
      const seen = await walkEveryPair(browser, baseURL!, STAFF.provider, sellerScreens, { of: 2, index });
      expect(seen).toEqual({ navigations: 66, rawKeys: [] });
    });
  }

  test("support staff, between every two of the support console's screens, Me and home, never see a raw translation key", async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const seen = await walkEveryPair(browser, baseURL!, STAFF.support, async ({ open }) => {
      await open("/support");
      return [
        { path: "/support", heading: "Orders" },
        { path: "/support/cases", heading: "After-sales" },
        { path: "/support/chats", heading: "Chats" },
        { path: "/mine", heading: "Me" },
        { path: "/", heading: "Buy show tickets" },
        { path: "/settings", heading: "Settings" },
      ];
    });
    expect(seen).toEqual({ navigations: 30, rawKeys: [] });
  });
});

test.describe("moving between selling screens with JavaScript", () => {
  test.use({ javaScriptEnabled: true });
  test.describe.configure({ timeout: 120_000 });

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
