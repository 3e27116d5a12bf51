/**
 * Support joining an order's chat: the membership, the conversation turned group, and the system
 * line that tells its members. Apart from conversations.ts because the system line is posted
 * through system-messages.ts, which itself reads the conversations.
 */
import { and, eq, isNull } from "drizzle-orm";
import { conversations } from "../../db/schema";
import type { MarketContext } from "../context";
import { requireRole } from "../staff";
import { accessConversation, ensureMember, type ConversationAccess } from "./conversations";
import { postSystemMessage } from "./system-messages";

/**
 * Support joins an order's conversation, which becomes a group. Throws notLogin, notFound (not
 * support). Side effects: the system line; the conversation's open sockets are told.
 */
export async function joinAsSupport(ctx: MarketContext, conversationId: number): Promise<ConversationAccess> {
  const staff = await requireRole(ctx, "support");
  const access = await accessConversation(ctx, conversationId);
  await ensureMember(ctx, conversationId, staff.userId, "support");
  if (access.conversation.kind === "order" && access.conversation.supportJoinedAt === null) {
    // Only the first to join turns it into a group, so the system line is posted once.
    const joined = await ctx.db
      .update(conversations)
      .set({ supportJoinedAt: ctx.now() })
      .where(and(eq(conversations.id, conversationId), isNull(conversations.supportJoinedAt)))
      .run();
    if (joined.meta.changes > 0) await postSystemMessage(ctx, conversationId, "supportJoined");
  }
  const after = await accessConversation(ctx, conversationId);
  // The open sockets decide their sends from what their object keeps: support's joining lets a
  // buyer write before the window, and their screens count one more member.
  await ctx.conversations(conversationId).changed({ supportJoinedAt: after.conversation.supportJoinedAt });
  return after;
}
