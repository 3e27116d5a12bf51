/**
 * WCAG 2.2 AA in a real browser: axe-core (the npm package, injected from node_modules; nothing
 * is downloaded) runs on every screen of the buyer's journey, the Me pages and the consoles, and
 * any serious or critical violation fails the test with the rule, the screen and the elements.
 * One test per list of screens, JavaScript on; each theme and each language once (en-US light,
 * zh-HK dark).
 *
 * Beside it, the theme itself: chosen in Settings it is drawn from the first byte (the server
 * writes it on <html>), and with no choice the page follows the system.
 */
import { createRequire } from "node:module";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { eTicketListing } from "./support/buying";
import { expect, inLanguage, test, type Language } from "./support/fixtures";
import { holdSession } from "./support/session";
import { signInStaff, STAFF } from "./support/staff";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Theme = "light" | "dark";

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical WCAG A/AA violations on the page as it stands. */
async function violationsOn(page: Page, screen: string): Promise<Finding[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? "", help: v.help, targets: v.nodes.slice(0, 5).map((node) => `${node.target.join(" ")}: ${node.html.slice(0, 120)} ${node.failureSummary ?? ""}`) }));
  }, WCAG_AA);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ screen, rule: v.id, impact: v.impact, help: v.help, targets: v.targets }));
}

/** Visits each screen in turn and fails once, listing every finding of every screen. */
async function expectNoSeriousViolations(page: Page, screens: string[]) {
  const findings: Finding[] = [];
  for (const screen of screens) {
    const response = await page.goto(screen);
    expect(response?.status(), `${screen} answers`).toBeLessThan(400);
    findings.push(...(await violationsOn(page, screen)));
  }
  expect(findings, "serious or critical axe-core violations").toEqual([]);
}

async function chooseTheme(context: BrowserContext, baseURL: string, theme: Theme) {
  await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
  // The device prefers the other one, so the page is in `theme` only if the choice is honoured.
  for (const page of context.pages()) await page.emulateMedia({ colorScheme: theme === "dark" ? "light" : "dark" });
}

/** A fresh buyer signed in by its session cookie, with a pending order of an e-ticket listing. */
async function buyerWithOrder(request: APIRequestContext, context: BrowserContext, baseURL: string) {
  const tickets = await eTicketListing(request, { quantity: 1 });
  const registered = await (
    await request.post("/user/v1/registry", { data: { email: `e2e-a11y-${crypto.randomUUID()}@example.com`, channel: "MTL_LAUNCH", nickName: "Mei" } })
  ).json();
  const token = registered.data.accessToken as string;
  const order = await (
    await request.post("/user/order/v1/create", {
      headers: { "access-token": token },
      data: { listingId: tickets.listingId, quantity: 1, contactEmail: "mei@example.com", contactPhoneCode: "852", contactPhone: "91234567" },
    })
  ).json();
  await holdSession(context, baseURL, token);
  return { tickets, orderId: order.data.id as number };
}

// Colours are the theme's and words the language's: each theme and each language is checked once
// (en-US light, zh-HK dark) rather than every pairing.
for (const [language, theme] of [
  ["en-US", "light"],
  ["zh-HK", "dark"],
] as const satisfies [Language, Theme][]) {
  test.describe(`${language}, ${theme} theme`, () => {
    // axe is injected as an inline script, which the page's CSP (rightly) refuses: the checker, not
    // the page, is let past it.
    test.use({ language, javaScriptEnabled: true, bypassCSP: true });
    // A dozen screens each, with axe on every one: longer than a single flow on a shared machine.
    test.describe.configure({ timeout: 240_000 });

    test("the screens before signing in have no serious accessibility violation", async ({ page, context, baseURL, request }) => {
      await chooseTheme(context, baseURL!, theme);
      const tickets = await eTicketListing(request, { quantity: 1 });
      await expectNoSeriousViolations(page, [
        "/",
        "/?sheet=settings",
        "/show-list",
        "/events",
        `/tourDetail?id=${tickets.tourId}`,
        `/pick-seat?sessionId=${tickets.sessionId}&quantity=1`,
        `/pick-seat?sessionId=${tickets.sessionId}&quantity=1&section=${encodeURIComponent(tickets.sectionCode)}`,
        `/confirm-ticket?listingId=${tickets.listingId}&quantity=1`,
        "/mine",
        "/login",
        "/register",
        "/faq",
        "/user-agreement",
      ]);
    });

    test("the buying and Me screens of a signed-in buyer have no serious accessibility violation", async ({ page, context, baseURL, request }) => {
      await chooseTheme(context, baseURL!, theme);
      const { tickets, orderId } = await buyerWithOrder(request, context, baseURL!);
      await expectNoSeriousViolations(page, [
        `/confirm-order?listingId=${tickets.listingId}&quantity=1`,
        `/order-detail?id=${orderId}`,
        `/order-detail?id=${orderId}&sheet=pay`,
        "/my-order",
        "/mine",
        "/settings",
        "/news",
        "/address-list",
        "/address-create",
        "/promo-code-list",
        "/process-list",
      ]);
    });

    test("the consoles have no serious accessibility violation", async ({ browser, baseURL }) => {
      for (const [account, screens] of [
        [STAFF.provider, ["/provider"]],
        [STAFF.support, ["/support", "/support/cases"]],
      ] as const) {
        const staff = await signInStaff(browser, baseURL!, language, true, account);
        try {
          await chooseTheme(staff.page.context(), baseURL!, theme);
          await expectNoSeriousViolations(staff.page, [...screens]);
        } finally {
          await staff.close();
        }
      }
    });
  });
}

