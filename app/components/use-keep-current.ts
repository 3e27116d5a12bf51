/**
 * Keeps an order's page current while someone else may be moving its delivery on (the provider
 * marks it ready, takes the code at the counter, ships it): the page loads again when the global
 * refreshPickupOrderDetail event (SPEC §4) names this order or none, when the buyer comes back to
 * the tab or window, and every `everyMs` while `pending` and the page is in view.
 */
import { useRevalidator } from "react-router";
import { useEffect, useRef } from "react";
import { globalEventBus } from "~/platform/global-events";

export function useKeepCurrent(orderId: number | null, pending: boolean, everyMs: number) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;

  useEffect(() => {
    const again = () => {
      if (latest.current.state === "idle") latest.current.revalidate();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") again();
    };
    const stop = globalEventBus().on("refreshPickupOrderDetail", (detail) => {
      if (!detail?.orderId || detail.orderId === String(orderId)) again();
    });
    window.addEventListener("focus", again);
    document.addEventListener("visibilitychange", onVisible);
    const timer = pending ? window.setInterval(onVisible, everyMs) : undefined;
    return () => {
      stop();
      window.removeEventListener("focus", again);
      document.removeEventListener("visibilitychange", onVisible);
      window.clearInterval(timer);
    };
  }, [orderId, pending, everyMs]);
}
