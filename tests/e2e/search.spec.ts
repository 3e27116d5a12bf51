/**
 * Search from the first screen: in en-US with JavaScript through the suggestions, by keyboard
 * alone; in zh-HK without JavaScript through the plain GET form and the results page. Both end on
 * the seats of the show found.
 */
import { expect, test } from "./support/fixtures";

test.describe("search in en-US with JavaScript", () => {
  test.use({ language: "en-US", javaScriptEnabled: true });

  test("a buyer types part of an artist's name, picks the suggestion with the keyboard, and reaches the tour and its seats", async ({ page }) => {
    await page.goto("/");
    const field = page.getByLabel("Search shows, artists, venues and cities");
    await field.focus();
    // Focus loads the suggestions: the field becomes a combobox over a listbox.
    const combobox = page.getByRole("combobox", { name: "Search shows, artists, venues and cities" });
    await expect(combobox).toHaveAttribute("aria-controls", /listbox$/);
    await page.keyboard.type("nova");
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(listbox.getByRole("option", { name: /^NOVA SEVEN/ }).first()).toBeVisible();
    await expect(combobox).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("status").filter({ hasText: "suggestion" })).toHaveText(/^\d+ suggestions?$/);

    await page.keyboard.press("ArrowDown");
    const first = listbox.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(combobox).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await expect(first).toContainText("NOVA SEVEN");
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/tourDetail\?id=1$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("NOVA SEVEN");
    await page.locator('a[href^="/pick-seat?sessionId="]').first().click();
    await expect(page).toHaveURL(/\/pick-seat\?sessionId=\d+/);
  });

  test("keyboard only: Escape closes the suggestions, a second Escape clears the field, ArrowUp wraps to the whole search", async ({ page }) => {
    await page.goto("/show-list");
    await page.getByLabel("Search shows, artists, venues and cities").focus();
    const combobox = page.getByRole("combobox", { name: "Search shows, artists, venues and cities" });
    await expect(combobox).toBeVisible();
    await page.keyboard.type("hong kong");
    await expect(page.getByRole("status").filter({ hasText: "suggestion" })).toHaveText(/^\d+ suggestions$/);
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });

    // Up from the field is the last option: the whole search.
    await page.keyboard.press("ArrowUp");
    await expect(listbox.getByRole("option").last()).toHaveAttribute("aria-selected", "true");
    await expect(listbox.getByRole("option").last()).toHaveText("See all results for “hong kong”");

    await page.keyboard.press("Escape");
    await expect(combobox).toHaveAttribute("aria-expanded", "false");
    await expect(listbox).toBeHidden();
    await expect(combobox).toHaveValue("hong kong");
    await page.keyboard.press("Escape");
    await expect(combobox).toHaveValue("");

    // Down opens it again.
    await page.keyboard.type("macau");
    await expect(listbox.getByRole("option", { name: /^Macau/ }).first()).toBeVisible();
    await page.keyboard.press("Escape");
    await page.keyboard.press("ArrowDown");
    await expect(combobox).toHaveAttribute("aria-expanded", "true");
  });

  test("Enter with no suggestion chosen opens the results page; the search is kept on the device and can be cleared", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Search shows, artists, venues and cities").focus();
    await page.keyboard.type("vivre");
    await expect(page.getByRole("listbox", { name: "Search suggestions" }).getByRole("option").first()).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?keyword=vivre$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "for “vivre”" })).toHaveText(/^\d+ results? for “vivre”$/);

    await page.goto("/");
    await page.getByLabel("Search shows, artists, venues and cities").focus();
    const recent = page.getByRole("group", { name: "Recent searches" });
    await expect(recent.getByRole("option", { name: "vivre" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Popular searches" }).getByRole("option").first()).toBeVisible();
    await page.getByRole("button", { name: "Clear recent searches" }).click();
    await expect(recent).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("recentSearches"))).toBeNull();
  });
});

test.describe("search in zh-HK without JavaScript", () => {
  test.use({ language: "zh-HK", javaScriptEnabled: false });

  test("the GET form opens the results page, whose show leads to its tour and seats", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("searchbox", { name: "搜尋演出、藝人、場館及城市" }).fill("nova");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?keyword=nova$/);
    await expect(page.getByRole("heading", { level: 1, name: "搜尋" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "藝人" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "搜尋演出、藝人、場館及城市" })).toHaveValue("nova");

    await page.getByRole("link", { name: /NOVA SEVEN 世界巡迴演唱會《AFTERGLOW》/ }).first().click();
    await expect(page).toHaveURL(/\/tourDetail\?id=1$/);
    await page.locator('a[href^="/pick-seat?sessionId="]').first().click();
    await expect(page).toHaveURL(/\/pick-seat\?sessionId=\d+/);
  });

  test("a refused search says why on the page, the keyword still in the field", async ({ page }) => {
    await page.goto("/search?keyword=nova&type=bands");
    await expect(page.getByRole("alert")).toHaveText("無法理解這個搜尋網址，請重新輸入搜尋字詞。");
    await expect(page.getByRole("searchbox", { name: "搜尋演出、藝人、場館及城市" })).toHaveValue("nova");
  });
});
