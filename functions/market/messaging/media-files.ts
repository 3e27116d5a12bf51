/** Where a conversation's images are kept in R2, apart from media.ts so the message log's code can delete them without importing the upload path. */
import type { MarketContext } from "../context";
import type { ChatMessage } from "./store";

/** The R2 folder of a conversation's images; the cut and recall delete from it. */
export function imageFolder(conversationId: number): string {
  return `chat/conversation-${conversationId}/`;
}

export function imageKey(conversationId: number, message: Pick<ChatMessage, "senderId" | "clientId">): string {
  return `${imageFolder(conversationId)}${message.senderId}-${message.clientId}`;
}

/** Deletes a recalled image's bytes. */
export async function forgetImage(ctx: Pick<MarketContext, "files">, conversationId: number, message: ChatMessage): Promise<void> {
  if (message.kind === "image") await ctx.files.delete(imageKey(conversationId, message));
}
