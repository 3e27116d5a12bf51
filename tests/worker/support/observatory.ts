/**
 * The MDN HTTP Observatory's scoring rules (its `tests and scoring` page and its analyzer,
 * @mdn/mdn-http-observatory 1.4.8), written again here because its npm package cannot be
 * installed offline (its install script downloads certificate and TLD lists; docs/decisions.md #125).
 * One function per Observatory test reads a response's headers (and, for SRI, its HTML) and
 * names the Observatory's result and score modifier; `grade` sums them the Observatory's way:
 * start at 100, take every penalty, add bonuses only if the score is still 90 or more.
 */

export interface TestResult {
  result: string;
  modifier: number;
}

export type Report = Record<string, TestResult>;

/** Sources the Observatory calls dangerously broad, and the inline ones. */
const BROAD = new Set(["ftp:", "http:", "https:", "*", "http://*", "http://*.*", "https://*", "https://*.*"]);
const BROAD_OR_INLINE = new Set([...BROAD, "'unsafe-inline'", "data:"]);
const NONCE_OR_HASH = ["'nonce-", "'sha256-", "'sha384-", "'sha512-"];
/** The origin the Observatory sends when it probes CORS. */
export const OBSERVATORY_ORIGIN = "https://http-observatory.security.mozilla.org";

/** Directive → sources; null when the policy cannot be parsed (a directive given twice). */
export function parseCsp(header: string): Map<string, Set<string>> | null {
  const policy = new Map<string, Set<string>>();
  for (const part of header.split(";").map((text) => text.trim()).filter(Boolean)) {
    const [name, ...sources] = part.split(/\s+/);
    const directive = name.toLowerCase();
    if (policy.has(directive)) return null;
    policy.set(
      directive,
      new Set(sources.map((source) => (source.toLowerCase().startsWith("'nonce-") ? source : source.toLowerCase()))),
    );
  }
  return policy;
}

const hasNonceOrHash = (sources: Set<string>) => [...sources].some((source) => NONCE_OR_HASH.some((start) => source.startsWith(start)));
const some = (sources: Iterable<string>, match: (source: string) => boolean) => [...sources].some(match);

export function contentSecurityPolicy(headers: Headers, https: boolean): TestResult {
  const header = headers.get("content-security-policy");
  if (!header) return { result: "csp-not-implemented", modifier: -25 };
  const csp = parseCsp(header);
  if (!csp) return { result: "csp-header-invalid", modifier: -25 };
  const fallback = (name: string) => new Set(csp.get(name) ?? csp.get("default-src") ?? ["*"]);
  const script = fallback("script-src");
  const style = fallback("style-src");
  const object = fallback("object-src");
  // A nonce or hash makes a browser ignore 'unsafe-inline'.
  for (const sources of [script, style]) if (hasNonceOrHash(sources)) sources.delete("'unsafe-inline'");
  if (script.has("'strict-dynamic'") && !hasNonceOrHash(script)) return { result: "csp-header-invalid", modifier: -25 };
  const active = [...csp.entries()].filter(([name]) => !["img-src", "media-src", "script-src"].includes(name)).flatMap(([, sources]) => [...sources]);
  active.push(...script);
  const passive = ["img-src", "media-src"].flatMap((name) => [...(csp.get(name) ?? csp.get("default-src") ?? [])]);
  const insecure = (source: string) => source.startsWith("http:") || source.startsWith("ftp:");
  if (some(script, (source) => BROAD_OR_INLINE.has(source)) || some(object, (source) => BROAD.has(source)))
    return { result: "csp-implemented-with-unsafe-inline", modifier: -20 };
  if (https && some(active, insecure)) return { result: "csp-implemented-with-insecure-scheme", modifier: -20 };
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) return { result: "csp-implemented-with-unsafe-eval", modifier: -10 };
  if (https && some(passive, insecure)) return { result: "csp-implemented-with-insecure-scheme-in-passive-content-only", modifier: -10 };
  if (some(style, (source) => BROAD_OR_INLINE.has(source))) return { result: "csp-implemented-with-unsafe-inline-in-style-src-only", modifier: 0 };
  const defaultSrc = csp.get("default-src");
  if (defaultSrc?.size === 1 && defaultSrc.has("'none'")) return { result: "csp-implemented-with-no-unsafe-default-src-none", modifier: 10 };
  return { result: "csp-implemented-with-no-unsafe", modifier: 5 };
}

