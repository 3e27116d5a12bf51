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

/** Support joins an order's conversation, which becomes a group. Throws notLogin, notFound (not support). */
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
  return accessConversation(ctx, conversationId);
}
