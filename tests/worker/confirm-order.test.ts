import { env, SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { SESSION_COOKIE } from "../../functions/web/session";
import { CONTACT, makeBuyer, makeListing } from "./support/buying";

/** A dev host, where the sandbox takes payments; pages read the real clock. */
const ORIGIN = "http://localhost";
const MONTH = 30 * 24 * 60 * 60_000;

/** A phone's browser (SPEC §4's H5), where the download-the-app prompts belong. */
const PHONE_BROWSER = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

function visit(path: string, cookie = "", init: { form?: Record<string, string> } = {}) {
  const headers = new Headers({ host: "localhost", cookie, "user-agent": PHONE_BROWSER });
  if (init.form) headers.set("origin", ORIGIN);
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: init.form ? "POST" : "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
    redirect: "manual",
  });
}

async function signedIn(language = "en-US") {
  const userId = await makeBuyer();
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return `${SESSION_COOKIE}=${session.token}; language=${language}`;
}

const futureListing = (options: Parameters<typeof makeListing>[0] = {}) => makeListing({ startsAt: Date.now() + MONTH, saleEndsAt: Date.now() + MONTH - 60_000, ...options });

const CONTACT_FORM = { intent: "place-order", ...CONTACT };

function confirmPath(listingId: number, quantity = 2) {
  return `/confirm-order?listingId=${listingId}&quantity=${quantity}`;
}

/** Places an order through the page and answers its id. */
async function placeOrder(cookie: string, listingId: number, quantity = 2) {
  const response = await visit(confirmPath(listingId, quantity), cookie, { form: CONTACT_FORM });
  expect(response.status).toBe(302);
  const to = new URL(response.headers.get("location")!, ORIGIN);
  expect(to.searchParams.get("sheet")).toBe("pay");
  return Number(to.searchParams.get("orderId"));
}

/** Starts paying an order and answers the sandbox page it sends the buyer to. */
async function startPaying(cookie: string, listingId: number, orderId: number) {
  const response = await visit(`${confirmPath(listingId)}&orderId=${orderId}&sheet=pay`, cookie, { form: { intent: "pay", orderId: String(orderId), payMethod: "apple" } });
  expect(response.status).toBe(302);
  expect(response.headers.get("set-cookie")).toContain("ovation_payMethod=apple");
  const to = new URL(response.headers.get("location")!, ORIGIN);
  expect(to.pathname).toBe("/sandbox-pay");
  return `${to.pathname}${to.search}`;
}

async function finishInSandbox(sandboxPath: string, intent: "approve" | "decline") {
  const response = await visit(sandboxPath, "", { form: { intent } });
  expect(response.status).toBe(302);
  const to = new URL(response.headers.get("location")!, ORIGIN);
  expect(to.pathname).toBe("/pay-success");
  return `${to.pathname}${to.search}`;
}

test("a guest opening the confirm page is sent to sign in and brought back with the query", async () => {
  const { listingId } = await futureListing();
  const response = await visit(confirmPath(listingId));
  expect(response.status).toBe(302);
  const to = new URL(response.headers.get("location")!, ORIGIN);
  expect(to.pathname).toBe("/login");
  expect(to.searchParams.get("redirectTo")).toBe(confirmPath(listingId));
});

test("the confirm page shows the tickets, delivery method and all-in total", async () => {
  const cookie = await signedIn();
  const { listingId } = await futureListing({ priceMinor: 100_000, deliveryMethod: "E_TICKET" });
  const response = await visit(confirmPath(listingId), cookie);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("Confirm order");
  expect(html).toContain("E-ticket");
  expect(html).toContain("Service fee");
  // Two tickets at HK$1,000, each with a HK$100 service fee and a HK$27.50 gateway fee.
  expect(html).toContain('data-testid="total">HK$2,255<');
});

test("an unknown listing is not found", async () => {
  const cookie = await signedIn();
  expect((await visit(confirmPath(999_999_999), cookie)).status).toBe(404);
});

test("an order without email or mobile number is refused with the spec's messages in English", async () => {
  const cookie = await signedIn();
  const { listingId } = await futureListing();
  const response = await visit(confirmPath(listingId), cookie, { form: { intent: "place-order", contactEmail: "", contactPhoneCode: "852", contactPhone: "" } });
  expect(response.status).toBe(400);
  const html = await response.text();
  expect(html).toContain("Enter your email");
  expect(html).toContain("Please provide your mobile number for urgent contact by the seller.");
});

test("an invalid email and phone number are refused with the spec's messages in English", async () => {
  const cookie = await signedIn();
  const { listingId } = await futureListing();
  const response = await visit(confirmPath(listingId), cookie, { form: { intent: "place-order", contactEmail: "not-an-email", contactPhoneCode: "852", contactPhone: "12ab" } });
  expect(response.status).toBe(400);
  const html = await response.text();
  expect(html).toContain("Please enter a valid email address");
  expect(html).toContain("Invalid phone number, please correct");
});

