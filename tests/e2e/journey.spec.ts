import type { Page } from "@playwright/test";
import { createAccount, eTicketListing, payInSandbox, placeOrder, tapSection } from "./support/buying";
import { describeCells, expect, inLanguage, type Language, test } from "./support/fixtures";

/**
 * The purchase, end to end, in every form cell: the whole walk from the tour list with an
 * approved payment, and a guest sent from confirm-order to sign up whose declined payment is
 * bought again. Pay success's details (poster, Save, one title, the ticket) are read on the first.
 */

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
  // The price history is deferred: streamed after a client navigation, in the page without JavaScript.
  await expect(page.getByTestId("price-chart")).toBeVisible();
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

  // A row's link also carries the price it shows (checked by confirm-ticket).
  await page.locator(`a[href^="/confirm-ticket?listingId=${listingId}&quantity=2&price="]`).click();
  await expect(page).toHaveURL(new RegExp(`/confirm-ticket\\?listingId=${listingId}&quantity=2&price=\\d+&currency=[A-Z]{3}$`));
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
  // At 390px the chosen area code is shown whole (it was cut to '+852 Hong K').
  const measured = await areaCodeFits(page);
  expect(measured.fits, JSON.stringify(measured)).toBe(true);
  await page.screenshot({ path: `test-results/buyer-confirm-${language}.png`, fullPage: true });

  await placeOrder(page, language, email);
  return { email, sectionName };
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

/** A guest opens the confirm page, is sent to sign in, registers, and comes back to it. */
async function arriveSignedIn(page: Page, language: Language, path: string): Promise<string> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.goto(`/register?${new URLSearchParams({ redirectTo: path })}`);
  const email = await createAccount(page, language);
  await expect(page).toHaveURL(/\/confirm-order\?listingId=\d+&quantity=2$/);
  return email;
}

async function expectPaid(page: Page, language: Language, orderNo: string, sectionName?: string) {
  const say = (english: string, chinese: string) => inLanguage(language, english, chinese);
  await expect(page.getByTestId("pay-result")).toHaveAttribute("data-state", "paid");
  await expect(page.getByRole("heading", { name: say("Payment successful", "付款成功") }).first()).toBeVisible();
  await expect(page.getByTestId("order-no")).toHaveText(orderNo);
  if (sectionName) await expect(page.locator("dd").filter({ hasText: sectionName }).filter({ hasText: say("2 tickets", "2 張門票") })).toBeVisible();
  await expect(page.getByTestId("order-total")).not.toBeEmpty();
}

describeCells("form", "The buying journey", ({ language }) => {
  // One test walks some fifteen screens, so it gets twice the usual time.
  test.describe.configure({ timeout: 90_000 });

  test("a guest goes from the tour list through the seating map, signs up, orders two e-tickets, pays in the sandbox and sees the paid order", async ({ page }) => {
    const { sectionName } = await buyTwoETicketsUpToPaying(page, language);
    const orderNo = (await page.getByTestId("pay-order-no").textContent())!.trim();
    await payInSandbox(page, language, "Approve");
    await expectPaid(page, language, orderNo, sectionName);
    expect(orderNo).toMatch(/^[A-Z0-9]+$/);
    // Said once, with the share poster, its Save (a download) and the way to the ticket.
    await expect(page.getByText(inLanguage(language, "Payment successful", "付款成功"), { exact: true })).toHaveCount(1);
    await expect(page.getByRole("img", { name: new RegExp(inLanguage(language, "Share poster", "分享海報")) })).toBeVisible();
    await expect(page.getByTestId("save-poster")).toHaveAttribute("download", /^ovation-[A-Z0-9]+\.svg$/);
    await page.screenshot({ path: `test-results/buyer-pay-success-${language}.png`, fullPage: true });
    await page.getByRole("link", { name: inLanguage(language, "View ticket", "查看門票") }).click();
    await expect(page.getByTestId("ticket-status")).toHaveText(inLanguage(language, "Paid", "已付款"));
  });

  test("a guest sent from confirm-order to sign up, whose payment is declined, sees that it failed, buys again, approves and sees the paid order", async ({ page }) => {
    const { listingId } = await eTicketListing(page.request);
    const email = await arriveSignedIn(page, language, `/confirm-order?listingId=${listingId}&quantity=2`);
    await expect(page.getByTestId("delivery")).toHaveText(inLanguage(language, "E-ticket", "電子門票"));
    await placeOrder(page, language, email);
    await payInSandbox(page, language, "Decline");
    await expect(page.getByTestId("pay-result")).toHaveAttribute("data-state", "failed");
    await expect(page.getByRole("heading", { name: inLanguage(language, "Oops, payment failed… Try again!", "哎呀，付款失敗……請再試一次！") })).toBeVisible();

    await page.getByRole("button", { name: inLanguage(language, "Buy again", "再次購買"), exact: true }).click();
    await expect(page).toHaveURL(/\/confirm-order\?.*sheet=pay/);
    await expect(page.getByTestId("pay-sheet")).toBeVisible();
    const orderNo = (await page.getByTestId("pay-order-no").textContent())!.trim();
    await payInSandbox(page, language, "Approve");
    await expectPaid(page, language, orderNo);
  });
});
