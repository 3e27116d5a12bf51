/**
 * The web app's load context: the Worker's bindings plus the domain context for this request, with
 * the viewer already resolved from cookies, Accept-Language and the request's geolocation.
 * Shared by the Worker entry and `react-router dev`'s proxy so both run the same code.
 */
import type { AppLoadContext } from "react-router";
import { createMarketContext, readStartOf, type MarketContext } from "./wiring";
import { DEFAULT_VIEWER } from "./market/context/viewer";
import { resolveWebViewer } from "./web/viewer";
import { readAfterOf } from "./web/session";
import type { AppFrame } from "./web/app-context";
import { streamsDeferredData } from "./web/scripts-cookie";

declare module "react-router" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> };
    market: MarketContext;
    /** Cookies the viewer resolution wants refreshed on the response (e.g. a device id). */
    setCookies: string[];
    /** A location the request's geolocation suggests instead of the viewer's (SPEC §4). */
    locationSuggestion: string | null;
    /** The country of the request's network, when we offer it (the web's "use my current location"). */
    detectedLocation: string | null;
    /** The CSP nonce every inline script of this page must carry (functions/web/security-headers.ts). */
    nonce: string;
    /** Inside an app's web view: its channel, source and status bar / safe area insets. */
    appFrame: AppFrame;
    /** Whether loaders may leave their deferred half to stream (functions/web/scripts-cookie.ts). */
    streamsDeferred: boolean;
  }
}

export async function getLoadContext({
  request,
  nonce = "",
  context,
}: {
  request: Request;
  nonce?: string;
  context: { cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> } };
}): Promise<AppLoadContext> {
  const env = context.cloudflare.env;
  const bootstrap = createMarketContext({ env, viewer: DEFAULT_VIEWER, reads: readStartOf(request, readAfterOf(request)), defer: (work) => context.cloudflare.ctx.waitUntil(work) });
  const { viewer, setCookies, suggestion, detected, appFrame } = await resolveWebViewer(request, bootstrap);
  return {
    cloudflare: context.cloudflare,
    market: { ...bootstrap, viewer },
    setCookies,
    locationSuggestion: suggestion,
    detectedLocation: detected,
    nonce,
    appFrame,
    streamsDeferred: streamsDeferredData(request),
  };
}