test("the contact messages are shown in Traditional Chinese to a zh-HK viewer", async () => {
  const cookie = await signedIn("zh-HK");
  const { listingId } = await futureListing();
  const empty = await (await visit(confirmPath(listingId), cookie, { form: { intent: "place-order", contactEmail: "", contactPhoneCode: "852", contactPhone: "" } })).text();
  const zhEmpty = await import("../../functions/market/translations/locales/zh-HK/errors.json");
  expect(empty).toContain(zhEmpty.order.emailRequired);
  expect(empty).toContain(zhEmpty.order.phoneRequired);
  const invalid = await (await visit(confirmPath(listingId), cookie, { form: { intent: "place-order", contactEmail: "x@", contactPhoneCode: "852", contactPhone: "12" } })).text();
  expect(invalid).toContain(zhEmpty.email.invalid);
  expect(invalid).toContain(zhEmpty.phone.invalid);
});

test("placing an order opens the pay sheet with its order number and the time left to pay", async () => {
  const cookie = await signedIn();
  const { listingId } = await futureListing();
  const orderId = await placeOrder(cookie, listingId);
  const html = await (await visit(`${confirmPath(listingId)}&orderId=${orderId}&sheet=pay`, cookie)).text();
  expect(html).toContain('data-testid="pay-sheet"');
  expect(html).toMatch(/data-testid="pay-order-no">[A-Z0-9]+</);
  expect(html).toMatch(/role="timer"[^>]*>(09:[0-5]\d|10:00)</);
  expect(html).toContain("Google Pay");
  expect(html).toContain("Apple Pay");
});

test("another account's order does not open a pay sheet", async () => {
  const owner = await signedIn();
  const other = await signedIn();
  const { listingId } = await futureListing();
  const orderId = await placeOrder(owner, listingId);
  const html = await (await visit(`${confirmPath(listingId)}&orderId=${orderId}&sheet=pay`, other)).text();
  expect(html).not.toContain('data-testid="pay-sheet"');
});

test("a second order for the same session asks to cancel the previous one, and confirming re-orders", async () => {
  const cookie = await signedIn();
  const { listingId } = await futureListing({ quantity: 10 });
  const first = await placeOrder(cookie, listingId);

  const refused = await visit(confirmPath(listingId), cookie, { form: CONTACT_FORM });
  expect(refused.status).toBe(302);
  const question = new URL(refused.headers.get("location")!, ORIGIN);
  expect(question.searchParams.get("confirm")).toBe("reorder");
  expect(question.searchParams.get("previousOrderId")).toBe(String(first));
  const html = await (await visit(`${question.pathname}${question.search}`, cookie)).text();
  expect(html).toContain("You have an unpaid order for this session. Cancel the previous order and re-order.");

  const reordered = await visit(`${question.pathname}${question.search}`, cookie, { form: { intent: "reorder", previousOrderId: String(first), confirm: "reorder" } });
  expect(reordered.status).toBe(302);
  const to = new URL(reordered.headers.get("location")!, ORIGIN);
  expect(to.searchParams.get("sheet")).toBe("pay");
  expect(Number(to.searchParams.get("orderId"))).not.toBe(first);
});

test("a buyer with several unpaid orders is told to cancel them and pointed to My Orders", async () => {
  const cookie = await signedIn();
  const a = await futureListing();
  const b = await futureListing();
  const c = await futureListing();
  await placeOrder(cookie, a.listingId);
  await placeOrder(cookie, b.listingId);
  const response = await visit(confirmPath(c.listingId), cookie, { form: CONTACT_FORM });
  expect(response.status).toBe(400);
  const html = await response.text();
  expect(html).toContain("You have several unpaid orders. Please cancel them before placing a new one.");
  expect(html).toContain('href="/my-order"');
});

test("ordering more tickets than are left says they have been sold, in the viewer's language", async () => {
  const { listingId } = await futureListing({ quantity: 2, splitRule: "any" });
  // Placing comes back to the page, which says so at the top (confirm-order-buyer.test.ts says what else it shows).
  for (const [language, message] of [["en-US", "Oops! The ticket has been sold."], ["zh-HK", "哎呀！門票已售出。"]] as const) {
    const cookie = await signedIn(language);
    const placed = await visit(confirmPath(listingId, 3), cookie, { form: CONTACT_FORM });
    expect(placed.status).toBe(302);
    expect(placed.headers.get("location")).toBe(confirmPath(listingId, 3));
    expect(await (await visit(confirmPath(listingId, 3), cookie)).text()).toContain(message);
  }
});

test("a session that is not on sale cannot be ordered", async () => {
  const cookie = await signedIn();
  const { listingId } = await futureListing({ showStatus: "PENDING" });
  const response = await visit(confirmPath(listingId), cookie, { form: CONTACT_FORM });
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("This session cannot be ordered temporarily!");
});

