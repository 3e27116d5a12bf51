/**
 * Signed-in sessions. A session is an opaque bearer token (32 random bytes, base64url) known
 * only to its holder; D1 keeps its SHA-256, so a leaked table signs no one in. Sessions last 30
 * days from their last use (the expiry slides at most once an hour, to spare writes), and end
 * early when revoked: at sign-out, at a password reset, or when a new sign-in replaces them.
 */
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { users, userSessions } from "../../db/schema";
import type { MarketContext } from "../context";
import { preparedOnce } from "../context/statements";
import { randomToken, sha256 } from "../context/crypto";
import { MarketError } from "../errors";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
export const SESSION_SLIDE_INTERVAL_MS = 60 * 60_000;

export interface IssuedSession {
  /** The bearer token: the `access-token` header, or the web's session cookie. */
  token: string;
  /** SPEC's `tsessionid`: names the session without granting it. */
  publicId: string;
  userId: number;
  registered: boolean;
  expiresAt: number;
}

export type SessionLookup =
  | { status: "valid"; userId: number; sessionId: number; publicId: string; registered: boolean }
  | { status: "invalid" }
  | { status: "expired" }
  | { status: "disabled"; userId: number };

/**
 * Opens a session for a signed-in account. `replacing` is the token the client held before
 * signing in; it is revoked, so a sign-in always rotates the token.
 */
export async function openSession(
  ctx: MarketContext,
  input: { userId: number; registered: boolean; replacing?: string | null },
): Promise<IssuedSession> {
  const now = ctx.now();
  const token = randomToken(32);
  const publicId = randomToken(16);
  const expiresAt = now + SESSION_TTL_MS;
  await ctx.db.insert(userSessions).values({
    publicId,
    tokenHash: await sha256(token),
    userId: input.userId,
    registered: input.registered,
    channel: ctx.viewer.channel,
    deviceId: ctx.viewer.deviceId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  if (input.replacing) await revokeSession(ctx, input.replacing);
  return { token, publicId, userId: input.userId, registered: input.registered, expiresAt };
}

/**
 * What a presented token is worth: valid (and then its expiry slides), invalid (unknown,
 * revoked, or paired with another session's tsessionid), expired, or belonging to a disabled
 * account.
 */
export async function lookupSession(
  ctx: Pick<MarketContext, "db" | "d1" | "now">,
  token: string,
  publicId?: string | null,
): Promise<SessionLookup> {
  return lookupSessionByHash(ctx, await sha256(token), publicId);
}

/** lookupSession for a token known by its hash (a door that hashed it and left the check for later). */
export async function lookupSessionByHash(
  ctx: Pick<MarketContext, "db" | "d1" | "now">,
  tokenHash: string,
  publicId?: string | null,
): Promise<SessionLookup> {
  const [row] = await sessionByTokenHash(ctx.d1).all({ tokenHash });
  return judgeSession(ctx, row, publicId);
}

/** What D1 keeps of a session and its account, as sessionColumns reads it. */
export interface SessionRow {
  id: number;
  publicId: string;
  userId: number;
  registered: boolean;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
  disabledAt: number | null;
}

/** A session and its account's switch, for a statement that reads them by the token's hash beside other things. */
export const sessionColumns = {
  id: userSessions.id,
  publicId: userSessions.publicId,
  userId: userSessions.userId,
  registered: userSessions.registered,
  lastSeenAt: userSessions.lastSeenAt,
  expiresAt: userSessions.expiresAt,
  revokedAt: userSessions.revokedAt,
  disabledAt: users.disabledAt,
};

/**
 * What the session read for a token is worth (lookupSession's answer), given the tsessionid that
 * came with it. A valid session's expiry slides at most once an hour, which is the one write.
 */
export async function judgeSession(
  ctx: Pick<MarketContext, "db" | "now">,
  row: SessionRow | undefined,
  publicId?: string | null,
): Promise<SessionLookup> {
  if (!row || row.revokedAt !== null) return { status: "invalid" };
  if (publicId && publicId !== row.publicId) return { status: "invalid" };
  const now = ctx.now();
  if (row.expiresAt <= now) return { status: "expired" };
  if (row.disabledAt !== null) return { status: "disabled", userId: row.userId };
  if (now - row.lastSeenAt >= SESSION_SLIDE_INTERVAL_MS) {
    await ctx.db
      .update(userSessions)
      .set({ lastSeenAt: now, expiresAt: now + SESSION_TTL_MS })
      .where(eq(userSessions.id, row.id));
  }
  return { status: "valid", userId: row.userId, sessionId: row.id, publicId: row.publicId, registered: row.registered };
}

/** SPEC §8's refusal for a session that opens nothing: tokenInvalid (unknown or revoked), tokenExpired, accountDisable. */
export function sessionRefusal(session: Exclude<SessionLookup, { status: "valid" }>): MarketError {
  switch (session.status) {
    case "expired":
      return new MarketError("tokenExpired");
    case "disabled":
      return new MarketError("accountDisable");
    default:
      return new MarketError("tokenInvalid");
  }
}

/**
 * The session a token's hash opens, with its account's switch, as a statement built once per
 * database: every signed-in call asks it, and building it anew cost CPU each time.
 */
const sessionByTokenHash = preparedOnce((db) =>
  db
    .select(sessionColumns)
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(eq(userSessions.tokenHash, sql.placeholder("tokenHash")))
    .prepare(),
);

/**
 * Whether account `userId` is still signed in somewhere: "open" while it has a session neither
 * revoked nor expired, "signedOut" once it has none (or there is no such account), "disabled" for
 * a blocked account whatever its sessions. What a credential issued from a session (chat's, good
 * for an hour) asks before it opens anything. Reads only.
 */
export async function sessionStillOpen(ctx: Pick<MarketContext, "db" | "now">, userId: number): Promise<"open" | "signedOut" | "disabled"> {
  const [account] = await ctx.db
    .select({ disabledAt: users.disabledAt, openSessionId: userSessions.id })
    .from(users)
    .leftJoin(userSessions, and(eq(userSessions.userId, users.id), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, ctx.now())))
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return "signedOut";
  if (account.disabledAt !== null) return "disabled";
  return account.openSessionId !== null ? "open" : "signedOut";
}

/** Ends the session the token opened (sign-out). A token that opens nothing is ignored. */
export async function revokeSession(ctx: Pick<MarketContext, "db" | "now">, token: string): Promise<void> {
  await ctx.db
    .update(userSessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(userSessions.tokenHash, await sha256(token)), isNull(userSessions.revokedAt)));
}

/** Ends every session of an account, optionally but one (after a password reset, on disabling). */
export async function revokeAccountSessions(
  ctx: Pick<MarketContext, "db" | "now">,
  userId: number,
  options: { exceptSessionId?: number } = {},
): Promise<void> {
  const conditions = [eq(userSessions.userId, userId), isNull(userSessions.revokedAt)];
  if (options.exceptSessionId !== undefined) conditions.push(ne(userSessions.id, options.exceptSessionId));
  await ctx.db.update(userSessions).set({ revokedAt: ctx.now() }).where(and(...conditions));
}
