/**
 * The collector's schemas for SPEC §9's analytics events (rules in event-rules.ts): apart from
 * event-rules so the browser's wrapper, which runs on every page, never loads zod.
 */
import * as z from "zod/mini";
import { MAX_PARAM_STRING, MAX_PARAMS_PER_EVENT, EVENT_NAME } from "./event-rules";

const paramValue = z.union([z.string().check(z.maxLength(MAX_PARAM_STRING)), z.number().check(z.refine(Number.isFinite)), z.boolean(), z.null()]);

export const analyticsEventSchema = z.object({
  event: z.string().check(z.regex(EVENT_NAME)),
  /** When it happened, epoch ms on the client's clock. */
  time: z.int().check(z.gte(0)),
  /** The client's analytics session (expires after 30 minutes idle). */
  sessionId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  params: z.optional(
    z.record(z.string().check(z.regex(EVENT_NAME)), paramValue).check(z.refine((params) => Object.keys(params).length <= MAX_PARAMS_PER_EVENT)),
  ),
});

export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** The batch's envelope; its events are validated one by one. */
export const analyticsBatchSchema = z.object({
  deviceId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  userId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  events: z.array(z.unknown()),
});

