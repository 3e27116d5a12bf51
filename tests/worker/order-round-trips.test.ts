/**
 * How many times placing an order waits on D1 (issue 16): local D1 answers one round trip at a
 * time, so each one a create adds is paid by every buyer queued behind it. The API door leaves
 * the presented session to the order's own read (docs/decisions.md 172), so it is counted too.
 */
import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { openSession } from "../../functions/market/accounts/sessions";
import { sha256 } from "../../functions/market/context/crypto";
import { loadReference } from "../../functions/market/reference";
import { createOrder } from "../../functions/market/orders";
import { createMarketContext } from "../../functions/wiring";
import { DEFAULT_VIEWER } from "../../functions/market/context/viewer";
import { CODES, MarketError } from "../../functions/market/errors";
import { CONTACT, clockAt, makeBuyer, makeListing } from "./support/buying";

const ANSWERING = new Set<PropertyKey>(["all", "run", "first", "raw"]);

/** The database binding, counting every call that waits on D1: a statement answered or a batch, in any of its sessions. */
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
  // The binding and each of its sessions (the market context reads through one) count alike.
  const client = <T extends object>(target: T): T =>
    counted(target, (key, call) => {
      if (key === "prepare") return (query: string) => statement(call(query) as D1PreparedStatement);
      if (key === "batch") return (statements: D1PreparedStatement[]) => ((trips.count += 1), call(statements));
      if (key === "withSession") return (start?: string) => client(call(start) as D1DatabaseSession);
      return call;
    });
  return { database: client(d1), trips };
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

/** As the API door places it: the session presented by its token's hash, checked by the order's read. */
async function placeAsTheDoorDoes(buyer: Awaited<ReturnType<typeof signedInBuyer>>, listingId: number) {
  const presentedSession = { tokenHash: await sha256(buyer.session.token), publicId: null };
  return createOrder({ ...buyer.market, viewer: { ...buyer.market.viewer, userId: null, presentedSession } }, { listingId, quantity: 1, ...CONTACT });
}

test("a placed order waits on D1 twice: the read that also checks the session, the batch that takes the tickets", async () => {
  const { listingId } = await makeListing({ quantity: 4 });
  const buyer = await signedInBuyer();
  const placed = await placeAsTheDoorDoes(buyer, listingId);
  expect(placed.status).toBe("pending_payment");
  expect(buyer.trips.count).toBe(2);
});

test("a buyer refused because the tickets are gone waits on D1 once", async () => {
  const { listingId } = await makeListing({ quantity: 1 });
  await placeAsTheDoorDoes(await signedInBuyer(), listingId);
  const late = await signedInBuyer();
  const refusal = await placeAsTheDoorDoes(late, listingId).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(MarketError);
  expect((refusal as MarketError).code).toBe(CODES.orderInventoryNotEnough);
  expect(late.trips.count).toBe(1);
});

test("taking the last tickets of a listing a cheaper one of its session undercuts still waits on D1 twice: the lowest price cannot have moved", async () => {
  const { sessionId } = await makeListing({ quantity: 4, priceMinor: 100_000 });
  const { listingId: dearer } = await makeListing({ sessionId, quantity: 1, priceMinor: 150_000 });
  const buyer = await signedInBuyer();
  expect((await placeAsTheDoorDoes(buyer, dearer)).status).toBe("pending_payment");
  expect(buyer.trips.count).toBe(2);
});
