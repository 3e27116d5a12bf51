/**
 * The browser tests' shared steps: choose a language the way a buyer would have (the stored
 * `language` cookie), and fail a test on any uncaught page error.
 */
import { test as base, expect, type Page } from "@playwright/test";

export type Language = "en-US" | "zh-HK";

export const test = base.extend<{ language: Language; networkCut: boolean }>({
  language: ["en-US", { option: true }],
  /**
   * Set by tests that take the network away: React Router leaves the rejection of a data
   * request it gave up on unhandled ('Failed to fetch'), though the screen shows the offline
   * state. Only that error is let past; any other still fails the test.
   */
  networkCut: [false, { option: true }],
  page: async ({ page, context, language, networkCut, baseURL, javaScriptEnabled }, use) => {
    await context.addCookies([{ name: "language", value: language, url: baseURL! }]);
    const errors: string[] = [];
    page.on("pageerror", (error) => {
      if (networkCut && error.name === "TypeError" && error.message === "Failed to fetch") return;
      errors.push(error.message);
    });
    // With JavaScript on, act only once React has taken the page over, as a buyer's tap on a
    // half-hydrated page is not what these tests are about.
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        return response;
      };
    }
    await use(page);
    expect(errors, "uncaught errors in the page").toEqual([]);
  },
});

export { expect };

/** One run of a describe: the page's language and whether JavaScript runs. */
export interface Cell {
  language: Language;
  javaScriptEnabled: boolean;
}

/**
 * Where a describe runs, by what it proves. A screen that only shows things proves it once, in
 * en-US with JavaScript (a hydration error fails any test); its Hong Kong Chinese words are read
 * once, in languages.spec.ts. A form journey runs twice: in en-US with JavaScript, and in zh-HK
 * without, where a real post and the translated forms and refusals show. Each language and each
 * JavaScript mode is so covered once, not every pairing of them.
 */
export const CELLS = {
  page: [{ language: "en-US", javaScriptEnabled: true }],
  form: [
    { language: "en-US", javaScriptEnabled: true },
    { language: "zh-HK", javaScriptEnabled: false },
  ],
} as const satisfies Record<string, readonly Cell[]>;

/**
 * Whether a describe of this kind runs in this cell. Specs with their own language × JavaScript
 * loops skip the cells their kind leaves out, so CELLS is the one place that decides.
 */
export function runsIn(kind: keyof typeof CELLS, { language, javaScriptEnabled }: Cell): boolean {
  return CELLS[kind].some((cell) => cell.language === language && cell.javaScriptEnabled === javaScriptEnabled);
}

/** Text in the page's language: pick the English or the Hong Kong Chinese string. */
export function inLanguage(language: Language, english: string, chinese: string): string {
  return language === "en-US" ? english : chinese;
}

export async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
}

/** What a describe of describeCells is given: its cell, and text in the cell's language. */
export interface CellScope extends Cell {
  say: (english: string, chinese: string) => string;
}

/**
 * One describe per cell of `kind` (CELLS), titled `<title> in <language>, JavaScript on|off`, its
 * pages in that language and JavaScript mode: the loop every form and page journey starts with.
 */
export function describeCells(kind: keyof typeof CELLS, title: string, body: (scope: CellScope) => void) {
  for (const language of ["en-US", "zh-HK"] as const) {
    for (const javaScriptEnabled of [true, false]) {
      if (!runsIn(kind, { language, javaScriptEnabled })) continue;
      test.describe(`${title} in ${language}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
        test.use({ language, javaScriptEnabled });
        body({ language, javaScriptEnabled, say: (english, chinese) => inLanguage(language, english, chinese) });
      });
    }
  }
}
