/** Where a conversation's images are kept in R2, apart from media.ts so the message log's code can delete them without importing the upload path. */
import type { ChatMessage, ConversationStore, MarketContext } from "../context";
import { imageOf } from "./media-shape";

/** The R2 folder of a conversation's images; the cut and recall delete from it. */
export function imageFolder(conversationId: number): string {
  return `chat/conversation-${conversationId}/`;
}

/** Bytes named by their own SHA-256 (hex): a key that can only ever hold those bytes. */
export function contentKey(conversationId: number, sha256: string): string {
  return `${imageFolder(conversationId)}sha256-${sha256}`;
}

/** Where an image message's bytes are: by their hash, or (sent before content addressing) by sender and client id. */
export function imageKey(conversationId: number, message: ChatMessage): string {
  const sha256 = message.kind === "image" ? imageOf(message)?.sha256 : undefined;
  return sha256 ? contentKey(conversationId, sha256) : `${imageFolder(conversationId)}${message.senderId}-${message.clientId}`;
}

/**
 * Deletes a recalled or cut image's bytes, unless another image message of the conversation
 * still shows the same bytes (the same picture sent twice shares one key).
 */
export async function forgetImage(ctx: Pick<MarketContext, "files">, store: Pick<ConversationStore, "holdsImage">, conversationId: number, message: ChatMessage): Promise<void> {
  if (message.kind !== "image") return;
  const sha256 = imageOf(message)?.sha256;
  if (sha256 && (await store.holdsImage(sha256))) return;
  await ctx.files.delete(imageKey(conversationId, message));
}
