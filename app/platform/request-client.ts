/**
 * The browser's one client for every JSON call (SPEC §4, §7, §8).
 *
 * - Importance: critical 1, high 10, medium 20, low 30; medium and low wait 1 ms first so the
 *   critical calls of the same moment leave before them.
 * - Timeout 10 s (60 s for network settings); the fields that say nothing (undefined, null, '',
 *   []) are dropped; GET data goes in the query, the rest as a JSON body.
 * - SPEC §7's headers on every call (oc, lc, locationId, …, deviceId, the access-token header);
 *   in the embedded channels the listed paths go to the partner host's /mtl_overseasapi/mts.
 * - SPEC §8: the pass-through codes resolve with the body; on notLogin, tokenInvalid or
 *   tokenExpired (unless noAuth) the client is told the buyer is signed out (it emits logged-out,
 *   then asks the app for a new token inside the app, else opens the login) and the call is
 *   rejected; any other code or HTTP status is rejected, the server's message shown as a toast
 *   unless noToast, the call was aborted, or it was of low importance. A network failure is
 *   status -1 with 'Network unavailable. Please try again later.'.
 */
import { PASS_THROUGH_CODES, SIGNED_OUT_CODES } from "../../functions/market/errors";
import { cleanRequestData } from "./request-data";

export const IMPORTANCE = { critical: 1, high: 10, medium: 20, low: 30 } as const;
export type Importance = keyof typeof IMPORTANCE;
export const REQUEST_TIMEOUT_MS = 10_000;
export const NETWORK_SETTING_TIMEOUT_MS = 60_000;
/** medium and low wait this long before leaving. */
export const DEFERRED_START_MS = 1;
export const NETWORK_UNAVAILABLE_MESSAGE = "Network unavailable. Please try again later.";
export const UNKNOWN_ERROR_MESSAGE = "Unknown error occurred. Please try again later.";

/** SPEC §7: paths the embedded channels send to the partner host. */
export const PARTNER_PATH_PREFIXES = [
  "/user/v1/mts/",
  "/user/order/v1/",
  "/user/address",
  "/pub/home",
  "/pub/tour",
  "/user/after_sale",
  "/user/notification",
  "/user/coupon/v1/pre_order/",
  "/user/im/v1/group/",
] as const;
export const PARTNER_SUFFIX = "/mtl_overseasapi/mts";
const EMBEDDED_CHANNELS = new Set(["MTL_LAUNCH", "PiaoXiaoer"]);

/** The path a call goes to in `channel` (SPEC §7's routing). */
export function routedPath(path: string, channel: string | null | undefined): string {
  if (!channel || !EMBEDDED_CHANNELS.has(channel)) return path;
  return PARTNER_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)) ? `${PARTNER_SUFFIX}${path}` : path;
}

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface RequestOptions {
  method?: Method;
  url: string;
  header?: Record<string, string>;
  data?: Record<string, unknown>;
  /** ms; 10 s by default, NETWORK_SETTING_TIMEOUT_MS for network settings. */
  timeout?: number;
  importance?: Importance;
  noToast?: boolean;
  noAuth?: boolean;
  signal?: AbortSignal;
  /** The call may outlive the page (analytics sent as the page is hidden). */
  keepalive?: boolean;
  /** Free data for interceptors and logs. */
  extra?: Record<string, unknown>;
}

export interface Envelope<T = unknown> {
  statusCode: number;
  message: string;
  data: T;
}

/** A call that did not answer 200: HTTP status (-1 for the network), body code when there was one. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly statusCode: number | null = null,
    readonly aborted = false,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

export interface RequestClientDeps {
  fetch: typeof fetch;
  /** SPEC §7's headers for this moment (token, language, channel, device id…). */
  headers: () => Record<string, string>;
  /** The channel in force, for the partner routing. */
  channel: () => string | null;
  toast: (message: string) => void;
  /** The buyer is signed out (SPEC §8): emit logged-out, then renew the token in the app or open the login. */
  signedOut: (code: number) => void;
  wait?: (ms: number) => Promise<void>;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function buildUrl(path: string, method: Method, data: Record<string, unknown>): string {
  if (method !== "GET") return path;
  const url = new URL(path, "http://page.invalid");
  for (const [name, value] of Object.entries(data)) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, typeof item === "object" ? JSON.stringify(item) : String(item));
  }
  return `${url.pathname}${url.search}`;
}

