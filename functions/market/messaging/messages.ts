/**
 * Sending, reading, recalling and reporting messages. Every door (the web app's forms, the JSON
 * API, the socket inside the conversation's object) calls these; each reaches the conversation's
 * log through the context's `conversations` port.
 *
 * Rules: an order's conversation takes messages from 1 day before the event until 7 days after
 * (earlier only once support has joined), and is read-only after; at most 20 messages a minute
 * per sender in a conversation; payment links are always masked, phones and emails before the window and in
 * payment talk (support's own messages never); one's own message may be recalled within 2
 * minutes; only the last 30 days are ever shown.
 */
import { and, eq, sql } from "drizzle-orm";
import { conversationMembers, conversations, messageReports } from "../../db/schema";
import type { ConversationStore, MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { formatInstant } from "./format";
import { accessConversation, ensureMember, type ConversationAccess } from "./conversations";
import { maskMessage, MESSAGE_RETENTION_MS, RECALL_WINDOW_MS, type ChatWindow, type ReportReason } from "./rules";
import type { ChatMessage } from "../context";
import { forgetImage } from "./media-files";

export interface SendInput {
  conversationId: number;
  clientMessageId: string;
  text: string;
  replyTo: number | null;
}

export type WriteState = "open" | "notYet" | "readOnly";

/**
 * What deciding a send needs: the viewer's role, the conversation's kind and whether support has
 * joined, and the window now. The API door reads it from D1 (accessConversation); a socket has it
 * from its admission, kept by the conversation's object (conversation-object.ts).
 */
export interface SendAccess {
  conversation: Pick<ConversationAccess["conversation"], "kind" | "supportJoinedAt">;
  role: ConversationAccess["role"];
  window: ChatWindow | null;
}

/** Whether the viewer may send in the conversation now: screens grey the composer out with it. */
export function writeStateOf(access: SendAccess): WriteState {
  const { window, conversation, role } = access;
  if (!window) return "open";
  if (window.state === "closed") return "readOnly";
  if (window.state === "before" && conversation.supportJoinedAt === null && role !== "support") return "notYet";
  return "open";
}

/** Refuses a message the conversation may not take now. */
export function requireWritable(ctx: MarketContext, access: SendAccess) {
  const state = writeStateOf(access);
  if (state === "readOnly") throw new MarketError("chatReadOnly");
  if (state === "notYet") {
    const opensAt = access.window!.opensAt;
    throw new MarketError("chatNotOpenYet", { params: { opensAt: formatInstant(opensAt, ctx.viewer) }, data: { opensAt } });
  }
}

/**
 * Counts the send against the sender's minute (SEND_LIMIT in SEND_LIMIT_WINDOW_MS), kept by the
 * conversation's object, which runs one event at a time: the count is exact under any
 * interleaving. A retry of the same client id is not counted again. Throws requestTooFrequent.
 */
export async function takeSendSlot(ctx: MarketContext, store: ConversationStore, userId: number, clientMessageId: string) {
  if (!(await store.takeSendSlot({ senderId: userId, clientId: clientMessageId, at: ctx.now() }))) throw new MarketError("requestTooFrequent");
}

/**
 * Sends a text message as the viewer. `proven` is the socket's access, proven when it connected
 * and kept by the conversation's object: with it nothing here touches D1, and the index follows
 * in the object's next batch. Without it (the API door, the web app's form) the access is read
 * from D1 and the index is brought up to date before returning, so the sender's next page shows
 * it. Throws notLogin, notFound (not a member, or the quoted message is gone), chatNotOpenYet,
 * chatReadOnly, requestTooFrequent. Side effects: the message is stored and delivered live; the
 * index counts it unread for the others; a buyer's message to support starts the queue's waiting
 * clock, support's reply stops it.
 */
export async function sendMessage(ctx: MarketContext, input: SendInput, proven?: SendAccess): Promise<ChatMessage> {
  const store = ctx.conversations(input.conversationId);
  const access = proven ?? (await accessConversation(ctx, input.conversationId));
  requireWritable(ctx, access);
  const userId = ctx.viewer.userId!;
  await takeSendSlot(ctx, store, userId, input.clientMessageId);
  if (input.replyTo !== null) {
    const quoted = await store.message(input.replyTo);
    if (!quoted || quoted.kind === "recall" || quoted.sentAt < ctx.now() - MESSAGE_RETENTION_MS) throw notFound("message");
  }
  const contactAllowed = access.conversation.kind === "support" || access.window?.state === "open";
  const { text, masked } = access.role === "support" ? { text: input.text, masked: false } : maskMessage(input.text, { contactAllowed });
  const { message } = await store.append({
    conversationId: input.conversationId,
    clientId: input.clientMessageId,
    senderId: userId,
    senderRole: access.role,
    kind: "text",
    text,
    masked,
    replyTo: input.replyTo,
    ref: null,
    sentAt: ctx.now(),
  });
  if (!proven) await store.flush();
  return message;
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
    // The index may be a batch behind the log: the newest entry shown is read too.
    lastSeq: Math.max(access.conversation.lastSeq, input.before === undefined && input.since === undefined ? (page[0]?.seq ?? 0) : 0),
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
