/**
 * Chat's cron chores: the 30-day cut (each conversation's object deletes what is older; reads
 * already hide it, so a late cron shows nothing old), the one email to a member offline for 10
 * minutes with unread messages (at most one per conversation an hour), and forgetting the rate
 * limit's old rows.
 */
import { and, asc, eq, gt, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import { conversationMembers, conversations, messageSends, users } from "../../db/schema";
import type { MarketContext } from "../context";
import { translateKey } from "../messages";
import { MESSAGE_RETENTION_MS, OFFLINE_EMAIL_AFTER_MS, OFFLINE_EMAIL_EVERY_MS, SEND_LIMIT_WINDOW_MS } from "./rules";
import { forgetImage } from "./media-files";
import { publicOrigin } from "../config/deployment";

/** Deletes messages older than 30 days from up to `limit` conversations. Returns how many were deleted. */
export async function cutOldMessages(ctx: MarketContext, limit = 50): Promise<number> {
  const cutoff = ctx.now() - MESSAGE_RETENTION_MS;
  const results = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(lt(conversations.oldestMessageAt, cutoff))
    .orderBy(asc(conversations.oldestMessageAt))
    .limit(limit);
  let deleted = 0;
  for (const { id } of results) {
    const store = ctx.conversations(id);
    const cut = await store.cut(cutoff);
    deleted += cut.deleted;
    for (const image of cut.images) await forgetImage(ctx, store, id, image);
    await ctx.db.update(conversations).set({ oldestMessageAt: cut.oldest }).where(eq(conversations.id, id));
  }
  // Sends are counted by the conversations' objects now; this drains the rows counted before.
  await ctx.db.delete(messageSends).where(lt(messageSends.sentAt, ctx.now() - 60 * SEND_LIMIT_WINDOW_MS));
  return deleted;
}

/** Emails members who have been offline 10 minutes with unread messages. Returns how many were mailed. */
export async function emailOfflineMembers(ctx: MarketContext, limit = 20): Promise<number> {
  // This environment's own origin (config/deployment.ts), never a local default.
  const origin = publicOrigin(ctx);
  const now = ctx.now();
  const quietSince = now - OFFLINE_EMAIL_AFTER_MS;
  const member = conversationMembers;
  const results = await ctx.db
    .select({
      conversationId: member.conversationId,
      userId: member.userId,
      unreadCount: member.unreadCount,
      email: users.email,
      language: users.defaultLanguage,
    })
    .from(member)
    .innerJoin(users, eq(users.id, member.userId))
    .innerJoin(conversations, eq(conversations.id, member.conversationId))
    .where(
      and(
        gt(member.unreadCount, 0),
        eq(member.muted, false),
        lte(member.firstUnreadAt, quietSince),
        or(isNull(member.lastSeenAt), lte(member.lastSeenAt, quietSince)),
        or(isNull(member.notifiedAt), and(lte(member.notifiedAt, now - OFFLINE_EMAIL_EVERY_MS), lt(member.notifiedAt, conversations.lastMessageAt))),
        isNotNull(users.email),
        isNull(users.disabledAt),
      ),
    )
    .limit(limit);
  for (const row of results) {
    // Claim first, so two overlapping runs never send the same mail twice.
    const claimed = await ctx.db
      .update(member)
      .set({ notifiedAt: now })
      .where(
        and(
          eq(member.conversationId, row.conversationId),
          eq(member.userId, row.userId),
          or(isNull(member.notifiedAt), lt(member.notifiedAt, now - OFFLINE_EMAIL_EVERY_MS + 1)),
        ),
      )
      .run();
    if (claimed.meta.changes === 0) continue;
    const language = row.language === "zh-HK" ? "zh-HK" : "en-US";
    const link = `${origin}/chat?id=${row.conversationId}`;
    const params = { count: row.unreadCount, link };
    await ctx.mail.send({
      // Only accounts with an email are asked for.
      to: row.email!,
      kind: "chat_unread",
      language,
      subject: await translateKey("chat:mail.subject", language, params),
      text: await translateKey("chat:mail.text", language, params),
    });
  }
  return results.length;
}
