/**
 * The provider and support consoles in a real browser, both languages, with and without
 * JavaScript: a buyer pays for the seeded provider's tickets, then the provider (signed in with
 * the seeded account, in a browser of its own) marks a SELF_PICKUP order ready and delivers an
 * E_TICKET order by uploading its PDF; and support approves an after-sales case with a reason.
 */
import type { APIRequestContext } from "@playwright/test";
import { eTicketListing } from "./support/buying";
import { buyTwo } from "./support/delivery";
import { describeCells, expect, test } from "./support/fixtures";
import { signInStaff, STAFF } from "./support/staff";

/** A one-page PDF, small but real: the console refuses anything that does not start like a PDF. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The provider's own name: the seeded provider account is named after the seller it acts for. */
async function providerNickname(request: APIRequestContext): Promise<string> {
  return ((await (await request.get("/user/v1/mts/user_info")).json()).data.nickName as string) ?? "";
}

/** On-sale listings of the provider's, by delivery method, in random order, with tickets to spare for 2. */
async function providerListings(request: APIRequestContext, nickname: string, method: "SELF_PICKUP" | "E_TICKET"): Promise<number[]> {
  const tours = ((await (await request.get("/pub/tour/v1/list?pageSize=50")).json()).data.list as { id: number }[]).sort(() => Math.random() - 0.5);
  const found: number[] = [];
  for (const tour of tours) {
    const detail = (await (await request.get(`/pub/tour/v1/detail?id=${tour.id}`)).json()).data;
    for (const group of detail.upcoming as { sessions: { sessionId: number; status: string }[] }[]) {
      for (const session of group.sessions.filter((s) => s.status === "ONSALE")) {
        const answer = (await (await request.get(`/pub/tour/v1/session/listings?sessionId=${session.sessionId}&delivery=${method}&quantity=2`)).json()).data;
        for (const listing of (answer?.listings ?? []) as { listingId: number; ticketsLeft: number; provider: { nickname: string } }[]) {
          if (listing.provider.nickname === nickname && listing.ticketsLeft >= 6) found.push(listing.listingId);
        }
      }
    }
    if (found.length >= 6) break;
  }
  if (found.length === 0) throw new Error(`no on-sale ${method} listing of ${nickname}`);
  return found.sort(() => Math.random() - 0.5);
}

