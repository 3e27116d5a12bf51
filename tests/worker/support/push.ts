/** Devices that allowed notifications, over the push service double (tests/support/push-service-double.ts). */
import { and, eq, inArray, lte, or } from "drizzle-orm";
import * as schema from "../../../functions/db/schema";
import type { MarketContext } from "../../../functions/market/context";
import { saveDeviceSettings, sendDuePush, subscribeDevice, type PushSettingsInput } from "../../../functions/market/notifications";
import { PUSH_SERVICE_ORIGIN, type ReceivedPush } from "../../support/push-service-double";
import { testDb } from "./buying";

export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  id: string;
}

/** A new browser subscription at the push service double. */
export async function newDevice(): Promise<TestDevice> {
  const answer = (await (await fetch(`${PUSH_SERVICE_ORIGIN}/__subscribe`, { method: "POST" })).json()) as Omit<TestDevice, "id">;
  return { ...answer, id: answer.endpoint.split("/").at(-1)! };
}

/** A device subscribed by the viewer of `market` (its language), with settings when given. */
export async function deviceOf(market: MarketContext, settings?: Partial<PushSettingsInput>): Promise<TestDevice> {
  const device = await newDevice();
  await subscribeDevice(market, { endpoint: device.endpoint, keys: device.keys, timeZone: "Asia/Hong_Kong" });
  if (settings) {
    await saveDeviceSettings(market, { endpoint: device.endpoint, auth: device.keys.auth, topics: ["queue", "alerts", "orders", "messages", "sales"], timeZone: "Asia/Hong_Kong", ...settings });
  }
  return device;
}

/** What the device received, decrypted by the double. */
export async function received(device: TestDevice): Promise<ReceivedPush[]> {
  return (await (await fetch(`${PUSH_SERVICE_ORIGIN}/__received/${device.id}`)).json()) as ReceivedPush[];
}

/** The notifications a device received, as title, body and where a tap goes. */
export async function shown(device: TestDevice): Promise<{ title: string; body: string; navigate: string; lang: string }[]> {
  return (await received(device)).map((push) => {
    const { title, body, navigate, lang } = (push.payload as { notification: { title: string; body: string; navigate: string; lang: string } }).notification;
    return { title, body, navigate, lang };
  });
}

/** The service's answers from now on: the device is gone (410), or down for `times` pushes (503). */
export async function serviceSays(device: TestDevice, answer: "gone" | { down: number }) {
  const path = answer === "gone" ? `__gone/${device.id}` : `__down/${device.id}?times=${answer.down}`;
  await fetch(`${PUSH_SERVICE_ORIGIN}/${path}`, { method: "POST" });
}

/**
 * Waits for the sends the producers started off their path, then sends what the cron would at
 * the market's clock, until nothing due is left and nothing is mid-send.
 */
export async function settlePushes(market: MarketContext): Promise<void> {
  for (let round = 0; round < 100; round++) {
    await sendDuePush(market);
    const busy = await testDb
      .select({ id: schema.pushDeliveries.id })
      .from(schema.pushDeliveries)
      .where(or(eq(schema.pushDeliveries.status, "sending"), and(eq(schema.pushDeliveries.status, "queued"), lte(schema.pushDeliveries.nextAttemptAt, market.now()))))
      .limit(1);
    if (busy.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("pushes never settled");
}

/** The outbox rows of the given devices' subscriptions. */
export async function outboxOf(devices: TestDevice[]) {
  const subscriptions = await testDb
    .select({ id: schema.pushSubscriptions.id })
    .from(schema.pushSubscriptions)
    .where(inArray(schema.pushSubscriptions.endpoint, devices.map((device) => device.endpoint)));
  if (subscriptions.length === 0) return [];
  return testDb.select().from(schema.pushDeliveries).where(inArray(schema.pushDeliveries.subscriptionId, subscriptions.map((row) => row.id)));
}
