/**
 * Google and Apple accounts. The integration verifies the provider's ID token; here a verified
 * identity signs in the account it is linked to, links itself to the account that owns its
 * (provider-verified) email, or makes a new account. Binding links it to the signed-in account
 * and fails when it, or its email, belongs to another account (SPEC §4).
 */
import { and, eq } from "drizzle-orm";
import { userIdentities, users, type ThirdPartyProvider } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import type { SignedIn } from "./sign-in";
import { assertEnabled, createAccount, findUserByEmail, isUniqueViolation } from "./users";

/** What a provider's verified ID token says about its account. */
export interface VerifiedIdentity {
  provider: ThirdPartyProvider;
  subject: string;
  /** Lower-cased; null when the provider shared none. */
  email: string | null;
  /** The provider vouches that the address is its owner's. */
  emailVerified: boolean;
  firstName?: string | null;
  lastName?: string | null;
}

async function identityOwner(ctx: MarketContext, identity: VerifiedIdentity) {
  const [row] = await ctx.db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, identity.provider), eq(userIdentities.subject, identity.subject)));
  return row?.userId;
}

async function link(ctx: MarketContext, userId: number, identity: VerifiedIdentity) {
  try {
    await ctx.db.insert(userIdentities).values({
      userId,
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email,
      createdAt: ctx.now(),
    });
  } catch (error) {
    // Either this identity was linked elsewhere a moment ago, or the account already has one of this provider.
    if (isUniqueViolation(error)) throw new MarketError("accountBinded", { cause: error });
    throw error;
  }
}

/**
 * Signs in with a verified Google or Apple identity. Throws accountDisable (130001);
 * registryFail (200518: an Apple private relay address, or no email to make an account with);
 * accountBinded (200513) when the account owning the email already has another identity of
 * this provider.
 */
export async function signInWithIdentity(ctx: MarketContext, identity: VerifiedIdentity): Promise<SignedIn> {
  const linkedTo = await identityOwner(ctx, identity);
  if (linkedTo !== undefined) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, linkedTo));
    if (!user) throw notFound("account");
    assertEnabled(user);
    return { userId: user.id, registered: false };
  }

  const owner = identity.email && identity.emailVerified ? await findUserByEmail(ctx, identity.email) : undefined;
  if (owner) {
    assertEnabled(owner);
    await link(ctx, owner.id, identity);
    return { userId: owner.id, registered: false };
  }

  if (!identity.email || !identity.emailVerified) throw new MarketError("registryFail");
  const created = await createAccount(ctx, {
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    // The name Me shows: the first name, as people call each other (a display name defaults to it).
    nickName: identity.firstName || identity.lastName || null,
  });
  await link(ctx, created.id, identity);
  return { userId: created.id, registered: true };
}

/**
 * Links a verified identity to the signed-in account. Linking one already linked to this
 * account succeeds again. Throws accountBinded (200513) when the identity is linked to another
 * account, its email is another account's, or this account already has one of this provider.
 */
export async function bindIdentity(ctx: MarketContext, userId: number, identity: VerifiedIdentity): Promise<void> {
  const linkedTo = await identityOwner(ctx, identity);
  if (linkedTo === userId) return;
  if (linkedTo !== undefined) throw new MarketError("accountBinded");
  if (identity.email) {
    const owner = await findUserByEmail(ctx, identity.email);
    if (owner && owner.id !== userId) throw new MarketError("accountBinded");
  }
  await link(ctx, userId, identity);
}
