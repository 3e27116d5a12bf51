import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { createOrder } from "../../functions/market/orders";
import { ADDRESS, clockAt, CONTACT, makeBuyer, makeListing, marketFor, testDb } from "./support/buying";

/** A dev host; pages read the real clock, so the orders here are placed on it too. */
const ORIGIN = "http://localhost";
const MONTH = 30 * 24 * 60 * 60_000;

function visit(path: string, cookie = "", form?: Record<string, string>) {
  const headers = new Headers({ host: "localhost", cookie });
  if (form) headers.set("origin", ORIGIN);
  return SELF.fetch(`${ORIGIN}${path}`, { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form) : undefined, redirect: "manual" });
}

async function signedIn(userId: number, language = "en-US") {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return `${SESSION_COOKIE_NAME}=${session.token}; language=${language}`;
}
const SESSION_COOKIE_NAME = (await import("../../functions/web/session")).SESSION_COOKIE;

/** Area codes the form offers (reference data is read once per file, so before any page). */
beforeAll(async () => {
  const place = (code: string, phoneCode: string, nameEn: string, sort: number) => ({ code, kind: "region" as const, nameEn, nameZh: nameEn, phoneCode, currencyCode: "HKD", languageCode: "en-US", timeZone: "Asia/Hong_Kong", sort });
  await testDb.insert(schema.locations).values([place("HK", "852", "Hong Kong", 1), place("MO", "853", "Macau", 2), place("CN", "86", "Chinese Mainland", 3)]).onConflictDoNothing();
});

const future = () => ({ startsAt: Date.now() + MONTH, saleEndsAt: Date.now() + MONTH - 60_000 });

async function emailOf(userId: number) {
  const [user] = await testDb.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, userId));
  return user.email!;
}

test("tickets sold while confirming are said at the top with the next listings of the session, and Place order is gone", async () => {
  const { listingId, sessionId } = await makeListing({ ...future(), quantity: 2, priceMinor: 100_000 });
  const { listingId: near } = await makeListing({ sessionId, quantity: 4, priceMinor: 110_000 });
  const { listingId: far } = await makeListing({ sessionId, quantity: 4, priceMinor: 900_000 });
  const buyerId = await makeBuyer();
  const cookie = await signedIn(buyerId);
  const page = `/confirm-order?listingId=${listingId}&quantity=2`;
  expect(await (await visit(page, cookie)).text()).toContain('value="place-order"');

  // Someone else takes both tickets while this buyer types.
  const rival = marketFor(await makeBuyer(), clockAt(Date.now()));
  await createOrder(rival, { ...CONTACT, listingId, quantity: 2 });

  const placed = await visit(page, cookie, { intent: "place-order", ...CONTACT });
  expect(placed.status).toBe(302);
  expect(placed.headers.get("location")).toBe(page);
  expect(placed.headers.get("set-cookie")).toContain("toast=");

  const html = await (await visit(page, cookie)).text();
  expect(html).toContain('data-testid="sold-out"');
  expect(html).toContain("Oops! The ticket has been sold.");
  expect(html).not.toContain('value="place-order"');
  const offered = [...html.matchAll(/data-testid="alternative" href="\/confirm-order\?listingId=(\d+)&amp;quantity=2"/g)].map((match) => Number(match[1]));
  expect(offered).toEqual([near, far]);
  // The message comes before the event, where the buyer looks first.
  expect(html.indexOf('data-testid="sold-out"')).toBeLessThan(html.indexOf('data-testid="event-title"'));
});

test("a buyer whose own unpaid order holds the last tickets is not told they sold", async () => {
  const { listingId } = await makeListing({ ...future(), quantity: 2 });
  const buyerId = await makeBuyer();
  const order = await createOrder(marketFor(buyerId, clockAt(Date.now())), { ...CONTACT, listingId, quantity: 2 });
  const html = await (await visit(`/confirm-order?listingId=${listingId}&quantity=2&orderId=${order.id}&sheet=pay`, await signedIn(buyerId))).text();
  expect(html).not.toContain('data-testid="sold-out"');
  expect(html).toContain('data-testid="pay-sheet"');
});

test("a signed-in buyer's contact starts with the account's email and the last order's mobile number", async () => {
  const { listingId } = await makeListing({ ...future(), quantity: 10 });
  const buyerId = await makeBuyer();
  const earlier = await makeListing({ ...future(), quantity: 10 });
  await createOrder(marketFor(buyerId, clockAt(Date.now())), { listingId: earlier.listingId, quantity: 2, contactEmail: "old@example.com", contactPhoneCode: "86", contactPhone: "13800138000" });
  const html = await (await visit(`/confirm-order?listingId=${listingId}&quantity=2`, await signedIn(buyerId))).text();
  expect(html).toContain(`value="${await emailOf(buyerId)}"`);
  expect(html).toContain('value="13800138000"');
  expect(html).toMatch(/<option value="86" selected="">/);
});

test("without an earlier order the mobile number comes from the default address", async () => {
  const { listingId } = await makeListing({ ...future(), quantity: 10 });
  const buyerId = await makeBuyer();
  const now = Date.now();
  await testDb.insert(schema.addresses).values([
    { ...ADDRESS, userId: buyerId, phoneCode: "853", phone: "66123456", isDefault: true, createdAt: now, updatedAt: now },
    { ...ADDRESS, userId: buyerId, phoneCode: "852", phone: "98765432", isDefault: false, createdAt: now, updatedAt: now + 1 },
  ]);
  const html = await (await visit(`/confirm-order?listingId=${listingId}&quantity=2`, await signedIn(buyerId))).text();
  expect(html).toContain(`value="${await emailOf(buyerId)}"`);
  expect(html).toContain('value="66123456"');
  expect(html).toMatch(/<option value="853" selected="">/);
});
