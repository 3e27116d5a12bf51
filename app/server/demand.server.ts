/**
 * The waiting room on the web: the admission travels in a short-lived HttpOnly cookie (set by
 * the waiting page when the buyer's turn comes), read back by pick-seat and the order form. The
 * cookie is only a carrier: the token inside is signed and names the account, so copying it
 * to another browser or account admits no one.
 */
import { createCookie, redirect, type AppLoadContext } from "react-router";
import { ADMISSION_WINDOW_MS, admits } from "@market/demand/admission";
import { countPickSeatArrival, demandOf, queueIsOn, visitorOf } from "@market/demand/high-demand";
import type { BotCheckWidget } from "@market/context/bot-check-port";
import { pageSourcesHeaders } from "../../functions/web/security-headers";

const admissionCookie = createCookie("__Host-ovation_admission", {
  httpOnly: true,
  secure: true,
  sameSite: "lax",
  path: "/",
  maxAge: ADMISSION_WINDOW_MS / 1000,
});

/**
 * The buyer's queue token for one session (a place in its waiting room), in an HttpOnly cookie
 * of its own per session, so waiting for two sessions keeps both places. Kept a day: the place
 * itself decides when it is spent.
 */
function queueCookie(sessionId: number) {
  return createCookie(`__Host-ovation_queue_${sessionId}`, { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: 24 * 60 * 60 });
}

export async function queueTokenOf(request: Request, sessionId: number): Promise<string | undefined> {
  const value: unknown = await queueCookie(sessionId).parse(request.headers.get("cookie"));
  return typeof value === "string" ? value : undefined;
}

export function queueCookieHeader(sessionId: number, token: string): Promise<string> {
  return queueCookie(sessionId).serialize(token);
}

export function waitingRoomUrl(sessionId: number): string {
  return `/waiting-room?sessionId=${sessionId}`;
}

/** The admission token the browser carries, if any (never validated here). */
export async function admissionTokenOf(request: Request): Promise<string | undefined> {
  const value: unknown = await admissionCookie.parse(request.headers.get("cookie"));
  return typeof value === "string" ? value : undefined;
}

export function admissionCookieHeader(token: string): Promise<string> {
  return admissionCookie.serialize(token);
}

/**
 * Counts the visit towards the automatic switch after the answer, then sends a buyer without a
 * valid admission to the waiting room while the session's queue is on. Throws the redirect.
 */
export async function guardPickSeat(request: Request, context: AppLoadContext, sessionId: number): Promise<void> {
  const ctx = context.market;
  const visitor = visitorOf(ctx.viewer, request.headers.get("cf-connecting-ip"));
  if (visitor) context.cloudflare.ctx.waitUntil(countPickSeatArrival(ctx, sessionId, visitor));
  const queueOn = queueIsOn(await demandOf(ctx, sessionId));
  if (queueOn && !(await admits(ctx, sessionId, await admissionTokenOf(request)))) throw redirect(waitingRoomUrl(sessionId));
}

/**
 * The bot check's widget for a page that shows it (the waiting room's join, a hot session's
 * Place order), or null where the deployment has none, with the headers that let the widget's
 * script and frames in: they come from its own host (the local demo's stand-in is ours).
 */
export function botCheckOnPage(context: AppLoadContext): { widget: BotCheckWidget | null; headers: Headers } {
  const widget = context.market.botCheck.widget(context.market.viewer);
  return { widget, headers: new Headers(widget?.scriptHost ? pageSourcesHeaders({ script: [widget.scriptHost], frame: [widget.scriptHost] }) : undefined) };
}
