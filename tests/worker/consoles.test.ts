/**
 * The provider and support consoles through the web door: who may open them (everyone else
 * gets the page an unknown path gets), where a guest is sent, what Me offers each account, and
 * that a provider sees only their own listings' orders.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { SESSION_COOKIE } from "../../functions/web/session";
import zhConsole from "../../functions/market/translations/locales/zh-HK/console.json";
import { page } from "./support/api";
import { paidOrder } from "./support/after-sales";
import { makeBuyer, seedCurrencies, testDb } from "./support/buying";

/** A one-page PDF: the domain refuses anything that does not start like one. */
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

/** Every console screen, with ids that exist or not: without the role none of them is there. */
const CONSOLE_PATHS = ["/provider", "/provider?state=awaiting_upload", "/provider/orders/1", "/support", "/support?query=OV", "/support/orders/1", "/support/cases", "/support/cases/1"];

async function cookieFor(userId: number, language = "en-US"): Promise<string> {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return `${SESSION_COOKIE}=${session.token}; language=${language}`;
}

async function staff(role: "seller" | "support", sellerId: number | null = null) {
  const userId = await makeBuyer();
  await testDb.insert(schema.accountRoles).values({ userId, role, sellerId, createdAt: Date.now() });
  return { userId, cookie: await cookieFor(userId) };
}

function visit(path: string, cookie = "", form?: Record<string, string>) {
  const headers = new Headers({ cookie });
  if (!form) return page(path, { headers });
  headers.set("content-type", "application/x-www-form-urlencoded");
  return page(path, { method: "POST", headers, body: new URLSearchParams(form).toString() });
}