/** The client; `request` resolves with the envelope of a 200 or pass-through answer. */
export function createRequestClient(deps: RequestClientDeps) {
  const wait = deps.wait ?? realWait;

  async function request<T = unknown>(options: RequestOptions): Promise<Envelope<T>> {
    const method = options.method ?? "GET";
    const importance = options.importance ?? "medium";
    if (IMPORTANCE[importance] >= IMPORTANCE.medium) await wait(DEFERRED_START_MS);
    const data = cleanRequestData(options.data ?? {}) as Record<string, unknown>;
    const url = buildUrl(routedPath(options.url, deps.channel()), method, data);
    const controller = new AbortController();
    const abortFromCaller = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener("abort", abortFromCaller);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeout ?? REQUEST_TIMEOUT_MS);

    const raise = (error: RequestError): never => {
      if (!options.noToast && !error.aborted && importance !== "low") deps.toast(error.message);
      throw error;
    };

    let response: Response;
    try {
      response = await deps.fetch(url, {
        method,
        headers: { ...deps.headers(), ...(method === "GET" ? {} : { "content-type": "application/json" }), ...options.header },
        body: method === "GET" ? undefined : JSON.stringify(data),
        signal: controller.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch {
      const aborted = controller.signal.aborted && !timedOut;
      return raise(new RequestError(aborted ? "aborted" : NETWORK_UNAVAILABLE_MESSAGE, -1, null, aborted));
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", abortFromCaller);
    }

    let body: Envelope<T> | null = null;
    try {
      body = (await response.json()) as Envelope<T>;
    } catch {
      body = null;
    }
    const code = typeof body?.statusCode === "number" ? body.statusCode : null;
    if (code !== null && SIGNED_OUT_CODES.has(code) && !options.noAuth) {
      deps.signedOut(code);
      throw new RequestError(body?.message ?? "", response.status, code);
    }
    if (response.ok && body && code !== null && PASS_THROUGH_CODES.has(code)) return body;
    return raise(new RequestError(body?.message || UNKNOWN_ERROR_MESSAGE, response.status, code));
  }

  return { request };
}

export type RequestClient = ReturnType<typeof createRequestClient>;

export interface RetryOptions {
  /** Tries after the first; 3 by default. */
  maxRetries?: number;
  /** Stop once this long has passed since the first try (ms). */
  maxTimeMs?: number;
  /** At least this long between tries; 3000 ms by default (SPEC §4). */
  intervalMs?: number;
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
}

export const RETRY_INTERVAL_MS = 3000;

/**
 * SPEC §4's retry helper: runs `attempt` until the HTTP status and the body's statusCode are
 * both 200, or the retries or the time run out; answers the last outcome (a thrown error is an
 * outcome too: the last one is rethrown).
 */
export async function retryUntilOk<T>(attempt: () => Promise<{ status: number; body: { statusCode: number } & T }>, options: RetryOptions = {}) {
  const wait = options.wait ?? realWait;
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? RETRY_INTERVAL_MS;
  const started = now();
  for (let tries = 0; ; tries++) {
    const at = now();
    let outcome: { status: number; body: { statusCode: number } & T } | { error: unknown };
    try {
      outcome = await attempt();
      if (outcome.status === 200 && outcome.body.statusCode === 200) return outcome;
    } catch (error) {
      outcome = { error };
    }
    const outOfTries = tries >= (options.maxRetries ?? 3);
    const outOfTime = options.maxTimeMs !== undefined && now() + interval - started > options.maxTimeMs;
    if (outOfTries || outOfTime) {
      if ("error" in outcome) throw outcome.error;
      return outcome;
    }
    await wait(Math.max(0, interval - (now() - at)));
  }
}
