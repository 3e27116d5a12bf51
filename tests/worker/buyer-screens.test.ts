/**
 * The screens a buyer reaches instead of a record (not found, another account's order), pay
 * success once paid, and registration's display name: through the web door, as a browser
 * without JavaScript sees them.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { createOrder } from "../../functions/market/orders";
import { SESSION_COOKIE } from "../../functions/web/session";
import { page } from "./support/api";
import { cookiesFrom, latestCode, newEmail, postForm, STRONG_PASSWORD } from "./support/accounts";
import { clockAt, CONTACT, makeBuyer, makeListing, marketFor, paySandbox, seedCurrencies, testDb } from "./support/buying";

const MONTH = 30 * 24 * 60 * 60_000;

// Reference data is read once per file: the currencies are there before the first page.
beforeAll(seedCurrencies);

async function signedIn(userId: number, language = "en-US") {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return `${SESSION_COOKIE}=${session.token}; language=${language}`;
}

async function html(path: string, cookie = "") {
  const response = await page(path, { headers: { cookie } });
  return { status: response.status, text: await response.text() };
}

/** Back with its label, a title, and the tab bar. */
function expectWayOn(text: string, title: string) {
  expect(text).toMatch(/<a [^>]*aria-label="(Back|返回)"/);
  expect(text).toContain(`>${title}</h1>`);
  expect(text).toMatch(/<nav [^>]*aria-label="(Main|主選單)"/);
}

test("an address no screen claims is the one not-found screen: a title, Back, the tab bar, in the viewer's language", async () => {
  const en = await html("/no-such-screen");
  expect(en.status).toBe(404);
  expect(en.text).toContain('data-testid="not-found"');
  expectWayOn(en.text, "Page not found");
  const zh = await html("/no-such-screen", "language=zh-HK");
  expectWayOn(zh.text, "找不到頁面");
});

test("a missing order on a screen outside the tabs is the same not-found screen", async () => {
  const cookie = await signedIn(await makeBuyer());
  const missing = await html("/order-detail?id=987654321", cookie);
  expect(missing.status).toBe(404);
  expect(missing.text).toContain('data-testid="not-found"');
  expectWayOn(missing.text, "Page not found");
});

test("another account's order is the one other-account screen on order detail, the map and pay success", async () => {
  const { listingId } = await makeListing({ startsAt: Date.now() + MONTH, saleEndsAt: Date.now() + MONTH - 60_000 });
  const order = await createOrder(marketFor(await makeBuyer(), clockAt(Date.now())), { ...CONTACT, listingId, quantity: 2 });
  const stranger = await signedIn(await makeBuyer());
  for (const path of [`/order-detail?id=${order.id}`, `/map?id=${order.id}`, `/pay-success?orderId=${order.id}&orderType=ticket&channelId=web`]) {
    const screen = await html(path, stranger);
    expect(screen.status).toBe(403);
    expect(screen.text).toContain('data-testid="order-of-another-account"');
    expectWayOn(screen.text, "Another account&#x27;s order");
    expect(screen.text).toContain("Sign out and sign in again");
    expect(screen.text).not.toContain(order.orderNo);
  }
});

test("pay success says 'Payment successful' once and offers to save the share poster", async () => {
  const clock = clockAt(Date.now());
  const buyerId = await makeBuyer();
  const buyer = marketFor(buyerId, clock);
  const { listingId } = await makeListing({ startsAt: Date.now() + MONTH, saleEndsAt: Date.now() + MONTH - 60_000 });
  const order = await createOrder(buyer, { ...CONTACT, listingId, quantity: 2 });
  await paySandbox(buyer, clock, order);
  const success = await html(`/pay-success?orderId=${order.id}&orderType=ticket&channelId=web`, await signedIn(buyerId));
  expect(success.status).toBe(200);
  const body = success.text.slice(success.text.indexOf("<body"));
  expect(body.split("Payment successful").length - 1).toBe(1);
  expect(body).toContain(`href="/media/share/${order.id}.svg" download="ovation-${order.orderNo}.svg"`);
  expect(body).toContain(">Save</a>");
});

test("registering on the web asks for a display name, and the account is called by it", async () => {
  const email = newEmail();
  const step = await postForm("/register", { intent: "send", email });
  const cookie = cookiesFrom(step);
  const code = await latestCode(email);
  const form = await html("/register", cookie);
  expect(form.text).toContain("Display name");

  const nameless = await postForm("/register", { intent: "register", email, code, password: STRONG_PASSWORD }, cookie);
  expect(nameless.status).toBe(400);
  expect(await nameless.text()).toContain("Enter the name to show on your profile");

  const registered = await postForm("/register", { intent: "register", email, code, password: STRONG_PASSWORD, nickName: "Mei" }, cookie);
  expect(registered.status).toBe(302);
  const [user] = await testDb.select({ nickName: schema.users.nickName }).from(schema.users).where(eq(schema.users.email, email));
  expect(user.nickName).toBe("Mei");
});
