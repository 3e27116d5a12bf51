/**
 * The web's Google / Apple round trip. Starting keeps the authorization's state, nonce and PKCE
 * verifier in a short-lived `__Host-` cookie (HttpOnly, SameSite=Lax, 10 minutes); the callback
 * must bring back the same state. Apple answers with a cross-site form POST, which carries no
 * Lax cookie, so that POST is turned into a same-URL GET first (a top-level navigation, which
 * does carry them) and both providers finish in one place.
 */
import { createCookie, redirect, type AppLoadContext } from "react-router";
import * as z from "zod";
import { bindIdentity, signInWithIdentity } from "@market/accounts";
import { MarketError } from "@market/errors";
import { THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from "../../functions/db/schema/accounts";
import { appleUserName, beginAuthorization, configuredProviders, finishAuthorization } from "../../functions/integrations/oauth";
import { sameSecret } from "../../functions/market/context/crypto";
import { loginUrl, safeRedirectTo, signInAndRedirect } from "./auth.server";
import { redirectWithToast } from "./toast.server";
import { notFoundResponse } from "./refusal.server";

/** The providers the sign-in screens offer: the screens ask the web door, never the OAuth adapter. */
export { configuredProviders };

const flowSchema = z.object({
  provider: z.enum(THIRD_PARTY_PROVIDERS),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string().nullable(),
  intent: z.enum(["login", "bind"]),
  redirectTo: z.string(),
  userId: z.number().nullable(),
});
type Flow = z.infer<typeof flowSchema>;

const flowCookie = createCookie("__Host-ovation_oauth", { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: 600 });

/** Errors a failed sign-in shows on the sign-in screen (by message key); anything else shows the generic one. */
export const THIRD_PARTY_ERROR_KEYS = [
  "thirdPartyVerifyFail",
  "thirdPartyUnavailable",
  "registryFail",
  "registryFailAppleRelay",
  "accountBinded",
  "accountDisable",
] as const;

export function providerParam(value: string | undefined, env: Env): ThirdPartyProvider {
  const provider = THIRD_PARTY_PROVIDERS.find((p) => p === value);
  if (!provider || !configuredProviders(env).includes(provider)) throw notFoundResponse();
  return provider;
}

function callbackUrl(request: Request, provider: ThirdPartyProvider): string {
  return `${new URL(request.url).origin}/auth/${provider}/callback`;
}

/** Sends the browser to the provider. Binding needs a signed-in buyer (a guest is sent to sign in). */
export async function startThirdParty(
  request: Request,
  context: AppLoadContext,
  provider: ThirdPartyProvider,
  input: { intent: "login" | "bind"; redirectTo: string | null },
): Promise<Response> {
  const userId = context.market.viewer.userId;
  if (input.intent === "bind" && userId === null) throw redirect(loginUrl(safeRedirectTo(input.redirectTo)));
  const start = beginAuthorization(context.cloudflare.env, provider, callbackUrl(request, provider));
  const flow: Flow = {
    provider,
    state: start.state,
    nonce: start.nonce,
    codeVerifier: start.codeVerifier,
    intent: input.intent,
    redirectTo: safeRedirectTo(input.redirectTo, input.intent === "bind" ? "/settings" : "/mine"),
    userId: input.intent === "bind" ? userId : null,
  };
  return redirect(start.url.toString(), { headers: { "Set-Cookie": await flowCookie.serialize(flow) } });
}

/** Apple's form POST, replayed as a GET of the same callback so the browser sends our cookies. */
export function replayFormPost(request: Request, form: FormData): Response {
  const url = new URL(request.url);
  for (const name of ["code", "state", "error", "user"]) {
    const value = form.get(name);
    if (typeof value === "string" && value.length <= 4096) url.searchParams.set(name, value);
  }
  return redirect(`${url.pathname}${url.search}`, 303);
}

/** Finishes the round trip: signs in (or binds) and redirects, or explains what went wrong. */
export async function finishThirdParty(request: Request, context: AppLoadContext, provider: ThirdPartyProvider): Promise<Response> {
  const url = new URL(request.url);
  const parsed = flowSchema.safeParse(await flowCookie.parse(request.headers.get("cookie")));
  const clear = await flowCookie.serialize("", { maxAge: 0 });
  const flow = parsed.success && parsed.data.provider === provider ? parsed.data : null;
  const state = url.searchParams.get("state") ?? "";
  const code = url.searchParams.get("code");

  const fail = (error: MarketError | null) => failed(flow, error, clear);
  // No flow, a foreign state, or the buyer cancelled at the provider.
  if (!flow || !sameSecret(state, flow.state)) return fail(new MarketError("thirdPartyVerifyFail"));
  if (!code) return fail(null);

  try {
    const identity = await finishAuthorization(context.cloudflare.env, provider, {
      code,
      redirectUri: callbackUrl(request, provider),
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
      now: context.market.now(),
      name: provider === "apple" ? appleUserName(url.searchParams.get("user")) : undefined,
    });
    if (flow.intent === "bind") {
      const userId = context.market.viewer.userId;
      if (userId === null || userId !== flow.userId) return fail(new MarketError("thirdPartyVerifyFail"));
      await bindIdentity(context.market, userId, identity);
      return redirectWithToast(flow.redirectTo, { kind: "success", key: "accountToast.bound" }, { headers: { "Set-Cookie": clear } });
    }
    const signedIn = await signInWithIdentity(context.market, identity);
    const response = await signInAndRedirect(request, context, signedIn, {
      redirectTo: flow.redirectTo,
      toast: { kind: "success", key: signedIn.registered ? "accountToast.registered" : "accountToast.signedIn" },
    });
    response.headers.append("Set-Cookie", clear);
    return response;
  } catch (error) {
    if (error instanceof MarketError) return fail(error);
    throw error;
  }
}

async function failed(flow: Flow | null, error: MarketError | null, clear: string): Promise<Response> {
  const key = error ? ((THIRD_PARTY_ERROR_KEYS as readonly string[]).includes(error.messageKey) ? error.messageKey : "thirdPartyVerifyFail") : null;
  if (flow?.intent === "bind") {
    if (!key) return redirect(flow.redirectTo, { headers: { "Set-Cookie": clear } });
    return redirectWithToast(flow.redirectTo, { kind: "error", key }, { headers: { "Set-Cookie": clear } });
  }
  const params = new URLSearchParams();
  if (flow && flow.redirectTo !== "/mine") params.set("redirectTo", flow.redirectTo);
  if (key) params.set("error", key);
  return redirect(`/login${params.size ? `?${params}` : ""}`, { headers: { "Set-Cookie": clear } });
}