describeCells("form", "Consoles", ({ language, javaScriptEnabled, say }) => {
  // A purchase comes first, and staff sign in in a browser of their own.
  test.describe.configure({ timeout: 120_000 });

  test("the provider sets the pickup details of a SELF_PICKUP order and marks it ready", async ({ page, browser, baseURL }) => {
    const provider = await signInStaff(browser, baseURL!, language, javaScriptEnabled, STAFF.provider);
    try {
      const [listingId] = await providerListings(page.request, await providerNickname(provider.page.request), "SELF_PICKUP");
      const orderId = await buyTwo(page, language, listingId);

      // Me leads to the console; the order is in the list of those whose details are owed.
      await provider.open("/mine");
      await provider.page.getByRole("link", { name: say("Provider console", "票務供應商後台") }).click();
      await expect(provider.page).toHaveURL(/\/provider$/);
      await provider.page.getByRole("link", { name: say("Pickup details to set", "待設定取票資料"), exact: true }).click();
      await provider.page.locator(`a[href="/provider/orders/${orderId}"]`).click();
      await expect(provider.page).toHaveURL(new RegExp(`/provider/orders/${orderId}$`));
      // With JavaScript the address can change a moment before the order's page replaces the list.
      await expect(provider.page.getByRole("button", { name: say("Save details", "儲存資料"), exact: true })).toBeVisible();
      await expect(provider.page.getByTestId("delivery-state")).toHaveText(say("Pickup details to set", "待設定取票資料"));
      await expect(provider.page.getByTestId("due")).toBeVisible();

      // Missing details are named in the provider's language, and nothing is saved.
      const save = provider.page.getByRole("button", { name: say("Save details", "儲存資料"), exact: true });
      await save.click();
      await expect(provider.page.getByText(say("This value is required.", "此欄為必填。")).first()).toBeVisible();
      await expect(provider.page.getByRole("button", { name: say("Mark ready for pickup", "標記為可自取"), exact: true })).toHaveCount(0);

      // The pickup time starts two hours before the show; the provider adds where and how to call.
      await expect(provider.page.getByLabel(say("Pickup time", "取票時間"), { exact: true })).not.toHaveValue("");
      await provider.page.getByLabel(say("Location", "地點"), { exact: true }).fill("Counter 3, Harbour City");
      await provider.page.getByLabel(say("Remark (optional)", "備註（選填）"), { exact: true }).fill(say("Bring your ID.", "請帶備身份證明文件。"));
      await provider.page.getByLabel(say("Your phone", "你的電話"), { exact: true }).fill("+852 6123 4567");
      await save.click();
      await expect(provider.page.getByTestId("delivery-details")).toContainText("Counter 3, Harbour City");

      await provider.page.getByRole("button", { name: say("Mark ready for pickup", "標記為可自取"), exact: true }).click();
      await expect(provider.page.getByTestId("delivery-state")).toHaveText(say("Ready for pickup", "可自取"));
      await expect(provider.page.getByTestId("timeline")).toContainText(say("Ready for pickup", "可自取"));
      // The code is the buyer's to show; the provider checks it at the counter.
      await expect(provider.page.getByRole("button", { name: say("Confirm handover", "確認交收"), exact: true })).toBeVisible();
      await expect(provider.page.getByTestId("pickup-code")).toHaveCount(0);

      await provider.open("/provider?state=ready_for_pickup");
      await expect(provider.page.locator(`a[href="/provider/orders/${orderId}"]`)).toBeVisible();
    } finally {
      await provider.close();
    }
  });

  test("the provider uploads an e-ticket PDF and delivers it", async ({ page, browser, baseURL }) => {
    const provider = await signInStaff(browser, baseURL!, language, javaScriptEnabled, STAFF.provider);
    try {
      // Some listings come with their e-ticket already uploaded and deliver at once; the
      // provider uploads for the others, so buy until one waits for its PDF.
      const listings = await providerListings(page.request, await providerNickname(provider.page.request), "E_TICKET");
      let orderId = 0;
      for (const listingId of listings.slice(0, 6)) {
        orderId = await buyTwo(page, language, listingId);
        await provider.open(`/provider/orders/${orderId}`);
        if ((await provider.page.getByTestId("delivery-state").textContent()) === say("E-tickets to upload", "待上載電子門票")) break;
        orderId = 0;
      }
      expect(orderId, "an order waiting for its e-ticket").toBeGreaterThan(0);

      const upload = provider.page.getByRole("button", { name: say("Upload", "上載"), exact: true });
      await upload.click();
      await expect(provider.page.getByText(say("Choose at least one PDF.", "請最少選擇一個 PDF。"))).toBeVisible();

      await provider.page.getByLabel(say("E-ticket PDFs", "電子門票 PDF"), { exact: true }).setInputFiles({ name: "row-f-seats-11-12.pdf", mimeType: "application/pdf", buffer: PDF });
      await upload.click();
      await expect(provider.page.getByTestId("eticket-files")).toContainText("row-f-seats-11-12.pdf");
      await expect(provider.page.getByTestId("delivery-state")).toHaveText(say("E-tickets to upload", "待上載電子門票"));

      await provider.page.getByRole("button", { name: say("Deliver to the buyer", "交付給買家"), exact: true }).click();
      await expect(provider.page.getByTestId("delivery-state")).toHaveText(say("E-tickets delivered", "已交付電子門票"));
      await expect(provider.page.getByTestId("timeline")).toContainText(say("E-tickets delivered", "已交付電子門票"));
      await expect(provider.page.getByTestId("eticket-files")).toContainText("row-f-seats-11-12.pdf");
      await expect(provider.page.getByRole("button", { name: say("Upload", "上載"), exact: true })).toHaveCount(0);
    } finally {
      await provider.close();
    }
  });

  test("support finds an after-sales case in the queue and approves it with a reason", async ({ page, browser, baseURL }) => {
    const { listingId } = await eTicketListing(page.request, { quantity: 2 });
    const orderId = await buyTwo(page, language, listingId);
    const applied = await page.request.post("/user/after_sale/v1/apply", {
      headers: { origin: baseURL! },
      data: {
        orderId,
        kind: "after_sale",
        reason: "tickets_not_received",
        // Small amounts in the order's own currency, whichever the listing's is: never more than was paid.
        refundAmount: "3",
        compensationAmount: "1",
        accountCurrency: "HKD",
        recipientName: "Chan Tai Man",
        bankName: "HSBC Hong Kong",
        bankCode: "004",
        swiftCode: "HSBCHKHHHKH",
        cardNumber: "4929123456781234",
        accountOpeningArea: "Hong Kong",
      },
    });
    const answer = (await applied.json()) as { statusCode: number; message: string; data: { id: number; caseNo: string } };
    expect(answer.statusCode, answer.message).toBe(200);
    const caseView = answer.data;

    const support = await signInStaff(browser, baseURL!, language, javaScriptEnabled, STAFF.support);
    try {
      await support.open("/support");
      await support.page.getByRole("link", { name: say("After-sales", "售後"), exact: true }).click();
      await expect(support.page).toHaveURL(/\/support\/cases$/);
      await support.page.getByRole("searchbox", { name: say("Find a case", "搜尋個案") }).fill(caseView.caseNo);
      await support.page.getByRole("button", { name: say("Search", "搜尋"), exact: true }).click();
      await support.page.getByTestId("support-case").filter({ hasText: caseView.caseNo }).click();
      await expect(support.page).toHaveURL(new RegExp(`/support/cases/${caseView.id}$`));
      await expect(support.page.getByTestId("case-status")).toHaveText(say("Submitted", "已提交"));
      await expect(support.page.getByTestId("receiving-account")).toContainText("**** **** **** 1234");
      expect(await support.page.content()).not.toContain("4929123456781234");

      // No reason, no decision: the reason is asked for in the agent's language.
      const approve = support.page.getByRole("button", { name: say("Approve", "批准"), exact: true });
      await approve.click();
      await expect(support.page.getByText(say("Reason is required", "原因為必填項"))).toBeVisible();
      await expect(support.page.getByTestId("case-status")).toHaveText(say("Submitted", "已提交"));

      const reason = say("Sorry the tickets never came.", "抱歉，門票未有送達。");
      await support.page.getByLabel(say("Reason", "原因"), { exact: true }).fill(reason);
      // Support may grant less than was asked.
      await support.page.getByLabel(new RegExp(`^${say("Refund to grant", "批准退款")}`)).fill("2");
      await approve.click();
      await expect(support.page.getByTestId("case-status")).toHaveText(say("Refunded", "已退款"));
      await expect(support.page.getByTestId("decision-reason")).toHaveText(reason);
      await expect(support.page.getByTestId("approved-refund")).toHaveText(/\D2(\.00)?$/);
      const timeline = support.page.getByTestId("case-timeline");
      await expect(timeline).toContainText(reason);
      await expect(timeline).toContainText(say("Refunded to the buyer's original payment method", "已退回買家原本的付款方式"));
      await expect(support.page.getByRole("button", { name: say("Approve", "批准"), exact: true })).toHaveCount(0);
    } finally {
      await support.close();
    }
  });
});
