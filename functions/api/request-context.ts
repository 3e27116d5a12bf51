/**
 * The API door's viewer, from SPEC §7's request headers: oc, lc, locationId, locationCityId,
 * cc, lan, src, code, ver, lng, lat, channel, the access-token header, tsessionid, deviceId.
 * Missing headers fall back to SPEC §4's defaults; malformed ones are invalidParam.
 */
import * as z from "zod";
import { isReadBookmark, type MarketContext, type Viewer } from "../market/context";
import { loadReference } from "../market/reference";
import { resolveLanguage } from "../market/context/language";
import { resolveCurrency } from "../market/preferences/currency";
import { environmentFromHost } from "../market/preferences/environment";
import { platformType } from "../market/preferences/platform";
import { MarketError } from "../market/errors";
import { requestIdOf } from "../observability";
import { adParamsOfRequest } from "../market/analytics/attribution";
import { decimal, wholeNumber } from "../market/input/fields";
import { TOKEN_HEADER } from "../web/session";


const headerSchema = z.object({
  lan: z.string().max(16).optional(),
  cc: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code").optional(),
  lc: z.string().regex(/^[A-Z]{2,3}$/, "must be a location code").optional(),
  locationId: wholeNumber(1, 1_000_000_000).optional(),
  locationCityId: z.string().max(16).optional(),
  src: z.string().max(32).optional(),
  code: z.string().max(16).optional(),
  ver: z.string().max(32).optional(),
  lng: decimal(-180, 180).optional(),
  lat: decimal(-90, 90).optional(),
  channel: z.string().max(32).optional(),
  deviceId: z.string().max(128).optional(),
  tsessionid: z.string().max(256).optional(),
  oc: z.string().max(32).optional(),
  // The `bookmark` of the app's last answer (docs/decisions.md 266): its reads start there.
  bookmark: z.string().refine(isReadBookmark, "must be a bookmark this API answered").optional(),
  // The `session-assertion` of an earlier answer (decision 268); one that does not hold is ignored.
  "session-assertion": z.string().max(1024).optional(),
});

export type ApiHeaders = z.infer<typeof headerSchema> & { token: string | null };

export function readApiHeaders(request: Request): ApiHeaders {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(headerSchema.shape)) {
    const value = request.headers.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  const parsed = headerSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MarketError("invalidParam", { params: { field: `header ${String(issue?.path[0])}`, reason: issue?.message ?? "" } });
  }
  return { ...parsed.data, token: request.headers.get(TOKEN_HEADER) };
}

export async function resolveApiViewer(request: Request, headers: ApiHeaders, ctx: MarketContext): Promise<Viewer> {
  const reference = await loadReference(ctx);
  const byId = headers.locationId ? reference.locations.find((l) => l.id === headers.locationId) : undefined;
  const location = byId ?? (headers.lc ? reference.locationByCode.get(headers.lc) : undefined) ?? reference.locationByCode.get("HK");
  if (headers.lc && !reference.locationByCode.has(headers.lc)) {
    throw new MarketError("invalidParam", { params: { field: "header lc", reason: "unknown location" } });
  }
  const city = headers.locationCityId && reference.locationByCode.get(headers.locationCityId)?.kind === "city" ? headers.locationCityId : null;
  const currencies = reference.currencies.map((c) => c.code);
  if (headers.cc && !currencies.includes(headers.cc)) {
    throw new MarketError("invalidParam", { params: { field: "header cc", reason: "unknown currency" } });
  }
  return {
    language: resolveLanguage({ manual: headers.lan }),
    currency: resolveCurrency({ manual: headers.cc, locationCurrency: location?.currencyCode, known: currencies }),
    location: location?.kind === "city" ? (location.parentCode ?? "HK") : (location?.code ?? "HK"),
    city,
    timeZone: (city && reference.locationByCode.get(city)?.timeZone) || location?.timeZone || "Asia/Hong_Kong",
    channel: headers.channel ?? "web",
    platform: platformType({ src: headers.src, userAgent: request.headers.get("user-agent") ?? "" }).type,
    environment: environmentFromHost(new URL(request.url).hostname),
    deviceId: headers.deviceId ?? null,
    userId: null,
    adParams: adParamsOfRequest(request, ctx.now()).kept,
    requestId: requestIdOf(request),
  };
}
