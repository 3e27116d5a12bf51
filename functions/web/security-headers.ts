/**
 * Safe headers for every response, from this one module (docs/decisions.md #84):
 * - the Worker applies `secureResponse` to every answer it gives (pages, JSON API, media,
 *   errors, redirects, refusals);
 * - files the platform serves before the Worker runs (build/client) get theirs from the
 *   `_headers` file `staticAssetHeaders` writes at build time (scripts/write-static-headers.ts),
 *   so the same rules reach them without a Worker invocation per asset.
 *
 * Rules: a CSP whose scripts need a per-request nonce (no 'unsafe-inline', no 'unsafe-eval');
 * nobody may frame us; forms post only to us, the payment provider and the sign-in providers
 * (a form whose answer redirects there is checked against form-action too); HSTS everywhere
 * but a local host; the browser features the product uses (geolocation, payment) and no other.
 * Caching: signed-in or cookie-setting answers are private and never stored; the anonymous
 * catalog is public but revalidated on every use; hashed build files are immutable for a year.
 */
import { isLocalHost } from "../market/preferences/environment";

/** Hosts a form may post (or be redirected) to besides ours: payment and sign-in providers. */
export const FORM_TARGETS = [
  "https://checkout.stripe.com",
  "https://hooks.stripe.com",
  "https://accounts.google.com",
  "https://appleid.apple.com",
];

/** A fresh CSP nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Hosts one page loads from besides us, per directive: /web-view frames its allowed hosts'
 * pages, /video-play plays (and shows posters) from its allowed video hosts. The page's route
 * declares them with pageSourcesHeaders; secureResponse adds exactly those to that page's CSP,
 * so every other page keeps frame-src 'none' and media-src 'self'.
 */
export interface PageSources {
  frame?: readonly string[];
  /** Scripts from another host (the waiting room's bot check, Turnstile). */
  script?: readonly string[];
  media?: readonly string[];
  img?: readonly string[];
}

/** Carries a route's PageSources to secureResponse; removed before the answer leaves. */
const PAGE_SOURCES_HEADER = "x-ovation-page-sources";
/** A bare host name: nothing that could end a directive or name a keyword ('unsafe-inline', *). */
const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/** The header a route answers with to declare the hosts its page loads from. */
export function pageSourcesHeaders(sources: PageSources): Record<string, string> {
  return { [PAGE_SOURCES_HEADER]: JSON.stringify(sources) };
}

/** A listed host and its subdomains over https, as allowed-hosts.ts allows them; a malformed name is left out. */
function hostSources(hosts: readonly string[] | undefined): string[] {
  return (hosts ?? []).filter((host) => HOST_NAME.test(host)).flatMap((host) => [`https://${host}`, `https://*.${host}`]);
}

function readPageSources(headers: Headers): PageSources | null {
  const raw = headers.get(PAGE_SOURCES_HEADER);
  if (!raw) return null;
  headers.delete(PAGE_SOURCES_HEADER);
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const list = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : undefined);
    return { frame: list(parsed.frame), media: list(parsed.media), img: list(parsed.img), script: list(parsed.script) };
  } catch {
    return null;
  }
}

