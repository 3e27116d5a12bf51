/**
 * The page's analytics (app/platform/analytics.ts), once the root has started it: batches go to
 * our collector through the page's request client (low importance, never a toast, never a
 * sign-in; kept alive so a batch sent as the page is hidden still leaves).
 */
import { useEffect } from "react";
import { createAnalytics, COLLECTOR_PATH, type Analytics, type KnownEvent } from "~/platform/analytics";
import { deviceIdOf } from "~/platform/device-id";
import { deviceStore } from "~/platform/device-store";
import { pageRequests } from "~/platform/page-requests";

let analytics: Analytics | null = null;
let source = "web";

/** The page's analytics (null before the root started it, and where it is off). */
export function pageAnalytics(): Analytics | null {
  return analytics;
}

export function startPageAnalytics(defaults: Record<string, unknown>, eventSource: string): Analytics {
  source = eventSource;
  analytics ??= createAnalytics({
    production: true,
    store: deviceStore("local"),
    deviceId: deviceIdOf(deviceStore("local")),
    send: async (batch) => {
      const answer = await pageRequests().request<unknown>({ method: "POST", url: COLLECTOR_PATH, data: { ...batch }, importance: "low", noToast: true, noAuth: true, keepalive: true });
      return answer.statusCode === 200;
    },
  });
  analytics.setDefaultParams(defaults);
  return analytics;
}

/** One of SPEC §7's named events from `caller` (the screen or sign-in method), with its source. */
export function trackPageEvent(event: KnownEvent, caller: string, params: Record<string, unknown> = {}): boolean {
  return analytics?.trackKnown(event, { caller, source }, params) ?? false;
}

const TRACKED_KEY = "ovation_trackedOnce";

/** Tracks an event once per device for `key` (a paid order reloaded is not paid twice). */
export function trackPageEventOnce(key: string, event: KnownEvent, caller: string, params: Record<string, unknown> = {}): void {
  const store = deviceStore("local");
  let seen: string[] = [];
  try {
    seen = JSON.parse(store?.getItem(TRACKED_KEY) ?? "[]") as string[];
  } catch {
    seen = [];
  }
  if (!Array.isArray(seen) || seen.includes(key) || !trackPageEvent(event, caller, params)) return;
  try {
    store?.setItem(TRACKED_KEY, JSON.stringify([...seen, key].slice(-50)));
  } catch {
    // Without storage a reload may count it again; the event itself is kept.
  }
}

/** A paid order's SPEC §7 events, once per device: iap (the payment) and order (status paid). */
export function usePaidEvents(paidOrderId: number | null): void {
  useEffect(() => {
    if (paidOrderId === null) return;
    trackPageEventOnce(`iap:${paidOrderId}`, "iap", "pay-success", { orderId: paidOrderId });
    trackPageEventOnce(`order-paid:${paidOrderId}`, "order", "pay-success", { orderId: paidOrderId, status: "paid" });
  }, [paidOrderId]);
}
