/**
 * Silent registration for the embedded partner channels (SPEC §4, §7 POST /user/v1/registry):
 * the partner's app supplies its user's email or phone and gets a session without a sign-in
 * screen. Because that trusts the partner's word for who the user is, the request must be
 * signed with the channel's key: HMAC-SHA256 over `<timestamp>.<raw body>`, base64url, sent
 * with a timestamp no more than 5 minutes off. Outside production a channel without a
 * configured key may call unsigned, so the flow works locally.
 */
import type { z } from "zod";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { base64url, sameSecret } from "../context/crypto";
import type { channelRegistrySchema, EmbeddedChannel } from "./schemas";
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
    if (ctx.viewer.environment === "production") throw new MarketError("registryFail", { messageKey: "registryFailChannel" });
    return;
  }
  const sentAt = Number(proof.timestamp);
  const fresh = Number.isFinite(sentAt) && Math.abs(ctx.now() - sentAt) <= SIGNATURE_MAX_SKEW_MS;
  const expected = await signChannelRequest(key, proof.timestamp ?? "", proof.rawBody);
  if (!fresh || !proof.signature || !sameSecret(expected, proof.signature)) {
    throw new MarketError("registryFail", { messageKey: "registryFailChannel" });
  }
}

/**
 * Signs in (or registers) the channel's user by email, else by phone. Throws registryFail
 * (200518) for an unsigned or badly signed request, or an Apple private relay address;
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
