/**
 * Sending, reading, recalling and reporting messages. Every door (the web app's forms, the JSON
 * API, the socket inside the conversation's object) calls these; each reaches the conversation's
 * log through the context's `conversations` port.
 *
 * Rules: an order's conversation takes messages from 1 day before the event until 7 days after
 * (earlier only once support has joined), and is read-only after; at most 20 messages a minute
 * per sender; payment links are always masked, phones and emails before the window and in
 * payment talk (support's own messages never); one's own message may be recalled within 2
 * minutes; only the last 30 days are ever shown.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { conversationMembers, conversations, messageReports, messageSends } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { formatInstant } from "./format";
import { accessConversation, ensureMember, type ConversationAccess } from "./conversations";
import { maskMessage, MESSAGE_RETENTION_MS, previewOf, RECALL_WINDOW_MS, SEND_LIMIT, SEND_LIMIT_WINDOW_MS, type ReportReason } from "./rules";
import type { ChatMessage } from "../context";
import { forgetImage } from "./media-files";

export interface SendInput {
  conversationId: number;
  clientMessageId: string;
  text: string;
  replyTo: number | null;
}

export type WriteState = "open" | "notYet" | "readOnly";

/** Whether the viewer may send in the conversation now: screens grey the composer out with it. */
export function writeStateOf(access: ConversationAccess): WriteState {
  const { window, conversation, role } = access;
  if (!window) return "open";
  if (window.state === "closed") return "readOnly";
  if (window.state === "before" && conversation.supportJoinedAt === null && role !== "support") return "notYet";
  return "open";
}

/** Refuses a message the conversation may not take now. */
export function requireWritable(ctx: MarketContext, access: ConversationAccess) {
  const state = writeStateOf(access);
  if (state === "readOnly") throw new MarketError("chatReadOnly");
  if (state === "notYet") {
    const opensAt = access.window!.opensAt;
    throw new MarketError("chatNotOpenYet", { params: { opensAt: formatInstant(opensAt, ctx.viewer) }, data: { opensAt } });
  }
}

/** Counts the send against the sender's minute; a retry of the same client id is not counted again. */
export async function takeSendSlot(ctx: MarketContext, userId: number, clientMessageId: string) {
  const now = ctx.now();
  // The count and the insert are one statement, so parallel sends cannot pass the limit together.
  const taken = await ctx.db.run(sql`
    INSERT INTO ${messageSends} (user_id, client_message_id, sent_at)
    SELECT ${userId}, ${clientMessageId}, ${now} WHERE (SELECT COUNT(*) FROM ${messageSends} WHERE user_id = ${userId} AND sent_at > ${now - SEND_LIMIT_WINDOW_MS}) < ${SEND_LIMIT}
    ON CONFLICT DO NOTHING`);
  if (taken.meta.changes > 0) return;
  const retry = await ctx.db
    .select({ userId: messageSends.userId })
    .from(messageSends)
    .where(and(eq(messageSends.userId, userId), eq(messageSends.clientMessageId, clientMessageId)))
    .get();
  if (!retry) throw new MarketError("requestTooFrequent");
}

/**
 * Sends a text message as the viewer. Throws notLogin, notFound (not a member, or the quoted
 * message is gone), chatNotOpenYet, chatReadOnly, requestTooFrequent. Side effects: the message
 * is stored and delivered live; the index counts it unread for the others; a buyer's message to
 * support starts the queue's waiting clock, support's reply stops it.
 */
export async function sendMessage(ctx: MarketContext, input: SendInput): Promise<ChatMessage> {
  const store = ctx.conversations(input.conversationId);
  const access = await accessConversation(ctx, input.conversationId);
  requireWritable(ctx, access);
  const userId = ctx.viewer.userId!;
  await takeSendSlot(ctx, userId, input.clientMessageId);
  if (input.replyTo !== null) {
    const quoted = await store.message(input.replyTo);
    if (!quoted || quoted.kind === "recall" || quoted.sentAt < ctx.now() - MESSAGE_RETENTION_MS) throw notFound("message");
  }
  const contactAllowed = access.conversation.kind === "support" || access.window?.state === "open";
  const { text, masked } = access.role === "support" ? { text: input.text, masked: false } : maskMessage(input.text, { contactAllowed });
  const { message, duplicate } = await store.append({
    conversationId: input.conversationId,
    clientId: input.clientMessageId,
    senderId: userId,
    kind: "text",
    text,
    masked,
    replyTo: input.replyTo,
    ref: null,
    sentAt: ctx.now(),
  });
  if (!duplicate) await indexMessage(ctx, access, message, previewOf(message.text));
  return message;
}

/**
 * Records a new message in the D1 index: preview, unread for everyone else, the support queue.
 * A system message (sender 0, role null) counts unread for every member and leaves the queue be.
 */
