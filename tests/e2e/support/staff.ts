/**
 * The seeded staff accounts (README: 'Sign in as provider or support') and signing one of them
 * in, in a browser of its own beside the buyer's, in the test's language.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, type Language } from "./fixtures";
import { accessTokenOf, holdSession } from "./session";

export const STAFF = {
  provider: { email: "provider@ovation.example", password: "Provider#2026" },
  support: { email: "support@ovation.example", password: "Support#2026" },
} as const;

export type StaffAccount = (typeof STAFF)[keyof typeof STAFF];

export interface Staff {
  page: Page;
  /** Goes to a path and, with JavaScript, waits until the page is interactive. */
  open: (path: string) => Promise<void>;
  /** Closes the browser, then fails the test on any uncaught page error it saw. */
  close: () => Promise<void>;
}

/**
 * A staff member signed in with the seeded account in a browser of its own, opening `landing`
 * (Me unless given), which the browser must reach. The account signs in through the API: the
 * sign-in page is the buyer's too, and accounts.spec.ts proves it in both languages, with and
 * without JavaScript, sending the account back to the page it came for.
 */
export async function signInStaff(
  browser: Browser,
  baseURL: string,
  language: Language,
  javaScriptEnabled: boolean,
  account: StaffAccount,
  landing = "/mine",
): Promise<Staff> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: "Asia/Hong_Kong" });
  await context.addCookies([{ name: "language", value: language, url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const open = async (path: string) => {
    await page.goto(path);
    if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  };
  const close = async () => {
    await context.close();
    expect(errors, "uncaught errors in the console").toEqual([]);
  };
  try {
    await holdSession(context, baseURL, await accessTokenOf(context.request, account));
    await open(landing);
    await expect(page).toHaveURL(new RegExp(`${landing.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  } catch (error) {
    await context.close();
    throw error;
  }
  return { page, open, close };
}
