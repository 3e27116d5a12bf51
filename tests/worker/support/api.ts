/** Calls the real Worker (SELF) the way a native app or partner channel would. */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../../functions/worker";

export const ORIGIN = "https://ovation.test";

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { statusCode: number; message: string; data: T };
  headers: Headers;
}

export async function api<T = unknown>(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as ApiAnswer<T>["body"], headers: response.headers };
}

/** A page request as a browser makes it (HTML, cookies, same-origin form posts). */
export function page(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  // React Router checks a form post's Origin against its Host; a browser always sends both.
  if (!headers.has("host")) headers.set("host", new URL(ORIGIN).host);
  if (init.method && init.method !== "GET") headers.set("origin", headers.get("origin") ?? ORIGIN);
  return SELF.fetch(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" });
}

/**
 * A page or API request answered by the Worker's own fetch with some bindings replaced (a D1
 * double, a missing secret), as a browser sends it; its body read and its waitUntil work done.
 */
export async function fetchWorker(path: string, init: RequestInit, bindings: Partial<Env>): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("host", new URL(ORIGIN).host);
  if (init.method && init.method !== "GET") headers.set("origin", ORIGIN);
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, { ...env, ...bindings }, ctx);
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body.byteLength > 0 ? body : null, response);
}
