/**
 * The app context on the first request (SPEC §3): our app and the partner apps open a page with
 * the context as query values (or as headers of the same names, the token in `access-token`),
 * and the very first screen must already be signed in, in the app's language, currency and
 * location, and padded for the status bar and safe area: nothing may wait for hydration. The
 * context is kept in cookies so the next pages of the web view, opened without it, look the same.
 *
 * An embedded partner channel (MTL_LAUNCH, PiaoXiaoer) that opens a guest page with its user's
 * email gets SPEC §4's silent login here, on that first request: the registry's own rule
 * (registerFromChannel, the same as POST /user/v1/registry) finds or makes the account, signed
 * like the API call, and the page is drawn signed in with no screen in between.
 */
import { parse, serialize, type SerializeOptions } from "cookie";
import { parseAppContext, type AppContext } from "../market/context/host-app";
import type { MarketContext } from "../market/context";
import { lookupSession, openSession } from "../market/accounts/sessions";
import { registerFromChannel } from "../market/accounts/channel-registry";
import { channelRegistrySchema } from "../market/accounts/schemas";
import { EMBEDDED_CHANNELS } from "../market/preferences/channels";
import { CODES, MarketError } from "../market/errors";
import { environmentFromHost } from "../market/preferences/environment";
import { readSession, sessionCookie, TOKEN_HEADER } from "./session";

/** Cookie keeping the app's channel, source and insets for the rest of the web view's visit. */
export const APP_FRAME_COOKIE = "ovation_app";

/** Header names an app may use instead of query values (the query wins). */
const HEADER_NAMES: Record<string, string> = { token: TOKEN_HEADER };
const CONTEXT_NAMES = ["token", "email", "nickName", "tsessionid", "language", "lan", "currency", "cc", "location", "lc", "locationCityId", "channel", "version", "source", "src", "deviceId", "statusBarHeight", "safeAreaBottom"];

export interface AppFrame {
  channel?: string;
  source?: string;
  statusBarHeight?: number;
  safeAreaBottom?: number;
  /** This request's app token opened nothing: SPEC §8's code, for the page to ask the app for a new token (never kept). */
  tokenRefused?: number;
}

/** The context a request carries, from its query, else from its headers. */
export function appContextOfRequest(request: Request): AppContext {
  const url = new URL(request.url);
  const merged = new URLSearchParams();
  for (const name of CONTEXT_NAMES) {
    const value = url.searchParams.get(name) ?? request.headers.get(HEADER_NAMES[name] ?? name);
    if (value !== null && value !== "") merged.set(name, value);
  }
  return parseAppContext(merged);
}

/** The app frame kept from an earlier request of this web view. */
export function keptAppFrame(request: Request): AppFrame {
  const raw = parse(request.headers.get("cookie") ?? "")[APP_FRAME_COOKIE];
  if (!raw) return {};
  const kept = parseAppContext(new URLSearchParams(raw));
  return { channel: kept.channel, source: kept.source, statusBarHeight: kept.statusBarHeight, safeAreaBottom: kept.safeAreaBottom };
}

export interface AppliedAppContext {
  context: AppContext;
  /** Channel, source and insets in force: this request's, else the kept ones. */
  frame: AppFrame;
  /** The account the app's token (or the channel's silent login) opens, when valid. */
  userId: number | null;
  /** SPEC §8's code for an app token that opened nothing (tokenExpired, tokenInvalid): the page asks the app for a new one. */
  tokenRefused: number | null;
  setCookies: string[];
}

/**
 * Applies a request's app context: checks the token (a web session cookie is written for it, so
 * later pages are signed in too), and keeps language, currency and location as manual choices.
 */
