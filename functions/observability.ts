/**
 * One place that logs, as one JSON object per line (Workers Logs indexes the fields). Every
 * request gets one line (logRequest) and an unexpected error one more with the same request id
 * (logError). Request ids are SPEC §8's 24-character ids; 24-character identifiers in messages
 * are tagged as ids so log search can group them. Lines never carry emails, names, tokens,
 * cookies or query strings (which may hold any of them).
 */

/** A new request id: 24 lowercase hex characters (96 random bits). */
export function newRequestId(): string {
  return [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The id each request is known by in every log line. The Worker stamps each request it receives
 * once (an id a client sent is never used), so every layer reads the same id. The id is kept
 * beside the request, not in a header of a copy: copying a request (headers and body stream)
 * cost about half a millisecond of CPU on every call.
 */
const requestIds = new WeakMap<Request, string>();

export function withRequestId(request: Request): Request {
  requestIds.set(request, newRequestId());
  return request;
}

/** A request made from a stamped one (the partner door's rewrite) keeps its id. */
export function withSameRequestId(request: Request, stamped: Request): Request {
  requestIds.set(request, requestIdOf(stamped));
  return request;
}

export function requestIdOf(request: Request): string {
  return requestIds.get(request) ?? request.headers.get("cf-ray") ?? newRequestId();
}

const ID_PATTERN = /\b[0-9a-zA-Z]{24}\b/g;

export function logError(error: unknown, fields: Record<string, unknown>): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    JSON.stringify({
      level: "error",
      message: message.replace(ID_PATTERN, (id) => `id:${id}`),
      stack: error instanceof Error ? error.stack : undefined,
      ...fields,
    }),
  );
}

const CHANNEL = /^[A-Za-z_]{1,32}$/;

/** The channel a request came through: the `channel` parameter, header or cookie (SPEC §3). */
export function channelOf(request: Request, url: URL): string {
  const cookie = /(?:^|;\s*)channel=([^;]*)/.exec(request.headers.get("cookie") ?? "")?.[1];
  const channel = url.searchParams.get("channel") ?? request.headers.get("channel") ?? cookie ?? "web";
  return CHANNEL.test(channel) ? channel : "other";
}

export interface RequestLine {
  requestId: string;
  method: string;
  /** The path only (never the query). */
  route: string;
  status: number;
  durationMs: number;
  channel: string;
  language: string | null;
  /** The edge's id for the request, to find it in Cloudflare's own tools. */
  ray: string | null;
}

/** One line per request, at info (5xx at error level is logged separately by logError). */
export function logRequest(line: RequestLine): void {
  console.log(JSON.stringify({ level: "info", message: "request", ...line, route: line.route.slice(0, 200).replace(ID_PATTERN, (id) => `id:${id}`) }));
}
