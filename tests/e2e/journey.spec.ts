import type { Page } from "@playwright/test";
import { createAccount, eTicketListing, payInSandbox, placeOrder, tapSection } from "./support/buying";
import { expect, inLanguage, test, type Language } from "./support/fixtures";

interface Chosen {
  email: string;
  sectionName: string;
}

/**
 * From the tour list to the pay sheet, the way a guest buys two e-tickets: a tour, a session's
 * Buy, two tickets, a section on the map, a listing, Continue, a new account, then the order.
 * The listing is an on-sale E_TICKET one (no address step) from a tour the list shows.
 */
async function buyTwoETicketsUpToPaying(page: Page, language: Language): Promise<Chosen> {
  const say = (english: string, chinese: string) => inLanguage(language, english, chinese);

  await page.goto("/tourList");
  const tourLinks = page.locator('a[href^="/tourDetail?id="]');
  await expect(tourLinks.first()).toBeVisible();
  const tourIds = [...new Set(await tourLinks.evaluateAll((links) => links.map((link) => Number(new URL((link as HTMLAnchorElement).href).searchParams.get("id")))))];
  const { tourId, sessionId, sectionCode, listingId } = await eTicketListing(page.request, { tourIds, quantity: 2 });

  await page.locator(`a[href="/tourDetail?id=${tourId}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/tourDetail\\?id=${tourId}$`));
  const buy = page.locator(`a[href="/pick-seat?sessionId=${sessionId}"]`);
  await expect(buy).toHaveAccessibleName(new RegExp(`^${say("Buy tickets for", "購買")} `));
  await buy.click();
  await expect(page).toHaveURL(new RegExp(`/pick-seat\\?sessionId=${sessionId}$`));
  await expect(page.getByRole("heading", { level: 1, name: say("Pick seats", "選擇座位") })).toBeVisible();

  const quantities = page.getByRole("navigation", { name: say("How many tickets?", "需要幾張門票？") });
  await quantities.getByRole("link", { name: say("2 tickets", "2 張"), exact: true }).click();
  await expect(page).toHaveURL(/quantity=2/);
  await expect(quantities.getByRole("link", { name: say("2 tickets", "2 張"), exact: true })).toHaveAttribute("aria-current", "true");

  const map = page.getByRole("group", { name: say("Seating map", "座位圖") });
  await tapSection(map.locator(`a[href*="${new URLSearchParams({ section: sectionCode })}#"]`));
  await expect(page).toHaveURL(new RegExp(`${new URLSearchParams({ section: sectionCode })}`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page).toHaveURL(/quantity=2/);

  await page.locator(`a[href="/confirm-ticket?listingId=${listingId}&quantity=2"]`).click();
  await expect(page).toHaveURL(new RegExp(`/confirm-ticket\\?listingId=${listingId}&quantity=2$`));
  await expect(page.getByRole("heading", { level: 1, name: say("Confirm tickets", "確認門票") })).toBeVisible();
  const sectionName = (await page.locator("#tickets-title").textContent())!.trim();
  await expect(page.getByText(say("E-ticket", "電子門票"), { exact: true })).toBeVisible();
  await page.getByRole("button", { name: say("Continue", "繼續"), exact: true }).click();

  // A guest is asked to sign in first; a new buyer creates an account from there.
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByRole("link", { name: say("Create an account", "建立帳戶"), exact: true }).click();
  await expect(page).toHaveURL(/\/register\?redirectTo=/);
  const email = await createAccount(page, language);

  await expect(page).toHaveURL(new RegExp(`/confirm-order\\?listingId=${listingId}&quantity=2$`));
  const tickets = page.getByRole("region").filter({ has: page.getByTestId("event-title") });
  await expect(tickets).toContainText(sectionName);
  await expect(tickets).toContainText(say("2 tickets", "2 張門票"));
  await expect(page.getByTestId("delivery")).toHaveText(say("E-ticket", "電子門票"));

  await placeOrder(page, language, email);
  return { email, sectionName };
}

async function expectPaid(page: Page, language: Language, orderNo: string, sectionName: string) {
  const say = (english: string, chinese: string) => inLanguage(language, english, chinese);
  await expect(page.getByTestId("pay-result")).toHaveAttribute("data-state", "paid");
  await expect(page.getByRole("heading", { name: say("Payment successful", "付款成功") }).first()).toBeVisible();
  await expect(page.getByTestId("order-no")).toHaveText(orderNo);
  await expect(page.locator("dd").filter({ hasText: sectionName }).filter({ hasText: say("2 tickets", "2 張門票") })).toBeVisible();
  await expect(page.getByTestId("order-total")).not.toBeEmpty();
}

for (const language of ["en-US", "zh-HK"] as const) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`The buying journey in ${language}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ language, javaScriptEnabled });
      // One test walks some fifteen screens, so it gets twice the usual time.
      test.describe.configure({ timeout: 90_000 });

      test("a guest goes from the tour list through the seating map, signs up, orders two e-tickets, pays in the sandbox and sees the paid order", async ({ page }) => {
        const { sectionName } = await buyTwoETicketsUpToPaying(page, language);
        const orderNo = (await page.getByTestId("pay-order-no").textContent())!.trim();
        await payInSandbox(page, language, "Approve");
        await expectPaid(page, language, orderNo, sectionName);
      });

      test("a guest whose payment is declined sees that it failed, buys again, approves and sees the paid order", async ({ page }) => {
        const { sectionName } = await buyTwoETicketsUpToPaying(page, language);
        await payInSandbox(page, language, "Decline");
        await expect(page.getByTestId("pay-result")).toHaveAttribute("data-state", "failed");
        await expect(page.getByRole("heading", { name: inLanguage(language, "Oops, payment failed… Try again!", "哎呀，付款失敗……請再試一次！") })).toBeVisible();

        await page.getByRole("button", { name: inLanguage(language, "Buy again", "再次購買"), exact: true }).click();
        await expect(page).toHaveURL(/\/confirm-order\?.*sheet=pay/);
        await expect(page.getByTestId("pay-sheet")).toBeVisible();
        const orderNo = (await page.getByTestId("pay-order-no").textContent())!.trim();
        await payInSandbox(page, language, "Approve");
        await expectPaid(page, language, orderNo, sectionName);
      });
    });
  }
}
