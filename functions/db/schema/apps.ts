/**
 * The apps and partner channels: analytics events our collector accepted (raw for 30 days, daily
 * counts kept), the ad fields an order was placed under, and student certification (a school
 * email verified by code gives the account a badge; listings marked students-only need it).
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { keyLink } from "./columns";
import { users } from "./accounts";
import { orders } from "./orders";

export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: integer("id").primaryKey(),
    receivedAt: integer("received_at").notNull(),
    /** The client's time of the event, clamped to the day it was received. */
    occurredAt: integer("occurred_at").notNull(),
    event: text("event").notNull(),
    channel: text("channel").notNull(),
    /** utm_campaign, '' without one. */
    campaign: text("campaign").notNull().default(""),
    /** page views: the screen's route name (home, tourDetail, pickSeat, confirmOrder…). */
    page: text("page"),
    deviceId: text("device_id"),
    sessionId: text("session_id"),
    userId: text("user_id"),
    /** The event's parameters, JSON. */
    params: text("params").notNull(),
  },
  (t) => [index("analytics_events_received").on(t.receivedAt), index("analytics_events_funnel").on(t.occurredAt, t.event)],
);

export const analyticsDaily = sqliteTable(
  "analytics_daily",
  {
    /** UTC day, YYYY-MM-DD. */
    day: text("day").notNull(),
    /** The event name; `__invalid` counts the events the collector dropped. */
    event: text("event").notNull(),
    channel: text("channel").notNull(),
    campaign: text("campaign").notNull().default(""),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.event, t.channel, t.campaign] })],
);

export const orderAttributions = sqliteTable("order_attributions", {
  orderId: keyLink("order_id", () => orders.id),
  campaign: text("campaign").notNull().default(""),
  /** The ad fields (SPEC §3) the buyer arrived with, JSON. */
  params: text("params").notNull(),
  capturedAt: integer("captured_at").notNull(),
});

export const STUDENT_STATUSES = ["pending", "verified"] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

export const studentCertifications = sqliteTable("student_certifications", {
  userId: keyLink("user_id", () => users.id),
  schoolEmail: text("school_email").notNull(),
  status: text("status", { enum: STUDENT_STATUSES }).notNull(),
  codeHash: text("code_hash"),
  codeExpiresAt: integer("code_expires_at"),
  attempts: integer("attempts").notNull().default(0),
  verifiedAt: integer("verified_at"),
  /** A badge lasts one school year from verification. */
  expiresAt: integer("expires_at"),
  updatedAt: integer("updated_at").notNull(),
});