export async function applyAppContext(request: Request, ctx: MarketContext): Promise<AppliedAppContext> {
  const context = appContextOfRequest(request);
  const kept = keptAppFrame(request);
  const frame: AppFrame = {
    channel: context.channel ?? kept.channel,
    source: context.source ?? kept.source,
    statusBarHeight: context.statusBarHeight ?? kept.statusBarHeight,
    safeAreaBottom: context.safeAreaBottom ?? kept.safeAreaBottom,
  };
  const secure = new URL(request.url).protocol === "https:";
  const options: SerializeOptions = { path: "/", sameSite: "lax", secure, maxAge: 31_536_000 };
  const setCookies: string[] = [];
  let userId: number | null = null;
  let tokenRefused: number | null = null;
  if (context.token && mayHandOverToken(request)) {
    const session = await lookupSession(ctx, context.token, context.tsessionid ?? null);
    const { session: current } = await readSession(request, ctx);
    if (session.status !== "valid") tokenRefused = session.status === "expired" ? CODES.tokenExpired : CODES.tokenInvalid;
    // Never over another signed-in account: the browser keeps the account it has.
    else if (current && current.userId !== session.userId) userId = current.userId;
    else {
      userId = session.userId;
      setCookies.push(sessionCookie(context.token));
    }
  }
  if (userId === null && !context.token) {
    const silent = await silentChannelLogin(request, ctx, context, frame.channel);
    if (silent) {
      userId = silent.userId;
      setCookies.push(sessionCookie(silent.token));
    }
  }
  if (context.language) setCookies.push(serialize("language", context.language, options));
  if (context.currency) setCookies.push(serialize("currency", context.currency, options));
  if (context.location) {
    setCookies.push(serialize("location", context.location, options), serialize("location_time", String(ctx.now()), options));
  }
  if (context.channel || context.source || context.statusBarHeight !== undefined || context.safeAreaBottom !== undefined) {
    const value = new URLSearchParams();
    for (const [name, v] of Object.entries(frame)) if (v !== undefined) value.set(name, String(v));
    // Session-long: a later visit in a plain browser must not look like the app.
    setCookies.push(serialize(APP_FRAME_COOKIE, value.toString(), { path: "/", sameSite: "lax", secure }));
  }
  return { context, frame: tokenRefused ? { ...frame, tokenRefused } : frame, userId, tokenRefused, setCookies };
}

/**
 * Whether this request's token may become the web session: never when another site sent the
 * browser here (a link or form elsewhere would otherwise sign a visitor into the sender's
 * account). An app's web view opens its first page directly (no fetch metadata, or "none").
 */
function mayHandOverToken(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "none" || site === "same-origin";
}

/**
 * The registry body a partner signs for the silent login: its channel, the user's email and
 * nickname from the app context, as JSON in this order (the signature covers these bytes).
 */
export function silentRegistryBody(channel: string, context: AppContext): string {
  return JSON.stringify({ channel, email: context.email, ...(context.nickName ? { nickName: context.nickName } : {}) });
}

/**
 * SPEC §4's silent login of an embedded channel's guest: null when the channel is not embedded,
 * the web session is already valid, no email was given, or the registry refuses (the page is
 * then a guest's, and the channel's own sign-in still works).
 */
async function silentChannelLogin(request: Request, ctx: MarketContext, context: AppContext, channel: string | undefined) {
  if (!channel || !(EMBEDDED_CHANNELS as readonly string[]).includes(channel) || !context.email) return null;
  if ((await readSession(request, ctx)).session) return null;
  const rawBody = silentRegistryBody(channel, context);
  const fields = channelRegistrySchema.safeParse(JSON.parse(rawBody));
  if (!fields.success) return null;
  const url = new URL(request.url);
  const proofOf = (name: string) => url.searchParams.get(name) ?? request.headers.get(name);
  // The bootstrap context has no viewer yet: the registry's production rule needs this host's environment.
  const registryCtx = { ...ctx, viewer: { ...ctx.viewer, channel, environment: environmentFromHost(url.hostname) } };
  try {
    const signedIn = await registerFromChannel(registryCtx, fields.data, { rawBody, timestamp: proofOf("x-channel-timestamp"), signature: proofOf("x-channel-signature") });
    const issued = await openSession(registryCtx, { userId: signedIn.userId, registered: signedIn.registered });
    return { userId: signedIn.userId, token: issued.token };
  } catch (error) {
    if (error instanceof MarketError) return null;
    throw error;
  }
}