export function xFrameOptions(headers: Headers): TestResult {
  const csp = parseCsp(headers.get("content-security-policy") ?? "");
  if (csp?.has("frame-ancestors")) return { result: "x-frame-options-implemented-via-csp", modifier: 5 };
  const value = headers.get("x-frame-options")?.trim().toLowerCase();
  if (!value) return { result: "x-frame-options-not-implemented", modifier: -20 };
  if (value === "deny" || value === "sameorigin") return { result: "x-frame-options-sameorigin-or-deny", modifier: 0 };
  if (value.startsWith("allow-from")) return { result: "x-frame-options-allow-from-origin", modifier: 0 };
  return { result: "x-frame-options-header-invalid", modifier: -20 };
}

export function xContentTypeOptions(headers: Headers): TestResult {
  const value = headers.get("x-content-type-options");
  if (value === null) return { result: "x-content-type-options-not-implemented", modifier: -5 };
  return value.trim().toLowerCase() === "nosniff" ? { result: "x-content-type-options-nosniff", modifier: 0 } : { result: "x-content-type-options-header-invalid", modifier: -5 };
}

export function referrerPolicy(headers: Headers): TestResult {
  const value = headers.get("referrer-policy");
  if (value === null) return { result: "referrer-policy-not-implemented", modifier: 0 };
  const good = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
  const bad = ["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"];
  // The last policy a browser understands is the one it applies.
  const last = value.split(",").map((text) => text.trim().toLowerCase()).filter((policy) => good.includes(policy) || bad.includes(policy)).pop();
  if (last && good.includes(last)) return { result: "referrer-policy-private", modifier: 5 };
  if (last) return { result: "referrer-policy-unsafe", modifier: -5 };
  return { result: "referrer-policy-header-invalid", modifier: -5 };
}

export function crossOriginResourcePolicy(headers: Headers): TestResult {
  const value = headers.get("cross-origin-resource-policy")?.trim().toLowerCase();
  if (!value) return { result: "corp-not-implemented", modifier: 0 };
  if (value === "same-origin") return { result: "corp-implemented-with-same-origin", modifier: 10 };
  if (value === "same-site") return { result: "corp-implemented-with-same-site", modifier: 10 };
  if (value === "cross-origin") return { result: "corp-implemented-with-cross-origin", modifier: 0 };
  return { result: "corp-header-invalid", modifier: -5 };
}

/** Six months as the Observatory counts it (15,552,000 s). */
const SIX_MONTHS_S = 15_552_000;

/** HSTS on a response served over https (our host is not on the preload list, so no bonus). */
export function strictTransportSecurity(headers: Headers): TestResult {
  const value = headers.get("strict-transport-security");
  if (value === null) return { result: "hsts-not-implemented", modifier: -20 };
  if (value.includes(",")) return { result: "hsts-header-invalid", modifier: -20 };
  const maxAge = value.split(";").map((part) => part.trim().toLowerCase()).find((part) => part.startsWith("max-age="));
  if (!maxAge) return { result: "hsts-header-invalid", modifier: -20 };
  return Number.parseInt(maxAge.slice(8), 10) >= SIX_MONTHS_S
    ? { result: "hsts-implemented-max-age-at-least-six-months", modifier: 0 }
    : { result: "hsts-implemented-max-age-less-than-six-months", modifier: -10 };
}

