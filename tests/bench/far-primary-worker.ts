/**
 * The far primary, simulated inside the bench's workerd (docs/decisions.md 271). Bundled on its
 * own and put in front of Ovation's bundled entry by far-primary.ts: the Worker's fetch and
 * scheduled, and its Durable Objects, see an env whose D1 binding waits a fixed delay before
 * every round trip that would reach the primary, and none before one the nearby copy answers.
 * Local D1 has one copy, so this is where the difference is made; the product is not touched.
 *
 * A round trip goes to the primary when:
 * - it runs on the binding itself, outside any session (the binding's default is the primary);
 * - its session started `first-primary` (a write, a money or ticket decision);
 * - it writes (anything but a read-only SELECT / WITH … SELECT / PRAGMA / EXPLAIN; a batch that
 *   holds one write);
 * - a write already ran on its session: from then on the session reads at or after that write,
 *   which only the primary is sure to have.
 * A session started `first-unconstrained` or after a bookmark reads the nearby copy.
 *
 * Each request's trips are counted (AsyncLocalStorage) and answered in headers beside the page,
 * so the bench can say which statements a page waited on: `x-bench-primary-trips`,
 * `x-bench-nearby-trips` and `x-bench-primary-why` (each primary trip's reason and the start of
 * its SQL). Counted when the headers leave: trips of a streamed page's deferred part and of
 * `waitUntil` work are not in them.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface Trips {
  primary: number;
  nearby: number;
  why: string[];
}

const requestTrips = new AsyncLocalStorage<Trips>();

/** What a statement's first keyword says: reads never change the database. */
const READ_ONLY = /^(select|pragma|explain|values)\b/i;
const WRITE_WORD = /\b(insert|update|delete|replace)\b/i;

