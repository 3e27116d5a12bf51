/**
 * Messages (SPEC §1, §2 news and the TUI pages; issue 12). Buyers talk with support at any
 * time, and with the provider about one order from 1 day before the event until 7 days after
 * (read-only then); support can join an order's conversation, which becomes a group. Nobody
 * else can read, join or list a conversation, on any door.
 *
 * Messages live in one Durable Object per conversation (conversation-object.ts), numbered in
 * order; D1 holds the per-member index (unread, pin, mute, hide) and support's queue.
 */
export * from "./rules";
export * from "./conversations";
export { joinAsSupport } from "./support-join";
export * from "./messages";
export * from "./schemas";
export type { ChatMessage, ConversationStore } from "../context";
export { admitToConversation, openConversationSocket, closeSocketsOf, type SocketAdmission } from "./socket";
export { postOrderEvent } from "./system-messages";
export { cutOldMessages, emailOfflineMembers } from "./chores";
export { clientFrameSchema, clientMessageIdSchema, type ServerFrame, type ClientFrame, type PingFrame, type PongFrame } from "./frames";
