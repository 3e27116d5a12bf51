/**
 * The page's side of the host app and of analytics, mounted once in the root; renders nothing.
 *
 * - Inside an app (a bridge is injected): tells the app the page is ready; on logged-in passes
 *   the token on (updateToken); on open-login asks the app for a new token instead of showing
 *   our sign-in (SPEC §8), reloading with it, and opens our sign-in only when the app gives none.
 * - Analytics (SPEC §9): a page view per screen, with the channel, platform and the visit's ad
 *   fields as default parameters; sent only where the root says analytics is on (production).
 * - The status bar and safe area the app reported pad the page from the first HTML (appFrameStyle).
 */
import { useEffect, useRef, type CSSProperties } from "react";
import { useLocation, useNavigate } from "react-router";
import { useRootData } from "~/root";
import { createAnalytics, COLLECTOR_PATH, type Analytics } from "~/platform/analytics";
import { readAdParams } from "~/platform/ad-params";
import { deviceIdOf } from "~/platform/device-id";
import { deviceStore } from "~/platform/device-store";
import { globalEventBus } from "~/platform/global-events";
import { hostApp, insideHostApp } from "~/platform/host-app";
import type { AppFrame } from "../../functions/web/app-context";

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

let analytics: Analytics | null = null;

/** The page's analytics (null before the root mounted it, or where it is off). */
export function pageAnalytics(): Analytics | null {
  return analytics;
}

export function HostAppWiring() {
  const root = useRootData();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !root) return;
    started.current = true;
    const bus = globalEventBus();
    if (root.analytics) {
      analytics = createAnalytics({
        production: true,
        store: deviceStore("local"),
        deviceId: deviceIdOf(deviceStore("local")),
        send: async (batch) => {
          const response = await fetch(COLLECTOR_PATH, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(batch), keepalive: true });
          return response.ok && ((await response.json()) as { e?: number }).e === 0;
        },
      });
      analytics.setDefaultParams({ channel: root.channel, platform: root.platform, ...readAdParams(deviceStore("local")) });
      // What is queued leaves when the page is hidden (closing the web view, switching app).
      document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && void analytics?.flush());
    }
    if (insideHostApp()) {
      void hostApp.pageReady();
      bus.on("logged-in", ({ token }) => void hostApp.updateToken(token));
      bus.on("open-login", async ({ redirectTo }) => {
        const token = await hostApp.renewToken(12306);
        if (token) {
          const url = new URL(window.location.href);
          url.searchParams.set("token", token);
          window.location.replace(url.toString());
        } else navigate(`/login?${new URLSearchParams({ redirectTo: redirectTo ?? window.location.pathname + window.location.search })}`);
      });
    } else {
      bus.on("open-login", ({ redirectTo }) => navigate(`/login?${new URLSearchParams({ redirectTo: redirectTo ?? window.location.pathname + window.location.search })}`));
    }
    bus.on("logged-out", () => analytics?.logout());
  }, [root, navigate]);

  useEffect(() => {
    analytics?.pageView(pageNameOf(pathname));
  }, [pathname]);

  return null;
}
