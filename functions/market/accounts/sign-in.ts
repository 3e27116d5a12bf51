/**
 * Email sign-in and registration. Every way in ends in a `SignedIn` (the account, and whether
 * this sign-in made it); the door then opens a session. An emailed code proves the mailbox, so
 * code sign-in and password reset make the account when there is none yet.
 */
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { consumeEmailCode } from "./codes";
import { hashPassword, UNMATCHABLE_PASSWORD_HASH, verifyPassword } from "../context/crypto";
import { clearFailures, failAttempt, takeAttempt } from "./guards";
import { revokeAccountSessions } from "./sessions";
import { assertEnabled, createAccount, findUserByEmail, setPasswordHash } from "./users";

export interface SignedIn {
  userId: number;
  /** This sign-in created the account (SPEC §3 newUser; analytics' register event). */
  registered: boolean;
}

/**
 * Email and password. Throws emailLoginLocked (200509) while password sign-in is locked;
 * passwordError (200302) for a wrong password or unknown address, or emailPwsLoginLimit
 * (200507) when that failure locks it; accountDisable (130001) for a disabled account.
 */
export async function signInWithPassword(ctx: MarketContext, input: { email: string; password: string }): Promise<SignedIn> {
  // Counted before the check, so a burst of guesses cannot all be checked (guards.ts).
  const attempt = await takeAttempt(ctx, input.email, "password");
  const user = await findUserByEmail(ctx, input.email);
  // Hash even when there is nothing to compare with, so timing does not reveal the account.
  const matches = await verifyPassword(input.password, user?.passwordHash ?? UNMATCHABLE_PASSWORD_HASH);
  if (!user || !matches) return await failAttempt(ctx, input.email, "password", attempt);
  await clearFailures(ctx, input.email, "password");
  assertEnabled(user);
  return { userId: user.id, registered: false };
}

/**
 * Email and emailed code (purpose `login`); makes the account on first use. Throws the code
 * errors of consumeEmailCode, accountDisable (130001), or registryFail (200518).
 */
export async function signInWithCode(ctx: MarketContext, input: { email: string; code: string }): Promise<SignedIn> {
  await consumeEmailCode(ctx, { email: input.email, purpose: "login", code: input.code });
  const user = await findUserByEmail(ctx, input.email);
  if (user) {
    assertEnabled(user);
    if (user.emailVerifiedAt === null) await markVerified(ctx, user.id);
    return { userId: user.id, registered: false };
  }
  const created = await createAccount(ctx, { email: input.email });
  return { userId: created.id, registered: true };
}

/**
 * Registration: email, emailed code (purpose `register`) and a new password. An account that
 * exists without a password (made by code or a provider) gets this one. Throws the code errors,
 * registryFail (200518, message registryFailEmailTaken) when the address already has a password,
 * accountDisable (130001).
 */
export async function registerWithPassword(
  ctx: MarketContext,
  input: { email: string; code: string; password: string; nickName?: string },
): Promise<SignedIn> {
  await consumeEmailCode(ctx, { email: input.email, purpose: "register", code: input.code });
  const existing = await findUserByEmail(ctx, input.email);
  if (existing?.passwordHash) throw new MarketError("registryFail", { messageKey: "registryFailEmailTaken" });
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    assertEnabled(existing);
    await setPasswordHash(ctx, existing.id, passwordHash);
    return { userId: existing.id, registered: false };
  }
  const created = await createAccount(ctx, { email: input.email, passwordHash, nickName: input.nickName });
  return { userId: created.id, registered: true };
}

/**
 * Sets a new password with an emailed code (purpose `reset`): 'forgot password' for guests and
 * 'set password' for accounts made without one. Ends every other session of the account and
 * lifts a password lock. Throws the code errors, accountDisable (130001), registryFail (200518).
 */
export async function resetPassword(ctx: MarketContext, input: { email: string; code: string; password: string }): Promise<SignedIn> {
  await consumeEmailCode(ctx, { email: input.email, purpose: "reset", code: input.code });
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(ctx, input.email);
  if (!existing) {
    const created = await createAccount(ctx, { email: input.email, passwordHash });
    return { userId: created.id, registered: true };
  }
  assertEnabled(existing);
  await setPasswordHash(ctx, existing.id, passwordHash);
  await revokeAccountSessions(ctx, existing.id);
  await clearFailures(ctx, input.email, "password");
  return { userId: existing.id, registered: false };
}

async function markVerified(ctx: MarketContext, userId: number) {
  await ctx.db.update(users).set({ emailVerifiedAt: ctx.now(), updatedAt: ctx.now() }).where(eq(users.id, userId));
}
