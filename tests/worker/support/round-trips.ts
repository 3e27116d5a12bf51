/**
 * How many D1 round trips a page waits on one after another before its first byte. The Worker is
 * called with a D1 binding that notes, for every statement answered and every batch, when it
 * started and when it ended (on one counter of events, so a statement started while another was
 * out is seen as running beside it). The depth is the longest chain of round trips each started
 * after the one before it had ended, among those that ended before the response's headers.
 * A session of the binding (`withSession`) is noted the same way.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../../functions/worker";

/** How long each recorded round trip is made to take, longer than the work between two of them. */
const TRIP_MS = 15;

const ANSWERING = new Set<PropertyKey>(["all", "run", "first", "raw"]);

interface Trip {
  started: number;
  ended: number | null;
  sql: string;
}

/** A D1 binding over the test's own that records each round trip's start and end. */
export function recordingDatabase(d1: D1Database) {
  let clock = 0;
  const trips: Trip[] = [];
  const timed = <T>(sql: string, call: () => Promise<T>): Promise<T> => {
    const trip: Trip = { started: ++clock, ended: null, sql };
    trips.push(trip);
    // Every trip takes as long as a far round trip would, so trips that wait on nothing run side by
    // side even though the local D1 answers one statement at a time.
    const answered = new Promise((resolve) => setTimeout(resolve, TRIP_MS)).then(call);
    const settle = () => {
      trip.ended = ++clock;
    };
    return answered.then(
      (value) => (settle(), value),
      (error: unknown) => {
        settle();
        throw error;
      },
    );
  };
  const wrapped = <T extends object>(target: T, wraps: (key: PropertyKey, call: (...args: unknown[]) => unknown) => unknown): T =>
    new Proxy(target, {
      get(object, key) {
        const value = Reflect.get(object, key, object) as unknown;
        return typeof value === "function" ? wraps(key, value.bind(object) as (...args: unknown[]) => unknown) : value;
      },
    });
  const statement = (prepared: D1PreparedStatement, sql: string): D1PreparedStatement =>
    wrapped(prepared, (key, call) => {
      if (key === "bind") return (...values: unknown[]) => statement(call(...values) as D1PreparedStatement, sql);
      if (ANSWERING.has(key)) return (...args: unknown[]) => timed(sql, () => call(...args) as Promise<unknown>);
      return call;
    });
  // The binding and its sessions answer the same way: prepare, batch; a session's bookmark passes through.
  const database = <T extends object>(target: T): T =>
    wrapped(target, (key, call) => {
      if (key === "prepare") return (query: string) => statement(call(query) as D1PreparedStatement, query);
      if (key === "batch") return (statements: D1PreparedStatement[]) => timed(`batch of ${statements.length}`, () => call(statements) as Promise<unknown>);
      if (key === "withSession") return (...args: unknown[]) => database(call(...args) as object);
      return call;
    });
  return {
    database: database(d1),
    /** Forgets the trips so far (the same binding stays, as a warm isolate's does, with its caches). */
    reset() {
      trips.length = 0;
    },
    /** The longest chain of round trips, each started after the one before had ended, among those ended by `moment`. */
    chainBefore(moment: number): string[] {
      const done = trips.filter((trip): trip is Trip & { ended: number } => trip.ended !== null && trip.ended <= moment);
      const longest = new Map<Trip, Trip[]>();
      for (const trip of [...done].sort((a, b) => a.started - b.started)) {
        const before = done.filter((other) => other.ended < trip.started).map((other) => longest.get(other) ?? []);
        longest.set(trip, [...before.reduce((best, chain) => (chain.length > best.length ? chain : best), []), trip]);
      }
      return [...longest.values()].reduce((best, chain) => (chain.length > best.length ? chain : best), []).map((trip) => trip.sql.slice(0, 120));
    },
    now: () => clock,
  };
}

/**
 * The page's answer and the round trips it waited on in a row before its headers. The Worker is
 * called directly with the recording binding; the body is read to the end so every trip settles.
 */
/** One recording binding for the file: the reference data's cache is kept per binding, as in a warm isolate. */
const recorded = recordingDatabase(env.DB);

export async function sequentialTrips(path: string, headers: Record<string, string> = {}) {
  recorded.reset();
  const ctx = createExecutionContext();
  const request = new Request(`https://ovation.test${path}`, { headers: { host: "ovation.test", ...headers } });
  const response = await worker.fetch(request as never, { ...env, DB: recorded.database } as Env, ctx);
  const chain = recorded.chainBefore(recorded.now());
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { depth: chain.length, chain, status: response.status, body, setCookies: response.headers.getSetCookie() };
}
