/**
 * Account calls (SPEC §7): sign-in by password, code or a provider's ID token, registration,
 * password reset, third-party binding, the embedded channels' silent registry, user info and
 * logout. Every sign-in answers SPEC §3's user info with the new `accessToken` and `tsessionid`.
 */
import type { Context, Hono } from "hono";
import type { z } from "zod";
import {
  bindIdentity,
  channelRegistrySchema,
  codeLoginSchema,
  codeRequestSchema,
  openSession,
  passwordLoginSchema,
  readUserInfo,
  registerFromChannel,
  registerWithPassword,
  requestEmailCode,
  resetPasswordSchema,
  resetPassword,
  registerSchema,
  revokeSession,
  signInWithCode,
  signInWithIdentity,
  signInWithPassword,
  thirdPartyTokenSchema,
  type SignedIn,
} from "../../market/accounts";
import { verifyProviderToken } from "../../integrations/oauth";
import { closeSocketsOf } from "../../market/messaging";
import type { ApiEnv } from "../api-env";
import { invalidParam, ok } from "../envelope";
import { MarketError } from "../../market/errors";
import { presentedToken, requireSignedIn } from "../session";
import { parsed, parsedBody } from "../parse";
import { requesterOf } from "../../web/requester";

type ApiContext = Context<ApiEnv>;

function readBody<S extends z.core.$ZodType>(c: ApiContext, schema: S): Promise<z.output<S>> {
  return parsedBody(c, schema);
}

/** Opens the session for a sign-in (replacing any token the caller held) and answers it. */
async function answerSignedIn(c: ApiContext, signedIn: SignedIn) {
  const ctx = c.get("market");
  const session = await openSession(ctx, { ...signedIn, replacing: presentedToken(c.req.raw, c.get("headers")) });
  const info = await readUserInfo(ctx, signedIn.userId);
  return c.json(
    ok({ ...info, newUser: signedIn.registered, accessToken: session.token, tsessionid: session.publicId, expiresAt: session.expiresAt }),
  );
}

export function registerAccountRoutes(api: Hono<ApiEnv>) {
  api.post("/user/v1/mts/verify_code/send", async (c) => {
    const { email, scene } = await readBody(c, codeRequestSchema);
    const { expiresAt } = await requestEmailCode(c.get("market"), { email, purpose: scene, requester: requesterOf(c.req.raw) });
    return c.json(ok({ email, expiresAt }));
  });

  api.post("/user/v1/mts/login/password", async (c) => {
    const { email, password } = await readBody(c, passwordLoginSchema);
    return answerSignedIn(c, await signInWithPassword(c.get("market"), { email, password }));
  });

  api.post("/user/v1/mts/login/code", async (c) => {
    const { email, code } = await readBody(c, codeLoginSchema);
    return answerSignedIn(c, await signInWithCode(c.get("market"), { email, code }));
  });

  api.post("/user/v1/mts/register", async (c) => {
    const fields = await readBody(c, registerSchema);
    return answerSignedIn(c, await registerWithPassword(c.get("market"), fields));
  });

  api.post("/user/v1/mts/password/reset", async (c) => {
    const fields = await readBody(c, resetPasswordSchema);
    return answerSignedIn(c, await resetPassword(c.get("market"), fields));
  });

  api.post("/user/v1/mts/login/third_party", async (c) => {
    const ctx = c.get("market");
    const { provider, idToken, nonce, firstName, lastName } = await readBody(c, thirdPartyTokenSchema);
    const identity = await verifyProviderToken(ctx.env, provider, idToken, { nonce, now: ctx.now(), name: { firstName, lastName } });
    return answerSignedIn(c, await signInWithIdentity(ctx, identity));
  });

  api.post("/user/v1/mts/bind/third_party", async (c) => {
    const ctx = c.get("market");
    const caller = requireSignedIn(c);
    const { provider, idToken, nonce } = await readBody(c, thirdPartyTokenSchema);
    const identity = await verifyProviderToken(ctx.env, provider, idToken, { nonce, now: ctx.now() });
    await bindIdentity(ctx, caller.userId, identity);
    return c.json(ok(await readUserInfo(ctx, caller.userId, caller.sessionId)));
  });

  api.post("/user/v1/registry", async (c) => {
    const rawBody = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new MarketError("invalidParam", { params: { field: "body", reason: "not JSON" } });
    }
    const request = parsed(channelRegistrySchema, body);
    const signedIn = await registerFromChannel(c.get("market"), request, {
      rawBody,
      timestamp: c.req.header("x-channel-timestamp") ?? null,
      signature: c.req.header("x-channel-signature") ?? null,
    });
    return answerSignedIn(c, signedIn);
  });

  api.get("/user/v1/mts/user_info", async (c) => {
    const caller = requireSignedIn(c);
    return c.json(ok(await readUserInfo(c.get("market"), caller.userId, caller.sessionId)));
  });

  // Signing out twice, or with a token that already expired, still signs out.
  api.post("/user/v1/mts/logout", async (c) => {
    const token = presentedToken(c.req.raw, c.get("headers"));
    if (!token) throw new MarketError("notLogin");
    await revokeSession(c.get("market"), token);
    const { userId } = c.get("market").viewer;
    if (userId !== null) await closeSocketsOf(c.get("market"), userId);
    return c.json(ok(null));
  });
}
