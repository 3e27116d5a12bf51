/**
 * How many times placing an order waits on D1 (issue 16): local D1 answers one round trip at a
 * time, so each one a create adds is paid by every buyer queued behind it. The session lookup
 * the API door makes is counted with the order's own reads and writes.
 */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { lookupSession, openSession } from "../../functions/market/accounts/sessions";
import { loadReference } from "../../functions/market/reference";
import { createOrder } from "../../functions/market/orders";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { CODES, MarketError } from "../../functions/market/errors";
import { CONTACT, clockAt, makeBuyer, makeListing } from "./support/buying";

const ANSWERING = new Set<PropertyKey>(["all", "run", "first", "raw"]);

/** The database binding, counting every call that waits on D1: a statement answered or a batch. */
function countedDatabase(d1: D1Database) {
  const trips = { count: 0 };
  const counted = <T extends object>(target: T, wraps: (key: PropertyKey, value: (...args: unknown[]) => unknown) => unknown): T =>
    new Proxy(target, {
      get(object, key) {
        const value = Reflect.get(object, key, object) as unknown;
        return typeof value === "function" ? wraps(key, value.bind(object) as (...args: unknown[]) => unknown) : value;
      },
    });
  const statement = (prepared: D1PreparedStatement): D1PreparedStatement =>
    counted(prepared, (key, call) => {
      if (key === "bind") return (...values: unknown[]) => statement(call(...values) as D1PreparedStatement);
      if (ANSWERING.has(key)) return (...args: unknown[]) => ((trips.count += 1), call(...args));
      return call;
    });
  const database = counted(d1, (key, call) => {
    if (key === "prepare") return (query: string) => statement(call(query) as D1PreparedStatement);
    if (key === "batch") return (statements: D1PreparedStatement[]) => ((trips.count += 1), call(statements));
    return call;
  });
  return { database, trips };
}

/** A buyer's signed-in context over the counted binding, with the reference data already cached, as in a warm Worker. */
async function signedInBuyer() {
  const clock = clockAt();
  const { database, trips } = countedDatabase(env.DB);
  const market = createMarketContext({ env: { ...env, DB: database }, now: clock.now, viewer: { ...DEFAULT_VIEWER, environment: "dev", requestId: "test" } });
  const session = await openSession(market, { userId: await makeBuyer(), registered: false });
  await loadReference(market);
  trips.count = 0;
  return { market, session, trips };
}

async function placeAsTheDoorDoes(buyer: Awaited<ReturnType<typeof signedInBuyer>>, listingId: number) {
  const found = await lookupSession(buyer.market, buyer.session.token);
  if (found.status !== "valid") throw new Error(`session ${found.status}`);
  return createOrder({ ...buyer.market, viewer: { ...buyer.market.viewer, userId: found.userId } }, { listingId, quantity: 1, ...CONTACT });
}

test("a placed order waits on D1 three times: the session, the read, the batch that takes the tickets", async () => {
  const { listingId } = await makeListing({ quantity: 4 });
  const buyer = await signedInBuyer();
  expect((await placeAsTheDoorDoes(buyer, listingId)).status).toBe("pending_payment");
  expect(buyer.trips.count).toBe(3);
});

test("a buyer refused because the tickets are gone waits on D1 twice", async () => {
  const { listingId } = await makeListing({ quantity: 1 });
  await placeAsTheDoorDoes(await signedInBuyer(), listingId);
  const late = await signedInBuyer();
  const refusal = await placeAsTheDoorDoes(late, listingId).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(MarketError);
  expect((refusal as MarketError).code).toBe(CODES.orderInventoryNotEnough);
  expect(late.trips.count).toBe(2);
});
