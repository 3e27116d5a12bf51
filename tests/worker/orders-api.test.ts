import { env, SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { CODES } from "../../functions/market/errors";
import { CONTACT, makeBuyer, makeListing } from "./support/buying";

/** A dev host, where the sandbox takes payments; the API reads the real clock. */
const ORIGIN = "http://localhost";
const MONTH = 30 * 24 * 60 * 60_000;

interface Envelope<T = any> {
  statusCode: number;
  message: string;
  data: T;
}

async function call<T = any>(path: string, init: { headers?: Record<string, string>; body?: unknown } = {}) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** A buyer's account and the headers a native app sends for it. */
async function signedIn() {
  const userId = await makeBuyer();
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  return { "access-token": session.token };
}

const futureListing = (options: Parameters<typeof makeListing>[0] = {}) => makeListing({ startsAt: Date.now() + MONTH, ...options });

test("a guest is asked to sign in before ordering", async () => {
  const { listingId } = await futureListing();
  const { body } = await call("/user/order/v1/create", { body: { listingId, quantity: 1, ...CONTACT } });
  expect(body.statusCode).toBe(CODES.notLogin);
});

test("a buyer places, reads, lists and cancels an order through the API", async () => {
  const headers = await signedIn();
  const { listingId } = await futureListing({ quantity: 4 });

  const created = await call("/user/order/v1/create", { headers, body: { listingId, quantity: 2, ...CONTACT } });
  expect(created.body).toMatchObject({ statusCode: 200, data: { status: "pending_payment", quantity: 2, price: { currency: "HKD" } } });
  const orderId = created.body.data.id;

  expect((await call(`/user/order/v1/detail?orderId=${orderId}`, { headers })).body.data).toMatchObject({ id: orderId, orderNo: created.body.data.orderNo });
  expect((await call("/user/order/v1/list?tab=ongoing", { headers })).body.data).toMatchObject({ total: 1, list: [{ id: orderId }] });

  const canceled = await call("/user/order/v1/cancel", { headers, body: { orderId } });
  expect(canceled.body.data).toMatchObject({ status: "canceled", cancelReason: "buyer" });
  expect((await call("/user/order/v1/list?tab=closed", { headers })).body.data.list.map((o: { id: number }) => o.id)).toEqual([orderId]);
});

test("the second buyer of the last ticket is told it has been sold", async () => {
  const { listingId } = await futureListing({ quantity: 1 });
  await call("/user/order/v1/create", { headers: await signedIn(), body: { listingId, quantity: 1, ...CONTACT } });
  const { body } = await call("/user/order/v1/create", { headers: await signedIn(), body: { listingId, quantity: 1, ...CONTACT } });
  expect(body).toMatchObject({ statusCode: CODES.orderInventoryNotEnough, message: "Oops! The ticket has been sold." });
});

test("a second order for the same session is refused with the previous order's id in the answer", async () => {
  const headers = await signedIn();
  const { listingId } = await futureListing({ quantity: 4 });
  const first = await call("/user/order/v1/create", { headers, body: { listingId, quantity: 1, ...CONTACT } });
  const second = await call("/user/order/v1/create", { headers, body: { listingId, quantity: 1, ...CONTACT } });
  expect(second.body).toMatchObject({
    statusCode: CODES.orderUnpaidSameSession,
    data: { previousOrderId: first.body.data.id, previousOrderNo: first.body.data.orderNo },
  });
});

test("the session's not-on-sale refusal reads as the spec's message, in the viewer's language", async () => {
  const { listingId } = await futureListing({ showStatus: "DISABLED" });
  const headers = await signedIn();
  const en = await call("/user/order/v1/create", { headers, body: { listingId, quantity: 1, ...CONTACT } });
  const zh = await call("/user/order/v1/create", { headers: { ...headers, lan: "zh-HK" }, body: { listingId, quantity: 1, ...CONTACT } });
  expect(en.body).toMatchObject({ statusCode: CODES.orderSessionUnavailable, message: "This session cannot be ordered temporarily!" });
  expect(zh.body.message).toBe("此場次暫時無法下單！");
});

test("an order form without an email answers 'Enter your email'", async () => {
  const { listingId } = await futureListing();
  const { body } = await call("/user/order/v1/create", { headers: await signedIn(), body: { listingId, quantity: 1, contactPhoneCode: "852", contactPhone: "91234567" } });
  expect(body).toMatchObject({ statusCode: CODES.invalidParam, message: "Enter your email" });
});

test("another account's order answers not found", async () => {
  const { listingId } = await futureListing();
  const created = await call("/user/order/v1/create", { headers: await signedIn(), body: { listingId, quantity: 1, ...CONTACT } });
  const stranger = await signedIn();
  const detail = await call(`/user/order/v1/detail?orderId=${created.body.data.id}`, { headers: stranger });
  const pay = await call("/user/order/v1/pay", { headers: stranger, body: { orderId: created.body.data.id } });
  expect(detail.status).toBe(404);
  expect(detail.body.statusCode).toBe(CODES.notFound);
  expect(pay.body.statusCode).toBe(CODES.notFound);
});

test("paying answers the sandbox's page and the pay-success return URL; a canceled order cannot be paid", async () => {
  const headers = await signedIn();
  const { listingId } = await futureListing();
  const created = await call("/user/order/v1/create", { headers, body: { listingId, quantity: 1, ...CONTACT } });
  const orderId = created.body.data.id;

  const pay = await call("/user/order/v1/pay", { headers, body: { orderId, payMethod: "apple" } });
  expect(pay.body.data).toMatchObject({
    provider: "sandbox",
    redirectUrl: expect.stringMatching(/^http:\/\/localhost\/sandbox-pay\?payment=sbx_/),
    returnUrl: `http://localhost/pay-success?orderId=${orderId}&orderType=ticket&channelId=web`,
  });

  await call("/user/order/v1/cancel", { headers, body: { orderId } });
  const again = await call("/user/order/v1/pay", { headers, body: { orderId } });
  expect(again.body).toMatchObject({ statusCode: CODES.orderAlreadyCancel, message: "This order has been canceled and can't be paid." });
});

test("re-ordering cancels the unpaid order for the same session and places the new one with its contact details", async () => {
  const headers = await signedIn();
  const { listingId } = await futureListing({ quantity: 4 });
  const first = await call("/user/order/v1/create", { headers, body: { listingId, quantity: 1, ...CONTACT } });

  const again = await call("/user/order/v1/reorder", { headers, body: { previousOrderId: first.body.data.id, listingId, quantity: 2 } });
  expect(again.body.statusCode).toBe(200);
  expect(again.body.data).toMatchObject({ quantity: 2, contact: { email: "buyer@example.com", phoneCode: "852", phone: "91234567" } });
  expect((await call(`/user/order/v1/detail?orderId=${first.body.data.id}`, { headers })).body.data.status).toBe("canceled");
});

test("a malformed re-order is refused naming the field, and the previous order stays unpaid", async () => {
  const headers = await signedIn();
  const { listingId } = await futureListing({ quantity: 4 });
  const first = await call("/user/order/v1/create", { headers, body: { listingId, quantity: 1, ...CONTACT } });

  const wrongId = await call("/user/order/v1/reorder", { headers, body: { previousOrderId: [first.body.data.id], listingId, quantity: 1 } });
  expect(wrongId.body.statusCode).toBe(CODES.invalidParam);
  expect(wrongId.body.message).toContain("previousOrderId");
  const wrongQuantity = await call("/user/order/v1/reorder", { headers, body: { previousOrderId: first.body.data.id, listingId, quantity: true } });
  expect(wrongQuantity.body.statusCode).toBe(CODES.invalidParam);
  expect((await call(`/user/order/v1/detail?orderId=${first.body.data.id}`, { headers })).body.data.status).toBe("pending_payment");
});

test("another account's order cannot be canceled by re-ordering: it is not found", async () => {
  const owner = await signedIn();
  const other = await signedIn();
  const { listingId } = await futureListing({ quantity: 4 });
  const first = await call("/user/order/v1/create", { headers: owner, body: { listingId, quantity: 1, ...CONTACT } });

  const answer = await call("/user/order/v1/reorder", { headers: other, body: { previousOrderId: first.body.data.id, listingId, quantity: 1 } });
  expect(answer.body.statusCode).toBe(404);
  expect((await call(`/user/order/v1/detail?orderId=${first.body.data.id}`, { headers: owner })).body.data.status).toBe("pending_payment");
});
