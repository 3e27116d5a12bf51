/**
 * SPEC §7's analytics events that happen in a form action (sign-in, sign-up, an order placed, a
 * city chosen):
 * the action redirects with the event in a one-shot cookie, and the next page's root data hands
 * it to the browser, which tracks it (components/host-app-wiring.tsx) with its caller. The event
 * names the account's token only inside an app, where the page passes it on with updateToken.
 */
import { createCookie } from "react-router";
import * as z from "zod";
import { readSessionToken } from "../../functions/web/session";
import type { AppFrame } from "../../functions/web/app-context";

export const pageEventSchema = z.object({
  event: z.enum(["login", "register", "order", "click_city_change"]),
  /** The screen or method it came from: login, login/code, register, auth/callback, confirm-order, location-select. */
  caller: z.string().max(40),
  orderId: z.number().int().positive().optional(),
  status: z.enum(["placed", "paid"]).optional(),
});
export type PageEvent = z.infer<typeof pageEventSchema>;

const eventCookie = createCookie("ovation_event", { path: "/", httpOnly: true, sameSite: "lax", secure: true, maxAge: 60 });

/** The Set-Cookie that carries an event to the next page. */
export function pageEventHeader(event: PageEvent): Promise<string> {
  return eventCookie.serialize(pageEventSchema.parse(event));
}

/** The caller of a sign-in: the path of the screen that posted it. */
export function callerOf(request: Request): string {
  return new URL(request.url).pathname.replace(/^\/+/, "").slice(0, 40) || "home";
}

/** The event waiting for this page (cleared as it is read), with the token inside an app. */
export async function readPageEvent(request: Request, frame: AppFrame, headers: Headers): Promise<(PageEvent & { token?: string }) | null> {
  const raw = await eventCookie.parse(request.headers.get("cookie"));
  if (raw === null || raw === undefined) return null;
  headers.append("Set-Cookie", await eventCookie.serialize("", { maxAge: 0 }));
  const parsed = pageEventSchema.safeParse(raw);
  if (!parsed.success) return null;
  const token = parsed.data.event !== "order" && (frame.source || frame.channel) ? readSessionToken(request) : null;
  return token ? { ...parsed.data, token } : parsed.data;
}
