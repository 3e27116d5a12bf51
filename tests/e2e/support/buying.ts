/**
 * The buying steps the browser tests share: find tickets to buy through the public API, tap a
 * section on the seating map, create an account with a mailed code, place an order and pay in
 * the sandbox.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { mailedCode } from "./outbox";
import { expect, inLanguage, type Language } from "./fixtures";
import { networkOfItsOwn } from "./network";

export const PASSWORD = "Encore#2026";

export interface TicketsToBuy {
  tourId: number;
  sessionId: number;
  sectionCode: string;
  listingId: number;
}

/**
 * An on-sale E_TICKET listing (no address needed) with tickets to spare for `quantity`, from a
 * tour's first on-sale session that has one; among `tourIds` when given, else the listed tours.
 */
export async function eTicketListing(request: APIRequestContext, { tourIds, quantity = 2 }: { tourIds?: number[]; quantity?: number } = {}): Promise<TicketsToBuy> {
  const ids = tourIds ?? ((await (await request.get("/pub/tour/v1/list?pageSize=20")).json()).data.list as { id: number }[]).map((tour) => tour.id);
  for (const tourId of [...ids].sort(() => Math.random() - 0.5)) {
    const detail = (await (await request.get(`/pub/tour/v1/detail?id=${tourId}`)).json()).data;
    for (const group of detail.upcoming as { sessions: { sessionId: number; status: string }[] }[]) {
      for (const session of group.sessions.filter((s) => s.status === "ONSALE")) {
        const answer = (await (await request.get(`/pub/tour/v1/session/listings?sessionId=${session.sessionId}&delivery=E_TICKET&quantity=${quantity}`)).json()).data;
        const roomy = ((answer?.listings ?? []) as { listingId: number; ticketsLeft: number; section: { code: string } }[]).filter((l) => l.ticketsLeft >= quantity * 3);
        if (roomy.length > 0) {
          const listing = roomy[Math.floor(Math.random() * roomy.length)];
          return { tourId, sessionId: session.sessionId, sectionCode: listing.section.code, listingId: listing.listingId };
        }
      }
    }
  }
  throw new Error(`no on-sale E_TICKET listing with ${quantity * 3} tickets left`);
}

/** Tap a section of the seating map where a finger would: on its label, inside its outline. */
export async function tapSection(section: Locator) {
  // Measure the finished page: without JavaScript the map may still be arriving.
  await section.page().waitForLoadState("load");
  await section.scrollIntoViewIfNeeded();
  const outline = (await section.boundingBox())!;
  const label = (await section.locator("text").boundingBox())!;
  await section.click({ position: { x: label.x + label.width / 2 - outline.x, y: label.y + label.height / 2 - outline.y } });
}

/** On the register page: a fresh email, its mailed code and a password, then Create account. */
export async function createAccount(page: Page, language: Language): Promise<string> {
  const email = `e2e-buy-${crypto.randomUUID()}@example.com`;
  // A new customer on their own phone, on a network of their own.
  await page.setExtraHTTPHeaders(networkOfItsOwn());
  await page.getByLabel(inLanguage(language, "Email", "電郵"), { exact: true }).fill(email);
  await page.getByRole("button", { name: inLanguage(language, "Send code", "發送驗證碼"), exact: true }).click();
  const codeField = page.getByLabel(inLanguage(language, "Verification code", "驗證碼"), { exact: true });
  // The code field appears once the code is sent, so the outbox has it by then.
  await expect(codeField).toBeVisible();
  await codeField.fill(await mailedCode(page.request, email));
  await page.getByLabel(inLanguage(language, "Display name", "顯示名稱"), { exact: true }).fill("Mei");
  await page.getByLabel(inLanguage(language, "Password", "密碼"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: inLanguage(language, "Create account", "建立帳戶"), exact: true }).click();
  return email;
}

/**
 * Place order: the email starts as the account's; an account's first order has no mobile number
 * yet, so the form first asks for it, then places the order with it. Later orders start with
 * the last order's number.
 */
export async function placeOrder(page: Page, language: Language, email: string) {
  const submit = page.getByRole("button", { name: inLanguage(language, "Place order", "提交訂單"), exact: true });
  const mobile = page.getByLabel(inLanguage(language, "Mobile number", "手機號碼"), { exact: true });
  await expect(page.getByLabel(inLanguage(language, "Email", "電郵"), { exact: true })).toHaveValue(email);
  if ((await mobile.inputValue()) === "") {
    await submit.click();
    await expect(page.getByText(inLanguage(language, "Please provide your mobile number for urgent contact by the seller.", "請提供你的手機號碼，以便賣家緊急聯絡。")).first()).toBeVisible();
    await mobile.fill("91234567");
  } else {
    await expect(mobile).toHaveValue("91234567");
  }
  await submit.click();
  await expect(page).toHaveURL(/sheet=pay/);
  await expect(page.getByTestId("pay-sheet")).toBeVisible();
}

/** Pay in the pay sheet, then Approve or Decline on the sandbox provider's page. */
export async function payInSandbox(page: Page, language: Language, intent: "Approve" | "Decline") {
  await page.getByTestId("pay-sheet").getByRole("button", { name: new RegExp(`^${inLanguage(language, "Pay", "付款")} `) }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\?/);
  await page.getByRole("button", { name: intent, exact: true }).click();
  await expect(page).toHaveURL(/\/pay-success\?orderId=\d+&orderType=ticket&channelId=/);
}
