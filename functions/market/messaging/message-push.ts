/**
 * Push for new messages: each member's devices that take messages are told of a message someone
 * else sent, unless the member has the conversation open (a socket on its object) or muted it.
 * The outbox's event key is the conversation and the message's sequence, so a batch indexed
 * again after a failure tells no one twice. Runs in the conversation's object, after the index.
 */
import type { MarketContext } from "../context";
import { notify } from "../notifications";
import { logError } from "../../observability";
import { memberRows } from "./conversations";
import type { IndexEntry } from "./message-index";
import { entryPreview } from "./rules";

/** What a member says that is worth a notification: their own words, a photo, a place. */
const TOLD_KINDS = new Set(["text", "image", "location"]);

export async function pushNewMessages(ctx: MarketContext, conversationId: number, entries: readonly IndexEntry[], present: readonly number[]): Promise<void> {
  const spoken = entries.filter(({ message, senderRole }) => senderRole !== null && message.senderId > 0 && message.recalledAt === null && TOLD_KINDS.has(message.kind));
  if (spoken.length === 0) return;
  const members = await memberRows(ctx, conversationId);
  const here = new Set(present);
  for (const { message } of spoken) {
    const sender = members.find((member) => member.userId === message.senderId);
    const told = members.filter((member) => member.userId !== message.senderId && !member.muted && !here.has(member.userId)).map((member) => member.userId);
    if (!sender || told.length === 0) continue;
    // Providers speak as their shop and support as the platform, as the conversation shows them.
    const name = sender.role === "provider" ? (sender.sellerName ?? "") : sender.name;
    const words = message.kind === "text" ? (entryPreview(message) ?? "") : "";
    await notify(ctx, {
      key: `chat:${conversationId}:${message.seq}`,
      topic: "messages",
      to: { userIds: told },
      path: `/chat?id=${conversationId}`,
      text: {
        title: sender.role === "support" ? "senders.support" : "newMessage.title",
        body: message.kind === "text" ? "newMessage.body" : "newImage.body",
        params: { sender: name, text: words },
      },
      tag: `chat-${conversationId}`,
    }).catch((error: unknown) => logError(error, { requestId: ctx.viewer.requestId, where: "pushNewMessages", conversationId }));
  }
}
