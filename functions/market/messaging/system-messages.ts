/**
 * System messages: the platform's own lines in an order's chat for the order's events (e-tickets
 * delivered, ready for pickup, refund approved, support joined), posted by the domain where each
 * event happens. They are entries of kind `system` from sender 0 whose text is the event's key
 * (each reader sees it in their language), counted unread for every member.
 */
import { eq } from "drizzle-orm";
import { conversations } from "../../db/schema";
import type { MarketContext } from "../context";
import { logError } from "../../observability";
import { ensureOrderConversation, paidOrderParties } from "./conversations";
import type { SystemEvent } from "./rules";

/**
 * Posts `event` into the chat of order `orderId`, making the conversation if needed. `ref` tells
 * apart two events of one kind (two refunds); the same event and ref are posted once. Never
 * throws: a failure is logged, and the event itself (a delivery step, a refund) stands.
 */
export async function postOrderEvent(ctx: MarketContext, orderId: number, event: SystemEvent, ref: number | string = ""): Promise<void> {
  try {
    const order = await paidOrderParties(ctx, orderId);
    if (!order) return;
    const conversationId = await ensureOrderConversation(ctx, order);
    await postSystemMessage(ctx, conversationId, event, ref);
  } catch (error) {
    logError(error, { requestId: ctx.viewer.requestId, where: "postOrderEvent", orderId, event });
  }
}

/** Appends the system message and indexes it, once per conversation, event and ref. */
export async function postSystemMessage(ctx: MarketContext, conversationId: number, event: SystemEvent, ref: number | string = ""): Promise<void> {
  const conversation = await ctx.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversationId)).get();
  if (!conversation) return;
  const store = ctx.conversations(conversationId);
  await store.append({
    conversationId,
    clientId: `system-${event}${ref === "" ? "" : `-${ref}`}`,
    senderId: 0,
    senderRole: null,
    kind: "system",
    text: event,
    masked: false,
    replyTo: null,
    ref: null,
    sentAt: ctx.now(),
  });
  await store.flush();
}
