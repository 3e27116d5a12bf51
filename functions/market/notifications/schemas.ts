/**
 * Web push's input, shared by the API, the settings page's action and the browser: a device's
 * subscription as PushSubscription.toJSON() gives it, and a device's settings. Imports nothing but
 * zod and the topic list: it ships to the browser. Messages are keys in the `errors` namespace.
 */
import * as z from "zod";
import { PUSH_TOPICS } from "../../db/schema/push";

/** The messages this input's refusals carry (keys of the `errors` namespace). */
export const PUSH_MESSAGES = {
  endpointInvalid: "push.endpointInvalid",
  keysInvalid: "push.keysInvalid",
  timeInvalid: "push.timeInvalid",
  timeZoneInvalid: "push.timeZoneInvalid",
  topicRepeated: "push.topicRepeated",
  quietHoursHalf: "push.quietHoursHalf",
} as const;

const base64url = /^[A-Za-z0-9_-]+=*$/;

/** A push service's address: https, as every browser's is (RFC 8030), and bounded. */
const endpointSchema = z
  .string()
  .max(1024)
  .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", { error: PUSH_MESSAGES.endpointInvalid });

/** The device's keys: a 65-byte P-256 point and a 16-byte secret, base64url. */
export const pushKeysSchema = z.strictObject({
  p256dh: z.string().min(86).max(90).regex(base64url, { error: PUSH_MESSAGES.keysInvalid }),
  auth: z.string().min(22).max(24).regex(base64url, { error: PUSH_MESSAGES.keysInvalid }),
});

/** Which device: its endpoint with its auth secret, so knowing an endpoint alone changes nothing. */
export const pushDeviceSchema = z.object({ endpoint: endpointSchema, auth: pushKeysSchema.shape.auth });

const clockSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: PUSH_MESSAGES.timeInvalid });

/** An IANA zone as the browser names it (Intl's resolvedOptions().timeZone); checked again by the server. */
export const timeZoneSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_+\-/]+$/, { error: PUSH_MESSAGES.timeZoneInvalid });

/** The topics a device takes: any of them, each named once. */
export const pushTopicsSchema = z.array(z.enum(PUSH_TOPICS)).max(PUSH_TOPICS.length).refine((topics) => new Set(topics).size === topics.length, { error: PUSH_MESSAGES.topicRepeated });

/**
 * A device's settings: the topics it takes and its quiet hours, both ends given or neither, in
 * the device's time zone.
 */
export const pushSettingsSchema = z
  .object({
    topics: pushTopicsSchema,
    quietFrom: clockSchema.nullable().optional(),
    quietUntil: clockSchema.nullable().optional(),
    timeZone: timeZoneSchema,
  })
  .refine((settings) => (settings.quietFrom ?? null) === null === ((settings.quietUntil ?? null) === null), { error: PUSH_MESSAGES.quietHoursHalf, path: ["quietUntil"] });

/** POST …/push/subscribe: the browser's subscription, the device's time zone, and topics when it has chosen some. */
export const pushSubscribeSchema = z.object({
  endpoint: endpointSchema,
  keys: pushKeysSchema,
  expirationTime: z.number().nullable().optional(),
  timeZone: timeZoneSchema,
  topics: pushTopicsSchema.optional(),
});

export const pushSettingsRequestSchema = pushDeviceSchema.and(pushSettingsSchema);

export type PushSubscribeInput = z.output<typeof pushSubscribeSchema>;
export type PushSettingsInput = z.output<typeof pushSettingsSchema>;
export type PushDevice = z.output<typeof pushDeviceSchema>;
