/**
 * A session's offered listings kept at the edge for two seconds under its inventory version
 * (docs/decisions.md 269): the version moves with every change to what the session offers, in
 * the batch that makes it, so a kept offer is never one a sale has already changed.
 */
import { env } from "cloudflare:test";
import { beforeEach, expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { createMarketContext } from "../../functions/wiring";
import { fetchWorker } from "./support/api";
import { createOrder } from "../../functions/market/orders";
import { CONTACT, makeBuyer, makeListing, marketFor, paySandbox } from "./support/buying";
import { laggingD1 } from "./support/lagging-d1";

const MONTH = 30 * 24 * 60 * 60_000;

/** One copy only: the double records the statements, it never lags. */
let d1: ReturnType<typeof laggingD1>;

beforeEach(() => {
  d1 = laggingD1(env.DB, env.DB);
});

const versionOf = (sessionId: number) => env.DB.prepare("SELECT inventory_version AS v FROM sessions WHERE id = ?").bind(sessionId).first<number>("v");

async function buyerToken(): Promise<string> {
  const session = await openSession(createMarketContext({ env, viewer: DEFAULT_VIEWER }), { userId: await makeBuyer(), registered: false });
  return session.token;
}

const placeOrder = async (token: string, listingId: number, quantity: number) =>
  (await (await fetchWorker("/user/order/v1/create", { method: "POST", headers: { "access-token": token, "content-type": "application/json" }, body: JSON.stringify({ listingId, quantity, ...CONTACT }) }, {})).json()) as {
    statusCode: number;
    data: { id: number };
  };

test("a hold, a cancel and a payment each move the session's inventory version by one, in the batch that makes them", async () => {
  const { listingId, sessionId } = await makeListing({ quantity: 4, startsAt: Date.now() + MONTH });
  const token = await buyerToken();
  const api = async (path: string, body: unknown) =>
    (await (await fetchWorker(path, { method: "POST", headers: { "access-token": token, "content-type": "application/json" }, body: JSON.stringify(body) }, {})).json()) as {
      statusCode: number;
      data: { id: number };
    };
  expect(await versionOf(sessionId)).toBe(0);
  const held = await api("/user/order/v1/create", { listingId, quantity: 2, ...CONTACT });
  expect(held.statusCode).toBe(200);
  expect(await versionOf(sessionId)).toBe(1);
  expect((await api("/user/order/v1/cancel", { orderId: held.data.id })).statusCode).toBe(200);
  expect(await versionOf(sessionId)).toBe(2);
  // A refused order (more than is left) moves nothing.
  expect((await api("/user/order/v1/create", { listingId, quantity: 5, ...CONTACT })).statusCode).not.toBe(200);
  expect(await versionOf(sessionId)).toBe(2);

  const clock = { now: () => Date.now() };
  const buyer = marketFor(await makeBuyer(), clock);
  await paySandbox(buyer, clock, await createOrder(buyer, { listingId, quantity: 1, ...CONTACT }));
  expect(await versionOf(sessionId)).toBe(4);
});

test("a seat map asked again within two seconds reads no listings; after a sale it shows the tickets left", async () => {
  const { listingId, sessionId } = await makeListing({ quantity: 4, startsAt: Date.now() + MONTH });
  const seatMap = async () => {
    const response = await fetchWorker(`/pub/tour/v1/session/seat-map?sessionId=${sessionId}&quantity=1`, {}, { DB: d1.binding });
    const body = (await response.json()) as { data: { sections: { ticketsLeft: number }[] } };
    return body.data.sections.reduce((sum, section) => sum + section.ticketsLeft, 0);
  };
  const listingReads = () => d1.take().filter((statement) => statement.sql.includes('from "listings"')).length;

  expect(await seatMap()).toBe(4);
  expect(listingReads()).toBe(1);
  expect(await seatMap()).toBe(4);
  expect(listingReads()).toBe(0);

  expect((await placeOrder(await buyerToken(), listingId, 3)).statusCode).toBe(200);
  d1.take();
  expect(await seatMap()).toBe(1);
  expect(listingReads()).toBe(1);
});

test("30 buyers racing for 4 tickets while the seat map is read: 4 orders, the version moved 4 times, the map after shows none left; a repeated cancel moves it once", async () => {
  const { listingId, sessionId } = await makeListing({ quantity: 4, startsAt: Date.now() + MONTH });
  const tokens = await Promise.all(Array.from({ length: 30 }, () => buyerToken()));
  const seatMap = () => fetchWorker(`/pub/tour/v1/session/seat-map?sessionId=${sessionId}&quantity=1`, {}, {});
  const [answers] = await Promise.all([Promise.all(tokens.map((token) => placeOrder(token, listingId, 1))), Promise.all(Array.from({ length: 10 }, seatMap))]);
  const placed = answers.filter((answer) => answer.statusCode === 200);
  expect(placed).toHaveLength(4);
  expect(await versionOf(sessionId)).toBe(4);
  const after = (await (await seatMap()).json()) as { data: { sections: { ticketsLeft: number }[] } };
  expect(after.data.sections.reduce((sum, section) => sum + section.ticketsLeft, 0)).toBe(0);

  const winner = tokens[answers.findIndex((answer) => answer.statusCode === 200)]!;
  const cancel = () =>
    fetchWorker("/user/order/v1/cancel", { method: "POST", headers: { "access-token": winner, "content-type": "application/json" }, body: JSON.stringify({ orderId: placed[0]!.data.id }) }, {});
  await Promise.all([cancel(), cancel(), cancel()]);
  expect(await versionOf(sessionId)).toBe(5);
});
