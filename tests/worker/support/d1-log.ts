/** D1's round trips, written down as they are made (tests that prove a path reads no D1, or when). */

const ROUND_TRIPS = new Set<PropertyKey>(["all", "first", "run", "raw", "batch", "exec"]);

/**
 * `target` (a D1 binding, a session it opens with withSession, a statement) writing `d1 <call>`
 * into `log` for every round trip, on it and on what it hands out, then passing it through.
 * Opening a session or preparing a statement waits on nothing and is not written.
 */
export function loggedD1<T extends object>(target: T, log: string[]): T {
  return new Proxy(target, {
    get(object, key) {
      const value = Reflect.get(object, key, object) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (ROUND_TRIPS.has(key)) log.push(`d1 ${String(key)}`);
        const result = (value as (...args: unknown[]) => unknown).apply(object, args);
        return result !== null && typeof result === "object" && !(result instanceof Promise) ? loggedD1(result, log) : result;
      };
    },
  });
}
