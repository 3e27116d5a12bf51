/**
 * The bench's far primary (docs/decisions.md 271) decides which D1 round trips wait: these are the
 * rules its figures rest on, checked through the Worker wrapper with a D1 stand-in that only
 * answers.
 */
import { expect, test } from "vitest";
import { farHandler, writes } from "../bench/far-primary-worker";

test("reads are told from writes by the statement, comments and common table expressions included", () => {
  expect(writes('select "id" from "tours"')).toBe(false);
  expect(writes("  -- the count\n/* minute */ SELECT count(*) FROM pick_seat_arrivals")).toBe(false);
  expect(writes("WITH RECURSIVE pos(n) AS (SELECT 0) SELECT n FROM pos")).toBe(false);
  expect(writes("PRAGMA table_info(orders)")).toBe(false);
  expect(writes('insert into "pick_seat_arrivals" ("session_id") values (?)')).toBe(true);
  expect(writes("UPDATE sessions SET inventory_version = inventory_version + 1")).toBe(true);
  expect(writes("WITH gone AS (SELECT id FROM orders) DELETE FROM order_seats WHERE order_id IN gone")).toBe(true);
});

/** A D1 binding that answers every statement at once with no rows. */
function answeringD1(): D1Database {
  const statement = (): D1PreparedStatement =>
    ({ bind: statement, first: async () => null, all: async () => ({ results: [] }), run: async () => ({ results: [] }), raw: async () => [] }) as unknown as D1PreparedStatement;
  const session = { prepare: statement, batch: async (list: unknown[]) => list.map(() => ({ results: [] })), getBookmark: () => "bookmark" };
  return { ...session, withSession: () => session } as unknown as D1Database;
}

async function tripsOf(work: (db: D1Database) => Promise<unknown>) {
  const handler = farHandler<{ DB: D1Database }>(
    {
      async fetch(_request, env) {
        await work(env.DB);
        return new Response("ok");
      },
    },
    0,
  );
  const response = await handler.fetch!(new Request("http://bench.test/") as Parameters<NonNullable<typeof handler.fetch>>[0], { DB: answeringD1() }, {} as ExecutionContext);
  return {
    primary: response.headers.get("x-bench-primary-trips"),
    nearby: response.headers.get("x-bench-nearby-trips"),
    why: response.headers.get("x-bench-primary-why"),
  };
}

test("a nearby session reads the copy until its first write has come back, then the primary", async () => {
  const trips = await tripsOf(async (db) => {
    const session = db.withSession("first-unconstrained");
    await Promise.all([session.prepare("select 1").all(), session.batch([session.prepare("insert into t values (1)"), session.prepare("select 2")])]);
    await session.prepare("select 3").first();
  });
  expect(trips).toEqual({ primary: "2", nearby: "1", why: "write: insert into t values (1) + select 2 | after a write: select 3" });
});

test("a session that starts at the primary and the binding without a session pay every trip; one after a bookmark pays none", async () => {
  const trips = await tripsOf(async (db) => {
    await db.withSession("first-primary").prepare("select 1").bind(7).first();
    await db.prepare("select 2").raw();
    await db.withSession("00000001-00000002-00000003-0123456789abcdef0123456789abcdef").prepare("select 3").run();
  });
  expect(trips).toEqual({ primary: "2", nearby: "1", why: "primary session: select 1 | no session: select 2" });
});
