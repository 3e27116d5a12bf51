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

/** How a member takes part in a conversation (the D1 index's member role). */
export type ConversationRole = "buyer" | "provider" | "support";

/**
 * A new entry: a message as its sender gives it, before the log numbers it. `senderRole` is the
 * sender's role (null for the platform's system lines), which the D1 index needs once the entry
 * is brought over (the member row, support's queue).
 */
export type AppendInput = Omit<ChatMessage, "seq" | "recalledAt"> & { conversationId: number; senderRole: ConversationRole | null };

/**
 * What the conversation's object keeps about the conversation itself to decide a socket's frames
 * without D1: learned when a member's socket is admitted, changed by the events that change it
 * (support joining). The window is computed from `startsAt` at each send, so it opens and closes
 * by the clock.
 */
export interface ConversationFacts {
  conversationId: number;
  kind: "support" | "order";
  /** `order` only: the session's start the window is measured from. */
  startsAt: number | null;
  supportJoinedAt: number | null;
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
  /**
   * Stores and delivers a new entry (a retry of a sender's client id returns the stored one,
   * `duplicate`). It is brought over to the D1 index shortly after, batched (`flush`).
   * `online`: the accounts with a socket open on the conversation as it was appended.
   */
  append(input: AppendInput): Promise<{ message: ChatMessage; duplicate: boolean; online: number[] }>;
  /**
   * Counts a send against the sender's minute in this conversation, or refuses it (false) past
   * the limit; a client id already counted (a retry) is let through without counting again.
   */
  takeSendSlot(input: { senderId: number; clientId: string; at: number }): Promise<boolean>;
  /** Brings every entry not yet in the D1 index over now (the API door, which reads its own writes). Never throws: a failed write is retried by itself. */
  flush(): Promise<void>;
  /** The conversation's facts changed (support joined): kept for the sockets' frames, and told to the open sockets. */
  changed(facts: Partial<Pick<ConversationFacts, "supportJoinedAt">>): Promise<void>;
  history(query: HistoryQuery): Promise<ChatMessage[]>;
  message(seq: number): Promise<ChatMessage | null>;
  recall(input: { conversationId: number; seq: number; at: number; clientId: string; senderId: number }): Promise<ChatMessage>;
  markRead(input: { userId: number; seq: number }): Promise<void>;
  reads(): Promise<Record<string, number>>;
  /** Text messages whose text contains `pattern` (a LIKE pattern escaped with backslash), newest first. */
  search(query: { pattern: string; notBefore: number; limit: number }): Promise<ChatMessage[]>;
  /** `images`: the image messages deleted, whose bytes the caller deletes from R2. */
  cut(before: number): Promise<{ deleted: number; oldest: number | null; images: ChatMessage[] }>;
  /** Closes the account's sockets and refuses any frame still on its way from them (sign-out, a blocked account). */
  disconnect(userId: number): Promise<number>;
  /** True when an image message not recalled shows the bytes of this SHA-256 (hex). */
  holdsImage(sha256: string): Promise<boolean>;
  /** The socket's upgrade: a request the conversation reads its admitted member from (messaging/socket.ts), answered with its end of the socket. */
  fetch(request: Request): Promise<Response>;
}

/** The port itself: the store of conversation `id`. */
export type Conversations = (id: number) => ConversationStore;
