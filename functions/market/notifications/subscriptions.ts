/**
 * The devices that allowed notifications. A device is its push endpoint: subscribing again (a
 * new key, another account signed in on it) updates its one row. Settings and turning it off
 * name the device by its endpoint and auth secret together, so an endpoint seen elsewhere
 * changes nothing. A device belongs to whoever signed in on it last subscribed; a visitor in a
 * queue subscribes with no account.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { pushSubscriptions } from "../../db/schema";
import type { MarketContext } from "../context";
import { isTimeZone } from "../calendar";
import { MarketError, notFound } from "../errors";
import { clockOf, minutesOf } from "./quiet-hours";
import { DEFAULT_TOPICS, MAX_DEVICES_PER_ACCOUNT, PUSH_TOPICS, type PushTopic } from "./rules";
import { formRefusal } from "../input/form-refusal";
import { PUSH_MESSAGES, pushDeviceSchema, pushSettingsRequestSchema, pushSubscribeSchema, type PushDevice } from "./schemas";

/** The first issue as invalidParam naming its field, with the push input's own message when it has one. */
const invalidInput = formRefusal(PUSH_MESSAGES);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A device's settings as the page and the API show them. */
export interface PushSettings {
  topics: PushTopic[];
  quietFrom: string | null;
  quietUntil: string | null;
  timeZone: string;
}

export function topicsOf(row: Pick<PushSubscriptionRow, "topics">): PushTopic[] {
  const listed = new Set(row.topics.split(","));
  return PUSH_TOPICS.filter((topic) => listed.has(topic));
}

export function settingsOf(row: PushSubscriptionRow): PushSettings {
  return {
    topics: topicsOf(row),
    quietFrom: row.quietFrom === null ? null : clockOf(row.quietFrom),
    quietUntil: row.quietUntil === null ? null : clockOf(row.quietUntil),
    timeZone: row.timeZone,
  };
}

function knownTimeZone(timeZone: string): string {
  if (!isTimeZone(timeZone)) throw new MarketError("invalidParam", { messageKey: "push.timeZoneInvalid", params: { field: "timeZone" } });
  return timeZone;
}

/**
 * Records this device's subscription (pushSubscribeSchema) for the viewer (or for no account), in
 * the viewer's language. A device seen before keeps its topics and quiet hours unless new topics
 * are given. Throws invalidParam.
 */
export async function subscribeDevice(ctx: MarketContext, request: unknown): Promise<{ id: number; settings: PushSettings }> {
  const parsed = pushSubscribeSchema.safeParse(request);
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  const now = ctx.now();
  const timeZone = knownTimeZone(input.timeZone);
  const chosen = input.topics ? PUSH_TOPICS.filter((topic) => input.topics!.includes(topic)).join(",") : null;
  const [row] = await ctx.db
    .insert(pushSubscriptions)
    .values({
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userId: ctx.viewer.userId,
      language: ctx.viewer.language,
      topics: chosen ?? DEFAULT_TOPICS.join(","),
      timeZone,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userId: ctx.viewer.userId,
        language: ctx.viewer.language,
        timeZone,
        updatedAt: now,
        ...(chosen !== null ? { topics: chosen } : {}),
      },
    })
    .returning();
  if (ctx.viewer.userId !== null) await keepNewestDevices(ctx, ctx.viewer.userId);
  return { id: row.id, settings: settingsOf(row) };
}

/** An account keeps its newest MAX_DEVICES_PER_ACCOUNT devices; older ones stop being told. */
async function keepNewestDevices(ctx: MarketContext, userId: number) {
  const devices = await ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.updatedAt), asc(pushSubscriptions.id));
  const stale = devices.slice(0, Math.max(0, devices.length - MAX_DEVICES_PER_ACCOUNT)).map((device) => device.id);
  if (stale.length > 0) await ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, stale));
}

/** The device named by its endpoint and auth secret. Throws notFound when there is none. */
export async function deviceOf(ctx: Pick<MarketContext, "db">, device: PushDevice): Promise<PushSubscriptionRow> {
  const [row] = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, device.endpoint), eq(pushSubscriptions.auth, device.auth)));
  if (!row) throw notFound("pushSubscription");
  return row;
}

/** The device named by `request` (pushDeviceSchema), parsed. Throws invalidParam. */
export function parsedDevice(request: unknown): PushDevice {
  const parsed = pushDeviceSchema.safeParse(request);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

/** The settings of the device `request` names. Throws invalidParam, notFound. */
export async function deviceSettings(ctx: Pick<MarketContext, "db">, request: unknown): Promise<PushSettings> {
  return settingsOf(await deviceOf(ctx, parsedDevice(request)));
}

/**
 * Saves a device's topics and quiet hours (pushSettingsRequestSchema: the device with its
 * settings); the language follows the viewer's. Throws invalidParam, notFound.
 */
export async function saveDeviceSettings(ctx: MarketContext, request: unknown): Promise<PushSettings> {
  const parsed = pushSettingsRequestSchema.safeParse(request);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { endpoint, auth, ...settings } = parsed.data;
  const row = await deviceOf(ctx, { endpoint, auth });
  const quietFrom = settings.quietFrom ? minutesOf(settings.quietFrom) : null;
  const quietUntil = settings.quietUntil ? minutesOf(settings.quietUntil) : null;
  const [saved] = await ctx.db
    .update(pushSubscriptions)
    .set({
      topics: PUSH_TOPICS.filter((topic) => settings.topics.includes(topic)).join(","),
      quietFrom,
      quietUntil,
      timeZone: knownTimeZone(settings.timeZone),
      language: ctx.viewer.language,
      // A signed-in viewer's settings also claim the device, as subscribing does.
      userId: ctx.viewer.userId ?? row.userId,
      updatedAt: ctx.now(),
    })
    .where(eq(pushSubscriptions.id, row.id))
    .returning();
  return settingsOf(saved);
}

/** Turns the device `request` names off: its row and what it was still owed go. Answers whether there was one. Throws invalidParam. */
export async function forgetDevice(ctx: Pick<MarketContext, "db">, request: unknown): Promise<{ removed: boolean }> {
  const device = parsedDevice(request);
  const gone = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, device.endpoint), eq(pushSubscriptions.auth, device.auth)))
    .returning({ id: pushSubscriptions.id });
  return { removed: gone.length > 0 };
}

/** The devices of these accounts that take `topic`. */
export async function devicesFor(ctx: Pick<MarketContext, "db">, userIds: readonly number[], topic: PushTopic): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  const rows = await ctx.db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, [...new Set(userIds)]));
  return rows.filter((row) => topicsOf(row).includes(topic));
}

/** Forgets the device a push service says is gone (404/410). */
export async function forgetGoneDevice(ctx: Pick<MarketContext, "db">, subscriptionId: number): Promise<void> {
  await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}

