/**
 * The API door under malformed calls, as an attacker sends them: an array, a boolean or free
 * text where an id belongs, a megabyte, SQL text or emoji where a flag belongs, a section that
 * is no section code, and bodies that are not a JSON object. Each is refused with invalidParam
 * (12308) naming the field, with HTTP 200 as SPEC §8 answers refusals, and nothing is saved.
 */
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import * as schema from "../../functions/db/schema";
import { ORIGIN, api } from "./support/api";
import { ADDRESS, testDb } from "./support/buying";
import { seedCatalog } from "./support/catalog";
import { rowCounts } from "./support/tables";
import { paidDelivery, tokenHeaders } from "./support/delivery";

const MEGABYTE = "x".repeat(1_000_000);

let fixture: { orderId: number; listingId: number; sessionId: number; buyer: Record<string, string>; support: Record<string, string> };

beforeAll(async () => {
  await seedCatalog();
  const delivery = await paidDelivery({ at: Date.now() });
  const [listing] = await testDb.select({ sessionId: schema.listings.sessionId }).from(schema.listings).where(eq(schema.listings.id, delivery.listingId));
  fixture = {
    orderId: delivery.orderId,
    listingId: delivery.listingId,
    sessionId: listing.sessionId,
    buyer: await tokenHeaders(delivery.buyerId),
    support: await tokenHeaders(delivery.support.userId),
  };
});

/** Each call, the field at fault and the malformed values it is sent. */
function calls(): { name: string; field: string; query?: boolean; send: (value: unknown) => Promise<{ status: number; body: { statusCode: number; message: string } }> }[] {
  const { buyer, support, listingId, sessionId } = fixture;
  const post = (path: string, headers: Record<string, string>, body: Record<string, unknown>) => () => api(path, { headers, body });
  const get = (path: string, headers: Record<string, string> = {}) => api(path, { headers });
  return [
    { name: "ticket alert", field: "tourId", send: (v) => post("/pub/tour/v1/alert", {}, { tourId: v, email: "fan@example.com" })() },
    { name: "create order", field: "listingId", send: (v) => post("/user/order/v1/create", buyer, { listingId: v, quantity: 1, contactEmail: "a@example.com", contactPhoneCode: "852", contactPhone: "91234567" })() },
    { name: "create order quantity", field: "quantity", send: (v) => post("/user/order/v1/create", buyer, { listingId, quantity: v, contactEmail: "a@example.com", contactPhoneCode: "852", contactPhone: "91234567" })() },
    { name: "cancel order", field: "orderId", send: (v) => post("/user/order/v1/cancel", buyer, { orderId: v })() },
    { name: "buy again", field: "orderId", send: (v) => post("/user/order/v1/buy_again", buyer, { orderId: v })() },
    { name: "pay order", field: "orderId", send: (v) => post("/user/order/v1/pay", buyer, { orderId: v })() },
    { name: "voucher start", field: "orderId", send: (v) => post("/user/order/v1/delivery/voucher/start", buyer, { orderId: v })() },
    { name: "withdraw case", field: "caseId", send: (v) => post("/user/after_sale/v1/withdraw", buyer, { caseId: v })() },
    { name: "after-sale summary", field: "orderIds.0", send: (v) => post("/user/after_sale/v1/summary", buyer, { orderIds: [v] })() },
    { name: "support console decision", field: "caseId", send: (v) => post("/support/v1/after_sale/decide", support, { caseId: v, decision: "approve" })() },
    { name: "support console compensation", field: "caseId", send: (v) => post("/support/v1/after_sale/compensation_paid", support, { caseId: v })() },
    { name: "address default", field: "isDefault", send: (v) => post("/user/address/v1/create", buyer, { ...ADDRESS, isDefault: v })() },
    { name: "address set default", field: "id", send: (v) => post("/user/address/v1/set_default", buyer, { id: v })() },
    { name: "address delete", field: "id", send: (v) => post("/user/address/v1/delete", buyer, { id: v })() },
    { name: "seat map section", query: true, field: "section", send: (v) => get(`/pub/tour/v1/session/seat-map?sessionId=${sessionId}&section=${encodeURIComponent(String(v))}`) },
    { name: "tour detail", query: true, field: "id", send: (v) => get(`/pub/tour/v1/detail?id=${encodeURIComponent(String(v))}`) },
    { name: "order detail", query: true, field: "orderId", send: (v) => get(`/user/order/v1/detail?orderId=${encodeURIComponent(String(v))}`, buyer) },
    { name: "coupons for an order", query: true, field: "listingId", send: (v) => get(`/user/coupon/v1/pre_order/list?listingId=${encodeURIComponent(String(v))}&quantity=1`, buyer) },
  ];
}

/** What an id or a count is sent instead of a number. */
const NOT_A_NUMBER: unknown[] = [[1], [1, 2], true, false, "1e3", "0x10", "1; DROP TABLE orders", "🎟️", MEGABYTE, { id: 1 }, -1, 1.5];
/** What a flag is sent instead of a yes or no. */
const NOT_A_FLAG: unknown[] = [MEGABYTE, "1; DROP TABLE addresses", "🎉", [true], { yes: true }, 2, "yes please"];
/** What a section code is sent instead of one. */
const NOT_A_SECTION: unknown[] = ["<script>alert(1)</script>", "A1' OR '1'='1", "🎫", "x".repeat(41)];

test("every call refuses a value of the wrong type with invalidParam naming the field and saves nothing", { timeout: 120_000 }, async () => {
  const before = await rowCounts();
  for (const call of calls()) {
    const values = call.field === "isDefault" ? NOT_A_FLAG : call.field === "section" ? NOT_A_SECTION : NOT_A_NUMBER;
    for (const value of values) {
      // Query strings carry text only: an object or array there is the text it prints as.
      if (call.query && typeof value === "object") continue;
      const answer = await call.send(value);
      const label = `${call.name} with ${JSON.stringify(value).slice(0, 40)}`;
      expect(answer.status, label).toBe(200);
      expect(answer.body.statusCode, label).toBe(12308);
      expect(answer.body.message, label).toBe(`${call.field} is invalid.`);
    }
  }
  const after = await rowCounts();
  delete before.sessions;
  delete after.sessions;
  expect(after).toEqual(before);
});

test("a body that is not a JSON object is refused with invalidParam naming the body", async () => {
  const { buyer } = fixture;
  for (const [type, body] of [
    ["text/plain", JSON.stringify({ orderId: fixture.orderId })],
    ["application/x-www-form-urlencoded", `orderId=${fixture.orderId}`],
    ["application/json", "{not json"],
    ["application/json", "[1,2,3]"],
    ["application/json", '"a string"'],
  ]) {
    const response = await fetchApi("/user/order/v1/cancel", { ...buyer, "content-type": type }, body);
    expect(response.status, `${type} ${body}`).toBe(200);
    expect(response.body, `${type} ${body}`).toMatchObject({ statusCode: 12308, message: "body is invalid." });
  }
});

async function fetchApi(path: string, headers: Record<string, string>, body: string) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { method: "POST", headers, body });
  return { status: response.status, body: (await response.json()) as { statusCode: number; message: string } };
}