/** Every Set-Cookie of the answer, judged as the Observatory judges its cookie jar. */
export function cookies(headers: Headers, hstsPasses: boolean): TestResult {
  const jar = headers.getSetCookie();
  if (jar.length === 0) return { result: "cookies-not-found", modifier: 0 };
  const ranked: TestResult[] = [];
  let missingSameSite = false;
  for (const line of jar) {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    const name = pair.slice(0, pair.indexOf("=")).toLowerCase();
    const flags = new Map(attributes.map((attribute) => {
      const [key, value = ""] = attribute.split("=");
      return [key.trim().toLowerCase(), value.trim().toLowerCase()] as const;
    }));
    const secure = flags.has("secure");
    const session = name.includes("login") || name.includes("sess");
    const sameSite = flags.get("samesite");
    if (flags.has("samesite") && !["lax", "strict", "none"].includes(sameSite ?? "")) ranked.push({ result: "cookies-samesite-flag-invalid", modifier: -20 });
    if (sameSite === "none" && !secure) ranked.push({ result: "cookies-samesite-flag-invalid", modifier: -20 });
    if (!secure) ranked.push(hstsPasses ? { result: "cookies-without-secure-flag-but-protected-by-hsts", modifier: -5 } : { result: "cookies-without-secure-flag", modifier: -20 });
    if (name.includes("csrf") && !sameSite) ranked.push({ result: "cookies-anticsrf-without-samesite-flag", modifier: -20 });
    if (session && !secure) ranked.push(hstsPasses ? { result: "cookies-session-without-secure-flag-but-protected-by-hsts", modifier: -10 } : { result: "cookies-session-without-secure-flag", modifier: -40 });
    if (session && !flags.has("httponly")) ranked.push({ result: "cookies-session-without-httponly-flag", modifier: -30 });
    if (!sameSite) missingSameSite = true;
  }
  if (ranked.length) return ranked.reduce((worst, next) => (next.modifier < worst.modifier ? next : worst));
  return missingSameSite ? { result: "cookies-secure-with-httponly-sessions", modifier: 0 } : { result: "cookies-secure-with-httponly-sessions-and-samesite", modifier: 5 };
}

/** CORS as seen by a request carrying the Observatory's own Origin. */
export function crossOriginResourceSharing(headers: Headers): TestResult {
  const allowed = headers.get("access-control-allow-origin");
  if (!allowed) return { result: "cross-origin-resource-sharing-not-implemented", modifier: 0 };
  if (allowed.trim() === "*") return { result: "cross-origin-resource-sharing-implemented-with-public-access", modifier: 0 };
  const credentials = headers.get("access-control-allow-credentials")?.toLowerCase() === "true";
  if (allowed.trim() === OBSERVATORY_ORIGIN && credentials) return { result: "cross-origin-resource-sharing-implemented-with-universal-access", modifier: -50 };
  return { result: "cross-origin-resource-sharing-implemented-with-restricted-access", modifier: 0 };
}

/** Subresource integrity of the page's script elements (inline scripts load nothing). */
export function subresourceIntegrity(headers: Headers, body: string, pageUrl: URL): TestResult {
  if (!(headers.get("content-type") ?? "").startsWith("text/html")) return { result: "sri-not-implemented-response-not-html", modifier: 0 };
  const scripts = [...body.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes).filter((attributes) => /\bsrc=/.test(attributes));
  if (scripts.length === 0) return { result: "sri-not-implemented-but-no-scripts-loaded", modifier: 0 };
  let integrity = true;
  let external = false;
  for (const attributes of scripts) {
    const src = /\bsrc="([^"]*)"/.exec(attributes)?.[1] ?? "";
    const url = new URL(src, pageUrl);
    const sameOrigin = url.origin === pageUrl.origin && !src.startsWith("//");
    if (!sameOrigin) external = true;
    if (!sameOrigin && (url.protocol === "http:" || src.startsWith("//")))
      return /\bintegrity=/.test(attributes)
        ? { result: "sri-implemented-but-external-scripts-not-loaded-securely", modifier: -20 }
        : { result: "sri-not-implemented-and-external-scripts-not-loaded-securely", modifier: -50 };
    if (!/\bintegrity=/.test(attributes)) integrity = false;
  }
  if (integrity) return external ? { result: "sri-implemented-and-external-scripts-loaded-securely", modifier: 5 } : { result: "sri-implemented-and-all-scripts-loaded-securely", modifier: 5 };
  return external ? { result: "sri-not-implemented-but-external-scripts-loaded-securely", modifier: -5 } : { result: "sri-not-implemented-but-all-scripts-loaded-from-secure-origin", modifier: 0 };
}

