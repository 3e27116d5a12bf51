/**
 * The page's side of the host app, of analytics and of navigation, mounted once in the root.
 *
 * - The request client (app/platform/page-requests.ts) gets the viewer's SPEC §7 headers.
 * - The page stack follows the router (page-stack.ts); the global events' listeners are mounted
 *   (global-listeners.tsx).
 * - Inside an app (a bridge is injected): tells the app the page is ready; an app token the
 *   server refused on this request (tokenExpired, tokenInvalid) asks the app for a new one
 *   (SPEC §8, through open-login), and so does a sign-in screen; a link to a screen the app has (show-list, tourDetail,
 *   tourList) opens it with openAppPage, the web page only when the app does not answer.
 * - Analytics (SPEC §9): a page view per screen, with the channel, platform and the visit's ad
 *   fields as default parameters, and the named events the server's actions report (login,
 *   register, order); sent only where the root says analytics is on (production).
 * - The status bar and safe area the app reported pad the page from the first HTML (appFrameStyle).
 */
import { useEffect, useRef, type CSSProperties } from "react";
import { useLocation } from "react-router";
import { readAdParams } from "~/platform/ad-params";
import type { KnownEvent } from "~/platform/analytics";
import { appLinkOfWebPath, webPathOfAppLink } from "~/platform/deep-links";
import { deviceStore } from "~/platform/device-store";
import { globalEventBus } from "~/platform/global-events";
import { hostApp, insideHostApp } from "~/platform/host-app";
import { isSignInPath } from "~/platform/navigation-stack";
import { configurePageRequests } from "~/platform/page-requests";
import type { AppFrame } from "../../functions/web/app-context";
import { GlobalListeners } from "./global-listeners";
import { pageAnalytics, startPageAnalytics, trackPageEvent } from "./page-analytics";
import { pageStack, usePageStack } from "./page-stack";

/** The screens the funnel follows, by path (functions/market/analytics/event-rules.ts). */
const PAGE_NAMES: Record<string, string> = { "/": "home", "/tourDetail": "tourDetail", "/pick-seat": "pickSeat", "/confirm-order": "confirmOrder", "/confirm-ticket": "confirmTicket" };

export function pageNameOf(pathname: string): string {
  return PAGE_NAMES[pathname] ?? pathname.replace(/^\//, "");
}

/** The app's insets as CSS: the status bar pads the top, the safe area replaces the bottom inset. */
export function appFrameStyle(frame: AppFrame | undefined): CSSProperties | undefined {
  if (!frame || (frame.statusBarHeight === undefined && frame.safeAreaBottom === undefined)) return undefined;
  const style: Record<string, string> = {};
  if (frame.statusBarHeight !== undefined) style["--status-bar-height"] = `${frame.statusBarHeight}px`;
  if (frame.safeAreaBottom !== undefined) style["--safe-bottom"] = `${frame.safeAreaBottom}px`;
  return style as CSSProperties;
}

/** Inside an app, a click on a link to one of the app's own screens opens that screen. */
function openAppScreens(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin || anchor.target === "_blank") return;
  const link = appLinkOfWebPath(anchor.pathname + anchor.search);
  if (!link) return;
  event.preventDefault();
  void hostApp.openAppPage(link).then((done) => {
    const path = webPathOfAppLink(link);
    if (done === null && path) pageStack()?.open(path);
  });
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

export function HostAppWiring({ root }: { root: HostPage | undefined }) {
  const { pathname } = useLocation();
  const started = useRef(false);
  usePageStack();

  if (root && typeof window !== "undefined") {
    configurePageRequests({ language: root.language, currency: root.currency, location: root.location, channel: root.channel, source: root.appFrame.source, version: root.version.name });
  }

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
      // Capture: ahead of the router's own link handling, which would navigate in the page.
      document.addEventListener("click", openAppScreens, true);
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

  return <GlobalListeners />;
}
