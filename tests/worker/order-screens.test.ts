/**
 * The buyer's order screens through the web door: My Orders' tabs and pages, an order's
 * details with its price details, the venue map, an order opened from another account, and
 * canceling an unpaid order.
 */
import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { claimCoupon } from "../../functions/market/coupons";
import { createOrder } from "../../functions/market/orders";
import { SESSION_COOKIE } from "../../functions/web/session";
import { expectConsoleError } from "../support/console-guard";
import { api, page } from "./support/api";
import { CONTACT, makeBuyer, makeListing, marketFor, seedCurrencies, testDb } from "./support/buying";
import { makeCoupon } from "./support/coupons";

const DAY = 24 * 60 * 60_000;
/** Pages read the real clock, so the shows are a month from now. */
const realClock = { now: () => Date.now() };

async function signedIn(language = "en-US") {
  const userId = await makeBuyer();
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return { userId, cookie: `${SESSION_COOKIE}=${session.token}; language=${language}`, token: session.token };
}

// Before any page loads the reference data (and keeps it a few minutes), so orders can convert.
beforeAll(seedCurrencies);

const futureListing = (options: Parameters<typeof makeListing>[0] = {}) =>
  makeListing({ startsAt: Date.now() + 30 * DAY, saleEndsAt: Date.now() + 29 * DAY, ...options });

/** An unpaid order placed through the domain, as the confirm page places it. */
async function placeOrder(userId: number, options: { quantity?: number; couponId?: number; channel?: string; currency?: string } = {}) {
  const { listingId } = await futureListing();
  return createOrder(marketFor(userId, realClock, { channel: options.channel ?? "web", currency: options.currency ?? "HKD" }), {
    listingId,
    quantity: options.quantity ?? 2,
    ...CONTACT,
    couponId: options.couponId,
  });
}

/** A fresh HK$50-off coupon, claimed by the buyer. */
async function claimHk50Coupon(userId: number) {
  return claimCoupon(marketFor(userId, realClock), (await makeCoupon({}, Date.now())).code);
}

async function setOrder(orderId: number, values: Partial<typeof schema.orders.$inferInsert>) {
  await testDb.update(schema.orders).set(values).where(eq(schema.orders.id, orderId));
}

