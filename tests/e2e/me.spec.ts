import type { Page } from "@playwright/test";
import { expect, inLanguage, runsIn, test, type Language } from "./support/fixtures";

/** Fills the support form the way a buyer would. */
async function fillSupportForm(page: Page, language: Language, email: string) {
  await page.getByLabel(inLanguage(language, "Issue type", "問題類型")).selectOption("payment");
  await page.getByLabel(inLanguage(language, "Name", "姓名")).fill("Mei Chan");
  await page.getByLabel(inLanguage(language, "Contact email", "聯絡電郵")).fill(email);
  await page.getByLabel(inLanguage(language, "Phone", "電話"), { exact: true }).fill("+852 9123 4567");
  await page.getByLabel(inLanguage(language, "Message", "訊息"), { exact: true }).fill("My card was charged twice for one order.");
}

for (const language of ["en-US", "zh-HK"] as const) {
  for (const javaScriptEnabled of [true, false]) {
    // What Me and the FAQ show is read once; searching and the support form are form journeys.
    if (runsIn("page", { language, javaScriptEnabled })) {
      test.describe(`Me and help in ${language}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
        test.use({ language, javaScriptEnabled });

        test("a guest on Me is offered Sign in / Register, which comes back to Me", async ({ page }) => {
          await page.goto("/mine");
          const signIn = page.getByRole("link", { name: inLanguage(language, "Sign in / Register", "登入／註冊") });
          await expect(signIn).toBeVisible();
          await expect(signIn).toHaveAttribute("href", "/login?redirectTo=%2Fmine");
        });

        test("Me leads to the FAQ, and a question to its answer", async ({ page }) => {
          await page.goto("/mine");
          await page.getByRole("link", { name: inLanguage(language, "FAQ", "常見問題") }).click();
          await expect(page).toHaveURL(/\/faq$/);
          await page.getByRole("link", { name: inLanguage(language, "How long does a refund take?", "退款需時多久？") }).click();
          await expect(page).toHaveURL(/\/faqDetail\?id=403$/);
          await expect(page.getByRole("heading", { name: inLanguage(language, "How long does a refund take?", "退款需時多久？") })).toBeVisible();
          await expect(page.getByText(inLanguage(language, "within 1-3 working days", "1-3 個工作天內"))).toBeVisible();
        });
      });
    }

    if (runsIn("form", { language, javaScriptEnabled })) {
      test.describe(`Searching help and writing to support in ${language}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
        test.use({ language, javaScriptEnabled });

        test("the FAQ search keeps only the matching questions", async ({ page }) => {
          await page.goto("/faq");
          const search = page.getByRole("searchbox", { name: inLanguage(language, "Search the help centre", "搜尋幫助中心") });
          await search.fill(inLanguage(language, "pickup code", "取票碼"));
          await search.press("Enter");
          await expect(page.getByRole("link", { name: inLanguage(language, "When do I pick up self-pickup tickets?", "自取門票應在何時取票？") })).toBeVisible();
          await expect(page.getByRole("link", { name: inLanguage(language, "Which payment methods can I use?", "可以使用哪些付款方式？") })).toHaveCount(0);
        });

        test("the support form names each missing field", async ({ page }) => {
          await page.goto("/emailSupport");
          await page.getByRole("button", { name: inLanguage(language, "Send message", "發送訊息") }).click();
          await expect(page.getByText(inLanguage(language, "Name is required", "姓名為必填項"))).toBeVisible();
          await expect(page.getByText(inLanguage(language, "Message is required", "訊息為必填項"))).toBeVisible();
          await page.getByLabel(inLanguage(language, "Contact email", "聯絡電郵")).fill("mei.chan@");
          await page.getByLabel(inLanguage(language, "Phone", "電話"), { exact: true }).fill("call me");
          await page.getByRole("button", { name: inLanguage(language, "Send message", "發送訊息") }).click();
          await expect(page.getByText(inLanguage(language, "Please enter a valid email address", "請輸入有效的電郵地址"))).toBeVisible();
          await expect(page.getByText(inLanguage(language, "Invalid phone number, please correct", "電話號碼無效，請更正"))).toBeVisible();
        });

        test("the support form takes five messages a day from an address and refuses the sixth", async ({ page }) => {
          const email = `e2e-${crypto.randomUUID()}@example.com`;
          await page.goto("/emailSupport");
          await fillSupportForm(page, language, email);
          await page.getByRole("button", { name: inLanguage(language, "Send message", "發送訊息") }).click();
          await expect(page.getByRole("heading", { name: inLanguage(language, "We've received your message", "我們已收到你的訊息") })).toBeVisible();
          await expect(page.getByText(inLanguage(language, "Customer service replies within 48 hours", "客戶服務會在 48 小時內回覆")).first()).toBeVisible();

          for (let sent = 1; sent < 5; sent++) {
            const answer = await page.request.post("/user/v1/support/email", {
              data: { issueType: "payment", name: "Mei Chan", email, phone: "+852 9123 4567", message: `Follow-up ${sent}` },
            });
            expect((await answer.json()).statusCode).toBe(200);
          }

          await page.goto("/emailSupport");
          await fillSupportForm(page, language, email);
          await page.getByRole("button", { name: inLanguage(language, "Send message", "發送訊息") }).click();
          await expect(page.getByRole("alert")).toHaveText(
            inLanguage(language, "You've reached the daily limit of 5 email requests.", "你今天已達 5 次電郵查詢的上限。"),
          );
        });
      });
    }
  }
}
