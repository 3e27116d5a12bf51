/** An image message's details as its text holds them (JSON); shared by the domain and the bubble, so free of server code. */
import type { ChatMessage } from "./frames";

export type ImageType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

export interface ChatImage {
  type: ImageType;
  width: number;
  height: number;
  size: number;
  /**
   * The SHA-256 of the bytes (hex), which names them in R2 (media-files.ts): what a sent message
   * shows cannot be replaced by a later upload. Absent on images sent before content addressing.
   */
  sha256?: string;
}

/** An image message's details, or null for any other message (or a recalled one). */
export function imageOf(message: ChatMessage): ChatImage | null {
  if (message.kind !== "image" || message.recalledAt !== null) return null;
  try {
    return JSON.parse(message.text) as ChatImage;
  } catch {
    return null;
  }
}
