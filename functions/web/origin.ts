/**
 * Cross-site request refusal, for both doors, in one place. A browser sends `Origin` with every
 * state-changing request; when it names another site, the request is a forgery attempt (or a
 * misconfigured embed) and is refused before any route runs. Native apps send no Origin and
 * are let through: without an Origin there is no browser, and so no ambient cookie to abuse.
 * Apple's sign-in answers with a cross-site form POST to its own callback; that one path
 * accepts Apple's origin (the OAuth state then proves the request is ours).
 */
import { failure } from "../market/envelope";
import { CODES } from "../market/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Foreign origins a path accepts: providers that answer by form POST. */
const CALLBACK_ORIGINS: Record<string, string> = { "/auth/apple/callback": "https://appleid.apple.com" };

export const FOREIGN_ORIGIN_MESSAGE = "This request came from another website, so it was refused to keep your account safe.";

const FOREIGN_ORIGIN_MESSAGE_ZH = "此請求來自其他網站，為保障你的帳戶安全，已被拒絕。";

/** True when the request may proceed; see the module's rules. */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const origin = request.headers.get("origin");
  const url = new URL(request.url);
  if (origin === null) return request.headers.get("sec-fetch-site") !== "cross-site";
  if (origin === url.origin) return true;
  return CALLBACK_ORIGINS[url.pathname] === origin;
}

/** The 403 answer: the API envelope (noPermission) for API paths, plain text for pages. */
export function foreignOriginResponse(asApi: boolean): Response {
  if (asApi) {
    return Response.json(failure(CODES.noPermission, FOREIGN_ORIGIN_MESSAGE), { status: 403 });
  }
  // Refused before the viewer (and so the language) is known: say it in both languages.
  return new Response(`${FOREIGN_ORIGIN_MESSAGE}\n${FOREIGN_ORIGIN_MESSAGE_ZH}`, { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });
}
