/**
 * Web push's rules: the topics a device can take, which of them break quiet hours, how long a
 * notification is worth keeping, and how a failed send is retried.
 */
import { PUSH_TOPICS, type PushTopic } from "../../db/schema";
import type { MarketContext } from "../context";

/** What telling and sending need of the context. */
export type PushContext = Pick<MarketContext, "db" | "env" | "now" | "push" | "defer" | "viewer">;

export { PUSH_TOPICS, type PushTopic };

/** A new device takes every topic until its owner turns one off. */
export const DEFAULT_TOPICS: readonly PushTopic[] = PUSH_TOPICS;

/**
 * Topics told even in quiet hours: a turn in the waiting room lasts minutes and is lost if it
 * waits for the morning (the door is told the same way when it has events of its own).
 */
export const BREAKS_QUIET_HOURS: ReadonlySet<PushTopic> = new Set<PushTopic>(["queue"]);

/** Devices one account may keep subscribed (SPEC §9's spirit: bounded per account); the oldest goes first. */
export const MAX_DEVICES_PER_ACCOUNT = 10;

/**
 * A device subscribed without an account (a visitor in a queue) is kept this long after it last
 * subscribed: long enough for an on-sale, and no store of devices anyone can fill for good.
 */
export const ANONYMOUS_DEVICE_TTL_MS = 2 * 24 * 60 * 60_000;

/** Sends attempted per notification before it is marked failed: 1, 2, 4, 8 minutes apart. */
export const MAX_ATTEMPTS = 5;
export const retryAfterMs = (attempt: number) => 60_000 * 2 ** (attempt - 1);

/** A row claimed but never settled (its sender died mid-send) is failed after this, never sent again. */
export const SENDING_ABANDONED_AFTER_MS = 5 * 60_000;

/** How long a push service keeps a notification for a device that is offline, at most (RFC 8030 TTL). */
export const MAX_TTL_SECONDS = 24 * 60 * 60;

/** Outbox rows kept for support after they settle. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000;
