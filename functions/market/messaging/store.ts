/**
 * The conversation store: what the domain asks of a conversation's Durable Object. Outside the
 * object it is the object's stub (RPC); inside, the object itself, so a message sent over the
 * socket and one sent through the API take the same path.
 */
import type { MarketContext } from "../context";

declare global {
  namespace Cloudflare {
    interface Env {
      /** One Durable Object per conversation (conversation-object.ts). */
      CONVERSATIONS: DurableObjectNamespace;
    }
  }
}

export type ChatMessageKind = "text" | "system" | "recall" | "image" | "location";

/** One entry of a conversation's log; every entry has the next sequence number. */
export interface ChatMessage {
  seq: number;
  /** The sender's own id for the message: a retry with the same id is the same message. */
  clientId: string;
  /** 0 for the platform's system messages. */
  senderId: number;
  kind: ChatMessageKind;
  /** Empty once recalled. For `system`, a key of the chat namespace's system messages; for `image`, its ChatImage as JSON (media.ts). */
  text: string;
  masked: boolean;
  /** The quoted message, when replying. */
  replyTo: number | null;
  /** `recall`: the message recalled. */
  ref: number | null;
  sentAt: number;
  recalledAt: number | null;
}

export interface AppendInput {
  conversationId: number;
  clientId: string;
  senderId: number;
  kind: ChatMessageKind;
  text: string;
  masked: boolean;
  replyTo: number | null;
  ref: number | null;
  sentAt: number;
}

export interface HistoryQuery {
  /** Entries with a sequence number below this (older pages); newest first. */
  before?: number;
  /** Entries with a sequence number above this (resuming); oldest first. */
  since?: number;
  /** Entries sent before this time are not given (the 30-day cut, even before the cron runs). */
  notBefore: number;
  limit: number;
}

export interface ConversationStore {
  /** `online`: the accounts with a socket open on the conversation as it was appended. */
  append(input: AppendInput): Promise<{ message: ChatMessage; duplicate: boolean; online: number[] }>;
  history(query: HistoryQuery): Promise<ChatMessage[]>;
  message(seq: number): Promise<ChatMessage | null>;
  recall(input: { conversationId: number; seq: number; at: number; clientId: string; senderId: number }): Promise<ChatMessage>;
  markRead(input: { userId: number; seq: number }): Promise<void>;
  reads(): Promise<Record<string, number>>;
  /** `images`: the image messages deleted, whose bytes the caller deletes from R2. */
  cut(before: number): Promise<{ deleted: number; oldest: number | null; images: ChatMessage[] }>;
  disconnect(userId: number): Promise<number>;
  /** True when an image message not recalled shows the bytes of this SHA-256 (hex). */
  holdsImage(sha256: string): Promise<boolean>;
}

/** The store of conversation `id`: its Durable Object. */
export function conversationStore(ctx: Pick<MarketContext, "env">, id: number): ConversationStore {
  const namespace = ctx.env.CONVERSATIONS;
  return namespace.get(namespace.idFromName(String(id))) as unknown as ConversationStore;
}

/** The object's stub, for the socket's upgrade request. */
export function conversationStub(ctx: Pick<MarketContext, "env">, id: number): DurableObjectStub {
  return ctx.env.CONVERSATIONS.get(ctx.env.CONVERSATIONS.idFromName(String(id)));
}
