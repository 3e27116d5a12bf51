/**
 * The page stack (app/platform/navigation-stack.ts) driving this page's router: mounted once by
 * the root, it keeps the stack in step with every move of the router (links, forms, the
 * browser's own back), and Back (page-header.tsx) and the app's deep links move through it, so
 * SPEC §2's rules (10 pages, the 500 ms throttle, Back from the first page) apply to them.
 * Inside an app, a link to a screen the app has (show-list, tourDetail, tourList) opens it with
 * openAppPage, the web page only when the app does not answer. Both are the root's from
 * hydration on, so no tap goes past them.
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router";
import { hasAdParams } from "~/platform/ad-params";
import { appLinkOfWebPath, webPathOfAppLink } from "~/platform/deep-links";
import { hostApp, insideHostApp } from "~/platform/host-app";
import { createPageStack, type PageStack } from "~/platform/navigation-stack";

let stack: PageStack | null = null;

/** The page's stack (null before the root mounted it, and on the server). */
export function pageStack(): PageStack | null {
  return stack;
}

/** React Router numbers the entries of this visit; 0 is the page the visit started on. */
const historyIndex = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;

export function usePageStack(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const kind = useNavigationType();
  const go = useRef(navigate);
  go.current = navigate;
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (stack) return;
    stack = createPageStack({
      navigator: {
        push: (to) => void go.current(to),
        replace: (to) => void go.current(to, { replace: true }),
        // A first page with nothing before it in this visit goes to its fallback, never out of the site.
        back: (steps, fallback) => void (historyIndex() >= steps ? go.current(-steps) : go.current(fallback ?? "/")),
        switchTab: (to) => window.location.assign(to),
      },
      isEmbedded: () => insideHostApp(),
      hostGoBack: (fallback) => void hostApp.goBack().then((done) => done === null && go.current(fallback ?? "/")),
      cameFromAd: () => hasAdParams(window.location.search),
      initial: [here],
    });
    // Mounted once for the page's life; `here` is only the first page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const top = stack?.stack().at(-1);
    // A move the stack made itself is already recorded.
    if (stack && top !== here) stack.record(here, kind === "PUSH" ? "push" : kind === "REPLACE" ? "replace" : "pop");
  }, [here, kind, location.key]);
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

/** The page stack, and inside an app its own screens for their links: mounted once by the root. */
export function useAppNavigation(): void {
  usePageStack();
  useEffect(() => {
    if (!insideHostApp()) return;
    // Capture: ahead of the router's own link handling, which would navigate in the page.
    document.addEventListener("click", openAppScreens, true);
    return () => document.removeEventListener("click", openAppScreens, true);
  }, []);
}
