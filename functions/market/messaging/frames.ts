/**
 * What travels over a conversation's socket, as JSON. Shared by the object and the browser.
 *
 *   client → server: send { clientId, text, replyTo? } · read { seq } · recall { seq } · typing · ping
 *   server → client: hello { lastSeq, reads } · message { message } (also recalls, as entries
 *                    of kind `recall`) · read { userId, seq } · typing { userId } · error · pong
 */
import { z } from "zod";
import type { ChatMessage } from "./store";
import { MAX_TEXT_LENGTH } from "./rules";

export const clientMessageIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "clientMessageId");
const seqSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

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
  | { type: "error"; clientId?: string; code: number; message: string };
