/**
 * Where each request reads (docs/decisions.md 266), through the Worker's own fetch over a D1
 * double whose read copy lags (support/lagging-d1.ts): a catalog page reads no primary, a buyer
 * reads their own writes on the next request through the bookmark they carry, and a money or
 * ticket decision never reads the copy that is behind.
 */
import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { createMarketContext, readStartOf } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { CODES } from "../../functions/market/errors";
import { READ_AFTER_COOKIE, SESSION_COOKIE } from "../../functions/web/session";
import { fetchWorker, ORIGIN } from "./support/api";
import { setCookieValue } from "./support/accounts";
import { ADDRESS, clockAt, CONTACT, makeBuyer, makeListing, marketFor, paySandbox } from "./support/buying";
import { listFor, listingForm, sellerOn, sessionOnSale } from "./support/selling";
import { createOrder } from "../../functions/market/orders";
import { laggingD1, type Copy, type RecordedStatement } from "./support/lagging-d1";
import { emptyDatabase } from "./support/tables";

const MONTH = 30 * 24 * 60 * 60 * 1000;

let d1: ReturnType<typeof laggingD1>;

beforeAll(async () => {
  await emptyDatabase(env.REPLICA_DB);
  await applyD1Migrations(env.REPLICA_DB, env.TEST_MIGRATIONS);
});

beforeEach(() => {
  d1 = laggingD1(env.DB, env.REPLICA_DB);
});

/** The Worker's answer to a request, its D1 the double. */
const fetchThroughDouble = (path: string, init: RequestInit = {}) => fetchWorker(path, init, { DB: d1.binding });

const copiesOf = (statements: { on: Copy }[]) => [...new Set(statements.map((statement) => statement.on))].sort();

/** The statements a request read from the copy while it was behind (a write's request must have none). */
const readBehind = (statements: RecordedStatement[]) => statements.filter((statement) => statement.behind).map((statement) => statement.sql);

/** A buyer's account with a session token, already on the read copy. */
async function buyerOnBothCopies() {
  const userId = await makeBuyer();
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId, registered: false });
  await d1.catchUp();
  return { userId, token: session.token, cookie: `${SESSION_COOKIE}=${session.token}` };
}


test("where each request starts reading: writes and ticket handovers the primary, other reads after the bookmark or at the nearest copy", () => {
  const bookmark = "00000000-0000002a-00000000-00000000000000000000000000000000";
  const start = (method: string, path: string, carried: string | null = null) => readStartOf(new Request(`${ORIGIN}${path}`, { method }), carried);
  expect(start("GET", "/tourDetail?id=7")).toBe("nearest");
  expect(start("HEAD", "/")).toBe("nearest");
  expect(start("GET", "/my-order", bookmark)).toEqual({ after: bookmark });
  expect(start("GET", "/my-order", "not-a-bookmark")).toBe("nearest");
  expect(start("POST", "/confirm-order")).toBe("primary");
  expect(start("POST", "/user/order/v1/create", bookmark)).toBe("primary");
  expect(start("GET", "/e-ticket?orderId=3", bookmark)).toBe("primary");
  expect(start("GET", "/media/e-ticket/3/ticket.pdf")).toBe("primary");
  expect(start("GET", "/user/order/v1/delivery/file")).toBe("primary");
  expect(start("GET", "/e-tickets-guide")).toBe("nearest");
});

test("a signed-out catalog page reads only the nearest copy; the visit is counted after the answer on a session of its own", async () => {
  const { sessionId } = await makeListing({ quantity: 2, startsAt: Date.now() + MONTH });
  await d1.catchUp();
  const response = await fetchThroughDouble(`/pick-seat?sessionId=${sessionId}`, { headers: { "cf-connecting-ip": "203.0.113.9" } });
  expect(response.status).toBe(200);
  const statements = d1.take();
  const page = statements.filter((statement) => statement.start !== "first-primary");
  expect(page.length).toBeGreaterThan(0);
  expect(copiesOf(page)).toEqual(["replica"]);
  expect([...new Set(page.map((statement) => statement.start))]).toEqual(["first-unconstrained"]);
  // The arrival towards the queue's automatic switch: one batch on a primary session of its own.
  const counted = statements.filter((statement) => statement.start === "first-primary");
  expect(counted.map((statement) => [statement.on, statement.sql.split(" ").slice(0, 3).join(" ")])).toEqual([
    ["primary", 'insert into "pick_seat_arrivals"'],
    ["primary", "select count(*) from"],
    ["primary", 'select "session_id", "queue_on",'],
  ]);
  expect(await env.DB.prepare("SELECT visitor FROM pick_seat_arrivals WHERE session_id = ?").bind(sessionId).all()).toMatchObject({ results: [{ visitor: "a:203.0.113.9" }] });
});

