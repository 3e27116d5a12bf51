/**
 * The sign that a browser runs this app's scripts (docs/decisions.md 262): a cookie the page sets
 * once it has hydrated. A document for a browser with it may stream its deferred data, which
 * arrives by inline script; a document for anyone else (a first visit, JavaScript off, a crawler)
 * awaits everything. Set by the browser, so not HttpOnly; it says nothing about who the viewer is.
 */
export const SCRIPTS_COOKIE = "runs_scripts";

/** A year: long enough that a returning browser keeps its streamed pages. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The cookie as `document.cookie` takes it; Secure on https (a local http run would drop it). */
export function scriptsCookie(https: boolean): string {
  return `${SCRIPTS_COOKIE}=1; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${https ? "; Secure" : ""}`;
}

/** Whether a `Cookie` header carries the sign. */
export function runsScripts(cookieHeader: string | null): boolean {
  return new RegExp(`(?:^|;\\s*)${SCRIPTS_COOKIE}=1(?:;|$)`).test(cookieHeader ?? "");
}

/**
 * Whether deferred data may stream in the answer to this request (the Worker's own request, before
 * the router strips `.data`): a client navigation's data request, which only a browser running
 * scripts makes, or any request from a browser that carries the sign.
 */
export function streamsDeferredData(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data") || runsScripts(request.headers.get("cookie"));
}
