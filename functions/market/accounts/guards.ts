/**
 * Sign-in lockout. Failures are counted per address and kind (password, code) inside a
 * 15-minute window; the fifth locks that kind of sign-in for 15 minutes. A lock says when it
 * lifts, in the viewer's language and time zone. Counting by address, not account, keeps the
 * answer the same whether or not an account exists.
 *
 * A password attempt is counted before the password is checked (takeAttempt): one guarded upsert
 * both counts it and says whether it is within the limit, so a burst of parallel guesses has at
 * most five of them checked, and a right password sent after those is refused like the rest.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { signInGuards, type SignInGuardKind } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";

export const FAILURES_BEFORE_LOCK = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

type GuardContext = Pick<MarketContext, "db" | "now" | "viewer">;

/** The wall-clock time a lock lifts, as the viewer reads it. */
export function unlockTime(ctx: Pick<MarketContext, "viewer">, at: number): string {
  return new Intl.DateTimeFormat(ctx.viewer.language, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: ctx.viewer.timeZone,
  }).format(new Date(at));
}

function lockedError(ctx: GuardContext, name: "emailLoginLocked" | "emailPwsLoginLimit" | "emailCodeLoginLimit", until: number) {
  return new MarketError(name, { params: { time: unlockTime(ctx, until), unlockAt: until } });
}

/** Throws emailLoginLocked (200509) while this kind of sign-in is locked for the address. */
export async function assertNotLocked(ctx: GuardContext, email: string, kind: SignInGuardKind): Promise<void> {
  const [guard] = await ctx.db
    .select({ lockedUntil: signInGuards.lockedUntil })
    .from(signInGuards)
    .where(and(eq(signInGuards.email, email), eq(signInGuards.kind, kind)));
  if (guard?.lockedUntil && guard.lockedUntil > ctx.now()) throw lockedError(ctx, "emailLoginLocked", guard.lockedUntil);
}

/**
 * Counts one attempt or failure for the address: the first in a while makes its row, a later one
 * moves the row by `moves`, whose right-hand sides read the row as it was.
 */
function countOne(ctx: GuardContext, email: string, kind: SignInGuardKind, now: number, moves: Partial<Record<"failures" | "windowStartedAt" | "lockedUntil", SQL>>) {
  return ctx.db
    .insert(signInGuards)
    .values({ email, kind, failures: 1, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({ target: [signInGuards.email, signInGuards.kind], set: moves });
}

/**
 * Counts this attempt before anything is checked and returns its number in the window (1-5).
 * Throws emailLoginLocked (200509) while locked, or when earlier attempts in the window already
 * reached the limit (the lock is then set by this same statement, so no later attempt is checked
 * either). A success clears the count (clearFailures); a failure is answered by failAttempt.
 */
export async function takeAttempt(ctx: GuardContext, email: string, kind: SignInGuardKind): Promise<number> {
  const now = ctx.now();
  const windowOpen = now - FAILURE_WINDOW_MS;
  const locked = sql`(${signInGuards.lockedUntil} IS NOT NULL AND ${signInGuards.lockedUntil} > ${now})`;
  const stale = sql`${signInGuards.windowStartedAt} <= ${windowOpen}`;
  // Every right-hand side reads the row as it was: one statement, so racing attempts queue.
  const [taken] = await countOne(ctx, email, kind, now, {
    failures: sql`CASE WHEN ${locked} THEN ${signInGuards.failures} WHEN ${stale} THEN 1 ELSE ${signInGuards.failures} + 1 END`,
    windowStartedAt: sql`CASE WHEN ${locked} OR NOT ${stale} THEN ${signInGuards.windowStartedAt} ELSE ${now} END`,
    lockedUntil: sql`CASE WHEN ${locked} THEN ${signInGuards.lockedUntil} WHEN NOT ${stale} AND ${signInGuards.failures} + 1 > ${FAILURES_BEFORE_LOCK} THEN ${now + LOCK_MS} ELSE ${signInGuards.lockedUntil} END`,
  }).returning({ failures: signInGuards.failures, lockedUntil: signInGuards.lockedUntil });
  if (taken.lockedUntil !== null && taken.lockedUntil > now) throw lockedError(ctx, "emailLoginLocked", taken.lockedUntil);
  return taken.failures;
}

/**
 * Answers a failed attempt already counted by takeAttempt: passwordError (200302) with the tries
 * left, or, for the attempt that reaches the limit, emailPwsLoginLimit (200507) and the lock.
 */
export async function failAttempt(ctx: GuardContext, email: string, kind: SignInGuardKind, attempt: number): Promise<never> {
  if (attempt >= FAILURES_BEFORE_LOCK) {
    const until = ctx.now() + LOCK_MS;
    await lockAddress(ctx, email, kind, until);
    throw lockedError(ctx, kind === "password" ? "emailPwsLoginLimit" : "emailCodeLoginLimit", until);
  }
  throw new MarketError(kind === "password" ? "passwordError" : "verifyCodeError", { params: { remaining: FAILURES_BEFORE_LOCK - attempt } });
}

async function lockAddress(ctx: GuardContext, email: string, kind: SignInGuardKind, until: number) {
  await ctx.db
    .update(signInGuards)
    .set({ lockedUntil: until, failures: 0, windowStartedAt: ctx.now() })
    .where(and(eq(signInGuards.email, email), eq(signInGuards.kind, kind)));
}

/**
 * Counts one failure and throws: the plain error (passwordError 200302 / verifyCodeError
 * 200311) below the limit, or the limit error (emailPwsLoginLimit 200507 /
 * emailCodeLoginLimit 200508) with the unlock time when this failure locks the address.
 */
export async function failSignIn(ctx: GuardContext, email: string, kind: SignInGuardKind): Promise<never> {
  const now = ctx.now();
  const windowOpen = now - FAILURE_WINDOW_MS;
  // One upsert, so two failures racing each other are both counted.
  const [counted] = await countOne(ctx, email, kind, now, {
    failures: sql`CASE WHEN ${signInGuards.windowStartedAt} <= ${windowOpen} THEN 1 ELSE ${signInGuards.failures} + 1 END`,
    windowStartedAt: sql`CASE WHEN ${signInGuards.windowStartedAt} <= ${windowOpen} THEN ${now} ELSE ${signInGuards.windowStartedAt} END`,
  }).returning({ failures: signInGuards.failures });

  return await failAttempt(ctx, email, kind, counted.failures);
}

/** A success forgets earlier failures of that kind (and any lock, e.g. after a password reset). */
export async function clearFailures(ctx: Pick<MarketContext, "db">, email: string, kind: SignInGuardKind): Promise<void> {
  await ctx.db.delete(signInGuards).where(and(eq(signInGuards.email, email), eq(signInGuards.kind, kind)));
}
