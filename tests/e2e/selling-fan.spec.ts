/**
 * Selling as a fan would, in en-US with JavaScript and zh-HK without: a new account sets up a
 * private seller profile, then lists a ticket of a numbered section chosen on the venue's map in
 * under ten actions once the session is chosen, and opens the listing as a buyer sees it; and a
 * fan who bought tickets where the law caps resale sees the law, its cap and the face value
 * before pricing, with the price starting within the cap.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { createAccount } from "./support/buying";
import { buyTwo } from "./support/delivery";
import { expect, inLanguage, test } from "./support/fixtures";
import { signInStaff, STAFF } from "./support/staff";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** An on-sale session (matching `query`) with a numbered section, from the seller's own API. */
async function sessionToList(request: APIRequestContext, query: string, language: string): Promise<{ sessionId: number; section: { id: number; name: string } }> {
  // The API names the sections in the language its `lan` header asks for, as the page does.
  const answer = await (await request.get(`/provider/v1/listing/sessions?query=${encodeURIComponent(query)}`, { headers: { lan: language } })).json();
  for (const session of answer.data as { sessionId: number; sections: { id: number; name: string; generalAdmission: boolean }[] }[]) {
    const section = session.sections.find((candidate) => !candidate.generalAdmission);
    if (section) return { sessionId: session.sessionId, section };
  }
  throw new Error(`no listable session for '${query}'`);
}

/** Counts what the seller does, so the test can say how many actions listing took. */
function counter() {
  let count = 0;
  return {
    act: async <T>(action: Promise<T>): Promise<T> => {
      count += 1;
      return action;
    },
    get count() {
      return count;
    },
  };
}

/** The section's link on the map (its outline, with JavaScript) or in the list of sections under it. */
async function tapSectionOnMap(page: Page, name: string, javaScript: boolean) {
  const listed = page.getByTestId("listing-sections").getByRole("link", { name, exact: true });
  if (!javaScript) return listed.click();
  const href = (await listed.getAttribute("href"))!;
  const outline = page.locator(`svg a[href="${href}"]`);
  return (await outline.count()) > 0 ? outline.first().click() : listed.click();
}