async function html(path: string, cookie: string) {
  const response = await page(path, { headers: { cookie } });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

/** The order numbers of the cards on a My Orders page, in order. */
function cardOrderNos(text: string): string[] {
  return [...text.matchAll(/data-testid="order-card" data-order-no="([^"]+)"/g)].map((match) => match[1]!);
}

function postForm(path: string, cookie: string, fields: Record<string, string>) {
  return page(path, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

test("a guest opening My Orders is sent to sign in and brought back", async () => {
  const response = await page("/my-order?tab=closed");
  expect(response.status).toBe(302);
  const to = new URL(response.headers.get("location")!, "https://ovation.test");
  expect(to.pathname).toBe("/login");
  expect(to.searchParams.get("redirectTo")).toBe("/my-order?tab=closed");
});

test("Ongoing lists unpaid and paid orders placed here, Closed the canceled ones, Global site those placed elsewhere", async () => {
  const { userId, cookie } = await signedIn();
  const unpaid = await placeOrder(userId);
  const paid = await placeOrder(userId);
  await setOrder(paid.id, { status: "paid", paidAt: Date.now() });
  const canceled = await placeOrder(userId);
  await setOrder(canceled.id, { status: "canceled", cancelReason: "buyer", canceledAt: Date.now() });
  const inApp = await placeOrder(userId, { channel: "app" });
  const someoneElses = await placeOrder(await makeBuyer());

  const ongoing = await html("/my-order", cookie);
  expect(ongoing.status).toBe(200);
  expect(cardOrderNos(ongoing.text)).toEqual([paid.orderNo, unpaid.orderNo]);
  expect(ongoing.text).toContain("Pending payment");
  expect(ongoing.text).toContain("Pay within");
  expect(ongoing.text).toContain("The provider is preparing your tickets.");
  expect(ongoing.text).not.toContain(someoneElses.orderNo);

  const closed = await html("/my-order?tab=closed", cookie);
  expect(cardOrderNos(closed.text)).toEqual([canceled.orderNo]);
  expect(closed.text).toContain("You canceled this order.");

  const global = await html("/my-order?tab=global", cookie);
  expect(cardOrderNos(global.text)).toEqual([inApp.orderNo]);
  expect(global.text).toContain("Placed via Ovation app");
});

test("each card shows the show, the venue, the tickets and the total in the display currency", async () => {
  const { userId, cookie } = await signedIn("zh-HK");
  const order = await placeOrder(userId, { quantity: 3 });
  const { text } = await html("/my-order", cookie);
  expect(text).toContain(order.event.title.replace("Night Tour", "夜之巡演"));
  expect(text).toContain("海港體育館");
  expect(text).toContain("A區 · 第 F 行 · 3 張門票");
  expect(text).toContain("待付款");
  expect(text).toMatch(/HK\$3,\d{3}/);
  expect(text).toContain(`/order-detail?id=${order.id}&amp;sheet=pay`);
});

test("My Orders pages ten at a time, with plain links to the next and previous pages", async () => {
  const { userId, cookie } = await signedIn();
  const placed = [];
  for (let i = 0; i < 12; i++) {
    const order = await placeOrder(userId);
    // Paid, so the two-unpaid-orders rule does not stop the next; a minute apart, newest last.
    await setOrder(order.id, { status: "paid", paidAt: Date.now(), createdAt: Date.now() - (12 - i) * 60_000 });
    placed.push(order.orderNo);
  }
  const newestFirst = [...placed].reverse();

  const first = await html("/my-order?tab=ongoing", cookie);
  expect(cardOrderNos(first.text)).toEqual(newestFirst.slice(0, 10));
  expect(first.text).toContain('href="/my-order?tab=ongoing&amp;page=2"');
  expect(first.text).not.toContain("Previous page");

  const second = await html("/my-order?tab=ongoing&page=2", cookie);
  expect(cardOrderNos(second.text)).toEqual(newestFirst.slice(10));
  expect(second.text).toContain("Previous page");
  expect(second.text).not.toContain("page=3");
  expect(second.text).toContain("That&#x27;s all your orders here.");
});

test("each tab has its own empty state", async () => {
  const { cookie } = await signedIn();
  expect((await html("/my-order", cookie)).text).toContain("No ongoing orders");
  expect((await html("/my-order?tab=closed", cookie)).text).toContain("No closed orders");
  expect((await html("/my-order?tab=global", cookie)).text).toContain("No orders from the global site");
  // A tab or page that is not one is the first page of Ongoing, not an error.
  const odd = await html("/my-order?tab=archive&page=zero", cookie);
  expect(odd.status).toBe(200);
  expect(odd.text).toContain("No ongoing orders");
});

test("the order details show the labels of SPEC §3, with the coupon's discount as its own line", async () => {
  const { userId, cookie } = await signedIn();
  const claimed = await claimHk50Coupon(userId);
  const order = await placeOrder(userId, { couponId: claimed.id });
  expect(order.displayPrice.couponDiscount).toBe(5_000);

  const { status, text } = await html(`/order-detail?id=${order.id}`, cookie);
  expect(status).toBe(200);
  expect(text).toContain(order.orderNo);
  expect(text).toContain("E-ticket");
  expect(text).toContain(CONTACT.contactEmail);
  expect(text).toContain("+852 91234567");
  expect(text).toContain("Ticket Fox");
  expect(text).toContain("Ticket price");
  expect(text).toContain("Service fee");
  expect(text).toContain("Payment gateway fee");
  expect(text).toMatch(/Coupon discount<\/dt><dd>−HK\$50<\/dd>/);
  // Charged and shown in the same currency: no rate to tell.
  expect(text).not.toContain('data-testid="exchange-rate"');
  expect(text).toContain("Pending payment");
  expect(text).toContain("Cancel order");
  expect(text).toContain(`/map?id=${order.id}`);
});

test("an order shown in another currency than it is charged in gives both currencies and the rate recorded when it was placed", async () => {
  const { userId, cookie } = await signedIn();
  const order = await placeOrder(userId, { currency: "USD" });
  expect(order.price.currency).toBe("HKD");
  const { text } = await html(`/order-detail?id=${order.id}`, cookie);
  expect(text).toContain('data-testid="exchange-rate">1 HKD = 0.128205 USD<');
  expect(text).toMatch(/data-testid="order-total">US\$\d+\.\d{2}</);
  expect(text).toMatch(/Charged in HKD: HK\$2,\d{3}/);
});

test("the confirm page's price details show the chosen coupon's discount as its own line", async () => {
  const { userId, cookie } = await signedIn();
  const claimed = await claimHk50Coupon(userId);
  const { listingId } = await futureListing();
  const withCoupon = await html(`/confirm-order?listingId=${listingId}&quantity=2&couponId=${claimed.id}`, cookie);
  expect(withCoupon.text).toMatch(/Coupon discount<\/dt><dd data-testid="coupon-discount">−HK\$50<\/dd>/);
  const without = await html(`/confirm-order?listingId=${listingId}&quantity=2`, cookie);
  expect(without.text).not.toContain('data-testid="coupon-discount"');
});

test("an order opened from another account says to sign in again with that account and shows nothing of it", async () => {
  const owner = await signedIn();
  const order = await placeOrder(owner.userId);
  const other = await signedIn();

  const detail = await html(`/order-detail?id=${order.id}`, other.cookie);
  expect(detail.status).toBe(403);
  expect(detail.text).toContain("This order was placed with another account. Please sign in again with the account that placed it.");
  expect(detail.text).toContain('action="/logout"');
  expect(detail.text).toContain(`value="/order-detail?id=${order.id}"`);
  for (const secret of [order.orderNo, order.event.title, order.event.venueName, CONTACT.contactEmail, "Ticket Fox"]) expect(detail.text).not.toContain(secret);

  const map = await html(`/map?id=${order.id}`, other.cookie);
  expect(map.status).toBe(403);
  expect(map.text).not.toContain(order.event.venueName);

  // The JSON API still answers another account's order as not found, never whose it is.
  const answer = await api(`/user/order/v1/detail?orderId=${order.id}`, { headers: { "access-token": other.token } });
  expect(answer.body.statusCode).toBe(404);
  expect(JSON.stringify(answer.body)).not.toContain(order.orderNo);

  // An order that does not exist is simply not found.
  expect((await html(`/order-detail?id=${order.id + 1_000_000}`, other.cookie)).status).toBe(404);
});

test("canceling an unpaid order from its details releases it and the page says it is canceled", async () => {
  const { userId, cookie } = await signedIn();
  const order = await placeOrder(userId);
  const response = await postForm(`/order-detail?id=${order.id}`, cookie, { intent: "cancel", confirm: "cancel-order" });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(`/order-detail?id=${order.id}`);
  const [row] = await testDb.select().from(schema.orders).where(eq(schema.orders.id, order.id));
  expect(row.status).toBe("canceled");
  expect(row.cancelReason).toBe("buyer");

  const after = await html(`/order-detail?id=${order.id}`, cookie);
  expect(after.text).toContain("You canceled this order.");
  expect(after.text).toContain("Buy again");
  expect(after.text).not.toContain("Cancel order");
});

test("another account cannot cancel an order from its details", async () => {
  const owner = await signedIn();
  const order = await placeOrder(owner.userId);
  const other = await signedIn();
  const response = await postForm(`/order-detail?id=${order.id}`, other.cookie, { intent: "cancel" });
  expect(response.status).toBe(404);
  const [row] = await testDb.select().from(schema.orders).where(eq(schema.orders.id, order.id));
  expect(row.status).toBe("pending_payment");
});

test("a cancel that fails unexpectedly says 'An unknown error occurred, please try again later'", async () => {
  const { userId, cookie } = await signedIn("en-US");
  const order = await placeOrder(userId);
  // The store refuses any change to this one order, as a failing database would.
  await env.DB.prepare(`CREATE TRIGGER refuse_order_${order.id} BEFORE UPDATE ON orders WHEN OLD.id = ${order.id} BEGIN SELECT RAISE(ABORT, 'storage unavailable'); END`).run();
  expectConsoleError();
  try {
    const response = await postForm(`/order-detail?id=${order.id}`, cookie, { intent: "cancel" });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("An unknown error occurred, please try again later");
  } finally {
    await env.DB.prepare(`DROP TRIGGER refuse_order_${order.id}`).run();
  }
  const [row] = await testDb.select().from(schema.orders).where(eq(schema.orders.id, order.id));
  expect(row.status).toBe("pending_payment");
});

test("a paid order cannot be canceled: the page says to apply for after-sales", async () => {
  const { userId, cookie } = await signedIn();
  const order = await placeOrder(userId);
  await setOrder(order.id, { status: "paid", paidAt: Date.now() });
  const response = await postForm(`/order-detail?id=${order.id}`, cookie, { intent: "cancel" });
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("This order has been paid and can&#x27;t be canceled.");
});

test("paying from the order details starts the payment and goes on to the provider's page", async () => {
  const { userId, cookie } = await signedIn();
  const order = await placeOrder(userId);
  // A dev host, where the sandbox provider takes payments.
  const response = await SELF.fetch(`http://localhost/order-detail?id=${order.id}&sheet=pay`, {
    method: "POST",
    headers: { host: "localhost", origin: "http://localhost", cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "pay", orderId: String(order.id), payMethod: "apple" }).toString(),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  expect(new URL(response.headers.get("location")!, "http://localhost").pathname).toBe("/sandbox-pay");
  expect(response.headers.get("set-cookie")).toContain("ovation_payMethod=apple");
});

test("the venue map shows the venue, the order's section and links to open it in a maps app", async () => {
  const { userId, cookie } = await signedIn();
  const order = await placeOrder(userId);
  const { status, text } = await html(`/map?id=${order.id}`, cookie);
  expect(status).toBe(200);
  expect(text).toContain("Harbour Arena");
  expect(text).toContain("1 Arena Road");
  expect(text).toContain("Your section: Section A");
  expect(text).toContain("22.3000° N, 114.1700° E");
  expect(text).toContain("https://www.google.com/maps/search/?api=1&amp;query=Harbour+Arena%2C+1+Arena+Road");
  expect(text).toContain("https://maps.apple.com/?q=Harbour+Arena&amp;address=1+Arena+Road&amp;ll=22.3%2C114.17");
});
