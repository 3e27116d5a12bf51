/**
 * What travels over a conversation's socket, as JSON: the one definition both ends type their
 * frames with (the conversation's object and the browser's chat socket, each with `satisfies`).
 * Client-safe: zod, the pure rules and types only, since browser code imports it.
 *
 *   client → server: send { clientId, text, replyTo? } · read { seq } · recall { seq } · typing · ping
 *   server → client: hello { lastSeq, reads } · message { message } (also recalls, as entries
 *                    of kind `recall`) · read { userId, seq } · typing { userId } · members { supportJoinedAt }
 *                    (someone joined: support) · error · pong
 */
import * as z from "zod";
import type { ChatMessage } from "../context/conversation-port";
import { MAX_TEXT_LENGTH } from "./rules";

export type { ChatMessage, ChatMessageKind } from "../context/conversation-port";

export const clientMessageIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "clientMessageId");
const seqSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What a client may send; anything else is answered with invalidParam. */
export const clientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("send"), clientId: clientMessageIdSchema, text: z.string().trim().min(1).max(MAX_TEXT_LENGTH), replyTo: seqSchema.optional() }),
  z.object({ type: z.literal("read"), seq: seqSchema }),
  z.object({ type: z.literal("recall"), seq: seqSchema }),
  z.object({ type: z.literal("typing") }),
]);

export type ClientFrame = z.infer<typeof clientFrameSchema>;

export type ServerFrame =
  | { type: "hello"; lastSeq: number; reads: Record<string, number> }
  | { type: "message"; message: ChatMessage }
  | { type: "read"; userId: number; seq: number }
  | { type: "typing"; userId: number }
  | { type: "members"; supportJoinedAt: number | null }
  | { type: "error"; clientId?: string; code: number; message: string };

/** The keep-alive pair, answered by the platform without waking the conversation's object. */
export type PingFrame = { type: "ping" };
export type PongFrame = { type: "pong" };