/** The Content-Security-Policy; without a nonce no inline script runs at all. */
export function contentSecurityPolicy(nonce: string | null, local: boolean, sources: PageSources = {}): string {
  const frame = hostSources(sources.frame);
  const media = hostSources(sources.media);
  const img = hostSources(sources.img);
  const script = hostSources(sources.script);
  const directives = [
    "default-src 'self'",
    [`script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}`, ...script].join(" "),
    // React writes style attributes (the seat map's width); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...img].join(" "),
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    ["media-src 'self'", ...media].join(" "),
    frame.length > 0 ? `frame-src ${frame.join(" ")}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action 'self' ${FORM_TARGETS.join(" ")}`,
  ];
  if (!local) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export const PERMISSIONS_POLICY =
  "geolocation=(self), payment=(self), camera=(), microphone=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()";

export const HSTS = "max-age=63072000; includeSubDomains; preload";

export const CACHE = {
  private: "private, no-store",
  catalog: "public, max-age=0, must-revalidate",
  immutable: "public, max-age=31536000, immutable",
  /** Un-hashed public files (icons, manifest, robots): a day, then asked again. */
  file: "public, max-age=86400, must-revalidate",
  /** The service worker must be checked on every navigation so an update is never missed. */
  serviceWorker: "no-cache",
} as const;

/**
 * Pages and API paths that show the same to every anonymous viewer in a language and currency:
 * the catalog. Anything else (orders, account, consoles, checkout) is private.
 */
const CATALOG_PATHS = new Set(["/", "/show-list", "/search", "/tourList", "/tourDetail", "/pick-seat", "/venue-render-v2", "/events", "/tags", "/news", "/faq", "/faqDetail", "/about-us", "/guarantee", "/refund", "/privacy-agreement", "/user-agreement"]);
const CATALOG_PREFIXES = ["/pub/", "/configs/"];
/** Files the same for everyone (posters, cards, translations, icons, the static guest config), whose routes choose their own cache rules. */
const PUBLIC_MEDIA_PREFIXES = ["/media/poster/", "/media/og/", "/locales/", "/icons/", "/configs/"];

export function isCatalogPath(pathname: string): boolean {
  return CATALOG_PATHS.has(pathname) || CATALOG_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

function isPublicMedia(pathname: string): boolean {
  return PUBLIC_MEDIA_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** True when the request carries a signed-in credential (web cookie or app token). */
export function carriesCredential(request: Request): boolean {
  const cookie = request.headers.get("cookie") ?? "";
  return /(?:^|;\s*)(?:__Host-ovation_session|access_token|tsessionid)=/.test(cookie) || request.headers.has("access-token") || request.headers.has("authorization");
}

/**
 * A plain-http request to a deployed host goes to the same address over https first, so the
 * answer that sets HSTS is the one the browser reads (a local host stays on http). GET and HEAD
 * move permanently; any other method keeps its method and body (308).
 */
export function httpsRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  if (url.protocol !== "http:" || isLocalHost(url.host)) return null;
  url.protocol = "https:";
  const safe = request.method === "GET" || request.method === "HEAD";
  return new Response(null, { status: safe ? 301 : 308, headers: { location: url.toString() } });
}

/** Headers every response carries, whatever its kind. */
export function baseSecurityHeaders(local: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    // For browsers too old for frame-ancestors.
    "X-Frame-Options": "DENY",
  };
  if (!local) headers["Strict-Transport-Security"] = HSTS;
  return headers;
}

/** What the Worker knows about the request when it finishes the response. */
export interface ResponseFacts {
  request: Request;
  /** The nonce the page's inline scripts were written with (pages only). */
  nonce: string | null;
}

function cacheControlFor(request: Request, response: Response, pathname: string): string {
  const own = response.headers.get("cache-control");
  // A cookie on the answer makes it one person's: never stored anywhere.
  if (response.headers.has("set-cookie")) return CACHE.private;
  if (own && isPublicMedia(pathname)) return own;
  // So does a credential on the question, whatever the route said.
  if (carriesCredential(request)) return CACHE.private;
  if (response.status >= 500 || (response.status >= 300 && response.status < 400)) return own ?? CACHE.private;
  if (own) return own;
  const safe = request.method === "GET" || request.method === "HEAD";
  return safe && isCatalogPath(pathname) ? CACHE.catalog : CACHE.private;
}

/**
 * What secureResponse sets alike on every answer to a kind of host, written once: the Worker
 * answers every API call and page, so these strings were otherwise built anew each time.
 */
const FIXED_HEADERS = {
  local: { base: Object.entries(baseSecurityHeaders(true)), policyWithoutNonce: contentSecurityPolicy(null, true) },
  deployed: { base: Object.entries(baseSecurityHeaders(false)), policyWithoutNonce: contentSecurityPolicy(null, false) },
};

/**
 * The response with every safe header set. Headers are copied onto a new Response because a
 * response from fetch, the cache or the assets binding has immutable headers.
 */
export function secureResponse(response: Response, facts: ResponseFacts): Response {
  const url = new URL(facts.request.url);
  const local = isLocalHost(url.host);
  const fixed = local ? FIXED_HEADERS.local : FIXED_HEADERS.deployed;
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  for (const [name, value] of fixed.base) headers.set(name, value);
  // A file that sets its own, stricter policy (a sandboxed SVG) keeps it.
  // Only an HTML page has inline scripts to allow; anything else gets the policy without a nonce.
  const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
  const sources = readPageSources(headers);
  const policy = html && (facts.nonce || sources) ? contentSecurityPolicy(facts.nonce, local, sources ?? {}) : fixed.policyWithoutNonce;
  if (!response.headers.has("content-security-policy")) headers.set("Content-Security-Policy", policy);
  headers.set("Cache-Control", cacheControlFor(facts.request, response, url.pathname));
  return secured;
}

/**
 * The `_headers` file for build/client (Workers static assets): the same headers as the Worker
 * sends, a CSP that allows no inline script, and cache rules per kind of file.
 */
export function staticAssetHeaders(): string {
  // Production rules: HSTS is ignored by browsers over plain http, so local serving is unharmed.
  const common = { ...baseSecurityHeaders(false), "Content-Security-Policy": contentSecurityPolicy(null, false) };
  const block = (pattern: string, extra: Record<string, string>) =>
    [pattern, ...Object.entries({ ...common, ...extra }).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  return [
    "# Written by scripts/write-static-headers.ts from functions/web/security-headers.ts; do not edit.",
    block("/*", { "Cache-Control": CACHE.file }),
    // A later matching rule adds to the earlier one; `! Cache-Control` removes the default first.
    ["/assets/*", "  ! Cache-Control", `  Cache-Control: ${CACHE.immutable}`].join("\n"),
    ["/sw.js", "  ! Cache-Control", `  Cache-Control: ${CACHE.serviceWorker}`].join("\n"),
    "",
  ].join("\n\n");
}