export function writes(sql: string): boolean {
  const text = sql.replace(/^(\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, "");
  if (READ_ONLY.test(text)) return false;
  // A common table expression reads unless its statement (or one of its parts) writes.
  if (/^with\b/i.test(text)) return WRITE_WORD.test(text);
  return true;
}

type Reason = "no session" | "primary session" | "write" | "after a write";

/** Where one session's statements go, and the wait of the far primary. */
class Route {
  private wrote = false;

  constructor(
    private readonly delayMs: number,
    private readonly startsAtPrimary: boolean,
    private readonly sessionless: boolean,
  ) {}

  /**
   * Runs one round trip, after the far primary's delay when it goes to the primary, and counts
   * it. A write moves the session's bookmark when its answer is back: reads sent before then may
   * still be answered nearby, later ones wait for a copy that has the write (the primary).
   */
  async run<T>(sqls: string[], call: () => Promise<T>): Promise<T> {
    const writing = sqls.some(writes);
    const reason: Reason | null = this.sessionless
      ? "no session"
      : this.startsAtPrimary
        ? "primary session"
        : writing
          ? "write"
          : this.wrote
            ? "after a write"
            : null;
    const trips = requestTrips.getStore();
    if (reason === null) {
      if (trips) trips.nearby += 1;
      return call();
    }
    if (trips) {
      trips.primary += 1;
      trips.why.push(`${reason}: ${sqls.map((sql) => sql.replace(/\s+/g, " ").trim().slice(0, 70)).join(" + ")}`);
    }
    if (this.delayMs > 0) await new Promise((done) => setTimeout(done, this.delayMs));
    const answer = await call();
    if (writing) this.wrote = true;
    return answer;
  }
}

const INNER = Symbol("inner statement");
const SQL = Symbol("statement's SQL");

/** A statement of a far session: its SQL kept for the route, the real one for D1's batch. */
type Statement = D1PreparedStatement & { [INNER]: D1PreparedStatement; [SQL]: string };

function statement(inner: D1PreparedStatement, sql: string, route: Route): Statement {
  const wrapped = {
    [INNER]: inner,
    [SQL]: sql,
    bind: (...values: unknown[]) => statement(inner.bind(...values), sql, route),
    first: (column?: string) => route.run([sql], () => (column === undefined ? inner.first() : inner.first(column))),
    all: () => route.run([sql], () => inner.all()),
    run: () => route.run([sql], () => inner.run()),
    raw: (options?: { columnNames?: boolean }) => route.run([sql], () => (options?.columnNames ? inner.raw({ columnNames: true }) : inner.raw())),
  };
  return wrapped as unknown as Statement;
}

function prepareOf(route: Route, prepare: (sql: string) => D1PreparedStatement) {
  return (sql: string): D1PreparedStatement => statement(prepare(sql), sql, route);
}

function batchOf(route: Route, batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>) {
  return (statements: D1PreparedStatement[]) => {
    const own = statements as Statement[];
    return route.run(
      own.map((one) => one[SQL] ?? ""),
      () => batch(own.map((one) => one[INNER] ?? one)),
    );
  };
}

function farSession(session: D1DatabaseSession, route: Route): D1DatabaseSession {
  return {
    prepare: prepareOf(route, (sql) => session.prepare(sql)),
    batch: batchOf(route, (statements) => session.batch(statements)) as D1DatabaseSession["batch"],
    getBookmark: () => session.getBookmark(),
  };
}

function farDatabase(db: D1Database, delayMs: number): D1Database {
  const sessionless = new Route(delayMs, true, true);
  return {
    prepare: prepareOf(sessionless, (sql) => db.prepare(sql)),
    batch: batchOf(sessionless, (statements) => db.batch(statements)) as D1Database["batch"],
    exec: (sql: string) => sessionless.run([sql], () => db.exec(sql)),
    dump: () => db.dump(),
    withSession: (start?: D1SessionBookmark | D1SessionConstraint) => {
      // D1's own default is the nearest copy; the product always says.
      const route = new Route(delayMs, start === "first-primary", false);
      return farSession(db.withSession(start), route);
    },
  } as D1Database;
}

/** One wrapped env per env (and so one D1 binding object): an isolate's caches keyed by it still hit. */
const wrappedEnvs = new WeakMap<object, object>();

function farEnv<E extends { DB: D1Database }>(env: E, delayMs: number): E {
  let wrapped = wrappedEnvs.get(env) as E | undefined;
  if (!wrapped) {
    wrapped = { ...env, DB: farDatabase(env.DB, delayMs) };
    wrappedEnvs.set(env, wrapped);
  }
  return wrapped;
}

/** The response with the request's trips before its headers, for the bench to read. */
function withTrips(response: Response, trips: Trips): Response {
  if (response.webSocket) return response;
  const headers = new Headers(response.headers);
  headers.set("x-bench-primary-trips", String(trips.primary));
  headers.set("x-bench-nearby-trips", String(trips.nearby));
  // Header-safe: printable ASCII only, and short.
  headers.set("x-bench-primary-why", trips.why.join(" | ").replace(/[^\x20-\x7e]/g, "?").slice(0, 2000));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The Worker's default export with its env's D1 far away. */
export function farHandler<E extends { DB: D1Database }>(handler: ExportedHandler<E>, delayMs: number): ExportedHandler<E> {
  return {
    ...handler,
    async fetch(request, env, ctx) {
      const trips: Trips = { primary: 0, nearby: 0, why: [] };
      const response = await requestTrips.run(trips, () => handler.fetch!(request, farEnv(env, delayMs), ctx));
      return withTrips(response, trips);
    },
    async scheduled(controller, env, ctx) {
      return handler.scheduled?.(controller, farEnv(env, delayMs), ctx);
    },
  };
}

/** A Durable Object class whose env's D1 is far away too (its sessions start at the primary). */
export function farClass<E extends { DB: D1Database }>(
  Base: new (state: DurableObjectState, env: E) => object,
  delayMs: number,
): new (state: DurableObjectState, env: E) => object {
  return class extends Base {
    constructor(state: DurableObjectState, env: E) {
      super(state, farEnv(env, delayMs));
    }
  };
}
