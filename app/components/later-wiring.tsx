/**
 * The root's share of the page that draws nothing and can wait (host-app-wiring.tsx: analytics,
 * telling the host app the page is ready, the visit recorder), fetched and mounted once the page
 * has hydrated.
 * Every route used to download it first and hydrate through it; now it is its own small file,
 * asked for after the screen is interactive. What the page's requests say about the viewer is
 * set by the root itself, so a request made before it arrives still carries SPEC §7's headers.
 *
 * Also the app frame's insets, which the server must draw: the status bar and safe area the app
 * reported pad the page from the first HTML.
 */
import { lazy, Suspense, type CSSProperties } from "react";
import type { AppFrame } from "../../functions/web/app-context";
import type { HostPage } from "./host-app-wiring";
import { useHydrated } from "./hydrated";

const HostAppWiring = lazy(() => import("./host-app-wiring"));

export function LaterWiring({ root }: { root: HostPage | undefined }) {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <HostAppWiring root={root} />
    </Suspense>
  ) : null;
}

/** The app's insets as CSS: the status bar pads the top, the safe area replaces the bottom inset. */
export function appFrameStyle(frame: AppFrame | undefined): CSSProperties | undefined {
  if (!frame || (frame.statusBarHeight === undefined && frame.safeAreaBottom === undefined)) return undefined;
  const style: Record<string, string> = {};
  if (frame.statusBarHeight !== undefined) style["--status-bar-height"] = `${frame.statusBarHeight}px`;
  if (frame.safeAreaBottom !== undefined) style["--safe-bottom"] = `${frame.safeAreaBottom}px`;
  return style as CSSProperties;
}