export async function indexMessage(
  ctx: MarketContext,
  access: { conversation: Pick<ConversationAccess["conversation"], "id" | "kind" | "supportJoinedAt">; role: ConversationAccess["role"] | null },
  message: ChatMessage,
  preview: string,
) {
  const { conversation, role } = access;
  const now = ctx.now();
  const supportWatches = conversation.kind === "support" || conversation.supportJoinedAt !== null;
  // Support's answer ends the wait; a buyer's message to support starts it (since the first
  // unanswered message); anyone else's leaves it be.
  const waitingSince =
    role === "support" ? null : role === "buyer" && supportWatches ? sql`COALESCE(${conversations.waitingSince}, ${message.sentAt})` : undefined;
  if (role !== null) await ensureMember(ctx, conversation.id, message.senderId, role);
  const member = conversationMembers;
  // One batch: the conversation's last message and its members' counts never disagree.
  await ctx.db.batch([
    ctx.db
      .update(conversations)
      .set({
        lastSeq: sql`MAX(${conversations.lastSeq}, ${message.seq})`,
        lastMessageAt: message.sentAt,
        lastMessagePreview: preview,
        lastSenderUserId: message.senderId,
        oldestMessageAt: sql`COALESCE(${conversations.oldestMessageAt}, ${message.sentAt})`,
        waitingSince,
      })
      .where(eq(conversations.id, conversation.id)),
    ctx.db
      .update(member)
      .set({ unreadCount: sql`${member.unreadCount} + 1`, firstUnreadAt: sql`COALESCE(${member.firstUnreadAt}, ${now})` })
      .where(and(eq(member.conversationId, conversation.id), ne(member.userId, message.senderId))),
    ctx.db
      .update(member)
      .set({ lastReadSeq: message.seq, lastSeenAt: now })
      .where(and(eq(member.conversationId, conversation.id), eq(member.userId, message.senderId))),
  ]);
}

export interface HistoryPage {
  /** Newest first. */
  list: ChatMessage[];
  /** Pass as `before` for the next (older) page; null at the 30-day cut. */
  nextBefore: number | null;
  lastSeq: number;
  reads: Record<string, number>;
}

/**
 * A page of the conversation, newest first, never older than 30 days. `since` instead gives
 * everything after a sequence, oldest first (resuming). Throws notLogin, notFound.
 */
export async function readHistory(
  ctx: MarketContext,
  input: { conversationId: number; before?: number; since?: number; pageSize: number },
): Promise<HistoryPage> {
  const access = await accessConversation(ctx, input.conversationId);
  const store = ctx.conversations(input.conversationId);
  const notBefore = ctx.now() - MESSAGE_RETENTION_MS;
  const list = await store.history({ before: input.before, since: input.since, notBefore, limit: input.pageSize + 1 });
  const more = list.length > input.pageSize;
  const page = list.slice(0, input.pageSize);
  return {
    list: page,
    nextBefore: more && input.since === undefined ? page[page.length - 1].seq : null,
    lastSeq: access.conversation.lastSeq,
    reads: await store.reads(),
  };
}

/**
 * Marks the conversation read up to `seq` for the viewer (read receipts for the others).
 * Throws notLogin, notFound.
 */
export async function markRead(ctx: MarketContext, input: { conversationId: number; seq: number }): Promise<void> {
  const access = await accessConversation(ctx, input.conversationId);
  const userId = ctx.viewer.userId!;
  await ensureMember(ctx, input.conversationId, userId, access.role);
  const caughtUp = input.seq >= access.conversation.lastSeq;
  const member = conversationMembers;
  await ctx.db
    .update(member)
    .set({
      lastReadSeq: sql`MAX(${member.lastReadSeq}, ${input.seq})`,
      lastSeenAt: ctx.now(),
      // Caught up, nothing is unread; read partway, the count stays as it is.
      ...(caughtUp ? { unreadCount: 0, firstUnreadAt: null } : {}),
    })
    .where(and(eq(member.conversationId, input.conversationId), eq(member.userId, userId)));
  await ctx.conversations(input.conversationId).markRead({ userId, seq: input.seq });
}

/**
 * Recalls the viewer's own message within 2 minutes of sending. Throws notLogin, notFound (no
 * such message of the viewer's), chatRecallExpired, chatReadOnly. Side effect: everyone sees it
 * recalled, live and in history; the list's preview no longer shows it.
 */
export async function recallMessage(ctx: MarketContext, input: { conversationId: number; seq: number }): Promise<ChatMessage> {
  const access = await accessConversation(ctx, input.conversationId);
  const store = ctx.conversations(input.conversationId);
  if (access.window?.state === "closed") throw new MarketError("chatReadOnly");
  const userId = ctx.viewer.userId!;
  const message = await store.message(input.seq);
  if (!message || message.senderId !== userId || message.kind === "system" || message.kind === "recall") throw notFound("message");
  if (message.recalledAt !== null) return message;
  if (ctx.now() - message.sentAt > RECALL_WINDOW_MS) throw new MarketError("chatRecallExpired");
  const recall = await store.recall({ conversationId: input.conversationId, seq: input.seq, at: ctx.now(), clientId: `recall-${input.seq}`, senderId: userId });
  await forgetImage(ctx, store, input.conversationId, message);
  // Only while it is still the last message: a later one keeps its own preview.
  await ctx.db
    .update(conversations)
    .set({ lastMessagePreview: null })
    .where(and(eq(conversations.id, input.conversationId), eq(conversations.lastSeq, input.seq)));
  return recall;
}

/**
 * Reports another member's message to support (once per reporter and message). Throws
 * notLogin, notFound (no such message, or one's own).
 */
export async function reportMessage(ctx: MarketContext, input: { conversationId: number; seq: number; reason: ReportReason }): Promise<{ reported: true }> {
  await accessConversation(ctx, input.conversationId);
  const userId = ctx.viewer.userId!;
  const message = await ctx.conversations(input.conversationId).message(input.seq);
  if (!message || message.kind !== "text" || message.senderId === userId) throw notFound("message");
  await ctx.db
    .insert(messageReports)
    .values({
      conversationId: input.conversationId,
      seq: input.seq,
      reporterUserId: userId,
      senderUserId: message.senderId,
      reason: input.reason,
      excerpt: message.text.slice(0, 500),
      createdAt: ctx.now(),
    })
    .onConflictDoNothing();
  return { reported: true };
}
