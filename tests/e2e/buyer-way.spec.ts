/**
 * What a buyer sees at 390px that got in the way: the area code on confirm-order shown whole,
 * a tour's on-sale badge on one line, pay success's Share and Save, and a page that does not
 * exist offering a way back and the tabs.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { createAccount, eTicketListing, payInSandbox, placeOrder } from "./support/buying";
import { expect, inLanguage, test } from "./support/fixtures";

/** A tour with a session whose sales have not opened (the seed has several). */
async function tourWithPendingSession(request: APIRequestContext): Promise<number> {
  const tours = (await (await request.get("/pub/tour/v1/list?pageSize=50")).json()).data.list as { id: number }[];
  for (const { id } of tours) {
    const detail = (await (await request.get(`/pub/tour/v1/detail?id=${id}`)).json()).data;
    const sessions = (detail.upcoming as { sessions: { status: string }[] }[]).flatMap((group) => group.sessions);
    if (sessions.some((session) => session.status === "PENDING")) return id;
  }
  throw new Error("no tour with a session not yet on sale");
}

/** Whether the select's chosen option fits in the select, its arrow aside. */
function areaCodeFits(page: Page) {
  return page.getByTestId("phone-code").evaluate((element) => {
    const select = element as unknown as HTMLSelectElement;
    const style = getComputedStyle(element);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(select.selectedOptions[0]?.textContent ?? "").width;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return { text, room, fits: text <= room };
  });
}

for (const language of ["en-US", "zh-HK"] as const) {
  test.describe(`The buyer's way in ${language}`, () => {
    test.use({ language });

    test("the area code on confirm-order is shown whole, and pay success offers Share and Save", async ({ page }) => {
      const { listingId } = await eTicketListing(page.request);
      await page.goto(`/register?${new URLSearchParams({ redirectTo: `/confirm-order?listingId=${listingId}&quantity=2` })}`);
      const email = await createAccount(page, language);
      await expect(page).toHaveURL(/\/confirm-order\?/);
      const measured = await areaCodeFits(page);
      expect(measured.fits, JSON.stringify(measured)).toBe(true);
      await page.screenshot({ path: `test-results/buyer-confirm-${language}.png`, fullPage: true });

      await placeOrder(page, language, email);
      await payInSandbox(page, language, "Approve");
      const title = inLanguage(language, "Payment successful", "付款成功");
      await expect(page.getByText(title, { exact: true })).toHaveCount(1);
      await expect(page.getByTestId("save-poster")).toHaveAttribute("download", /^ovation-[A-Z0-9]+\.svg$/);
      await page.screenshot({ path: `test-results/buyer-pay-success-${language}.png`, fullPage: true });
    });

    test("a session not yet on sale says when on one line", async ({ page }) => {
      await page.goto(`/tourDetail?id=${await tourWithPendingSession(page.request)}`);
      const badge = page.locator('[data-status="PENDING"] [data-tone="soon"]').first();
      await badge.scrollIntoViewIfNeeded();
      const { height, lineHeight } = await badge.evaluate((element) => ({ height: element.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(element).lineHeight) || 16 }));
      expect(height).toBeLessThan(lineHeight * 2);
      await page.screenshot({ path: `test-results/buyer-tour-${language}.png` });
    });

    test("an address that does not exist has a title, Back and the tabs", async ({ page }) => {
      await page.goto("/no-such-screen");
      await expect(page.getByRole("heading", { level: 1, name: inLanguage(language, "Page not found", "找不到頁面") })).toBeVisible();
      await expect(page.getByRole("link", { name: inLanguage(language, "Back", "返回") })).toBeVisible();
      await expect(page.getByRole("navigation", { name: inLanguage(language, "Main", "主選單") })).toBeVisible();
      await page.screenshot({ path: `test-results/buyer-not-found-${language}.png` });
    });
  });
}
