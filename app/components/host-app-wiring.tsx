/**
 * The page's side of the host app, of analytics and of navigation, mounted once in the root once
 * the page has hydrated (later-wiring.tsx): none of it draws anything, so its code is neither in
 * every route's first download nor in hydration's work.
 *
 * - The visit is recorded on the device (visit-recorder.tsx). The page stack, the app's own
 *   screens (page-stack.ts `useAppNavigation`) and the global events' listeners
 *   (global-listeners.tsx) are the root's from the first moment: a tap or an event the app
 *   sends must never miss them.
 * - Inside an app (a bridge is injected): tells the app the page is ready; an app token the
 *   server refused on this request (tokenExpired, tokenInvalid) asks the app for a new one
 *   (SPEC §8, through open-login), and so does a sign-in screen.
 * - Analytics (SPEC §9): a page view per screen, with the channel, platform and the visit's ad
 *   fields as default parameters, and the named events the server's actions report (login,
 *   register, order); sent only where the root says analytics is on (production).
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { readAdParams } from "~/platform/ad-params";
import type { KnownEvent } from "~/platform/analytics";
import { deviceStore } from "~/platform/device-store";
import { globalEventBus } from "~/platform/global-events";
import { hostApp, insideHostApp } from "~/platform/host-app";
import { isSignInPath } from "~/platform/navigation-stack";
import type { AppFrame } from "../../functions/web/app-context";
import { pageAnalytics, startPageAnalytics, trackPageEvent } from "./page-analytics";
import { VisitRecorder } from "./visit-recorder";

/** The screens the funnel follows, by path (functions/market/analytics/event-rules.ts). */
const PAGE_NAMES: Record<string, string> = { "/": "home", "/tourDetail": "tourDetail", "/pick-seat": "pickSeat", "/confirm-order": "confirmOrder", "/confirm-ticket": "confirmTicket" };

export function pageNameOf(pathname: string): string {
  return PAGE_NAMES[pathname] ?? pathname.replace(/^\//, "");
}

/** Once a page load: the app is asked for a token on the first sign-in screen only. */
let askedHostToSignIn = false;

/**
 * What the wiring reads of the root's data. The root hands it down (the root renders this, so
 * reading the root's data here would make the two modules import each other); undefined while an
 * error page renders.
 */
export interface HostPage {
  language: string;
  currency: string;
  location: string;
  channel: string;
  platform: string;
  appFrame: AppFrame;
  version: { name?: string };
  analytics: boolean;
  /** The action's analytics event (app/server/page-event.server.ts), with the app token a sign-in hands the app. */
  pageEvent: ({ event: KnownEvent; caller: string; token?: string } & Record<string, unknown>) | null;
}

export default function HostAppWiring({ root }: { root: HostPage | undefined }) {
  const { pathname } = useLocation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !root) return;
    started.current = true;
    if (root.analytics) {
      const analytics = startPageAnalytics({ channel: root.channel, platform: root.platform, ...readAdParams(deviceStore("local")) }, root.appFrame.source ?? root.platform);
      // What is queued leaves when the page is hidden (closing the web view, switching app) or
      // left for another site (the payment page): the queue lives only in memory.
      document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && void analytics.flush());
      window.addEventListener("pagehide", () => void analytics.flush());
    }
    if (insideHostApp()) {
      void hostApp.pageReady();
      if (root.appFrame.tokenRefused) globalEventBus().emit("open-login", { reason: root.appFrame.tokenRefused });
    }
  }, [root]);

  useEffect(() => {
    pageAnalytics()?.pageView(pageNameOf(pathname));
    // Inside an app a sign-in screen (a page that needs login sends a guest there) first asks
    // the app for its token (SPEC §8); the screen stays only when the app gives none.
    if (!askedHostToSignIn && insideHostApp() && isSignInPath(pathname)) {
      askedHostToSignIn = true;
      globalEventBus().emit("open-login", { redirectTo: new URLSearchParams(window.location.search).get("redirectTo") ?? "/mine" });
    }
  }, [pathname]);

  const event = root?.pageEvent ?? null;
  useEffect(() => {
    if (!event) return;
    const { event: name, caller, token, ...params } = event;
    trackPageEvent(name, caller, params);
    if (token) globalEventBus().emit("logged-in", { token });
  }, [event]);

  // Last of the effects: analytics has started and counted this screen (scripts, and browser
  // tests, can tell the page's later wiring is in).
  useEffect(() => {
    document.documentElement.dataset.wired = "true";
  }, []);

  return <VisitRecorder />;
}
