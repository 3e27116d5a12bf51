/**
 * The analytics wrapper (SPEC §7, §9): track an event, log a user id in and out, set user
 * properties, enable or disable, set default parameters (campaign fields included). Events are
 * batched to our collector (POST /pub/analytics/v1/batch):
 *
 * - a session ends after 30 minutes without an event; the next event starts a new one;
 * - a batch leaves after 20 events or 30 s, whichever first, at most 50 events a request;
 * - a batch that fails is kept in the failed-event store (at most 50 events, oldest dropped) and
 *   sent again with the next batch, at most 3 times;
 * - names never start with $ or __ (such an event is dropped); parameter strings are cut to
 *   1,024 characters;
 * - nothing is sent outside production (SPEC §4's environment), nor while disabled.
 */
import { capParamString, isEventName, MAX_EVENTS_PER_REQUEST } from "../../functions/market/analytics/event-rules";
import { readItem, writeItem, type DeviceStore } from "./device-store";

export const SESSION_EXPIRY_MS = 30 * 60_000;
export const BATCH_SIZE = 20;
export const BATCH_INTERVAL_MS = 30_000;
export const FAILED_STORE_MAX = 50;
export const FAILED_RETRIES = 3;
export const FAILED_STORE_KEY = "ovation_analytics_failed";
export const COLLECTOR_PATH = "/pub/analytics/v1/batch";

/** The events SPEC §7 names; each carries caller, source and channel. */
export type KnownEvent = "login" | "register" | "order" | "iap" | "click_city_change";

type ParamValue = string | number | boolean | null;
export type Params = Record<string, ParamValue>;

export interface QueuedEvent {
  event: string;
  time: number;
  sessionId: string;
  params: Params;
}

interface FailedEvent extends QueuedEvent {
  tries: number;
}

export interface Batch {
  deviceId?: string;
  userId?: string;
  events: QueuedEvent[];
}

export interface AnalyticsDeps {
  /** Sends one batch; true when the collector took it. */
  send: (batch: Batch) => Promise<boolean>;
  store: DeviceStore | null;
  /** Production only (SPEC §4). */
  production: boolean;
  deviceId?: string;
  now?: () => number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
  newId?: () => string;
}

function cleanParams(params: Record<string, unknown>): Params {
  const cleaned: Params = {};
  for (const [name, value] of Object.entries(params)) {
    if (!isEventName(name)) continue;
    if (typeof value === "string") cleaned[name] = capParamString(value);
    else if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean" || value === null) cleaned[name] = value;
  }
  return cleaned;
}

export function createAnalytics(deps: AnalyticsDeps) {
  const now = deps.now ?? Date.now;
  const later = deps.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const cancel = deps.clearTimeout ?? ((id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>));
  const newId = deps.newId ?? (() => crypto.randomUUID());
  let enabled = true;
  let userId: string | undefined;
  let defaults: Params = {};
  let session: { id: string; lastAt: number } | null = null;
  let queue: QueuedEvent[] = [];
  let timer: unknown = null;
  let sending: Promise<void> = Promise.resolve();

  const active = () => enabled && deps.production;

  function readFailed(): FailedEvent[] {
    try {
      const parsed: unknown = JSON.parse(readItem(deps.store, FAILED_STORE_KEY) ?? "[]");
      return Array.isArray(parsed) ? (parsed as FailedEvent[]).filter((e) => e && typeof e.event === "string") : [];
    } catch {
      return [];
    }
  }
  const writeFailed = (events: FailedEvent[]) => writeItem(deps.store, FAILED_STORE_KEY, JSON.stringify(events.slice(-FAILED_STORE_MAX)));

  function sessionId(at: number): string {
    if (!session || at - session.lastAt > SESSION_EXPIRY_MS) session = { id: newId(), lastAt: at };
    session.lastAt = at;
    return session.id;
  }

  async function sendNow(auto: boolean): Promise<void> {
    // A batch-size flush queued behind another may find its events already sent: it sends
    // nothing rather than spend the failed events' retries on the same moment.
    if (auto && queue.length === 0) return;
    if (timer !== null) cancel(timer);
    timer = null;
    const fresh = queue.map((event) => ({ ...event, tries: 0 }));
    queue = [];
    const waiting = [...readFailed(), ...fresh];
    if (waiting.length === 0) return;
    writeFailed([]);
    const failed: FailedEvent[] = [];
    for (let at = 0; at < waiting.length; at += MAX_EVENTS_PER_REQUEST) {
      const chunk = waiting.slice(at, at + MAX_EVENTS_PER_REQUEST);
      const events = chunk.map(({ tries: _tries, ...event }) => event);
      const ok = await deps.send({ deviceId: deps.deviceId, userId, events }).catch(() => false);
      if (!ok) failed.push(...chunk.map((event) => ({ ...event, tries: event.tries + 1 })).filter((event) => event.tries <= FAILED_RETRIES));
    }
    if (failed.length > 0) writeFailed([...readFailed(), ...failed]);
  }

  function chain(auto: boolean): Promise<void> {
    const run = () => sendNow(auto);
    sending = sending.then(run, run);
    return sending;
  }

  /** Sends what is queued (and what failed before) now. */
  const flush = () => chain(false);

  /** Queues an event; false when it was not (disabled, outside production, a forbidden name). */
  function track(event: string, params: Record<string, unknown> = {}): boolean {
    if (!active() || !isEventName(event)) return false;
    const time = now();
    queue.push({ event, time, sessionId: sessionId(time), params: cleanParams({ ...defaults, ...params }) });
    if (queue.length >= BATCH_SIZE) void chain(true);
    else if (timer === null) timer = later(() => void flush(), BATCH_INTERVAL_MS);
    return true;
  }

  return {
    track,
    /** SPEC §7's named events, with their caller and source (the channel is a default parameter). */
    trackKnown: (event: KnownEvent, context: { caller: string; source: string }, params: Record<string, unknown> = {}) => track(event, { ...params, ...context }),
    pageView: (page: string, params: Record<string, unknown> = {}) => track("page_view", { ...params, page }),
    login(id: string) {
      userId = id;
    },
    logout() {
      userId = undefined;
    },
    setUserProperties: (properties: Record<string, unknown>) => track("user_set", properties),
    /** Defaults every event carries: channel, platform, and the campaign fields of the visit. */
    setDefaultParams(params: Record<string, unknown>) {
      defaults = { ...defaults, ...cleanParams(params) };
    },
    enable() {
      enabled = true;
    },
    disable() {
      enabled = false;
      queue = [];
    },
    flush,
    queued: () => queue.length,
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;
