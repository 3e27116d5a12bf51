/**
 * The country of a request's network, from Cloudflare's geolocation (request.cf), for both doors.
 *
 * A request to a loopback host (localhost, 127.0.0.1, ::1) comes from this machine: it has no
 * geography, and what request.cf holds there is wrangler's offline stand-in (always Austin, US),
 * so it is ignored. Local runs then start at SPEC §4's default location, as a visitor without
 * geolocation would.
 */
export function networkCountry(request: Request): string | undefined {
  if (isLoopback(new URL(request.url).hostname)) return undefined;
  const country: unknown = (request as Request & { cf?: IncomingRequestCfProperties }).cf?.country;
  return typeof country === "string" && country !== "" ? country.toUpperCase() : undefined;
}

function isLoopback(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return name === "localhost" || name.endsWith(".localhost") || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}
