/**
 * What hydrating a page costs the buyer's first tap: React takes the server's HTML over in small
 * slices, but a component that sets its state as it mounts draws itself and everything under it
 * a second time in one task, right after hydration. These pages' lists and seat map are drawn
 * again only when the router's state changes (routes discovered, a navigation), never by a
 * component of theirs settling in.
 *
 * React's developer-tools hook (the one React calls on every commit) records, for each commit,
 * the components drawn again and whether the one that draws <html> was among them: the root
 * layout is drawn again on every router update and only then.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

interface Commit {
  /** Components drawn again whose first element lies inside the region. */
  inRegion: number;
  /** Whether the layout that draws <html> was drawn again: a router update. */
  byRouter: boolean;
}

async function recordCommits(page: Page, region: string) {
  await page.addInitScript((selector) => {
    const commits: Commit[] = [];
    (window as unknown as { commits: Commit[] }).commits = commits;
    type Fiber = { type: unknown; alternate: Fiber | null; flags: number; child: Fiber | null; sibling: Fiber | null; stateNode: unknown };
    const PERFORMED_WORK = 1;
    const firstElement = (fiber: Fiber): Element | null => {
      for (let at: Fiber | null = fiber; at; at = at.child) if (at.stateNode instanceof Element) return at.stateNode;
      return null;
    };
    // A subtree React skipped keeps the very fiber objects of the commit before, flags and all;
    // one it drew again is made of their alternates. So a component was drawn in this commit
    // when its fiber is not one of the last commit's and React ran it (PerformedWork).
    const lastSeen = new WeakMap<Fiber, number>();
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot(_id: number, root: { current: Fiber }) {
        const index = commits.length;
        const commit = { inRegion: 0, byRouter: false };
        const regionElement = document.querySelector(selector);
        const walk = (start: Fiber | null) => {
          for (let fiber = start; fiber; fiber = fiber.sibling) {
            const drawn = lastSeen.get(fiber) !== index - 1 && fiber.alternate !== null && (fiber.flags & PERFORMED_WORK) !== 0;
            lastSeen.set(fiber, index);
            // A component of any kind: a function, a forwardRef like <Link>, a memo. A later part
            // (app/components/later-part.tsx) is drawn once more when its code arrives, by design:
            // what it draws then is mounted fresh, not drawn again.
            const laterPart = (fiber.type as { displayName?: string } | null)?.displayName === "LaterPart";
            if (drawn && fiber.type !== null && typeof fiber.type !== "string" && !laterPart) {
              const element = firstElement(fiber);
              if (element === document.documentElement) commit.byRouter = true;
              else if (element && regionElement?.contains(element)) commit.inRegion += 1;
            }
            walk(fiber.child);
          }
        };
        walk(root.current.child);
        commits.push(commit);
      },
    };
  }, region);
}

/** The first session's seats, as a buyer reaches them from a tour's page. */
async function pickSeatPath(page: Page): Promise<string> {
  const tour = await (await page.request.get("/tourDetail?id=1")).text();
  return `${tour.match(/href="(\/pick-seat\?sessionId=\d+)/)![1]}&quantity=1`;
}

const PAGES = [
  { name: "home's Top Picks", path: async () => "/", region: 'section[aria-labelledby="top-picks"]' },
  { name: "Explore's list", path: async () => "/show-list", region: "main ol" },
  { name: "pick-seat's seat map", path: pickSeatPath, region: 'svg[role="group"]' },
];

for (const { name, path, region } of PAGES) {
  test(`${name} is drawn again after hydration only by the router`, async ({ page }) => {
    await recordCommits(page, region);
    await page.goto(await path(page));
    await expect(page.locator(region)).toBeVisible();
    // The first commit is hydration itself; give the page's effects and route discovery time to run.
    await page.waitForLoadState("networkidle");
    const commits = await page.evaluate(() => (window as unknown as { commits: Commit[] }).commits);
    expect(commits.length).toBeGreaterThan(0);
    const drawnAgainByThemselves = commits.filter((commit) => commit.inRegion > 0 && !commit.byRouter);
    expect(drawnAgainByThemselves).toEqual([]);
  });
}

test("a browser that has run the app gets a tour's price history streamed into its document, in place of its placeholder", async ({ page, context }) => {
  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  expect((await context.cookies()).find((cookie) => cookie.name === "runs_scripts")?.value).toBe("1");
  await page.goto("/tourDetail?id=1");
  await expect(page.getByTestId("price-chart")).toBeVisible();
  await expect(page.getByTestId("deferred-placeholder")).toHaveCount(0);
});

/**
 * Parts whose code comes after hydration (app/components/later-part.tsx, decision 317): the
 * server draws them with their stylesheets in the head, so arriving they fetch no CSS, and the
 * page is marked interactive only once they are live.
 */