test.describe("themes", () => {
  test.use({ javaScriptEnabled: false });

  test("dark chosen in Settings is drawn from the first byte, whatever the system prefers", async ({ page, context, baseURL }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await chooseTheme(context, baseURL!, "dark");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(15, 14, 19)");
  });

  test("with no choice the page follows the system's dark preference", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(15, 14, 19)");
  });

  test("a page opened by the app in its light theme stays light on the next page", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/?theme=light");
    await page.goto("/show-list");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(247, 246, 250)");
  });
});

test.describe("theme in Settings", () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled, language: "en-US" });

      test("a buyer chooses dark in Settings and every page is dark from then on", async ({ page, context, baseURL, request, language }) => {
        await buyerWithOrder(request, context, baseURL!);
        await page.emulateMedia({ colorScheme: "light" });
        await page.goto("/settings");
        const dark = page.getByRole("radio", { name: inLanguage(language, "Dark", "深色") });
        await dark.check();
        if (!javaScriptEnabled) await page.getByRole("button", { name: inLanguage(language, "Save theme", "儲存主題") }).click();
        await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
        await page.goto("/mine");
        await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
        await page.goto("/settings");
        await expect(page.getByRole("radio", { name: inLanguage(language, "Dark", "深色") })).toBeChecked();
      });
    });
  }
});

test.describe("keyboard", () => {
  test.use({ javaScriptEnabled: true, language: "en-US" });

  /** Presses Tab until the focused element matches, as a keyboard user would reach it. */
  async function tabTo(page: Page, selector: string, most = 80) {
    for (let presses = 0; presses < most; presses++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    }
    throw new Error(`${selector} was not reached in ${most} presses of Tab`);
  }

  test("a buyer chooses a section and a group of seats on the map with the keyboard alone", async ({ page, request }) => {
    const tickets = await eTicketListing(request, { quantity: 1 });
    await page.goto(`/pick-seat?sessionId=${tickets.sessionId}&quantity=1`);
    const map = page.getByRole("group", { name: "Seating map" });
    await expect(map).toHaveAccessibleDescription("The same sections, with their prices, are listed under the map.");
    const section = map.locator(`a[href*="section=${encodeURIComponent(tickets.sectionCode)}&"], a[href$="section=${encodeURIComponent(tickets.sectionCode)}#map"]`).first();
    // Its name holds the code drawn on it, so 'click 106' by voice finds it.
    await expect(section).toHaveAccessibleName(new RegExp(`\\b${tickets.sectionCode}\\b`));
    await section.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`section=${tickets.sectionCode}`));
    await tabTo(page, "[data-listing]");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("seat-choice")).toBeVisible();
  });

  test("a focused control shows a visible focus ring", async ({ page }) => {
    await page.goto("/");
    await tabTo(page, "a, button");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe("solid");
  });

  test("the settings sheet keeps focus inside and closes on Escape", async ({ page }) => {
    await page.goto("/");
    await tabTo(page, '[aria-controls="sheet-settings"]');
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog", { name: "Your settings" });
    await expect(sheet).toBeVisible();
    for (let presses = 0; presses < 12; presses++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("dialog")?.id ?? null)).toBe("sheet-settings");
    }
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
  });
});
