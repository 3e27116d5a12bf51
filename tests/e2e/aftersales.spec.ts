import type { Browser } from "@playwright/test";
import { eTicketListing } from "./support/buying";
import { buyTwo } from "./support/delivery";
import { describeCells, expect, inLanguage, type Language, test } from "./support/fixtures";
import { signInStaff, STAFF } from "./support/staff";

const CARD_NUMBER = "4929123456781234";

/** Support, in a browser of its own: sign in, open the case and approve it with a reason. */
async function supportApproves(browser: Browser, baseURL: string, language: Language, javaScriptEnabled: boolean, caseId: number, reason: string) {
  const say = (english: string, chinese: string) => inLanguage(language, english, chinese);
  const support = await signInStaff(browser, baseURL, language, javaScriptEnabled, STAFF.support, `/support/cases/${caseId}`);
  const { page } = support;
  try {
    // The console sees the same account, masked as everywhere.
    await expect(page.getByTestId("receiving-account")).toContainText("**** **** **** 1234");
    await page.getByLabel(say("Reason", "原因"), { exact: true }).fill(reason);
    await page.getByRole("button", { name: say("Approve", "批准"), exact: true }).click();
    await expect(page.getByTestId("case-status")).toHaveText(say("Refunded", "已退款"));
  } finally {
    await support.close();
  }
}

describeCells("form", "After-sales", ({ language, javaScriptEnabled, say }) => {
  // Buying comes first, and support signs in in a browser of its own.
  test.describe.configure({ timeout: 90_000 });

  test("a buyer applies for after-sales with a bank account, support approves, and the refund shows in the buyer's timeline, the card masked", async ({ page, browser, baseURL }) => {
    const orderId = await buyTwo(page, language, (await eTicketListing(page.request, { quantity: 2 })).listingId);

    await page.goto(`/order-after-sale?id=${orderId}`);
    await expect(page.getByRole("heading", { level: 2, name: say("Something wrong with your tickets?", "門票有問題？") })).toBeVisible();
    await expect(page.getByTestId("eligible")).toBeVisible();
    await expect(page.getByRole("link", { name: say("Read the full refund policy", "閱讀完整退款政策") })).toHaveAttribute("href", "/refund");
    await page.getByRole("link", { name: say("Apply for after-sales", "申請售後"), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/apply-for\\?orderId=${orderId}&kind=after_sale$`));

    const form = page.getByRole("form", { name: say("Apply for after-sales", "申請售後") });
    await form.getByLabel(say("I haven't received my tickets", "未收到門票")).check();
    await form.getByLabel(say("Description", "描述"), { exact: true }).fill("The e-tickets never arrived.");
    await form.getByLabel(say("Refund amount", "退款金額"), { exact: true }).fill("1");
    await form.getByLabel(say("HKD (bank account)", "港幣（銀行帳戶）")).check();
    await form.getByLabel(say("Recipient name", "收款人姓名"), { exact: true }).fill("Chan Tai Man");
    await form.getByLabel(say("Bank", "銀行"), { exact: true }).fill("HSBC Hong Kong");
    await form.getByLabel(say("Bank code", "銀行編號"), { exact: true }).fill("004");
    await form.getByLabel(say("SWIFT code", "SWIFT 代碼"), { exact: true }).fill("HSBCHKHHHKH");
    await form.getByLabel(say("Account opening area", "開戶地區"), { exact: true }).fill("Hong Kong");
    // The Alipay field belongs to the other currency: not shown while HKD is chosen.
    await expect(form.getByLabel(say("Alipay account", "支付寶帳戶"), { exact: true })).toBeHidden();

    // The card number is missing: '{field} is required', and nothing typed is lost.
    const submit = form.getByRole("button", { name: say("Submit application", "提交申請"), exact: true });
    await submit.click();
    await expect(form.getByText(say("Card number is required", "卡號為必填項"))).toBeVisible();
    await expect(page).toHaveURL(/\/apply-for\?/);
    await expect(form.getByLabel(say("Recipient name", "收款人姓名"), { exact: true })).toHaveValue("Chan Tai Man");
    await expect(form.getByLabel(say("SWIFT code", "SWIFT 代碼"), { exact: true })).toHaveValue("HSBCHKHHHKH");
    await expect(form.getByLabel(say("Description", "描述"), { exact: true })).toHaveValue("The e-tickets never arrived.");
    await expect(form.getByLabel(say("I haven't received my tickets", "未收到門票"))).toBeChecked();

    await form.getByLabel(say("Card number", "卡號"), { exact: true }).fill(CARD_NUMBER);
    await submit.click();
    await expect(page).toHaveURL(/\/process-list\?id=\d+$/);
    if (!javaScriptEnabled) await expect(page.getByRole("status").filter({ hasText: say("Application submitted", "已提交申請") })).toBeVisible();
    const caseId = Number(new URL(page.url()).searchParams.get("id"));
    await expect(page.getByTestId("case-status")).toHaveText(say("Submitted", "已提交"));
    await expect(page.getByTestId("timeline")).toContainText(say("Under review", "審核中"));
    await expect(page.getByTestId("account")).toContainText("**** **** **** 1234");
    expect(await page.content()).not.toContain(CARD_NUMBER);

    const reason = say("Sorry the tickets never came.", "抱歉，門票未有送達。");
    await supportApproves(browser, baseURL!, language, javaScriptEnabled, caseId, reason);

    await page.goto(`/process-list?id=${caseId}`);
    await expect(page.getByTestId("case-status")).toHaveText(say("Refunded", "已退款"));
    const timeline = page.getByTestId("timeline");
    await expect(timeline).toContainText(say("Approved by customer service", "客戶服務已批准"));
    await expect(timeline).toContainText(reason);
    await expect(timeline).toContainText(say("Refund started", "已開始退款"));
    await expect(timeline).toContainText(say("Refunds go back to the original payment method in 1-3 working days.", "退款會在 1 至 3 個工作天內退回原本的付款方式。"));
    await expect(timeline).toContainText(say("Refunded to your original payment method", "已退回你原本的付款方式"));
    await expect(page.getByTestId("account")).toContainText("**** **** **** 1234");
    expect(await page.content()).not.toContain(CARD_NUMBER);
    await expect(page.getByRole("link", { name: say("Withdraw application", "撤回申請") })).toHaveCount(0);

    // The list shows the same case, with its progress.
    await page.goto("/process-list");
    await expect(page.getByTestId("case").first()).toContainText(say("Refunded", "已退款"));
  });
});
