/**
 * Selling in a real browser (the form's steps as in selling-fan.spec.ts): the seeded provider lists four e-tickets (Row 6 · Seats 1–4) with
 * its PDF and a photo of the ticket through the listing form's steps, a buyer buys two and sees seats 1 and 2 from confirm-ticket
 * on, and the provider's payout for the order shows; and a Taiwan session refuses a price above
 * face value, naming the law.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { buyTwo } from "./support/delivery";
import { expect, inLanguage, test } from "./support/fixtures";
import { signInStaff, STAFF } from "./support/staff";

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** An on-sale session (matching `query`) with a numbered section, from the provider's own API. */
async function sessionToList(request: APIRequestContext, query: string, language: string): Promise<{ sessionId: number; sectionName: string }> {
  const answer = await (await request.get(`/provider/v1/listing/sessions?query=${encodeURIComponent(query)}`, { headers: { lan: language } })).json();
  for (const session of answer.data as { sessionId: number; sections: { id: number; name: string; generalAdmission: boolean }[] }[]) {
    const section = session.sections.find((candidate) => !candidate.generalAdmission);
    if (section) return { sessionId: session.sessionId, sectionName: section.name };
  }
  throw new Error(`no listable session for '${query}'`);
}

/**
 * The listing form's steps: the section from the list under the map, a row of the map, the
 * seats ticked, face value; delivery as an e-ticket uploaded now; the price; then the files.
 */
async function listThroughSteps(page: Page, say: (english: string, chinese: string) => string, listing: { sectionName: string; row: number; seats: number[]; faceValue: string; price: string }) {
  await page.getByTestId("listing-sections").getByRole("link", { name: listing.sectionName, exact: true }).click();
  const rows = page.locator("select[name=rowLabel]");
  await expect(rows).toBeVisible();
  // The map's own label for the row: numbered venues write it as the number, lettered ones as a letter.
  const labels = await rows.locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  await rows.selectOption(labels[listing.row - 1]!);
  for (const seat of listing.seats) await page.getByTestId("seat-grid").locator("label").nth(seat - 1).click();
  await page.locator("input[name=faceValue]").fill(listing.faceValue);
  await page.getByRole("button", { name: say("Continue", "繼續"), exact: true }).click();
  await page.locator("input[name=eTicketTiming][value=now]").check();
  await page.getByRole("button", { name: say("Continue", "繼續"), exact: true }).click();
  await page.locator("input[name=price]").fill(listing.price);
  await page.getByRole("button", { name: say("Continue", "繼續"), exact: true }).click();
}

/** The last step: the e-ticket PDF and the photo of the ticket, then List tickets. */
async function addFilesAndList(page: Page, say: (english: string, chinese: string) => string) {
  await page.locator("input[name=eTicket]").setInputFiles({ name: "e-ticket.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.locator("input[name=proof]").setInputFiles({ name: "ticket.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: say("List tickets", "刊登門票"), exact: true }).click();
}

for (const language of ["en-US", "zh-HK"] as const) {
  test.describe(`Selling in ${language}`, () => {
    test.use({ language, javaScriptEnabled: language === "en-US" });
    test.describe.configure({ timeout: 150_000 });
    const say = (english: string, chinese: string) => inLanguage(language, english, chinese);

    test("a provider lists 4 e-tickets, a buyer of 2 sees seats 1 and 2, and the provider's payout shows", async ({ page, browser, baseURL, javaScriptEnabled }) => {
      const provider = await signInStaff(browser, baseURL!, language, javaScriptEnabled, STAFF.provider, "/provider/listings");
      try {
        const { sessionId, sectionName } = await sessionToList(provider.page.request, "Hong Kong", language);
        await provider.open(`/provider/listings/new?sessionId=${sessionId}`);
        // One provider lists in both cells; a seller's seats are on one live listing at a time (decision 187).
        await listThroughSteps(provider.page, say, { sectionName, row: language === "en-US" ? 6 : 5, seats: [1, 2, 3, 4], faceValue: "880", price: "880" });
        await addFilesAndList(provider.page, say);
        await expect(provider.page).toHaveURL(/\/provider\/listings\/\d+$/);
        await expect(provider.page.getByTestId("listing-seats")).toContainText("1, 2, 3, 4");
        const listingId = Number(new URL(provider.page.url()).pathname.split("/").pop());

        await page.goto(`/confirm-ticket?listingId=${listingId}&quantity=2`);
        await expect(page.getByTestId("confirm-seats")).toHaveText("1, 2");
        const orderId = await buyTwo(page, language, listingId);
        await page.goto(`/order-detail?id=${orderId}`);
        await expect(page.getByTestId("order-seat-numbers")).toContainText("1, 2");

        await provider.open(`/provider/orders/${orderId}`);
        await expect(provider.page.getByText(say("Seats 1, 2", "座位 1, 2"))).toBeVisible();
        await provider.open("/provider/payouts");
        await expect(provider.page.getByTestId("payouts")).toContainText(say("Scheduled", "已排期"));
        await expect(provider.page.getByTestId("payout-amounts").first()).toContainText(say("less fee", "扣除手續費"));
        await provider.page.screenshot({ path: `test-results/selling-payouts-${language}.png` });
      } finally {
        await provider.close();
      }
    });

    test("a Taiwan session refuses a price above face value, naming the law", async ({ browser, baseURL, javaScriptEnabled }) => {
      const provider = await signInStaff(browser, baseURL!, language, javaScriptEnabled, STAFF.provider, "/provider/listings");
      try {
        const { sessionId, sectionName } = await sessionToList(provider.page.request, "Taipei", language);
        await provider.open(`/provider/listings/new?sessionId=${sessionId}`);
        // The price step refuses a price above the cap before the last step, naming the law.
        await listThroughSteps(provider.page, say, { sectionName, row: 3, seats: [7, 8], faceValue: "2800", price: "3500" });
        await expect(provider.page.getByTestId("form-error")).toContainText(say("Cultural and Creative Industries Act", "文化創意產業發展法"));
        await provider.page.screenshot({ path: `test-results/selling-capped-${language}.png` });
      } finally {
        await provider.close();
      }
    });
  });
}
