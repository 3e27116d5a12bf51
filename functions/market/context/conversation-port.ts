/**
 * The conversation port: what the domain asks of one conversation's message log, through
 * `ctx.conversations(id)`. The Worker wires it to the conversation's Durable Object
 * (functions/wiring.ts); inside that object, the object itself, so a message sent over the
 * socket and one sent through the API take the same path. Types only: the browser reads a
 * conversation's messages in these shapes too.
 */

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

/** A new entry: a message as its sender gives it, before the log numbers it. */
export type AppendInput = Omit<ChatMessage, "seq" | "recalledAt"> & { conversationId: number };

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
  /** Text messages whose text contains `pattern` (a LIKE pattern escaped with backslash), newest first. */
  search(query: { pattern: string; notBefore: number; limit: number }): Promise<ChatMessage[]>;
  /** `images`: the image messages deleted, whose bytes the caller deletes from R2. */
  cut(before: number): Promise<{ deleted: number; oldest: number | null; images: ChatMessage[] }>;
  disconnect(userId: number): Promise<number>;
  /** True when an image message not recalled shows the bytes of this SHA-256 (hex). */
  holdsImage(sha256: string): Promise<boolean>;
  /** The socket's upgrade: a request the conversation reads its admitted member from (messaging/socket.ts), answered with its end of the socket. */
  fetch(request: Request): Promise<Response>;
}

/** The port itself: the store of conversation `id`. */
export type Conversations = (id: number) => ConversationStore;
