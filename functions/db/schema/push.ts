/**
 * Web push (migration 0025): each device a person allowed to notify them, with the topics it
 * takes and its quiet hours, and the outbox of notifications owed to devices, one row per event
 * and device (market/notifications).
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { users } from "./accounts";

/** What a device may be told about; each is one switch on the notification settings page. */
export const PUSH_TOPICS = ["queue", "alerts", "orders", "messages", "sales"] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

export const PUSH_STATUSES = ["queued", "sending", "sent", "failed", "expired"] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

/**
 * One browser's push subscription. The endpoint is the push service's address for this device
 * (a secret capability: whoever knows it with the keys can reach the device); `userId` is null
 * for a visitor waiting in a queue before signing in. Deleted when the push service says the
 * subscription is gone (404/410) or the device turns notifications off.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey(),
    endpoint: text("endpoint").notNull(),
    /** The device's P-256 public key and auth secret (base64url), what payloads are encrypted to. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userId: integer("user_id").references(() => users.id),
    /** The language notifications to this device are written in. */
    language: text("language").notNull(),
    /** The topics this device takes, comma-separated (PUSH_TOPICS). */
    topics: text("topics").notNull(),
    /** The device's IANA time zone, in which its quiet hours are read. */
    timeZone: text("time_zone").notNull(),
    /** Quiet hours as minutes after local midnight; both null when the device has none. */
    quietFrom: integer("quiet_from"),
    quietUntil: integer("quiet_until"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint").on(t.endpoint), index("push_subscriptions_user").on(t.userId)],
);

/**
 * A notification owed to one device. (event_key, subscription_id) is unique: an event repeated,
 * a cron run overlapping the request that produced it, a retried batch, never reach a device
 * twice. A row is claimed (queued → sending) by a guarded UPDATE before it is sent.
 */
export const pushDeliveries = sqliteTable(
  "push_deliveries",
  {
    id: integer("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** What happened, once per event: `chat:12:40`, `order-expiring:88`, `queue-turn:5:k…`. */
    eventKey: text("event_key").notNull(),
    topic: text("topic", { enum: PUSH_TOPICS }).notNull(),
    /** The notification as the device shows it (declarative web push JSON), in the device's language. */
    payload: text("payload").notNull(),
    urgency: text("urgency", { enum: ["normal", "high"] }).notNull(),
    status: text("status", { enum: PUSH_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Not before: now, the end of the device's quiet hours, or the next retry. */
    nextAttemptAt: integer("next_attempt_at").notNull(),
    /** After this it is no longer worth telling (an order already expired): never sent. */
    expiresAt: integer("expires_at").notNull(),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
    sentAt: integer("sent_at"),
  },
  (t) => [uniqueIndex("push_deliveries_event").on(t.eventKey, t.subscriptionId), index("push_deliveries_due").on(t.status, t.nextAttemptAt)],
);