test("an approved payment lands on pay success with the order's summary", async () => {
  const cookie = await signedIn();
  const { listingId } = await futureListing();
  const orderId = await placeOrder(cookie, listingId);
  const success = await finishInSandbox(await startPaying(cookie, listingId, orderId), "approve");
  expect(success).toContain(`orderId=${orderId}`);
  expect(success).toContain("orderType=ticket");
  const html = await (await visit(success, cookie)).text();
  expect(html).toContain("Payment successful");
  expect(html).toMatch(/data-testid="order-no">[A-Z0-9]+</);
  expect(html).toContain(`/media/share/${orderId}.svg`);
  expect(html).toContain(`/ticket-detail?id=${orderId}`);
  expect(html).toContain('data-testid="app-download-prompt"');
  // A card put away on this device is hidden by the script right after it, before the first paint.
  expect(html).toMatch(/<aside id="([^"]+)"[^>]*data-testid="app-download-prompt".*?<\/aside><script nonce="[^"]+">try\{if\(.*?"ovation_appPromptDismissed".*?document\.getElementById\("\1"\)\.style\.display="none"/s);
  expect((await visit(success.replace("/pay-success", "/pay-success-new"), cookie)).status).toBe(200);
});

test("a declined payment says it failed and buying again opens the pay sheet for a new order", async () => {
  const cookie = await signedIn();
  const { listingId } = await futureListing();
  const orderId = await placeOrder(cookie, listingId);
  const failed = await finishInSandbox(await startPaying(cookie, listingId, orderId), "decline");
  const html = await (await visit(failed, cookie)).text();
  expect(html).toContain("Oops, payment failed… Try again!");
  expect(html).toContain("Buy again");

  const again = await visit(failed, cookie, { form: { intent: "buy-again" } });
  expect(again.status).toBe(302);
  const to = new URL(again.headers.get("location")!, ORIGIN);
  expect(to.pathname).toBe("/confirm-order");
  expect(to.searchParams.get("sheet")).toBe("pay");
  expect(Number(to.searchParams.get("orderId"))).not.toBe(orderId);
});

test("pay success for another account's order is the one other-account screen and shows nothing of it", async () => {
  const owner = await signedIn();
  const { listingId } = await futureListing();
  const orderId = await placeOrder(owner, listingId);
  const ownerHtml = await (await visit(`/pay-success?orderId=${orderId}&orderType=ticket&channelId=web`, owner)).text();
  const orderNo = /data-testid="order-no">([A-Z0-9]+)</.exec(ownerHtml)?.[1];
  expect(orderNo).toBeTruthy();

  const response = await visit(`/pay-success?orderId=${orderId}&orderType=ticket&channelId=web`, await signedIn());
  expect(response.status).toBe(403);
  const html = await response.text();
  expect(html).toContain('data-testid="order-of-another-account"');
  expect(html).toContain("This order was placed with another account. Please sign in again with the account that placed it.");
  expect(html).toContain("Sign out and sign in again");
  expect(html).not.toContain("Log in again");
  expect(html).not.toContain(orderNo!);
});

test("the share poster is an SVG image for the order's owner and not found for anyone else", async () => {
  const owner = await signedIn();
  const { listingId } = await futureListing();
  const orderId = await placeOrder(owner, listingId);

  const mine = await visit(`/media/share/${orderId}.svg`, owner);
  expect(mine.status).toBe(200);
  expect(mine.headers.get("content-type")).toContain("image/svg+xml");
  expect(await mine.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

  expect((await visit(`/media/share/${orderId}.svg`, await signedIn())).status).toBe(404);
  expect((await visit(`/media/share/${orderId}.svg`)).status).toBe(404);
});

test("the ticket detail shows the owner's order and is not found for another account", async () => {
  const owner = await signedIn();
  const { listingId } = await futureListing();
  const orderId = await placeOrder(owner, listingId);
  const path = `/ticket-detail?id=${orderId}&channelId=web&source=1&target=1&pageSource=purchase`;
  const mine = await visit(path, owner);
  expect(mine.status).toBe(200);
  expect(await mine.text()).toContain("Pending payment");
  expect((await visit(path, await signedIn())).status).toBe(404);
});

test("an express order without a shipping address is refused with 'Select shipping address'", async () => {
  const cookie = await signedIn();
  const { listingId } = await futureListing({ deliveryMethod: "EXPRESS" });
  const page = await (await visit(confirmPath(listingId), cookie)).text();
  expect(page).toContain("/address-list?returnTo=");
  const response = await visit(confirmPath(listingId), cookie, { form: CONTACT_FORM });
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("Select shipping address");
});

test("the pay sheet preselects the pay method the device remembered", async () => {
  const cookie = await signedIn();
  const { listingId } = await futureListing();
  const orderId = await placeOrder(cookie, listingId);
  const html = await (await visit(`${confirmPath(listingId)}&orderId=${orderId}&sheet=pay`, `${cookie}; ovation_payMethod=apple`)).text();
  const radios = html.match(/<input[^>]*name="payMethod"[^>]*>/g) ?? [];
  expect(radios.find((radio) => radio.includes('value="apple"'))).toContain('checked=""');
  expect(radios.find((radio) => radio.includes('value="google"'))).not.toContain("checked");
});
