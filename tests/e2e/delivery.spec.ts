import type { Download, Page } from "@playwright/test";
import { buyTwo, PDF_FILE, pickupTimeAhead, providerDesk, providerListing } from "./support/delivery";
import { describeCells, expect, test } from "./support/fixtures";

/** The bytes of a download, read whole. */
async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The order detail's delivery block, opened fresh. */
async function deliveryPanel(page: Page, orderId: number) {
  await page.goto(`/order-detail?id=${orderId}`);
  const panel = page.getByTestId("delivery-panel");
  await expect(panel).toBeVisible();
  return panel;
}

describeCells("form", "Delivery", ({ language, javaScriptEnabled, say }) => {
  // Each test buys through some ten screens before its own begin.
  test.describe.configure({ timeout: 120_000 });

  test("an e-ticket buyer scratches the card, is told a wrong code with the right one, enters it, and downloads the PDF", async ({ page, playwright, baseURL }) => {
    const orderId = await buyTwo(page, language, await providerListing(page.request, "E_TICKET"));
    let panel = await deliveryPanel(page, orderId);
    // A listing uploaded with its e-ticket is delivered at once; otherwise the provider uploads one now.
    if ((await panel.getAttribute("data-state")) === "awaiting_upload") {
      await expect(panel.getByTestId("delivery-state")).toHaveText(say("Waiting for your e-tickets", "等待電子門票"));
      const provider = await providerDesk(playwright, baseURL!);
      expect((await provider.upload(orderId, PDF_FILE)).statusCode).toBe(200);
      expect((await provider.step("e_ticket/deliver", orderId)).statusCode).toBe(200);
      await provider.close();
      panel = await deliveryPanel(page, orderId);
    }
    await expect(panel).toHaveAttribute("data-state", "delivered");
    await expect(panel.getByTestId("delivery-state")).toHaveText(say("E-tickets ready", "電子門票已送達"));

    await panel.getByRole("link", { name: say("View e-ticket", "查看電子門票"), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/e-ticket\\?id=${orderId}$`));
    await page.getByRole("button", { name: say("Scratch here", "在此刮開") }).click();
    const shown = page.getByTestId("scratch-code");
    await expect(shown).toHaveText(/^\d{4}$/);
    const code = (await shown.textContent())!.trim();

    const field = page.getByLabel(say("Enter the 4-digit code", "輸入 4 位數字驗證碼"), { exact: true });
    const submit = page.getByRole("button", { name: say("Show e-ticket", "顯示電子門票"), exact: true });
    await field.fill(code === "0000" ? "1111" : "0000");
    await submit.click();
    await expect(page.getByTestId("voucher-error")).toHaveText(
      say(`Verification code error. Please enter the verification code: ${code}`, `驗證碼錯誤，請輸入驗證碼：${code}`),
    );
    await field.fill(code);
    await submit.click();

    await expect(page.getByTestId("voucher")).toBeVisible();
    await expect(page.getByTestId("check-within")).toHaveText(
      new RegExp(say("^Please check the e-ticket within \\d+ minutes before the event\\.$", "^請於活動開始前 \\d+ 分鐘內查看電子門票。$")),
    );
    await page.getByRole("link", { name: say("Download e-tickets", "下載電子門票"), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/pdf-download\\?id=${orderId}$`));
    const files = page.getByTestId("pdf-file");
    await expect(files.first()).toBeVisible();
    const count = await files.count();

    if (javaScriptEnabled) {
      // A file that fails to arrive says so with its place in the list, and its Retry fetches it again.
      await page.route("**/media/e-ticket/**", (route) => route.abort());
      const downloadAll = page.getByRole("button", { name: say(`Download all (${count})`, `全部下載（${count}）`), exact: true });
      await downloadAll.click();
      await expect(files.first().getByRole("alert")).toHaveText(say(`E-ticket PDF download failed (1/${count})`, `電子門票 PDF 下載失敗（1/${count}）`));
      await page.unroute("**/media/e-ticket/**");

      const retried = page.waitForEvent("download");
      await files.first().getByRole("button", { name: say("Retry", "重試"), exact: true }).click();
      expect((await bytesOf(await retried)).subarray(0, 4).toString("latin1")).toBe("%PDF");
      await expect(files.first()).toHaveAttribute("data-status", "saved");

      const downloaded = page.waitForEvent("download");
      await downloadAll.click();
      expect((await bytesOf(await downloaded)).subarray(0, 4).toString("latin1")).toBe("%PDF");
      await expect(page.getByTestId("pdf-progress")).toHaveText(say(`Downloaded ${count}/${count}`, `已下載 ${count}/${count}`));
    } else {
      const downloaded = page.waitForEvent("download");
      await files.first().getByRole("link", { name: say("Download", "下載"), exact: true }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      expect((await bytesOf(download)).subarray(0, 4).toString("latin1")).toBe("%PDF");
    }

    // Nothing to pick up for an e-ticket: the pickup page says so and leads back to the order.
    await page.goto(`/pickup-ticket?id=${orderId}`);
    await expect(page).toHaveURL(new RegExp(`/pickup-ticket-na\\?id=${orderId}$`));
    await expect(page.getByRole("heading", { name: say("Nothing to pick up", "此訂單毋須取票") })).toBeVisible();
    await page.getByRole("link", { name: say("View order details", "查看訂單詳情"), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/order-detail\\?id=${orderId}$`));
  });

  test("a self-pickup buyer gets a code once the provider marks the order ready, confirms pickup after the countdown, and the code stops working", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const orderId = await buyTwo(page, language, await providerListing(page.request, "SELF_PICKUP"));
    let panel = await deliveryPanel(page, orderId);
    await expect(panel.getByTestId("delivery-state")).toHaveText(say("Waiting for pickup details", "等待取票資料"));

    // Before it is ready there is nothing to confirm: SPEC's refusal, in the buyer's language.
    await page.goto(`/pickup-ticket?id=${orderId}`);
    await expect(page.getByTestId("pickup-state")).toHaveAttribute("data-kind", "notReady");
    await expect(page.getByText(say("Pickup unavailable: this order is not ready for self-pickup.", "無法取票：此訂單尚未可自取。"))).toBeVisible();

    const provider = await providerDesk(playwright, baseURL!);
    const details = { at: pickupTimeAhead(), location: "Counter 3, Harbour Arena", remark: "Bring your ID", providerPhone: "+852 6000 0000" };
    expect((await provider.step("pickup/details", orderId, details)).statusCode).toBe(200);
    expect((await provider.step("pickup/ready", orderId)).statusCode).toBe(200);

    panel = await deliveryPanel(page, orderId);
    await expect(panel.getByTestId("delivery-state")).toHaveText(say("Ready for self-pickup", "可以自取"));
    await panel.getByRole("link", { name: say("Show pickup code", "出示取票碼"), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/pickup-ticket\\?id=${orderId}$`));
    const shown = page.getByTestId("pickup-code");
    await expect(shown).toHaveText(/^\d+$/);
    const code = (await shown.textContent())!.trim();
    await expect(page.getByText("Counter 3, Harbour Arena")).toBeVisible();
    await expect(page.getByRole("link", { name: "+852 6000 0000" })).toHaveAttribute("href", "tel:+85260000000");

    await page.getByRole("button", { name: say("Confirm pickup", "確認取票"), exact: true }).click();
    await expect(page.getByRole("alertdialog", { name: say("Have you got your tickets?", "你已拿到門票嗎？") })).toBeVisible();
    // The final button unlocks after its countdown (a veil over it without JavaScript); the click waits for it.
    const final = page.getByTestId("confirm-pickup");
    if (javaScriptEnabled) {
      await expect(final).toBeDisabled();
      await expect(final).toHaveText(new RegExp(say("^Yes, I've picked them up \\(\\d\\)$", "^是，我已取票（\\d）$")));
    }
    await final.click();
    await expect(page.getByTestId("pickup-state")).toHaveText(say("Picked up", "已取票"));
    await expect(page.getByText(code)).toHaveCount(0);

    // At the counter the old code is refused as already picked up.
    const counter = await provider.step("pickup/collect", orderId, { code });
    expect(counter).toEqual(expect.objectContaining({ statusCode: 610021, message: "Pickup unavailable: this order has already been picked up." }));
    await provider.close();

    panel = await deliveryPanel(page, orderId);
    await expect(panel.getByTestId("delivery-state")).toHaveText(say("Picked up", "已取票"));
    await expect(panel.getByTestId("delivery-timeline")).toContainText(say("Picked up", "已取票"));
  });
});
