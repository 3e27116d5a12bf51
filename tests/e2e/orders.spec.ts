import type { Page } from "@playwright/test";
import { createAccount, eTicketListing, payInSandbox, placeOrder } from "./support/buying";
import { describeCells, expect, inLanguage, type Language, test } from "./support/fixtures";

/** A guest opens My Orders, is sent to sign in, registers, and comes back to an empty Ongoing tab. */
async function arriveAtMyOrders(page: Page, language: Language): Promise<string> {
  await page.goto("/my-order");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-order/);
  await page.goto(`/register?${new URLSearchParams({ redirectTo: "/my-order" })}`);
  const email = await createAccount(page, language);
  await expect(page).toHaveURL(/\/my-order$/);
  await expect(page.getByTestId("orders-empty")).toContainText(inLanguage(language, "No ongoing orders", "沒有進行中的訂單"));
  return email;
}

/** Places an order for two e-tickets from the confirm page, leaving the pay sheet open; answers its number. */
async function orderTwoETickets(page: Page, language: Language, email: string): Promise<string> {
  const { listingId } = await eTicketListing(page.request);
  await page.goto(`/confirm-order?listingId=${listingId}&quantity=2`);
  await placeOrder(page, language, email);
  return (await page.getByTestId("pay-order-no").textContent())!.trim();
}

function card(page: Page, orderNo: string) {
  return page.locator(`[data-testid="order-card"][data-order-no="${orderNo}"]`);
}

describeCells("form", "My orders", ({ language, javaScriptEnabled, say }) => {

  test("an unpaid order is listed under Ongoing, opens its details and venue map, and is canceled there", async ({ page }) => {
    const email = await arriveAtMyOrders(page, language);
    const orderNo = await orderTwoETickets(page, language, email);

    await page.goto("/my-order");
    const listed = card(page, orderNo);
    await expect(listed.getByTestId("order-status")).toHaveText(say("Pending payment", "待付款"));
    await expect(listed.getByTestId("order-next")).toContainText(say("Pay within", "請於以下時間內付款"));
    await expect(listed.getByRole("link", { name: say("Pay now", "立即付款") })).toBeVisible();
    await expect(listed).toContainText(say("2 tickets", "2 張門票"));

    await listed.getByRole("heading", { level: 2 }).getByRole("link").click();
    await expect(page).toHaveURL(/\/order-detail\?id=\d+$/);
    await expect(page.getByTestId("order-no")).toHaveText(orderNo);
    await expect(page.getByTestId("order-status")).toHaveText(say("Pending payment", "待付款"));
    await expect(page.getByTestId("delivery-method")).toHaveText(say("E-ticket", "電子門票"));
    await expect(page.getByTestId("contact-email")).toHaveText(email);
    await expect(page.getByTestId("price-details")).toContainText(say("Ticket price", "門票價格"));

    await page.getByTestId("venue-map-link").click();
    await expect(page).toHaveURL(/\/map\?id=\d+$/);
    await expect(page.getByTestId("venue-map")).toBeVisible();
    await expect(page.getByTestId("your-section")).toBeVisible();
    await expect(page.getByTestId("google-maps")).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\//);
    await page.getByRole("link", { name: say("Back to order", "返回訂單") }).click();
    await expect(page).toHaveURL(/\/order-detail\?id=\d+$/);

    await page.getByRole("link", { name: say("Cancel order", "取消訂單"), exact: true }).click();
    const question = page.getByRole("alertdialog", { name: say("Cancel this order?", "確定取消此訂單？") });
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: say("Cancel order", "取消訂單") }).click();
    await expect(page.getByTestId("order-status")).toHaveText(say("Canceled", "已取消"));
    await expect(page.getByTestId("order-next")).toHaveText(say("You canceled this order. Its tickets were released.", "你已取消此訂單，門票已釋放。"));
    await expect(page.getByRole("button", { name: say("Buy again", "再次購買") })).toBeVisible();

    await page.goto("/my-order?tab=closed");
    await expect(card(page, orderNo).getByTestId("order-status")).toHaveText(say("Canceled", "已取消"));
    await page.goto("/my-order");
    await expect(card(page, orderNo)).toHaveCount(0);
  });

  test("a paid order is listed under Ongoing and its details show the price details and the order number", async ({ page }) => {
    const email = await arriveAtMyOrders(page, language);
    const orderNo = await orderTwoETickets(page, language, email);
    await payInSandbox(page, language, "Approve");

    await page.goto("/my-order");
    const listed = card(page, orderNo);
    await expect(listed).toBeVisible();
    await expect(listed.getByTestId("order-status")).not.toHaveText(say("Pending payment", "待付款"));
    await expect(listed.getByRole("link", { name: say("Pay now", "立即付款") })).toHaveCount(0);
    const total = (await listed.getByTestId("order-total").textContent())!.trim();

    await listed.getByRole("heading", { level: 2 }).getByRole("link").click();
    await expect(page.getByTestId("order-no")).toHaveText(orderNo);
    await expect(page.getByTestId("order-total")).toHaveText(total);
    await expect(page.getByTestId("price-details")).toContainText(say("Service fee", "服務費"));
    await expect(page.getByRole("link", { name: say("Cancel order", "取消訂單"), exact: true })).toHaveCount(0);

    if (javaScriptEnabled) {
      // SPEC §4's refreshPickupOrderDetail: an open order detail loads itself again.
      const orderId = new URL(page.url()).searchParams.get("id")!;
      const reload = page.waitForRequest((request) => request.url().includes("/order-detail.data") && request.url().includes(`id=${orderId}`));
      await page.evaluate((id) => window.dispatchEvent(new CustomEvent("refreshPickupOrderDetail", { detail: { orderId: id } })), orderId);
      await reload;
    }
  });
});