test.describe("parts that come alive after hydration", () => {
  const watchStylesheets = (page: Page) => {
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".css")) stylesheets.push(new URL(request.url()).pathname);
    });
    return stylesheets;
  };

  test("pick-seat's seat map is live (its zoom buttons drawn) once the page says it is interactive, and no stylesheet was fetched", async ({ page }) => {
    const stylesheets = watchStylesheets(page);
    await page.goto(await pickSeatPath(page));
    await expect(page.getByRole("button", { name: "Zoom in" })).toBeVisible();
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect(page.getByRole("button", { name: "Zoom out" })).toBeEnabled();
    expect(stylesheets).toEqual([]);
  });

  test("Explore's date sheet opens in place with its calendar, and no stylesheet was fetched", async ({ page }) => {
    const stylesheets = watchStylesheets(page);
    await page.goto("/show-list");
    await page.getByRole("link", { name: "Any date" }).click();
    const sheet = page.getByRole("dialog", { name: "When are you going?" });
    await expect(sheet).toBeVisible();
    await expect(page).toHaveURL(/\/show-list$/);
    await expect(sheet.getByRole("button", { name: "Next month" })).toBeVisible();
    expect(stylesheets).toEqual([]);
  });

  test("a part far down the page stays the server's HTML until the buyer nears it, its file fetched meanwhile; a closed sheet's comes alive once the page is idle", async ({ page }) => {
    const files: string[] = [];
    page.on("requestfinished", (request) => {
      const name = new URL(request.url()).pathname.match(/^\/assets\/(top-picks|settings-sheet)-/)?.[1];
      if (name) files.push(name);
    });
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    // The server's Top Picks, three screens below the fold: the element React would replace.
    await page.evaluate(() => {
      (window as unknown as { drawn: Element | null }).drawn = document.querySelector('section[aria-labelledby="top-picks"]');
    });
    await expect.poll(() => [...files].sort()).toEqual(["settings-sheet", "top-picks"]);
    const stillDrawn = () => page.evaluate(() => (window as unknown as { drawn: Element | null }).drawn === document.querySelector('section[aria-labelledby="top-picks"]'));
    // Its file is in, and the page idle: it still is the server's.
    await page.waitForTimeout(500);
    expect(await stillDrawn()).toBe(true);
    await page.getByRole("heading", { name: "Top Picks" }).scrollIntoViewIfNeeded();
    await expect.poll(stillDrawn).toBe(false);
    await expect(page.getByRole("region", { name: "Top Picks" }).locator('a[href^="/tourDetail?id="]')).toHaveCount(20);
  });

  test("a sheet opened before its part is live stays open, live, once its file arrives", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/settings-sheet-*.js", async (route) => {
      await held;
      await route.continue();
    });
    // The frame's own goto: the page's waits for `data-hydrated`, which waits for this part.
    await page.mainFrame().goto("/");
    // The page itself is hydrated (React has adopted the gear); the sheet's body is still the server's.
    await page.waitForFunction(() => Object.keys(document.querySelector('a[aria-controls="sheet-settings"]') ?? {}).some((key) => key.startsWith("__reactFiber")));
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await page.getByRole("link", { name: "Settings" }).click();
    const sheet = page.getByRole("dialog", { name: "Your settings" });
    await expect(sheet).toBeVisible();
    release();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(sheet).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // Live: Escape closes it in place.
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a link in a part whose file has not come goes to its page without a new document", async ({ page }) => {
    await page.route("**/assets/top-picks-*.js", (route) => route.abort("internetdisconnected"));
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const card = page.getByRole("region", { name: "Top Picks" }).locator('a[href^="/tourDetail?id="]').first();
    const href = await card.getAttribute("href");
    await card.click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(documents).toEqual(["/"]);
  });

  test("a part whose file does not come, on a screen drawn in the browser, brings the screen whole from the server, and its sheet still opens", async ({ page }) => {
    await page.goto("/");
    // The connection drops for the date sheet's file alone, after the home page came alive: a
    // module that failed once stays failed in this document, so only the server can draw it.
    let refused = 0;
    await page.route("**/assets/date-filter-*.js", (route) => {
      refused += 1;
      return route.abort("internetdisconnected");
    });
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname);
    });
    const reloaded = page.waitForEvent("load");
    await page.getByRole("link", { name: "Explore" }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/show-list$/);
    // The server's page comes alive though the part's file fails again: its HTML stays.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(documents).toEqual(["/show-list"]);
    expect(refused).toBe(2);
    await expect(page.getByText("Unknown error occurred. Please try again later.")).toHaveCount(0);
    // Still the server's HTML: its link opens the sheet as a page would without JavaScript.
    await page.getByRole("link", { name: "Any date" }).click();
    await expect(page.getByRole("dialog", { name: "When are you going?" })).toBeVisible();
  });
});
