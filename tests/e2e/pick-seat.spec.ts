import type { APIRequestContext } from "@playwright/test";
import { tapSection } from "./support/buying";
import { expect, inLanguage, runsIn, test } from "./support/fixtures";

interface SeatedListing {
  sessionId: number;
  sectionCode: string;
  listingId: number;
  rows: number;
}

/**
 * A listing with numbered seats drawn on its section's plan, for two tickets with some to spare,
 * in an on-sale session at a venue of 50 sections or more (the stadium).
 */
async function seatedListingAtAStadium(request: APIRequestContext): Promise<SeatedListing> {
  const data = async (path: string) => (await (await request.get(path)).json()).data;
  for (const tour of (await data("/pub/tour/v1/list?pageSize=20")).list as { id: number }[]) {
    const detail = await data(`/pub/tour/v1/detail?id=${tour.id}`);
    for (const group of detail.upcoming as { sessions: { sessionId: number; status: string }[] }[]) {
      for (const session of group.sessions.filter((s) => s.status === "ONSALE")) {
        const map = await data(`/pub/tour/v1/session/seat-map?sessionId=${session.sessionId}&quantity=2`);
        if (map.sections.length < 50) continue;
        const offer = await data(`/pub/tour/v1/session/listings?sessionId=${session.sessionId}&quantity=2`);
        for (const listing of offer.listings as { listingId: number; ticketsLeft: number; seats: unknown; section: { code: string } }[]) {
          if (listing.seats === null || listing.ticketsLeft < 6) continue;
          const zoomed = (await data(`/pub/tour/v1/session/seat-map?sessionId=${session.sessionId}&quantity=2&section=${encodeURIComponent(listing.section.code)}`)).zoomed;
          const group = zoomed.groups.find((candidate: { listingId: number }) => candidate.listingId === listing.listingId);
          if (group?.seats) return { sessionId: session.sessionId, sectionCode: listing.section.code, listingId: listing.listingId, rows: zoomed.rows.length };
        }
      }
    }
  }
  throw new Error("no stadium session with a seated listing for two");
}