/** The not-found view's heading, the one thing an unknown path shows. */
function headingOf(html: string): string | undefined {
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

/** The seller whose listing an order is for. */
async function sellerOf(orderId: number): Promise<number> {
  const [row] = await testDb
    .select({ sellerId: schema.listings.sellerId })
    .from(schema.orders)
    .innerJoin(schema.listings, eq(schema.listings.id, schema.orders.listingId))
    .where(eq(schema.orders.id, orderId));
  return row.sellerId;
}

// Pages read the currencies once per isolate: they must be there before the first page.
beforeAll(seedCurrencies);

describe("who may open a console", () => {
  test("a guest opening any console path is sent to sign in and brought back to it", async () => {
    for (const path of CONSOLE_PATHS) {
      const response = await visit(path);
      expect(response.status, path).toBe(302);
      const to = new URL(response.headers.get("location")!, "https://ovation.test");
      expect(to.pathname, path).toBe("/login");
      expect(to.searchParams.get("redirectTo"), path).toBe(path);
    }
  });

  test("a buyer gets the same not-found page as an unknown path on every console path", async () => {
    const cookie = await cookieFor(await makeBuyer());
    const unknown = await visit("/no-such-page", cookie);
    expect(unknown.status).toBe(404);
    const notFound = headingOf(await unknown.text());
    expect(notFound).toBeTruthy();
    for (const path of CONSOLE_PATHS) {
      const response = await visit(path, cookie);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(headingOf(html), path).toBe(notFound);
      expect(html, path).not.toContain("Provider console");
      expect(html, path).not.toContain("Support console");
    }
  });

  test("a buyer's form posts to a console are not found and change nothing", async () => {
    const { order } = await paidOrder();
    const cookie = await cookieFor(await makeBuyer());
    const marked = await visit(`/provider/orders/${order.id}`, cookie, { intent: "ship", carrier: "SF Express", trackingNo: "SF123" });
    expect(marked.status).toBe(404);
    const voided = await visit(`/support/orders/${order.id}`, cookie, { action: "void_and_refund", reason: "test" });
    expect(voided.status).toBe(404);
    const [delivery] = await testDb.select({ state: schema.deliveries.state }).from(schema.deliveries).where(eq(schema.deliveries.orderId, order.id));
    expect(delivery?.state).not.toBe("voided");
    expect(delivery?.state).not.toBe("shipped");
  });

  test("a provider cannot open the support console, nor support the provider console", async () => {
    const provider = await staff("seller", (await testDb.insert(schema.sellers).values({ nickname: "Lantern Box", phone: "+852 6000 0000", createdAt: Date.now() }).returning())[0].id);
    const support = await staff("support");
    for (const path of CONSOLE_PATHS.filter((p) => p.startsWith("/support"))) expect((await visit(path, provider.cookie)).status, path).toBe(404);
    for (const path of CONSOLE_PATHS.filter((p) => p.startsWith("/provider"))) expect((await visit(path, support.cookie)).status, path).toBe(404);
  });

  test("a seller role without a seller to act for opens nothing", async () => {
    const { cookie } = await staff("seller", null);
    expect((await visit("/provider", cookie)).status).toBe(404);
  });
});

describe("Me", () => {
  test("offers each console only to accounts with its role", async () => {
    const buyer = await (await visit("/mine", await cookieFor(await makeBuyer()))).text();
    expect(buyer).not.toContain('href="/provider"');
    expect(buyer).not.toContain('href="/support"');

    const seller = (await testDb.insert(schema.sellers).values({ nickname: "Peak Passes", phone: "+852 6000 0001", createdAt: Date.now() }).returning())[0];
    const provider = await (await visit("/mine", (await staff("seller", seller.id)).cookie)).text();
    expect(provider).toContain('href="/provider"');
    expect(provider).toContain("Provider console");
    expect(provider).not.toContain('href="/support"');

    const support = await (await visit("/mine", (await staff("support")).cookie)).text();
    expect(support).toContain('href="/support"');
    expect(support).toContain("Support console");
    expect(support).not.toContain('href="/provider"');
  });

  test("names the consoles in the viewer's language", async () => {
    const { userId } = await staff("support");
    const html = await (await visit("/mine", await cookieFor(userId, "zh-HK"))).text();
    expect(html).toContain("客戶服務後台");
  });
});

describe("the provider console", () => {
  test("lists only the provider's own orders, and another seller's order is not found", async () => {
    const mine = await paidOrder();
    const theirs = await paidOrder();
    const provider = await staff("seller", await sellerOf(mine.order.id));

    const list = await visit("/provider", provider.cookie);
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(mine.order.orderNo);
    expect(html).not.toContain(theirs.order.orderNo);

    const own = await visit(`/provider/orders/${mine.order.id}`, provider.cookie);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain(mine.order.orderNo);

    const other = await visit(`/provider/orders/${theirs.order.id}`, provider.cookie);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain(theirs.order.orderNo);
  });

  test("refuses a step another seller's order would take, and leaves that order as it was", async () => {
    const mine = await paidOrder();
    const theirs = await paidOrder();
    const provider = await staff("seller", await sellerOf(mine.order.id));
    const response = await visit(`/provider/orders/${theirs.order.id}`, provider.cookie, { intent: "deliver" });
    expect(response.status).toBe(404);
    const [delivery] = await testDb.select({ state: schema.deliveries.state }).from(schema.deliveries).where(eq(schema.deliveries.orderId, theirs.order.id));
    expect(delivery.state).toBe("awaiting_upload");
  });

  test("answers a step's missing fields in the viewer's language without taking it", async () => {
    const mine = await paidOrder();
    const provider = await staff("seller", await sellerOf(mine.order.id));
    const response = await visit(`/provider/orders/${mine.order.id}`, provider.cookie.replace("language=en-US", "language=zh-HK"), { intent: "upload" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(zhConsole.errors.fileRequired);
    const files = await testDb.select().from(schema.deliveryFiles).where(eq(schema.deliveryFiles.orderId, mine.order.id));
    expect(files).toEqual([]);
  });
});

describe("uploading e-tickets", () => {
  test("a form sent with no file chosen (an empty file part, as browsers send it) asks for a PDF", async () => {
    const mine = await paidOrder();
    const provider = await staff("seller", await sellerOf(mine.order.id));
    const body = new FormData();
    body.set("intent", "upload");
    body.set("file", new File([], "", { type: "application/octet-stream" }));
    const response = await page(`/provider/orders/${mine.order.id}`, { method: "POST", headers: { cookie: provider.cookie }, body });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose at least one PDF.");
  });

  test("a provider uploads a PDF through the form and then delivers the order", async () => {
    const mine = await paidOrder();
    const provider = await staff("seller", await sellerOf(mine.order.id));
    const body = new FormData();
    body.set("intent", "upload");
    body.set("file", new File([PDF], "seats-11-12.pdf", { type: "application/pdf" }));
    const uploaded = await page(`/provider/orders/${mine.order.id}`, { method: "POST", headers: { cookie: provider.cookie }, body });
    expect(uploaded.status).toBe(302);
    expect(uploaded.headers.get("location")).toBe(`/provider/orders/${mine.order.id}`);
    const files = await testDb.select().from(schema.deliveryFiles).where(eq(schema.deliveryFiles.orderId, mine.order.id));
    expect(files.map((file) => file.fileName)).toEqual(["seats-11-12.pdf"]);

    expect((await visit(`/provider/orders/${mine.order.id}`, provider.cookie, { intent: "deliver" })).status).toBe(302);
    const [delivery] = await testDb.select({ state: schema.deliveries.state }).from(schema.deliveries).where(eq(schema.deliveries.orderId, mine.order.id));
    expect(delivery.state).toBe("delivered");
    expect(await (await visit(`/provider/orders/${mine.order.id}`, provider.cookie)).text()).toContain("seats-11-12.pdf");
  });
});

describe("the support console", () => {
  test("finds an order by its order no. and by the buyer's contact email", async () => {
    const { order, contactEmail } = await paidOrder();
    const { cookie } = await staff("support");
    const byNo = await (await visit(`/support?query=${order.orderNo}`, cookie)).text();
    expect(byNo).toContain(`/support/orders/${order.id}`);
    const byEmail = await (await visit(`/support?query=${encodeURIComponent(contactEmail)}`, cookie)).text();
    expect(byEmail).toContain(`/support/orders/${order.id}`);
  });

  test("support extends the provider's deadline with a reason, which the timeline keeps", async () => {
    const { order } = await paidOrder();
    const { cookie } = await staff("support");
    const [before] = await testDb.select({ dueAt: schema.deliveries.dueAt }).from(schema.deliveries).where(eq(schema.deliveries.orderId, order.id));
    const later = new Date(Math.max(before.dueAt ?? 0, Date.now()) + 2 * 24 * 60 * 60_000);
    // A wall time as the datetime-local field sends it, read in the venue's zone (Hong Kong here).
    const wall = new Date(later.getTime() + 8 * 60 * 60_000).toISOString().slice(0, 16);
    const response = await visit(`/support/orders/${order.id}?confirm=extend-deadline`, cookie, { action: "extend_deadline", reason: "Courier strike", dueAt: wall });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/support/orders/${order.id}`);
    const [after] = await testDb.select({ dueAt: schema.deliveries.dueAt }).from(schema.deliveries).where(eq(schema.deliveries.orderId, order.id));
    expect(after.dueAt).toBe(Math.floor(later.getTime() / 60_000) * 60_000);
    expect(await (await visit(`/support/orders/${order.id}`, cookie)).text()).toContain("Courier strike");
  });

  test("an intervention without a reason is refused and the delivery stays as it was", async () => {
    const { order } = await paidOrder();
    const { cookie } = await staff("support");
    const response = await visit(`/support/orders/${order.id}?confirm=void-and-refund`, cookie, { action: "void_and_refund", reason: "" });
    expect(response.status).toBe(400);
    const [delivery] = await testDb.select({ state: schema.deliveries.state }).from(schema.deliveries).where(eq(schema.deliveries.orderId, order.id));
    expect(delivery.state).not.toBe("voided");
  });
});
