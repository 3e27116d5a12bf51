/**
 * Silent registration for the embedded partner channels (SPEC §4, §7 POST /user/v1/registry):
 * the partner's app supplies its user's email or phone and gets a session without a sign-in
 * screen. Because that trusts the partner's word for who the user is, the request must be
 * signed with the channel's key: HMAC-SHA256 over `<timestamp>.<raw body>`, base64url, sent
 * with a timestamp no more than 5 minutes off, and each signature is accepted once (its nonce
 * is kept until it would have expired, so a replay is refused). Only the local demo
 * (config/deployment.ts) lets a channel without a configured key call unsigned. A staff account
 * (any role in account_roles) is never signed in this way, signed or not: a partner's word must
 * not open a console.
 */
import { eq, lt } from "drizzle-orm";
import type { z } from "zod";
import { accountRoles, channelNonces } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { base64url, sameSecret } from "../context/crypto";
import { isLocalDemo, notConfigured } from "../config/deployment";
import type { EmbeddedChannel } from "../preferences/channels";
import type { channelRegistrySchema } from "./schemas";
import type { SignedIn } from "./sign-in";
import { assertEnabled, createAccount, findUserByEmail, findUserByPhone } from "./users";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Signing keys the partner channels share with us (see the folder rules). */
      MTL_LAUNCH_SIGNING_KEY?: string;
      PIAOXIAOER_SIGNING_KEY?: string;
    }
  }
}

export const SIGNATURE_MAX_SKEW_MS = 5 * 60_000;

export interface ChannelProof {
  rawBody: string;
  timestamp: string | null;
  signature: string | null;
}

function signingKey(env: Env, channel: EmbeddedChannel): string | undefined {
  return channel === "MTL_LAUNCH" ? env.MTL_LAUNCH_SIGNING_KEY : env.PIAOXIAOER_SIGNING_KEY;
}

/** The signature a partner sends: base64url HMAC-SHA256 of `<timestamp>.<raw body>` under its key. */
export async function signChannelRequest(key: string, timestamp: string, rawBody: string): Promise<string> {
  const hmacKey = await crypto.subtle.importKey("raw", new TextEncoder().encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode(`${timestamp}.${rawBody}`));
  return base64url(new Uint8Array(mac));
}

async function assertSigned(ctx: MarketContext, channel: EmbeddedChannel, proof: ChannelProof): Promise<void> {
  const key = signingKey(ctx.env, channel);
  if (!key) {
    if (isLocalDemo(ctx)) return;
    // Logged as the missing secret; the partner is told only that its app was not verified.
    notConfigured(channel === "MTL_LAUNCH" ? "MTL_LAUNCH_SIGNING_KEY" : "PIAOXIAOER_SIGNING_KEY");
    throw new MarketError("registryFail", { messageKey: "registryFailChannel" });
  }
  const sentAt = Number(proof.timestamp);
  const fresh = Number.isFinite(sentAt) && Math.abs(ctx.now() - sentAt) <= SIGNATURE_MAX_SKEW_MS;
  const expected = await signChannelRequest(key, proof.timestamp ?? "", proof.rawBody);
  if (!fresh || !proof.signature || !sameSecret(expected, proof.signature)) {
    throw new MarketError("registryFail", { messageKey: "registryFailChannel" });
  }
  await spendNonce(ctx, channel, proof.signature, sentAt + SIGNATURE_MAX_SKEW_MS);
}

/**
 * Spends a signature once: the insert of its nonce is the check, so of two racing calls with the
 * same signature exactly one passes. Rows whose signature has expired anyway are swept first.
 */
async function spendNonce(ctx: MarketContext, channel: EmbeddedChannel, nonce: string, expiresAt: number): Promise<void> {
  await ctx.db.delete(channelNonces).where(lt(channelNonces.expiresAt, ctx.now()));
  const spent = await ctx.db.insert(channelNonces).values({ nonce, channel, expiresAt }).onConflictDoNothing({ target: channelNonces.nonce });
  if (spent.meta.changes === 0) throw new MarketError("registryFail", { messageKey: "registryFailReplay" });
}

/** Refuses a staff account: a partner may sign in buyers only. */
async function assertNotStaff(ctx: MarketContext, userId: number): Promise<void> {
  const role = await ctx.db.select({ role: accountRoles.role }).from(accountRoles).where(eq(accountRoles.userId, userId)).limit(1);
  if (role.length > 0) throw new MarketError("registryFail", { messageKey: "registryFailStaff" });
}

/**
 * Signs in (or registers) the channel's user by email, else by phone. Throws registryFail
 * (200518) for an unsigned, badly signed or replayed request, a staff account, or an Apple
 * private relay address;
 * accountDisable (130001).
 */
export async function registerFromChannel(
  ctx: MarketContext,
  fields: z.infer<typeof channelRegistrySchema>,
  proof: ChannelProof,
): Promise<SignedIn> {
  await assertSigned(ctx, fields.channel, proof);
  const existing =
    (fields.email ? await findUserByEmail(ctx, fields.email) : undefined) ??
    (fields.phone ? await findUserByPhone(ctx, fields.phone) : undefined);
  if (existing) {
    assertEnabled(existing);
    await assertNotStaff(ctx, existing.id);
    return { userId: existing.id, registered: false };
  }
  const created = await createAccount(ctx, {
    email: fields.email ?? null,
    phone: fields.phone ?? null,
    nickName: fields.nickName,
    channel: fields.channel,
    language: fields.language,
  });
  return { userId: created.id, registered: true };
}