for (const language of ["en-US", "zh-HK"] as const) {
  for (const javaScript of [true, false]) {
    if (!runsIn("form", { language, javaScriptEnabled: javaScript })) continue;
    test.describe(`Picking seats in ${language} ${javaScript ? "with" : "without"} JavaScript`, () => {
      test.use({ language, javaScriptEnabled: javaScript });
      const say = (english: string, chinese: string) => inLanguage(language, english, chinese);

      test("a buyer goes from a tour to a section on the map, chooses four tickets and sees the confirmation's price breakdown", async ({ page }) => {
        await page.goto("/tourDetail?id=1");
        await page.getByRole("link", { name: say("Buy tickets for", "購買") }).first().click();
        await expect(page).toHaveURL(/\/pick-seat\?sessionId=\d+/);
        await expect(page.getByRole("heading", { level: 1, name: say("Pick seats", "選擇座位") })).toBeVisible();

        const quantities = page.getByRole("navigation", { name: say("How many tickets?", "需要幾張門票？") });
        await quantities.getByRole("link", { name: say("4 tickets", "4 張"), exact: true }).click();
        await expect(page).toHaveURL(/quantity=4/);
        await expect(quantities.getByRole("link", { name: say("4 tickets", "4 張"), exact: true })).toHaveAttribute("aria-current", "true");

        const map = page.getByRole("group", { name: say("Seating map", "座位圖") });
        const section = map.locator('a[data-band="0"]').first();
        const sectionCode = (await section.locator("text").textContent())!;
        await tapSection(section);
        await expect(page).toHaveURL(new RegExp(`section=${sectionCode}`));
        await expect(page).toHaveURL(/quantity=4/);
        await expect(page.getByRole("link", { name: say("Show all sections", "顯示所有區域") })).toBeVisible();

        const listings = page.locator('a[href^="/confirm-ticket"]');
        await expect(listings.first()).toBeVisible();
        const count = await listings.count();
        for (let index = 0; index < count; index++) {
          await expect(listings.nth(index)).toHaveAttribute("href", /quantity=4&price=\d+&currency=[A-Z]{3}$/);
        }
        await listings.first().click();

        await expect(page).toHaveURL(/\/confirm-ticket\?listingId=\d+&quantity=4&price=\d+&currency=[A-Z]{3}$/);
        await expect(page.getByRole("heading", { level: 1, name: say("Confirm tickets", "確認門票") })).toBeVisible();
        await expect(page.getByRole("heading", { name: say("Total, all-in", "總額（已含全部費用）") })).toBeVisible();
        for (const part of [
          say("Ticket price", "門票價格"),
          say("Service fee", "服務費"),
          say("VAT", "增值稅"),
          say("Additional fees", "附加費用"),
          say("Payment gateway fee", "支付手續費"),
        ]) {
          await expect(page.getByText(part, { exact: true })).toBeVisible();
        }
        await expect(page.getByText(say("Consecutive seating is not guaranteed", "不保證座位相連"))).toBeVisible();
        await expect(page.getByRole("heading", { name: say("100% entry guarantee", "100% 入場保證") })).toBeVisible();
        await expect(page.getByRole("button", { name: say("Continue", "繼續") })).toBeVisible();
      });

      test("an alert with a mistyped email comes back from the server with its message on the field, the email kept", async ({ page }) => {
        await page.goto("/tourDetail?id=1");
        await page.getByRole("link", { name: say("Buy tickets for", "購買") }).first().click();
        await expect(page).toHaveURL(/\/pick-seat\?sessionId=\d+/);
        const alert = page.getByTestId("session-alert");
        await alert.getByText(say("Get an alert for this date", "為此場次設定提示"), { exact: true }).click();
        const email = alert.getByLabel(say("Email", "電郵"), { exact: true });
        await email.fill("someone@nowhere");
        await alert.getByRole("button", { name: say("Alert me", "通知我") }).click();
        await expect(alert.getByRole("alert")).toHaveText(say("Please enter a valid email address", "請輸入有效的電郵地址"));
        await expect(email).toHaveAttribute("aria-invalid", "true");
        await expect(email).toHaveValue("someone@nowhere");
      });

      test("the stadium's map draws sections until the buyer zooms into one, whose seats choose a listing; Whole venue zooms out", async ({ page }) => {
        const { sessionId, sectionCode, listingId, rows } = await seatedListingAtAStadium(page.request);
        await page.goto(`/pick-seat?sessionId=${sessionId}&quantity=2`);
        const venue = page.getByRole("group", { name: say("Seating map", "座位圖") });
        const seatPlan = page.getByRole("group", { name: new RegExp(say("^Seats in ", "的座位$")) });
        expect(await venue.locator("a[data-band]").count()).toBeGreaterThanOrEqual(50);
        await expect(page.locator("[data-listing]")).toHaveCount(0);
        await expect(seatPlan).toHaveCount(0);

        await tapSection(venue.locator(`a[href*="${new URLSearchParams({ section: sectionCode })}#"]`));
        await expect(page).toHaveURL(/zoom=1/);
        await expect(page).toHaveURL(new RegExp(`${new URLSearchParams({ section: sectionCode })}`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
        await expect(seatPlan).toBeVisible();
        await expect(venue).toHaveCount(0);
        // A row is one line of seats and a listing's seats one more: never a node per seat.
        const groups = seatPlan.locator("a[data-listing]");
        await expect(groups.first()).toBeVisible();
        expect(await seatPlan.locator("line").count()).toBe(rows + (await groups.count()));
        await expect(page.getByRole("link", { name: say("Show all sections", "顯示所有區域") })).toBeVisible();

        const group = seatPlan.locator(`a[data-listing="${listingId}"]`);
        await group.scrollIntoViewIfNeeded();
        await group.click();
        await expect(page).toHaveURL(new RegExp(`listing=${listingId}`));
        await expect(seatPlan.locator(`a[data-listing="${listingId}"]`)).toHaveAttribute("aria-current", "true");
        const continueLink = page.getByTestId("seat-choice").getByRole("link", { name: say("Continue", "繼續"), exact: true });
        await expect(continueLink).toHaveAttribute("href", `/confirm-ticket?listingId=${listingId}&quantity=2`);

        await page.getByRole("link", { name: say("Whole venue", "整個場館"), exact: true }).click();
        await expect(page).not.toHaveURL(/zoom=1/);
        await expect(page).not.toHaveURL(/listing=/);
        await expect(venue).toBeVisible();
        await expect(seatPlan).toHaveCount(0);
        await expect(page.locator("[data-listing]")).toHaveCount(0);
        // The section stays chosen: outlined on the map, and the list still shows its tickets.
        await expect(venue.locator(`a[data-selected]`)).toHaveCount(1);
        await expect(page.getByRole("link", { name: say("Show all sections", "顯示所有區域") })).toBeVisible();
        // A row's link also carries the price it shows (checked by confirm-ticket).
        await expect(page.locator(`a[href^="/confirm-ticket?listingId=${listingId}&quantity=2&price="]`)).toBeVisible();
      });
    });
  }
}
