/**
 * The visited routes history (SPEC §2): the pages this tab has shown, oldest first, at most 30,
 * never the same page twice in a row. A recorder samples the current page when it starts and
 * every 4 s after, so a page glanced at for less than that may be missed: the history says
 * where the buyer stayed, which is what an error report or a "back" needs. Kept in
 * sessionStorage, since another tab is another history.
 */
import { readItem, writeItem, type DeviceStore } from "./device-store";

export const VISITED_ROUTES_KEY = "ovation_visitedRoutes";
export const VISITED_ROUTES_MAX = 30;
export const VISITED_ROUTES_INTERVAL_MS = 4000;

/** The history with `route` added: unchanged when it repeats the last one, else the newest `max`. */
export function recordVisit(history: readonly string[], route: string, max: number = VISITED_ROUTES_MAX): string[] {
  if (history[history.length - 1] === route) return history.slice(-max);
  return [...history, route].slice(-max);
}

/** The kept history; anything unreadable in storage reads as none. */
export function readVisitedRoutes(store: DeviceStore | null): string[] {
  try {
    const parsed: unknown = JSON.parse(readItem(store, VISITED_ROUTES_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((route): route is string => typeof route === "string").slice(-VISITED_ROUTES_MAX) : [];
  } catch {
    return [];
  }
}

export interface VisitRecorderOptions {
  store: DeviceStore | null;
  /** The page being shown now: path and query. */
  currentRoute: () => string;
  interval?: number;
  timers?: { setInterval: (run: () => void, ms: number) => unknown; clearInterval: (id: unknown) => void };
}

/** Records the current page now and every 4 s; returns the function that stops it. */
export function startRecordingVisits({ store, currentRoute, interval = VISITED_ROUTES_INTERVAL_MS, timers = globalThis as never }: VisitRecorderOptions): () => void {
  const record = () => {
    const history = readVisitedRoutes(store);
    const next = recordVisit(history, currentRoute());
    if (next.length !== history.length || next[next.length - 1] !== history[history.length - 1]) {
      writeItem(store, VISITED_ROUTES_KEY, JSON.stringify(next));
    }
  };
  record();
  const id = timers.setInterval(record, interval);
  return () => timers.clearInterval(id);
}
