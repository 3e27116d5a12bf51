/**
 * The signed-in session of a web request: an opaque token in the `__Host-ovation_session`
 * cookie (HttpOnly, Secure, SameSite=Lax, Path=/, so no script and no other site or subdomain
 * can read or plant it). D1 is the authority on its life (30 days, sliding, revocable); the
 * cookie only carries it, so it is given the longest life browsers keep.
 */
import { parse, serialize } from "cookie";
import type { MarketContext } from "../market/context";
import { ASSERTION_TTL_S, resolveSession } from "../market/accounts/session-assertion";

export const SESSION_COOKIE = "__Host-ovation_session";

/** SPEC §3: the header that carries the access token, for native apps and partner channels. */
export const TOKEN_HEADER = "access-token";
/** Browsers cap cookie lifetimes at 400 days. */
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * Cookies that hold SPEC §3's signed-in keys when a host page or an older client mirrors them;
 * signing out clears them with the session.
 */
export const SIGNED_IN_COOKIES = ["access_token", "tsessionid", "userId", "ovation_email", "ovation_maskEmail", "ovation_nickName"];

export interface WebSession {
  userId: number;
  sessionId: number;
}

export function readSessionToken(request: Request): string | null {
  const value = parse(request.headers.get("cookie") ?? "")[SESSION_COOKIE];
  return value && value.length <= 128 ? value : null;
}

/**
 * The session's assertion (market/accounts/session-assertion.ts): a page that only reads takes
 * the signed-in account from it without asking D1, for its five minutes.
 */
export const ASSERTION_COOKIE = "__Host-ovation_session_assertion";

/**
 * Whether a request may take its viewer from an assertion: it only reads, and nothing it reads
 * decides a ticket or money (those start at the primary, functions/wiring.ts), so a session ended
 * elsewhere never opens a ticket, even within the assertion's five minutes.
 */
export function readsOnly(request: Request, ctx: Pick<MarketContext, "readStart">): boolean {
  return (request.method === "GET" || request.method === "HEAD") && ctx.readStart !== "primary";
}

export function readAssertionCookie(request: Request): string | null {
  return parse(request.headers.get("cookie") ?? "")[ASSERTION_COOKIE] ?? null;
}

/**
 * The request's session, and the Set-Cookie of a fresh assertion when D1 was asked and found it
 * valid. `ctx` carries the request's environment (a deployed host signs only with its own key).
 */
export async function readSession(request: Request, ctx: MarketContext): Promise<{ session: WebSession | null; setCookie: string | null }> {
  const token = readSessionToken(request);
  if (!token) return { session: null, setCookie: null };
  const presented = readAssertionCookie(request);
  const { lookup, assertion } = await resolveSession(ctx, { token, presented, reads: readsOnly(request, ctx) });
  return {
    session: lookup.status === "valid" ? { userId: lookup.userId, sessionId: lookup.sessionId } : null,
    setCookie: assertion ? serialize(ASSERTION_COOKIE, assertion, { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: ASSERTION_TTL_S }) : null,
  };
}

export function sessionCookie(token: string): string {
  return serialize(SESSION_COOKIE, token, { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: COOKIE_MAX_AGE_S });
}

/**
 * Where the browser's next pages start reading (docs/decisions.md 266): the D1 bookmark of the
 * last request that changed something, so the order or address just saved is on the next page
 * whichever copy of the database answers it. Any copy has caught up long before ten minutes.
 */
export const READ_AFTER_COOKIE = "__Host-ovation_read_after";
const READ_AFTER_MAX_AGE_S = 10 * 60;

export function readAfterOf(request: Request): string | null {
  return parse(request.headers.get("cookie") ?? "")[READ_AFTER_COOKIE] ?? null;
}

export function readAfterCookie(bookmark: string): string {
  return serialize(READ_AFTER_COOKIE, bookmark, { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: READ_AFTER_MAX_AGE_S });
}

/** Set-Cookie values that end the web session and clear the signed-in keys. */
export function signedOutCookies(): string[] {
  return [
    serialize(SESSION_COOKIE, "", { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: 0 }),
    serialize(ASSERTION_COOKIE, "", { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: 0 }),
    ...SIGNED_IN_COOKIES.map((name) => serialize(name, "", { path: "/", maxAge: 0 })),
  ];
}
