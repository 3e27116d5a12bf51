/**
 * The API door's session. Native apps and partner channels send the token in SPEC's
 * `access-token` header, with `tsessionid` naming the session; the browser's own JSON calls
 * carry the web session cookie instead. Every request is resolved once by the middleware;
 * a route that needs an account asks `requireSignedIn`, which answers SPEC §8's codes.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { StaffRole } from "../db/schema";
import type { MarketContext } from "../market/context";
import { sessionRefusal } from "../market/accounts/sessions";
import { resolveSession } from "../market/accounts/session-assertion";
import { sha256 } from "../market/context/crypto";
import { MarketError } from "../market/errors";
import { requireRole } from "../market/staff";
import { readAssertionCookie, readSessionToken, readsOnly } from "../web/session";
import type { ApiEnv, ApiSession } from "./api-env";
import type { ApiHeaders } from "./request-context";

export type { ApiSession } from "./api-env";

export interface SignedInCaller {
  userId: number;
  sessionId: number;
  token: string;
}

/** The presented token, from the header first, then the web session cookie. */
export function presentedToken(request: Request, headers: ApiHeaders): string | null {
  const header = headers.token?.trim();
  if (header) return header.length <= 256 ? header : null;
  return readSessionToken(request);
}

/**
 * The caller's session and, when D1 was asked and found it valid, a fresh assertion for the
 * `session-assertion` answer header (decision 268): an app that sends it back on its reads
 * spares them the session's D1 round trip. The browser's calls carry the web's assertion cookie.
 */
export async function resolveApiSession(
  request: Request,
  headers: ApiHeaders,
  ctx: MarketContext,
): Promise<{ session: ApiSession; assertion: string | null }> {
  const token = presentedToken(request, headers);
  if (!token) return { session: headers.token ? { status: "invalid" } : { status: "none" }, assertion: null };
  const presented = headers["session-assertion"] ?? (headers.token ? null : readAssertionCookie(request));
  const { lookup, assertion } = await resolveSession(ctx, {
    token,
    publicId: headers.tsessionid,
    presented,
    reads: readsOnly(request, ctx),
  });
  return { session: lookup, assertion };
}

/**
 * The presented token unchecked, for a route whose own read checks it (placing an order): a
 * D1 round trip fewer. No token, or one too long to be ours, is judged here as resolveApiSession does.
 */
export async function presentedApiSession(request: Request, headers: ApiHeaders): Promise<ApiSession> {
  const token = presentedToken(request, headers);
  if (!token) return headers.token ? { status: "invalid" } : { status: "none" };
  return { status: "presented", tokenHash: await sha256(token), publicId: headers.tsessionid ?? null };
}

/**
 * The signed-in caller, or the refusal SPEC §8 names: notLogin (12306) without a token,
 * tokenInvalid (12315) for an unknown or revoked one, tokenExpired (12345), accountDisable
 * (130001).
 */
export function requireSignedIn(c: Context<ApiEnv>): SignedInCaller {
  const session = c.get("session");
  if (session.status === "valid") return { userId: session.userId, sessionId: session.sessionId, token: presentedToken(c.req.raw, c.get("headers")) ?? "" };
  if (session.status === "none") throw new MarketError("notLogin");
  if (session.status === "presented") throw new Error("requireSignedIn on a route whose own read checks the session");
  throw sessionRefusal(session);
}

/** Middleware for paths that are an account's own: every route under it answers only a signed-in caller. */
export const signedInOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  requireSignedIn(c);
  await next();
};

/**
 * Middleware for a console's paths: the caller must be signed in and hold `role`, checked before
 * anything else is read, so to anyone without it the console is not there.
 */
export function staffOnly(role: StaffRole): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    requireSignedIn(c);
    await requireRole(c.get("market"), role);
    await next();
  };
}
