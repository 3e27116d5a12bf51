/**
 * SPEC §9's rules for an analytics event, written once for the browser's wrapper and for our
 * collector: names never start with $ or __ (those are the analytics service's own), parameter
 * strings are capped at 1,024 characters, a request carries at most 50 events. The collector
 * validates each event on its own, so one bad event is dropped and counted, never its batch.
 */
import * as z from "zod/mini";

export const MAX_EVENTS_PER_REQUEST = 50;
export const MAX_PARAM_STRING = 1024;
export const MAX_PARAMS_PER_EVENT = 50;

/** Letters, digits, _ . : -; not starting with $ or __; at most 100 characters. */
const NAME = /^(?!__)[A-Za-z0-9_][A-Za-z0-9_.:-]{0,99}$/;

export function isEventName(name: unknown): name is string {
  return typeof name === "string" && NAME.test(name);
}

/** A parameter string cut to the cap (the client does this before sending). */
export function capParamString(value: string): string {
  return value.length > MAX_PARAM_STRING ? value.slice(0, MAX_PARAM_STRING) : value;
}

const paramValue = z.union([z.string().check(z.maxLength(MAX_PARAM_STRING)), z.number().check(z.refine(Number.isFinite)), z.boolean(), z.null()]);

export const analyticsEventSchema = z.object({
  event: z.string().check(z.regex(NAME)),
  /** When it happened, epoch ms on the client's clock. */
  time: z.int().check(z.gte(0)),
  /** The client's analytics session (expires after 30 minutes idle). */
  sessionId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  params: z.optional(
    z.record(z.string().check(z.regex(NAME)), paramValue).check(z.refine((params) => Object.keys(params).length <= MAX_PARAMS_PER_EVENT)),
  ),
});

export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** The batch's envelope; its events are validated one by one. */
export const analyticsBatchSchema = z.object({
  deviceId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  userId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  events: z.array(z.unknown()),
});

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
