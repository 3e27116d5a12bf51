import type { Page } from "@playwright/test";
import { expect, inLanguage, scrollToBottom, runsIn, test } from "./support/fixtures";

const tourCards = 'a[href^="/tourDetail?id="]';

for (const language of ["en-US", "zh-HK"] as const) {
  for (const javaScriptEnabled of [true, false]) {
    if (!runsIn("page", { language, javaScriptEnabled })) continue;
    test.describe(`home in ${language} with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ language, javaScriptEnabled });

      test("home shows the featured carousel and Top Picks as poster cards", async ({ page }) => {
        await page.goto("/");
        await expect(page.getByRole("region", { name: inLanguage(language, "Featured", "精選") }).locator(tourCards)).toHaveCount(5);
        const topPicks = page.getByRole("region", { name: inLanguage(language, "Top Picks", "熱門推介") });
        await expect(topPicks.getByRole("heading", { name: inLanguage(language, "Top Picks", "熱門推介") })).toBeVisible();
        await expect(topPicks.locator(tourCards)).toHaveCount(20);
        await expect(topPicks.locator(tourCards).first().locator("img")).toHaveAttribute("src", new RegExp(`^/media/poster/\\d+\\.svg\\?lan=${language}`));
        await expect(topPicks.getByText(language === "en-US" ? /^From HK\$/ : /^HK\$.+起$/).first()).toBeVisible();
      });

      test("a category chip on home opens the Tags view of that category", async ({ page }) => {
        await page.goto("/");
        await page.getByRole("navigation", { name: inLanguage(language, "Browse by category", "按類別瀏覽") }).getByRole("link", { name: inLanguage(language, "Musicals", "音樂劇") }).click();
        await expect(page).toHaveURL(/\/tags\?category=musicals$/);
        await expect(page.getByRole("heading", { level: 1, name: inLanguage(language, "Musicals", "音樂劇") })).toBeVisible();
        await expect(page.locator(tourCards).first()).toBeVisible();
      });
    });
  }
}

test.describe("loading more as the buyer scrolls", () => {
  test("a rail's cards below the first screen fetch their posters only as the buyer nears them", async ({ page }) => {
    // Each poster is an SVG document whose text the browser lays out and paints on the first
    // screen's main thread, in view or not; home waits for a card to near the screen. (Without
    // JavaScript the browser loads every image at once: lazy loading needs scripting.)
    const posters: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/media/poster/")) posters.push(url.pathname + url.search);
    });
    await page.goto("/");
    // The lowest rail on home, whichever it is (which rails show depends on what is on sale).
    const rails = page.locator("section", { has: page.getByRole("heading", { level: 2 }) }).filter({ has: page.locator(tourCards) });
    await page.waitForLoadState("networkidle");
    const tops = await rails.evaluateAll((sections) => sections.map((section) => section.getBoundingClientRect().top));
    const lowest = rails.nth(tops.indexOf(Math.max(...tops)));
    expect(Math.max(...tops)).toBeGreaterThan(2 * 844);
    // A card of that rail whose tour shows nowhere nearer the top (a tour may be on several rails).
    const sources = await lowest.locator(tourCards).locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src")));
    const poster = sources.find((source) => source !== null && !posters.includes(source));
    expect(poster).toMatch(/^\/media\/poster\/\d+\.svg\?/);
    const first = lowest.locator(tourCards).locator(`img[src="${poster}"]`).first();
    await first.evaluate((image) => image.scrollIntoView({ block: "center", inline: "center" }));
    await expect.poll(() => posters).toContain(poster);
    await expect(first).toBeInViewport();
  });

  test("scrolling to the end of Top Picks on home loads the next page in place, fetching no stylesheet the page carries", async ({ page }) => {
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".css")) stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    const topPicks = page.getByRole("region", { name: "Top Picks" });
    await expect(topPicks.locator(tourCards)).toHaveCount(20);
    await scrollToBottom(page);
    await expect.poll(() => topPicks.locator(tourCards).count()).toBeGreaterThan(20);
    await expect(page).toHaveURL(/\/$/);
    const ids = await topPicks.locator(tourCards).evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(new Set(ids).size).toBe(ids.length);
    // The next page's code is an import() that also names the root's stylesheet: the head already
    // carries it, so it is not fetched (nor is any other).
    expect(stylesheets).toEqual([]);
  });

  test("scrolling to the end of events loads the next month's shows in place", async ({ page }) => {
    await page.goto("/events");
    const cards = page.locator("main").locator(tourCards);
    await expect(cards).toHaveCount(20);
    await scrollToBottom(page);
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
    await expect(page).toHaveURL(/\/events$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the next-page link on events opens page 2, which links back to page 1", async ({ page }) => {
    await page.goto("/events");
    const firstPage = await page.locator("main").locator(tourCards).first().textContent();
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page).toHaveURL(/\/events\?page=2$/);
    await expect(page.locator("main").locator(tourCards).first()).not.toHaveText(firstPage!);
    await page.getByRole("link", { name: "Back to page 1" }).click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test("Top Picks continues on the tour list's second page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("region", { name: "Top Picks" }).getByRole("link", { name: "Load more" }).click();
    await expect(page).toHaveURL(/\/tourList\?page=2$/);
    await expect(page.locator(tourCards).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to page 1" })).toBeVisible();
  });

  test("back on a page opened directly goes home", async ({ page }) => {
    await page.goto("/tourList");
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

/** Counts the Intl date and number formatters the page builds from its first script on. */
async function countFormatters(page: Page) {
  await page.addInitScript(() => {
    const built: string[] = [];
    (window as unknown as { builtFormatters: string[] }).builtFormatters = built;
    for (const name of ["DateTimeFormat", "NumberFormat"] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      const Counting = function (...args: unknown[]) {
        built.push(name);
        return new Original(...args);
      };
      Counting.prototype = Original.prototype;
      (Intl as unknown as Record<string, unknown>)[name] = Counting;
    }
  });
}

/** Opens `path` and answers the formatters built until it has hydrated. */
async function formattersBuiltHydrating(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return page.evaluate(() => (window as unknown as { builtFormatters: string[] }).builtFormatters.splice(0));
}

test.describe("hydrating without an Intl formatter", () => {
  // The first Intl formatter a page builds loads the browser's date or number data while the page
  // cannot answer a tap; the server already wrote every date and price these pages show.
  for (const path of ["/", "/tourList"]) {
    test(`${path} hydrates its cards without building a date or number formatter, and its dates read as the server wrote them`, async ({ page }) => {
      await countFormatters(page);
      const served = await (await page.request.get(path)).text();
      expect(await formattersBuiltHydrating(page, path)).toEqual([]);
      // The first card's meta line (dates · city) is the server's text, untouched by hydration.
      const meta = await page.locator(`${tourCards} [class*="meta_"]`).first().textContent();
      expect(meta).toMatch(/^[A-Z][a-z]{2} \d{1,2}( – [A-Z][a-z]{2} \d{1,2})? · /);
      expect(served).toContain(meta!.replaceAll("&", "&amp;"));
    });
  }

  test("Explore hydrates its rows and its date filter's calendar without one", async ({ page }) => {
    await countFormatters(page);
    expect(await formattersBuiltHydrating(page, "/show-list")).toEqual([]);
    await expect(page.locator("main ol time").first()).toHaveText(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}·\d{1,2}:\d{2} [AP]M$/);
    // The calendar drawn once hydrated is the loader's month, words and all.
    await expect(page.locator("#sheet-dates h4")).toHaveText(/^[A-Z][a-z]+ 20\d\d$/);
    expect(await page.evaluate(() => (window as unknown as { builtFormatters: string[] }).builtFormatters)).toEqual([]);
  });

  test("a tour's page, its seats and the ticket confirmation hydrate their session times and price changes without one", async ({ page }) => {
    await countFormatters(page);
    expect(await formattersBuiltHydrating(page, "/tourDetail?id=1")).toEqual([]);
    await expect(page.locator('time[class*="dateBlock_"]').first()).toHaveText(/^[A-Z][a-z]{2}\d{1,2}$/);
    await expect(page.getByTestId("price-chart").locator("li time").first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2} [AP]M$/);
    const seats = await page.locator('a[href^="/pick-seat?sessionId="]').first().getAttribute("href");
    expect(await formattersBuiltHydrating(page, `${seats}&quantity=1`)).toEqual([]);
    await expect(page.locator("main header time")).toHaveText(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4} · \d{1,2}:\d{2} [AP]M$/);
    const confirm = await page.locator('a[href^="/confirm-ticket?"]').first().getAttribute("href");
    expect(await formattersBuiltHydrating(page, confirm!)).toEqual([]);
    await expect(page.locator("main time").first()).toHaveText(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4} · \d{1,2}:\d{2} [AP]M$/);
  });
});
