/**
 * SPEC §9's rules for an analytics event, written once for the browser's wrapper and for our
 * collector: names never start with $ or __ (those are the analytics service's own), parameter
 * strings are capped at 1,024 characters, a request carries at most 50 events. The collector
 * validates each event on its own, so one bad event is dropped and counted, never its batch.
 * The collector's schemas live in event-schemas.ts: this file runs on every page and stays free
 * of zod.
 */
export const MAX_EVENTS_PER_REQUEST = 50;
export const MAX_PARAM_STRING = 1024;
export const MAX_PARAMS_PER_EVENT = 50;

/** Letters, digits, _ . : -; not starting with $ or __; at most 100 characters. */
export const EVENT_NAME = /^(?!__)[A-Za-z0-9_][A-Za-z0-9_.:-]{0,99}$/;

export function isEventName(name: unknown): name is string {
  return typeof name === "string" && EVENT_NAME.test(name);
}

/** A parameter string cut to the cap (the client does this before sending). */
export function capParamString(value: string): string {
  return value.length > MAX_PARAM_STRING ? value.slice(0, MAX_PARAM_STRING) : value;
}

/** The page names a page view reports for the buying funnel, and the event that ends it. */
export const FUNNEL_STEPS = [
  { step: "home", page: "home" },
  { step: "tour", page: "tourDetail" },
  { step: "pickSeat", page: "pickSeat" },
  { step: "confirm", page: "confirmOrder" },
  { step: "paid", event: "iap" },
] as const;

export type FunnelStep = (typeof FUNNEL_STEPS)[number]["step"];
export const PAGE_VIEW_EVENT = "page_view";
