/**
 * A signed, short-lived statement that a session was valid a moment ago, so that a signed-in
 * read does not wait on D1 to learn who is asking (docs/decisions.md 268).
 *
 * D1 stays the authority: an assertion is issued only after the session was read and judged
 * valid there, lasts five minutes, and is bound to its session's token (the token's hash is in
 * it, so an assertion without its token opens nothing). Reads (GET, HEAD) trust it until it
 * expires; every request that changes something reads the session in D1 as before, so a
 * session revoked (signed out elsewhere, a password reset) or an account disabled can do
 * nothing at once, and is no longer shown as signed in once its assertion lapses.
 *
 * HS256 with the deployment's SESSION_SIGNING_KEY (jose). Without the key, outside the local
 * demo, no assertion is issued and every request reads D1: slower, never open to forgery.
 */
import { jwtVerify, SignJWT } from "jose";
import type { MarketContext } from "../context";
import { secretOf } from "../config/deployment";
import { sha256 } from "../context/crypto";
import { lookupSessionByHash, type SessionLookup } from "./sessions";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Signs session assertions (see the rules above). */
      SESSION_SIGNING_KEY?: string;
    }
  }
}

export const ASSERTION_TTL_S = 5 * 60;

/** The local demo's stand-in key (config/deployment.ts: never used by a deployed host). */
const LOCAL_DEMO_KEY = "ovation-local-session-assertion-key";
const ISSUER = "ovation:session";

type AssertionContext = Pick<MarketContext, "env" | "viewer" | "now">;
export type ValidSession = Extract<SessionLookup, { status: "valid" }>;

function keyOf(ctx: AssertionContext): Uint8Array | null {
  const secret = secretOf(ctx, "SESSION_SIGNING_KEY", LOCAL_DEMO_KEY);
  return secret ? new TextEncoder().encode(secret) : null;
}

/** The assertion for a session D1 has just judged valid, or null when the deployment has no key. */
export async function assertSession(ctx: AssertionContext, session: ValidSession, tokenHash: string): Promise<string | null> {
  const key = keyOf(ctx);
  if (!key) return null;
  const issuedAt = Math.floor(ctx.now() / 1000);
  return new SignJWT({ sid: session.sessionId, pid: session.publicId, reg: session.registered, th: tokenHash })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(ISSUER)
    .setSubject(String(session.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ASSERTION_TTL_S)
    .sign(key);
}

/**
 * The session an assertion vouches for, when it is ours, unexpired and bound to this token (and
 * to the `tsessionid` presented with it, if any); null otherwise (the caller then reads D1).
 */
export async function assertedSession(ctx: AssertionContext, assertion: string, tokenHash: string, publicId?: string | null): Promise<ValidSession | null> {
  const key = keyOf(ctx);
  if (!key || assertion.length > 1024) return null;
  try {
    const { payload } = await jwtVerify(assertion, key, { algorithms: ["HS256"], issuer: ISSUER, currentDate: new Date(ctx.now()) });
    const userId = Number(payload.sub);
    if (payload.th !== tokenHash || !Number.isSafeInteger(userId) || typeof payload.sid !== "number" || typeof payload.pid !== "string") return null;
    if (publicId && publicId !== payload.pid) return null;
    return { status: "valid", userId, sessionId: payload.sid, publicId: payload.pid, registered: payload.reg === true };
  } catch {
    // Forged, expired, or from another key: worth nothing, and the session is read in D1.
    return null;
  }
}

/**
 * The session a token opens: from the presented assertion when the request only reads and the
 * assertion holds, otherwise from D1 (lookupSessionByHash), with a fresh assertion to carry back
 * when D1 found it valid and the presented one did not hold. `assertion` is null when there is
 * nothing new to carry.
 */
export async function resolveSession(
  ctx: AssertionContext & Pick<MarketContext, "db" | "d1">,
  input: { token: string; publicId?: string | null; presented: string | null; reads: boolean },
): Promise<{ lookup: SessionLookup; assertion: string | null }> {
  const tokenHash = await sha256(input.token);
  const asserted = input.presented ? await assertedSession(ctx, input.presented, tokenHash, input.publicId) : null;
  if (asserted && input.reads) return { lookup: asserted, assertion: null };
  const lookup = await lookupSessionByHash(ctx, tokenHash, input.publicId);
  const assertion = lookup.status === "valid" && !asserted ? await assertSession(ctx, lookup, tokenHash) : null;
  return { lookup, assertion };
}
