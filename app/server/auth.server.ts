/**
 * The web door's account guards and sign-in plumbing. `requireUser` is the one guard for SPEC's
 * login-required pages (news, settings, promo-code-list, address-list, address-create,
 * apply-for, process-list, my-order): a guest is sent to /login and brought back, query and
 * all, after signing in.
 */
import { redirect, type AppLoadContext } from "react-router";
import { openSession, revokeSession, type SignedIn } from "@market/accounts";
import { closeSocketsOf } from "@market/messaging";
import { readSessionToken, sessionCookie, signedOutCookies } from "../../functions/web/session";
import { sameSitePath } from "../../functions/web/safe-redirect";
import { clearCodeStepCookie } from "./code-step.server";
import { toastHeader, type Toast } from "./toast.server";
import { callerOf, pageEventHeader } from "./page-event.server";

export { refusalText } from "./refusal.server";

/** Where a signed-in buyer lands when nothing asked to be returned to. */
export const AFTER_SIGN_IN = "/mine";

/** Screens a guest uses to sign in; never a place to be sent back to. */
const ACCOUNT_PATHS = ["/login", "/register", "/password/reset", "/logout", "/auth/"];

/**
 * A path on this site to go to after signing in (functions/web/safe-redirect.ts reads it the
 * way a browser would); anything else (another origin, a protocol-relative URL, a sign-in
 * screen) becomes the fallback.
 */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, fallback = AFTER_SIGN_IN): string {
  const path = sameSitePath(value);
  if (path === null) return fallback;
  const pathname = path.split(/[?#]/, 1)[0];
  if (ACCOUNT_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`))) return fallback;
  return path;
}

/** Where a sign-in screen sends the buyer once signed in: its `redirectTo`, when that is a page of ours. */
export function redirectToOf(request: Request): string | null {
  return safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"), "") || null;
}

/** The sign-in screen, remembering where to come back to. */
export function loginUrl(returnTo: string): string {
  return `/login?${new URLSearchParams({ redirectTo: returnTo })}`;
}

/** The signed-in account's id; a guest is redirected to sign in and brought back to this page. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<number> {
  const userId = context.market.viewer.userId;
  if (userId !== null) return userId;
  const url = new URL(request.url);
  throw redirect(loginUrl(`${url.pathname}${url.search}`));
}

/** The signed-in account's id, or null for a guest. */
export function optionalUser(context: AppLoadContext): number | null {
  return context.market.viewer.userId;
}

/** Sign-in screens send an already signed-in buyer on to where they were going. */
export function requireGuest(request: Request, context: AppLoadContext): void {
  if (context.market.viewer.userId === null) return;
  throw redirect(safeRedirectTo(new URL(request.url).searchParams.get("redirectTo")));
}

/**
 * Opens a session for a web sign-in and redirects on with a toast. The token the browser held
 * before (if any) is revoked, so signing in always rotates it.
 */
export async function signInAndRedirect(
  request: Request,
  context: AppLoadContext,
  signedIn: SignedIn,
  options: { redirectTo?: string | null; toast: Toast },
): Promise<Response> {
  const session = await openSession(context.market, { ...signedIn, replacing: readSessionToken(request) });
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(session.token));
  headers.append("Set-Cookie", await clearCodeStepCookie());
  headers.append("Set-Cookie", await toastHeader(options.toast));
  headers.append("Set-Cookie", await pageEventHeader({ event: signedIn.registered ? "register" : "login", caller: callerOf(request) }));
  return redirect(safeRedirectTo(options.redirectTo), { headers });
}

/** Ends the web session: revokes it and clears the cookie and SPEC §4's signed-in keys. */
export async function signOutAndRedirect(request: Request, context: AppLoadContext, to: string): Promise<Response> {
  const token = readSessionToken(request);
  if (token) await revokeSession(context.market, token);
  // Chat's sockets go with the session; one still signed in elsewhere reconnects from there.
  if (context.market.viewer.userId !== null) await closeSocketsOf(context.market, context.market.viewer.userId);
  const headers = new Headers();
  for (const cookie of signedOutCookies()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await toastHeader({ kind: "success", key: "accountToast.signedOut" }));
  return redirect(to, { headers });
}