/** The first answer to the same address over plain http. */
export function redirection(httpAnswer: Response, httpsUrl: URL): TestResult {
  const location = httpAnswer.headers.get("location");
  if (httpAnswer.status < 300 || httpAnswer.status >= 400 || !location) return { result: "redirection-missing", modifier: -20 };
  const target = new URL(location, httpsUrl);
  if (target.protocol !== "https:") return { result: "redirection-not-to-https-on-initial-redirection", modifier: -10 };
  if (target.host !== httpsUrl.host) return { result: "redirection-off-host-from-http", modifier: -5 };
  return { result: "redirection-to-https", modifier: 0 };
}

/**
 * Everything the Observatory would judge from an https answer, its body, the CORS probe and the
 * http answer (null when the Worker does not answer http for that path: no redirection test).
 */
export function observe(answer: { url: URL; headers: Headers; body: string; http: Response | null }): Report {
  const hsts = strictTransportSecurity(answer.headers);
  const report: Report = {
    "content-security-policy": contentSecurityPolicy(answer.headers, answer.url.protocol === "https:"),
    cookies: cookies(answer.headers, hsts.modifier === 0),
    "cross-origin-resource-sharing": crossOriginResourceSharing(answer.headers),
    "referrer-policy": referrerPolicy(answer.headers),
    "strict-transport-security": hsts,
    "subresource-integrity": subresourceIntegrity(answer.headers, answer.body, answer.url),
    "x-content-type-options": xContentTypeOptions(answer.headers),
    "x-frame-options": xFrameOptions(answer.headers),
    "cross-origin-resource-policy": crossOriginResourcePolicy(answer.headers),
  };
  if (answer.http) report.redirection = redirection(answer.http, answer.url);
  return report;
}

/** The Observatory's score and letter: bonuses count only when penalties leave 90 or more. */
export function grade(report: Report): { score: number; grade: string } {
  const modifiers = Object.values(report).map((test) => test.modifier);
  const penalised = 100 + modifiers.filter((modifier) => modifier < 0).reduce((sum, modifier) => sum + modifier, 0);
  const score = Math.max(0, penalised >= 90 ? penalised + modifiers.filter((modifier) => modifier > 0).reduce((sum, modifier) => sum + modifier, 0) : penalised);
  const steps: [number, string][] = [[100, "A+"], [90, "A"], [85, "A-"], [80, "B+"], [70, "B"], [65, "B-"], [60, "C+"], [50, "C"], [45, "C-"], [40, "D+"], [30, "D"], [25, "D-"], [0, "F"]];
  return { score, grade: steps.find(([floor]) => score >= floor)![1] };
}

/**
 * The headers Workers static assets give `path` from a `_headers` file: every matching rule in
 * order, `! Name` dropping what an earlier rule set, a repeated header joined with a comma.
 */
export function headersFromFile(file: string, path: string): Headers {
  const headers = new Headers();
  for (const block of file.split(/\n\s*\n/)) {
    const [pattern, ...lines] = block.split("\n").filter((line) => line.trim() && !line.trim().startsWith("#"));
    if (!pattern) continue;
    const matcher = new RegExp(`^${pattern.trim().replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
    if (!matcher.test(path)) continue;
    for (const line of lines.map((text) => text.trim())) {
      if (line.startsWith("!")) headers.delete(line.slice(1).trim());
      else headers.append(line.slice(0, line.indexOf(":")).trim(), line.slice(line.indexOf(":") + 1).trim());
    }
  }
  return headers;
}