for (const language of ["en-US", "zh-HK"] as const) {
  test.describe(`Selling as a fan in ${language}`, () => {
    test.use({ language, javaScriptEnabled: language === "en-US" });
    test.describe.configure({ timeout: 180_000 });
    const say = (english: string, chinese: string) => inLanguage(language, english, chinese);

    test("a new account lists a ticket of a numbered section from the map in under ten actions and sees it as a buyer would", async ({ page, javaScriptEnabled }) => {
      await page.goto("/register?redirectTo=%2Fme");
      await createAccount(page, language);
      await expect(page).toHaveURL(/\/me/);
      const profile = await (await page.request.post("/user/selling/v1/profile", { data: { displayName: "Mei's Spare Seats", kind: "private" } })).json();
      expect(profile.statusCode).toBe(200);
      const { sessionId, section } = await sessionToList(page.request, "Hong Kong", language);

      await page.goto(`/provider/listings/new?sessionId=${sessionId}`);
      const { act, ...actions } = counter();
      await act(tapSectionOnMap(page, section.name, javaScriptEnabled));
      const seats = page.locator("form[method=post]");
      await expect(seats.locator("select[name=rowLabel]")).toBeVisible();
      const rows = await seats.locator("select[name=rowLabel] option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
      // A seat of its own: a fresh account per cell, so any row and seat of the map will do.
      await act(seats.locator("select[name=rowLabel]").selectOption(rows[Math.min(3, rows.length - 1)]!));
      await act(page.getByTestId("seat-grid").locator("label").nth(4).click());
      await act(page.getByLabel(new RegExp(say("Face value per ticket", "每張票面價"))).fill("880"));
      await act(page.getByRole("button", { name: say("Continue", "繼續"), exact: true }).click());

      await expect(page.getByText(say("How the buyer gets the tickets", "買家如何取得門票"))).toBeVisible();
      // Only the chosen method's details: an e-ticket asks no pickup place or transfer platform.
      await expect(page.getByLabel(say("Pickup or collection place", "自取或領取地點"))).toHaveCount(0);
      await expect(page.getByLabel(say("Transfer platform", "轉讓平台"))).toHaveCount(0);
      await expect(page.locator("input[name=deliverBy]")).toHaveAttribute("type", "date");
      await act(page.getByRole("button", { name: say("Continue", "繼續"), exact: true }).click());

      await expect(page.getByTestId("pricing-facts")).toBeVisible();
      await expect(page.getByTestId("pricing-face")).toContainText("880");
      await expect(page.getByTestId("pricing-suggestion")).toBeVisible();
      await expect(page.getByTestId("price-chart").or(page.getByText(say("Lowest price", "最低價"))).first()).toBeVisible();
      await page.screenshot({ path: `test-results/selling-fan-price-${language}.png`, fullPage: true });
      await act(page.getByRole("button", { name: say("Continue", "繼續"), exact: true }).click());

      await expect(page.getByTestId("listing-review")).toBeVisible();
      await act(page.locator("input[name=proof]").setInputFiles({ name: "ticket.png", mimeType: "image/png", buffer: PNG }));
      await act(page.getByRole("button", { name: say("List tickets", "刊登門票"), exact: true }).click());
      await expect(page).toHaveURL(/\/provider\/listings\/\d+$/);
      expect(actions.count).toBeLessThan(10);

      await expect(page.getByTestId("listing-as-buyers")).toBeVisible();
      await expect(page.getByTestId("listing-standing")).not.toBeEmpty();
      await expect(page.getByTestId("listing-views")).toHaveText(say("0 views", "0 次瀏覽"));
      await page.screenshot({ path: `test-results/selling-fan-listing-${language}.png`, fullPage: true });
      await page.getByTestId("open-as-buyer").click();
      await expect(page).toHaveURL(/\/confirm-ticket\?listingId=\d+&quantity=1/);
      await expect(page.getByTestId("confirm-seats")).toHaveText("5");
    });

    test("a fan resells from the order and sees the law, its cap and the face value before pricing", async ({ page, browser, baseURL, javaScriptEnabled }) => {
      // The provider lists two tickets in Taipei at face value, where the law caps resale at face value.
      const provider = await signInStaff(browser, baseURL!, language, javaScriptEnabled, STAFF.provider, "/provider/listings");
      let listingId = 0;
      try {
        const { sessionId, section } = await sessionToList(provider.page.request, "Taipei", language);
        // Rows are numbered or lettered by venue; the first the map has takes the listing.
        for (const row of ["1", "2", "3", "A", "B", "C"]) {
          const seat = 1 + Math.floor(Math.random() * 8);
          const answer = await (
            await provider.page.request.post("/provider/v1/listing/create", {
              multipart: {
                sessionId: String(sessionId),
                sectionId: String(section.id),
                rowLabel: row,
                seats: `${seat}-${seat + 1}`,
                faceValue: "2800",
                price: "2800",
                deliveryMethod: "SELF_PICKUP",
                pickupPlace: "Gate 3",
                pickupTime: "2030-01-01T18:00",
                splitRule: "all",
                proof: { name: "ticket.png", mimeType: "image/png", buffer: PNG },
              },
            })
          ).json();
          if (answer.statusCode === 200) {
            listingId = answer.data.listingId;
            break;
          }
        }
      } finally {
        await provider.close();
      }
      expect(listingId).toBeGreaterThan(0);
      const orderId = await buyTwo(page, language, listingId);

      await page.goto(`/order-detail?id=${orderId}`);
      await page.getByTestId("resell-link").click();
      await expect(page).toHaveURL(new RegExp(`/resell\\?id=${orderId}`));
      await expect(page.getByTestId("resell-section")).toBeVisible();
      await expect(page.getByTestId("resell-seats")).toBeVisible();
      await expect(page.getByTestId("pricing-face")).toContainText("2,800");
      await expect(page.getByTestId("pricing-law")).toContainText(say("Cultural and Creative Industries Act", "文化創意產業發展法"));
      await expect(page.getByTestId("pricing-law")).toContainText(say("Source:", "資料來源："));
      await expect(page.locator("input[name=price]")).toHaveValue(/^2800(\.00)?$/);
      await page.screenshot({ path: `test-results/selling-fan-resell-${language}.png`, fullPage: true });
      await page.locator("input[name=price]").fill("3000");
      await page.getByRole("button", { name: say("List for resale", "刊登轉售"), exact: true }).click();
      await expect(page.getByTestId("form-error")).toContainText(say("Cultural and Creative Industries Act", "文化創意產業發展法"));
    });
  });
}
