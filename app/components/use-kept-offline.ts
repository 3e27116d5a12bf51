/**
 * Asks the service worker (public/sw.js) to keep this page for use with no signal as soon as it
 * is open: the first visit's own navigation came before the worker, so without asking, the page
 * would be kept only from its second visit. For the entry ticket and the door scanner, which are
 * most needed where there is no signal.
 */
import { useEffect } from "react";

export function useKeptOffline(): void {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let alive = true;
    void navigator.serviceWorker.ready.then((registration) => {
      if (alive) registration.active?.postMessage({ type: "keep", path: `${location.pathname}${location.search}` });
    });
    return () => {
      alive = false;
    };
  }, []);
}
