/**
 * Accounts and what a buyer sees of their own (SPEC §3 user info). An account is made only
 * after its email is proven (a code, a provider's verified ID token, or a signed partner
 * channel). An Apple private relay address cannot make an account (SPEC §4).
 */
import { and, eq } from "drizzle-orm";
import { userIdentities, users, userSessions } from "../../db/schema";
import type { MarketContext } from "../context";
import { isLanguage } from "../context/language";
import { MarketError, notFound } from "../errors";

export type UserRow = typeof users.$inferSelect;

const APPLE_RELAY_DOMAIN = "@privaterelay.appleid.com";

export function isAppleRelayEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(APPLE_RELAY_DOMAIN);
}

/** 'jane@example.com' → 'j***@example.com'. */
export function maskEmail(email: string | null): string {
  if (!email) return "";
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

export async function findUserByEmail(ctx: Pick<MarketContext, "db">, email: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserByPhone(ctx: Pick<MarketContext, "db">, phone: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(users.phone, phone));
  return row;
}

/**
 * Makes an account. Throws registryFail (200518) for an Apple private relay address, or when
 * the email or phone was taken a moment ago by a parallel registration.
 */
export async function createAccount(
  ctx: MarketContext,
  input: {
    email: string | null;
    phone?: string | null;
    nickName?: string | null;
    firstName?: string | null;
    lastName?: string | null;
    passwordHash?: string | null;
    channel?: string;
    language?: string | null;
  },
): Promise<UserRow> {
  if (input.email && isAppleRelayEmail(input.email)) throw new MarketError("registryFail", { messageKey: "registryFailAppleRelay" });
  const now = ctx.now();
  const nickName = input.nickName?.trim() || input.email?.slice(0, input.email.indexOf("@")).slice(0, 32) || null;
  try {
    const [row] = await ctx.db
      .insert(users)
      .values({
        email: input.email,
        emailVerifiedAt: input.email ? now : null,
        phone: input.phone ?? null,
        nickName,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        passwordHash: input.passwordHash ?? null,
        defaultLanguage: isLanguage(input.language) ? input.language : ctx.viewer.language,
        channel: input.channel ?? ctx.viewer.channel,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new MarketError("registryFail", { cause: error });
    throw error;
  }
}

/** D1 reports a unique-index conflict in the message of the error or of one it wraps. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as Error).cause, depth++) {
    if (String((current as Error).message ?? current).includes("UNIQUE constraint failed")) return true;
  }
  return false;
}

export async function setPasswordHash(ctx: Pick<MarketContext, "db" | "now">, userId: number, passwordHash: string): Promise<void> {
  await ctx.db.update(users).set({ passwordHash, updatedAt: ctx.now() }).where(eq(users.id, userId));
}

/** Throws accountDisable (130001) for a disabled account. */
export function assertEnabled(user: Pick<UserRow, "disabledAt">): void {
  if (user.disabledAt !== null) throw new MarketError("accountDisable");
}

export interface UserInfo {
  userId: number;
  maskEmail: string;
  nickName: string;
  firstName: string;
  lastName: string;
  avatar: string;
  phone: string;
  googleBindStatus: boolean;
  appleBindStatus: boolean;
  defaultLanguage: string;
  email: string;
  /** The sign-in that opened the current session also created the account. */
  newUser: boolean;
  /** Whether the account can sign in with a password (the settings screen offers to set one). */
  hasPassword: boolean;
}

/**
 * SPEC §3's user info for the signed-in account. `sessionId` picks the session whose newUser
 * flag is reported. Throws notFound when the account does not exist.
 */
export async function readUserInfo(ctx: Pick<MarketContext, "db">, userId: number, sessionId?: number): Promise<UserInfo> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("account");
  const [identities, session] = await Promise.all([
    ctx.db.select({ provider: userIdentities.provider }).from(userIdentities).where(eq(userIdentities.userId, userId)),
    sessionId === undefined
      ? Promise.resolve([])
      : ctx.db
          .select({ registered: userSessions.registered })
          .from(userSessions)
          .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId))),
  ]);
  const providers = new Set(identities.map((identity) => identity.provider));
  return {
    userId: user.id,
    maskEmail: maskEmail(user.email),
    nickName: user.nickName ?? "",
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    avatar: user.avatar ?? "",
    phone: user.phone ?? "",
    googleBindStatus: providers.has("google"),
    appleBindStatus: providers.has("apple"),
    defaultLanguage: user.defaultLanguage,
    email: user.email ?? "",
    newUser: session[0]?.registered ?? false,
    hasPassword: user.passwordHash !== null,
  };
}
