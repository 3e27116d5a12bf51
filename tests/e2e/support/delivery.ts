/**
 * After the purchase, for the browser tests: the listings of the seller the seeded provider
 * account acts for, a new buyer's paid order of one of them, and the provider's delivery steps
 * through the provider API.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { accessTokenOf, expectOk, newBuyer } from "./session";
import { expect, type Language } from "./fixtures";
import { STAFF } from "./staff";

/** A one-page PDF, the kind of file a provider uploads. */
export const PDF_FILE = {
  name: "e-ticket-row-f.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
};

/** The nickname of the seller the provider account acts for (its own nickname). */
async function providerNickname(request: APIRequestContext): Promise<string> {
  const info = await (await request.get("/user/v1/mts/user_info", { headers: { "access-token": await accessTokenOf(request, STAFF.provider) } })).json();
  return info.data.nickName as string;
}

/** An on-sale listing of the provider's seller delivered by `method`, with tickets to spare for two. */
export async function providerListing(request: APIRequestContext, method: "E_TICKET" | "SELF_PICKUP"): Promise<number> {
  const nickname = await providerNickname(request);
  const tours = ((await (await request.get("/pub/tour/v1/list?pageSize=40")).json()).data.list as { id: number }[]).sort(() => Math.random() - 0.5);
  for (const tour of tours) {
    const detail = (await (await request.get(`/pub/tour/v1/detail?id=${tour.id}`)).json()).data;
    for (const group of detail.upcoming as { sessions: { sessionId: number; status: string }[] }[]) {
      for (const session of group.sessions.filter((s) => s.status === "ONSALE")) {
        const answer = (await (await request.get(`/pub/tour/v1/session/listings?sessionId=${session.sessionId}&delivery=${method}&quantity=2`)).json()).data;
        const ours = ((answer?.listings ?? []) as { listingId: number; ticketsLeft: number; provider: { nickname: string } }[]).filter(
          (listing) => listing.provider.nickname === nickname && listing.ticketsLeft >= 6,
        );
        if (ours.length > 0) return ours[Math.floor(Math.random() * ours.length)].listingId;
      }
    }
  }
  throw new Error(`no on-sale ${method} listing of ${nickname} with 6 tickets left`);
}

/**
 * A new buyer, signed up and with an order of two of the listing's tickets placed through the
 * API, pays on `page` in the sandbox and is signed in there; answers the order id. The sign-up,
 * Place order and pay sheet pages on the way are journey.spec.ts's, in both languages, with and
 * without JavaScript.
 */
export async function buyTwo(page: Page, language: Language, listingId: number): Promise<number> {
  const { email, origin, headers } = await newBuyer(page, language);
  const order = await expectOk(
    await page.request.post("/user/order/v1/create", { headers, data: { listingId, quantity: 2, contactEmail: email, contactPhoneCode: "852", contactPhone: "91234567" } }),
  );
  const payment = await expectOk(await page.request.post("/user/order/v1/pay", { headers, data: { orderId: order.data.id as number } }));
  await page.goto(new URL(payment.data.redirectUrl as string, origin).href);
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page).toHaveURL(/\/pay-success\?orderId=\d+&orderType=ticket&channelId=/);
  return Number(new URL(page.url()).searchParams.get("orderId"));
}

/** What the provider API answers: SPEC's envelope. */
export interface Answer {
  statusCode: number;
  message: string;
}

export interface ProviderDesk {
  /** One step on an order through the provider API (`POST /provider/v1/order/{path}`). */
  step(path: string, orderId: number, fields?: Record<string, string>): Promise<Answer>;
  /** Uploads one e-ticket PDF for an order. */
  upload(orderId: number, file: typeof PDF_FILE): Promise<Answer>;
  close(): Promise<void>;
}

/** The provider signed in through the API, as its app would be, in a request context of its own. */
export async function providerDesk(playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } }, baseURL: string): Promise<ProviderDesk> {
  const request = await playwright.request.newContext({ baseURL });
  const headers = { "access-token": await accessTokenOf(request, STAFF.provider) };
  return {
    async step(path, orderId, fields = {}) {
      return (await request.post(`/provider/v1/order/${path}`, { headers, data: { orderId, ...fields } })).json();
    },
    async upload(orderId, file) {
      return (await request.post("/provider/v1/order/e_ticket/upload", { headers, multipart: { orderId: String(orderId), file } })).json();
    },
    close: () => request.dispose(),
  };
}

/** A pickup time a day ahead, as epoch milliseconds (the console also takes a wall time). */
export function pickupTimeAhead(): string {
  return String(Date.now() + 24 * 60 * 60_000);
}
