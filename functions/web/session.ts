/**
 * The signed-in session of a web request: an opaque token in the `__Host-ovation_session`
 * cookie (HttpOnly, Secure, SameSite=Lax, Path=/, so no script and no other site or subdomain
 * can read or plant it). D1 is the authority on its life (30 days, sliding, revocable); the
 * cookie only carries it, so it is given the longest life browsers keep.
 */
import { parse, serialize } from "cookie";
import type { MarketContext } from "../market/context";
import { lookupSession } from "../market/accounts/sessions";

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

export async function readSession(request: Request, ctx: MarketContext): Promise<WebSession | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const session = await lookupSession(ctx, token);
  return session.status === "valid" ? { userId: session.userId, sessionId: session.sessionId } : null;
}

export function sessionCookie(token: string): string {
  return serialize(SESSION_COOKIE, token, { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: COOKIE_MAX_AGE_S });
}

/** Set-Cookie values that end the web session and clear the signed-in keys. */
export function signedOutCookies(): string[] {
  return [
    serialize(SESSION_COOKIE, "", { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: 0 }),
    ...SIGNED_IN_COOKIES.map((name) => serialize(name, "", { path: "/", maxAge: 0 })),
  ];
}
