/**
 * Sending what the outbox owes. Each row is claimed (queued → sending) by a guarded UPDATE before
 * it goes (a chunk of rows in one statement), so two senders (the request's deferred send and
 * the cron) never send one row twice.
 * The push service's answer settles it: delivered; the device gone (404/410: the subscription
 * and what it was owed are deleted); a refusal that would repeat (400, 403, 413: failed); or
 * anything else tried again with backoff until MAX_ATTEMPTS.
 */
import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { pushDeliveries, pushSubscriptions } from "../../db/schema";
import { type PushContext, ANONYMOUS_DEVICE_TTL_MS, DELIVERY_RETENTION_MS, MAX_ATTEMPTS, MAX_TTL_SECONDS, retryAfterMs, SENDING_ABANDONED_AFTER_MS } from "./rules";
import { forgetGoneDevice, type PushSubscriptionRow } from "./subscriptions";

type Delivery = typeof pushDeliveries.$inferSelect;

/** Connections a Worker may hold open at once. */
const PARALLEL_SENDS = 6;

const GONE = new Set([404, 410]);
const REFUSED = new Set([400, 403, 413]);

/** Ids claimed in one statement: D1 binds at most 100 values, and the UPDATE binds four more. */
const CLAIM_CHUNK = 90;

/**
 * Sends the given rows that are due (the producer's deferred send, the cron's). Each chunk is
 * claimed in one guarded UPDATE and its devices read in one SELECT; only the settling is per row.
 * Answers how many were delivered.
 */
export async function sendDeliveries(ctx: PushContext, ids: readonly number[]): Promise<number> {
  let delivered = 0;
  for (let start = 0; start < ids.length; start += CLAIM_CHUNK) {
    const claimed = await claim(ctx, ids.slice(start, start + CLAIM_CHUNK));
    if (claimed.length === 0) continue;
    const devices = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.id, [...new Set(claimed.map((row) => row.subscriptionId))]));
    const deviceOf = new Map(devices.map((device) => [device.id, device]));
    for (let at = 0; at < claimed.length; at += PARALLEL_SENDS) {
      const results = await Promise.all(claimed.slice(at, at + PARALLEL_SENDS).map((row) => sendOne(ctx, row, deviceOf.get(row.subscriptionId))));
      delivered += results.filter(Boolean).length;
    }
  }
  return delivered;
}

/** Moves the due rows among `ids` from queued to sending, so no other sender takes them. */
function claim(ctx: PushContext, ids: readonly number[]): Promise<Delivery[]> {
  const now = ctx.now();
  return ctx.db
    .update(pushDeliveries)
    .set({ status: "sending", attempts: sql`${pushDeliveries.attempts} + 1`, nextAttemptAt: now })
    .where(and(inArray(pushDeliveries.id, [...ids]), eq(pushDeliveries.status, "queued"), lte(pushDeliveries.nextAttemptAt, now)))
    .returning();
}

/**
 * The cron's chore: sends what is due (after quiet hours, a retry's wait, a send that never
 * started), fails rows whose sender died mid-send, forgets settled rows after 30 days and
 * devices without an account two days after they subscribed.
 */
export async function sendDuePush(ctx: PushContext, limit = 60): Promise<number> {
  const now = ctx.now();
  await ctx.db
    .update(pushDeliveries)
    .set({ status: "failed", lastError: "abandoned while sending" })
    .where(and(eq(pushDeliveries.status, "sending"), lt(pushDeliveries.nextAttemptAt, now - SENDING_ABANDONED_AFTER_MS)));
  await ctx.db.delete(pushDeliveries).where(and(inArray(pushDeliveries.status, ["sent", "failed", "expired"]), lt(pushDeliveries.createdAt, now - DELIVERY_RETENTION_MS)));
  await ctx.db.delete(pushSubscriptions).where(and(isNull(pushSubscriptions.userId), lt(pushSubscriptions.updatedAt, now - ANONYMOUS_DEVICE_TTL_MS)));
  const due = await ctx.db
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .where(and(eq(pushDeliveries.status, "queued"), lte(pushDeliveries.nextAttemptAt, now)))
    .orderBy(asc(pushDeliveries.nextAttemptAt))
    .limit(limit);
  return sendDeliveries(
    ctx,
    due.map((row) => row.id),
  );
}

/** Sends one claimed row to its device and settles it; true when the push service took it. */
async function sendOne(ctx: PushContext, claimed: Delivery, device: PushSubscriptionRow | undefined): Promise<boolean> {
  const now = ctx.now();
  if (claimed.expiresAt <= now) {
    await settle(ctx, claimed, { status: "expired" });
    return false;
  }
  // A device deleted since the claim took its rows with it: nothing is left to settle.
  if (!device) return false;
  const ttlSeconds = Math.max(1, Math.min(MAX_TTL_SECONDS, Math.floor((claimed.expiresAt - now) / 1000)));
  const answer = await ctx.push.send(device, claimed.payload, { ttlSeconds, urgency: claimed.urgency });
  if (answer.status >= 200 && answer.status < 300) {
    await settle(ctx, claimed, { status: "sent", sentAt: ctx.now(), lastError: null });
    return true;
  }
  if (GONE.has(answer.status)) {
    await forgetGoneDevice(ctx, device.id);
    return false;
  }
  const error = `${answer.status} ${answer.error ?? ""}`.trim().slice(0, 300);
  if (REFUSED.has(answer.status) || claimed.attempts >= MAX_ATTEMPTS) {
    await settle(ctx, claimed, { status: "failed", lastError: error });
    return false;
  }
  await settle(ctx, claimed, { status: "queued", lastError: error, nextAttemptAt: now + retryAfterMs(claimed.attempts) });
  return false;
}

function settle(ctx: PushContext, row: Delivery, change: Partial<Pick<Delivery, "status" | "sentAt" | "lastError" | "nextAttemptAt">>) {
  return ctx.db
    .update(pushDeliveries)
    .set(change)
    .where(and(eq(pushDeliveries.id, row.id), eq(pushDeliveries.status, "sending")));
}
