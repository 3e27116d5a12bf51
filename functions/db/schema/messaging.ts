/**
 * Messages (SPEC §1, §2 news; issue 12). A conversation is either a buyer's thread with support
 * or the thread about one order between its buyer and the listing's provider (support may join
 * it, making it a group). The messages themselves live in the conversation's Durable Object;
 * D1 keeps what lists and counters need: each member's unread count, pin, mute and hide, the
 * last message's preview, and since when a buyer has been waiting for support.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, link } from "./columns";
import { sql } from "drizzle-orm";
import { users } from "./accounts";
import { sellers } from "./catalog";
import { orders } from "./orders";

export const CONVERSATION_KINDS = ["support", "order"] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export const MEMBER_ROLES = ["buyer", "provider", "support"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const REPORT_STATUSES = ["open", "closed"] as const;

export const conversations = sqliteTable(
  "conversations",
  {
    id: integer("id").primaryKey(),
    kind: text("kind", { enum: CONVERSATION_KINDS }).notNull(),
    buyerUserId: link("buyer_user_id", () => users.id),
    /** `order` only. */
    orderId: integer("order_id").references(() => orders.id),
    /** `order` only: the listing's provider; every account acting for it is a member. */
    sellerId: integer("seller_id").references(() => sellers.id),
    /** `order` only: when support joined (the conversation is then a group). */
    supportJoinedAt: integer("support_joined_at"),
    lastSeq: integer("last_seq").notNull().default(0),
    lastMessageAt: integer("last_message_at"),
    lastMessagePreview: text("last_message_preview"),
    lastSenderUserId: integer("last_sender_user_id"),
    /** The oldest message the object still holds: the cron cuts at 30 days. */
    oldestMessageAt: integer("oldest_message_at"),
    /** Since when the buyer has waited for support's reply (null once answered): the support queue. */
    waitingSince: integer("waiting_since"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("conversations_order").on(t.orderId).where(sql`kind = 'order'`),
    uniqueIndex("conversations_support_buyer").on(t.buyerUserId).where(sql`kind = 'support'`),
    index("conversations_waiting").on(t.kind, t.waitingSince),
    index("conversations_oldest").on(t.oldestMessageAt),
  ],
);

export const conversationMembers = sqliteTable(
  "conversation_members",
  {
    conversationId: link("conversation_id", () => conversations.id),
    userId: link("user_id", () => users.id),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    unreadCount: integer("unread_count").notNull().default(0),
    /** When the oldest unread message arrived: the offline email waits 10 minutes from it. */
    firstUnreadAt: integer("first_unread_at"),
    lastReadSeq: integer("last_read_seq").notNull().default(0),
    pinnedAt: integer("pinned_at"),
    muted: flag("muted"),
    /** Hidden from the list until a newer message arrives. */
    hiddenAt: integer("hidden_at"),
    lastSeenAt: integer("last_seen_at"),
    notifiedAt: integer("notified_at"),
    joinedAt: integer("joined_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index("conversation_members_user").on(t.userId, t.pinnedAt),
    index("conversation_members_unread").on(t.unreadCount, t.firstUnreadAt),
  ],
);

/** One row per message sent, for the 20-a-minute limit; the client id makes a retry count once. */
export const messageSends = sqliteTable(
  "message_sends",
  {
    userId: integer("user_id").notNull(),
    clientMessageId: text("client_message_id").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientMessageId] }), index("message_sends_recent").on(t.userId, t.sentAt)],
);

/** A message a member reported, queued for support. */
export const messageReports = sqliteTable(
  "message_reports",
  {
    id: integer("id").primaryKey(),
    conversationId: link("conversation_id", () => conversations.id),
    seq: integer("seq").notNull(),
    reporterUserId: link("reporter_user_id", () => users.id),
    senderUserId: integer("sender_user_id"),
    reason: text("reason").notNull(),
    excerpt: text("excerpt").notNull(),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("message_reports_once").on(t.conversationId, t.seq, t.reporterUserId)],
);