test("an address saved on the web is on the next page through the bookmark cookie, though the read copy is behind", async () => {
  const buyer = await buyerOnBothCopies();
  const saved = await fetchThroughDouble("/address-create", {
    method: "POST",
    headers: { cookie: buyer.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...ADDRESS, intent: "save" }).toString(),
  });
  expect(saved.status).toBe(302);
  expect(readBehind(d1.take())).toEqual([]);
  const bookmark = setCookieValue(saved, READ_AFTER_COOKIE);
  expect(bookmark).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);

  const withBookmark = await fetchThroughDouble("/address-list", { headers: { cookie: `${buyer.cookie}; ${READ_AFTER_COOKIE}=${bookmark}` } });
  expect(await withBookmark.text()).toContain("1 Queen&#x27;s Road Central");
  expect(copiesOf(d1.take())).toEqual(["primary"]);

  // The same page without the bookmark is read from the copy that is behind: the double lags.
  const withoutBookmark = await fetchThroughDouble("/address-list", { headers: { cookie: buyer.cookie } });
  expect(await withoutBookmark.text()).not.toContain("1 Queen&#x27;s Road Central");
  expect(copiesOf(d1.take())).toEqual(["replica"]);

  // Once the copy has caught up, the bookmark reads it.
  await d1.catchUp();
  const caughtUp = await fetchThroughDouble("/address-list", { headers: { cookie: `${buyer.cookie}; ${READ_AFTER_COOKIE}=${bookmark}` } });
  expect(await caughtUp.text()).toContain("1 Queen&#x27;s Road Central");
  expect(copiesOf(d1.take())).toEqual(["replica"]);
});

test("the app's order is on its order list through the bookmark header; a malformed bookmark is refused", async () => {
  const buyer = await buyerOnBothCopies();
  const { listingId } = await makeListing({ quantity: 4, startsAt: Date.now() + MONTH });
  await d1.catchUp();
  const headers = { "access-token": buyer.token, "content-type": "application/json" };
  const created = await fetchThroughDouble("/user/order/v1/create", { method: "POST", headers, body: JSON.stringify({ listingId, quantity: 1, ...CONTACT }) });
  const order = ((await created.json()) as { data: { id: number } }).data;
  expect(readBehind(d1.take())).toEqual([]);
  const bookmark = created.headers.get("bookmark");
  expect(bookmark).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);

  const listed = await fetchThroughDouble("/user/order/v1/list", { headers: { "access-token": buyer.token, bookmark: bookmark ?? "" } });
  const list = ((await listed.json()) as { data: { list: { id: number }[] } }).data.list;
  expect(list.map((row) => row.id)).toEqual([order.id]);

  const lagging = await fetchThroughDouble("/user/order/v1/list", { headers: { "access-token": buyer.token } });
  expect(((await lagging.json()) as { data: { list: unknown[] } }).data.list).toEqual([]);

  const malformed = await fetchThroughDouble("/user/order/v1/list", { headers: { "access-token": buyer.token, bookmark: "x'; DROP TABLE orders" } });
  // SPEC §8: a refusal is the envelope's code; the API answers it with HTTP 200.
  expect(((await malformed.json()) as { statusCode: number }).statusCode).toBe(CODES.invalidParam);
});

test("a fan's resale is on their listings at once through the bookmark header, though the read copy is behind", async () => {
  const clock = clockAt(Date.now());
  const seller = await sellerOn(clock);
  const session = await sessionOnSale({ startsAt: Date.now() + MONTH });
  const { listingId } = await listFor(seller, listingForm(session, { price: "880" }));
  const fan = await buyerOnBothCopies();
  const order = await createOrder(marketFor(fan.userId, clock), { listingId, quantity: 2, ...CONTACT });
  await paySandbox(marketFor(fan.userId, clock), clock, order);
  await d1.catchUp();

  const headers = { "access-token": fan.token, "content-type": "application/json" };
  const resold = await fetchThroughDouble("/user/selling/v1/resell", { method: "POST", headers, body: JSON.stringify({ orderId: order.id, price: "900" }) });
  const resale = ((await resold.json()) as { data: { listingId: number } }).data;
  expect(readBehind(d1.take())).toEqual([]);
  const bookmark = resold.headers.get("bookmark") ?? "";

  const listingsOf = async (extra: Record<string, string>) =>
    (await (await fetchThroughDouble("/provider/v1/listing/list", { headers: { "access-token": fan.token, ...extra } })).json()) as { statusCode: number; data: { listingId: number }[] | null };
  expect((await listingsOf({ bookmark })).data?.map((row) => row.listingId)).toEqual([resale.listingId]);
  expect(copiesOf(d1.take())).toEqual(["primary"]);
  // Without the bookmark the copy that is behind does not know them as a seller yet.
  expect(await listingsOf({})).toEqual({ statusCode: 404, message: "We couldn't find that page.", data: null });
  expect(copiesOf(d1.take())).toEqual(["replica"]);
});

test("tickets the read copy still shows are not sold again: placing an order decides on the primary", async () => {
  const { listingId } = await makeListing({ quantity: 1, startsAt: Date.now() + MONTH });
  const first = await buyerOnBothCopies();
  const second = await buyerOnBothCopies();
  const place = (token: string) =>
    fetchThroughDouble("/user/order/v1/create", {
      method: "POST",
      headers: { "access-token": token, "content-type": "application/json" },
      body: JSON.stringify({ listingId, quantity: 1, ...CONTACT }),
    });
  expect(((await (await place(first.token)).json()) as { statusCode: number }).statusCode).toBe(200);
  d1.take();
  // The copy still has the one ticket; the second buyer is refused all the same, read on the primary.
  const late = (await (await place(second.token)).json()) as { statusCode: number };
  expect(late.statusCode).toBe(CODES.orderInventoryNotEnough);
  const statements = d1.take();
  expect(copiesOf(statements)).toEqual(["primary"]);
  expect(readBehind(statements)).toEqual([]);
});
