/**
 * Telling devices that something happened. A producer (a cron chore, a delivery step, a
 * conversation's object, a waiting room's shard) names the event once; each device that takes its
 * topic gets one outbox row, written in the device's language and due now or when its quiet hours
 * end. The insert ignores a row already there, so an event produced twice (a retried request,
 * two overlapping crons) still reaches each device once. Sending starts at once but off the
 * caller's path (ctx.defer); what it leaves, the cron sends.
 */
import { pushDeliveries } from "../../db/schema";
import type { MarketContext } from "../context";
import type { Language } from "../context/viewer";
import { isLanguage } from "../context/language";
import { translateKey } from "../messages";
import { logError } from "../../observability";
import { quietUntil } from "./quiet-hours";
import { BREAKS_QUIET_HOURS, MAX_TTL_SECONDS, type PushContext, type PushTopic } from "./rules";
import { devicesFor, topicsOf, type PushSubscriptionRow } from "./subscriptions";
import { sendDeliveries } from "./deliver";

/** What to say, as keys of the `push` namespace and their values (the same for every language). */
export interface PushText {
  title: string;
  body: string;
  params?: Record<string, unknown>;
}

export interface PushEvent {
  /** Once per event: a device is told about one key once (`chat:12:40`, `order-expiring:88`). */
  key: string;
  topic: PushTopic;
  text: PushText | ((language: Language) => PushText);
  /** The screen a tap opens, a path of this site (`/order/88`). */
  path: string;
  /** Accounts whose devices are told, or the devices themselves (a visitor's place in a queue). */
  to: { userIds: readonly number[] } | { devices: readonly PushSubscriptionRow[] };
  /** When it is no longer worth telling; at most a day on (the push service keeps nothing longer). */
  expiresAt?: number;
  urgency?: "normal" | "high";
  /** A later notification with the same tag replaces this one on the device (one per conversation). */
  tag?: string;
}

/**
 * The notification as a device shows it: declarative web push's JSON (Safari shows it with no
 * script of ours; RFC 8030 is its format version), which public/sw.js shows elsewhere.
 */
export interface DeclarativePush {
  web_push: 8030;
  notification: { title: string; body: string; navigate: string; lang: Language; dir: "ltr"; tag?: string; silent: false };
}

/** Writes the event's outbox rows and starts sending them; answers how many devices are owed it. */
export async function notify(ctx: PushContext, event: PushEvent): Promise<number> {
  const devices = "devices" in event.to ? event.to.devices.filter((device) => topicsOf(device).includes(event.topic)) : await devicesFor(ctx, event.to.userIds, event.topic);
  if (devices.length === 0) return 0;
  const now = ctx.now();
  const expiresAt = Math.min(event.expiresAt ?? Number.MAX_SAFE_INTEGER, now + MAX_TTL_SECONDS * 1000);
  const payloads = new Map<Language, string>();
  const rows = [];
  for (const device of devices) {
    const language: Language = isLanguage(device.language) ? device.language : "en-US";
    let payload = payloads.get(language);
    if (payload === undefined) {
      payload = JSON.stringify(await declarativePush(ctx, event, language));
      payloads.set(language, payload);
    }
    const waitsUntil = BREAKS_QUIET_HOURS.has(event.topic) || device.quietFrom === null || device.quietUntil === null ? null : quietUntil(now, { from: device.quietFrom, until: device.quietUntil, timeZone: device.timeZone });
    rows.push({
      subscriptionId: device.id,
      eventKey: event.key,
      topic: event.topic,
      payload,
      urgency: event.urgency ?? "normal",
      status: "queued" as const,
      nextAttemptAt: waitsUntil ?? now,
      expiresAt,
      createdAt: now,
    });
  }
  const inserted: number[] = [];
  // D1 binds at most 100 values a statement: 9 a row.
  for (let start = 0; start < rows.length; start += 10) {
    const written = await ctx.db
      .insert(pushDeliveries)
      .values(rows.slice(start, start + 10))
      .onConflictDoNothing({ target: [pushDeliveries.eventKey, pushDeliveries.subscriptionId] })
      .returning({ id: pushDeliveries.id, nextAttemptAt: pushDeliveries.nextAttemptAt });
    for (const row of written) if (row.nextAttemptAt <= now) inserted.push(row.id);
  }
  if (inserted.length > 0) {
    const sending = sendDeliveries(ctx, inserted).catch((error: unknown) => logError(error, { requestId: ctx.viewer.requestId, where: "push send" }));
    ctx.defer?.(sending);
  }
  return devices.length;
}

/**
 * The screen to open, absolute as declarative web push asks: on this environment's PUBLIC_ORIGIN
 * (public/sw.js opens only its own origin's paths whatever it is given).
 */
function navigateTo(ctx: Pick<MarketContext, "env">, path: string): string {
  const origin = ctx.env.PUBLIC_ORIGIN;
  return origin && URL.canParse(origin) ? new URL(path, origin).href : path;
}

async function declarativePush(ctx: Pick<MarketContext, "env">, event: PushEvent, language: Language): Promise<DeclarativePush> {
  const text = typeof event.text === "function" ? event.text(language) : event.text;
  const [title, body] = await Promise.all([translateKey(`push:${text.title}`, language, text.params), translateKey(`push:${text.body}`, language, text.params)]);
  return {
    web_push: 8030,
    notification: { title, body, navigate: navigateTo(ctx, event.path), lang: language, dir: "ltr", silent: false, ...(event.tag ? { tag: event.tag } : {}) },
  };
}
