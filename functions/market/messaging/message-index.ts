/**
 * The D1 side of a conversation's new entries: the list's last message, each member's unread
 * count (and so the tab's badge, the offline mail and support's queue), and the conversation's
 * place in contacts and search. The conversation's object stores and delivers an entry first and
 * brings it over here afterwards, in batches; a batch may be written twice (a retry after a write
 * whose answer was lost, two flushes racing), so every statement is guarded by sequence number
 * against the conversation's `last_seq`, which the batch's last statement moves: an entry at or
 * below it has been counted already and changes nothing.
 */
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { conversationMembers, conversations } from "../../db/schema";
import type { ChatMessage, ConversationRole, MarketContext } from "../context";
import { entryPreview } from "./rules";

/** An entry to index, with its sender's role (null for a system line). */
export interface IndexEntry {
  message: ChatMessage;
  senderRole: ConversationRole | null;
}

/**
 * Brings `entries` (ascending by sequence) of conversation `conversationId` into the D1 index, in
 * one batch. Idempotent by sequence: entries already indexed are skipped. Side effects: the
 * senders become members; the others' unread counts grow; support's queue starts or stops
 * waiting. Returns the conversation's members (whose lists changed).
 */
export async function indexEntries(ctx: MarketContext, conversationId: number, entries: IndexEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const member = conversationMembers;
  // Read inside each statement, before the batch's last one moves it: one transaction, one answer.
  const indexedUpTo = sql`(SELECT ${conversations.lastSeq} FROM ${conversations} WHERE ${conversations.id} = ${conversationId})`;
  const statements: BatchItem<"sqlite">[] = [];
  const senders = new Map<number, ConversationRole>();
  for (const { message, senderRole } of entries) if (senderRole !== null) senders.set(message.senderId, senderRole);
  for (const [userId, role] of senders) {
    const at = entries[0].message.sentAt;
    statements.push(ctx.db.insert(member).values({ conversationId, userId, role, joinedAt: at, lastSeenAt: at }).onConflictDoNothing());
  }
  // Support's answer ends the wait; a buyer's message to support starts it (since the first
  // unanswered one); anyone else's leaves it be. Folded over the batch in order.
  let waiting: { set: number | null } | { since: number } | null = null;
  for (const { message, senderRole } of entries) {
    const seq = message.seq;
    statements.push(
      ctx.db
        .update(member)
        .set({ unreadCount: sql`${member.unreadCount} + 1`, firstUnreadAt: sql`COALESCE(${member.firstUnreadAt}, ${message.sentAt})` })
        // Not the sender's, not already read (a reader may be ahead of the index), not counted before.
        .where(and(eq(member.conversationId, conversationId), ne(member.userId, message.senderId), lt(member.lastReadSeq, seq), sql`${indexedUpTo} < ${seq}`)),
      ctx.db
        .update(member)
        .set({ lastReadSeq: sql`MAX(${member.lastReadSeq}, ${seq})`, lastSeenAt: sql`MAX(COALESCE(${member.lastSeenAt}, 0), ${message.sentAt})` })
        .where(and(eq(member.conversationId, conversationId), eq(member.userId, message.senderId))),
    );
    if (senderRole === "support") waiting = { set: null };
    else if (senderRole === "buyer") waiting = waiting === null ? { since: message.sentAt } : "set" in waiting && waiting.set === null ? { set: message.sentAt } : waiting;
  }
  const last = entries[entries.length - 1].message;
  const supportWatches = sql`(${conversations.kind} = 'support' OR ${conversations.supportJoinedAt} IS NOT NULL)`;
  const waitingSince =
    waiting === null
      ? undefined
      : "since" in waiting
        ? sql`CASE WHEN ${supportWatches} THEN COALESCE(${conversations.waitingSince}, ${waiting.since}) ELSE ${conversations.waitingSince} END`
        : waiting.set === null
          ? null
          : sql`CASE WHEN ${supportWatches} THEN ${waiting.set} ELSE ${conversations.waitingSince} END`;
  statements.push(
    ctx.db
      .update(conversations)
      .set({
        lastSeq: last.seq,
        lastMessageAt: last.sentAt,
        lastMessagePreview: entryPreview(last),
        lastSenderUserId: last.senderId,
        oldestMessageAt: sql`COALESCE(${conversations.oldestMessageAt}, ${entries[0].message.sentAt})`,
        waitingSince,
      })
      .where(and(eq(conversations.id, conversationId), lt(conversations.lastSeq, last.seq))),
  );
  const members = ctx.db.select({ userId: member.userId }).from(member).where(eq(member.conversationId, conversationId));
  statements.push(members);
  const results = await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return (results.at(-1) as { userId: number }[]).map((row) => row.userId);
}
