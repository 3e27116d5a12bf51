/**
 * The web door's viewer: SPEC §4's priorities applied to what a browser request carries.
 * Cookies mirror SPEC §3's stored keys: `language` and `currency` hold manual choices,
 * `location` + `location_time` a manual location (valid 7 days), `location_current` the
 * location last used; geolocation comes from request.cf (see functions/geolocation.ts).
 */
import { parse } from "cookie";
import type { MarketContext, Viewer } from "../market/context";
import { loadReference } from "../market/reference";
import { parseAcceptLanguage, resolveLanguage } from "../market/context/language";
import { EMBEDDED_CHANNEL_LOCATION, resolveLocation } from "../market/preferences/location";
import { resolveCurrency } from "../market/preferences/currency";
import { environmentFromHost } from "../market/preferences/environment";
import { platformType } from "../market/preferences/platform";
import { readSession } from "./session";
import { requestIdOf } from "../observability";
import { networkCountry } from "../geolocation";
import { languageFromAddress } from "./language-address";
import { applyAppContext, type AppFrame } from "./app-context";
import { adParamsOfRequest } from "../market/analytics/attribution";
import { EMBEDDED_CHANNELS } from "../market/preferences/channels";

export interface WebViewer {
  viewer: Viewer;
  /** A location the request's geolocation suggests instead of the current one (SPEC §4). */
  suggestion: string | null;
  /** The request's geolocated country, when it is a location we offer. */
  detected: string | null;
  /** The app's channel, source and insets when the page is inside an app's web view. */
  appFrame: AppFrame;
  setCookies: string[];
}

export async function resolveWebViewer(request: Request, ctx: MarketContext): Promise<WebViewer> {
  const reference = await loadReference(ctx);
  const cookies = parse(request.headers.get("cookie") ?? "");
  const url = new URL(request.url);
  // The app's context on this very request outranks what cookies say (they are rewritten from it).
  const app = await applyAppContext(request, ctx);
  const ad = adParamsOfRequest(request, ctx.now());
  const known = reference.locations.filter((l) => l.kind === "region" && !l.clientHidden).map((l) => l.code);

  const manualSetAt = Number(cookies.location_time);
  const detected = networkCountry(request);
  const channel = app.frame.channel ?? cookies.channel ?? "web";
  // SPEC §4: an embedded partner channel is in mainland China (CN, +86), whatever the device says.
  const embedded = (EMBEDDED_CHANNELS as readonly string[]).includes(channel);
  const located = embedded ? { code: EMBEDDED_CHANNEL_LOCATION.code, suggestion: null } : resolveLocation({
    manual: app.context.location
      ? { code: app.context.location, setAt: ctx.now() }
      : cookies.location && Number.isFinite(manualSetAt)
        ? { code: cookies.location, setAt: manualSetAt }
        : undefined,
    detected,
    stored: cookies.location_current,
    now: ctx.now(),
    known,
  });
  const location = reference.locationByCode.get(located.code) ?? reference.locationByCode.get("HK");

  // A language named by the address wins for this request (functions/web/language-address.ts).
  const language = languageFromAddress(url) ?? resolveLanguage({
    manual: app.context.language ?? cookies.language,
    systemLanguages: parseAcceptLanguage(request.headers.get("accept-language") ?? ""),
    stored: cookies.language_auto,
  });
  const currency = resolveCurrency({
    manual: app.context.currency ?? cookies.currency,
    locationCurrency: location?.currencyCode,
    stored: cookies.currency_auto,
    known: reference.currencies.map((c) => c.code),
  });

  // A city only counts inside the location in use (a stale one from another region is ignored).
  const cityRow = cookies.locationCityId ? reference.locationByCode.get(cookies.locationCityId) : undefined;
  const city = cityRow?.kind === "city" && cityRow.parentCode === location?.code ? cityRow.code : null;
  const environment = environmentFromHost(url.hostname);
  const { session, setCookie: sessionCookie } = await readSession(request, { ...ctx, viewer: { ...ctx.viewer, environment } });

  return {
    viewer: {
      language,
      currency,
      location: location?.code ?? "HK",
      city,
      timeZone: (city && reference.locationByCode.get(city)?.timeZone) || location?.timeZone || "Asia/Hong_Kong",
      channel,
      platform: platformType({ src: app.frame.source, userAgent: request.headers.get("user-agent") ?? "" }).type,
      environment,
      deviceId: app.context.deviceId ?? cookies.deviceId ?? null,
      userId: app.userId ?? session?.userId ?? null,
      adParams: ad.kept,
      requestId: requestIdOf(request),
    },
    suggestion: located.suggestion ?? null,
    detected: detected && known.includes(detected) ? detected : null,
    appFrame: app.frame,
    setCookies: [...app.setCookies, ...(ad.setCookie ? [ad.setCookie] : []), ...(sessionCookie ? [sessionCookie] : [])],
  };
}
