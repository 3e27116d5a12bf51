/** Inputs of chat's calls, parsed strictly (both doors). */
import * as z from "zod";
import { clientMessageIdSchema } from "./frames";
import { MAX_TEXT_LENGTH, REPORT_REASONS } from "./rules";

// A number in a JSON body, or digits in a query string or form: never an array or free text.
const id = z
  .union([z.number(), z.string().regex(/^\d{1,15}$/).transform(Number)])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const count = (max: number) => z.union([z.number(), z.string().regex(/^\d{1,4}$/).transform(Number)]).pipe(z.number().int().min(1).max(max));
const flag = z.union([z.literal(true), z.literal(false), z.literal("true"), z.literal("false")]).transform((v) => v === true || v === "true");

export const conversationIdSchema = z.object({ conversationId: id });
export const openConversationSchema = z.union([z.object({ orderId: id }).strict(), z.object({ kind: z.literal("support") }).strict()]);
export const conversationListSchema = z.object({
  page: count(1000).default(1),
  pageSize: count(50).default(20),
});
export const historySchema = z.object({
  conversationId: id,
  before: id.optional(),
  since: z.union([z.literal(0), z.literal("0"), id]).transform(Number).optional(),
  pageSize: count(100).default(30),
});
export const sendSchema = z.object({
  conversationId: id,
  clientMessageId: clientMessageIdSchema,
  text: z.string().trim().min(1).max(MAX_TEXT_LENGTH),
  replyTo: id.optional(),
});
export const readSchema = z.object({ conversationId: id, seq: id });
export const recallSchema = readSchema;
export const reportSchema = z.object({ conversationId: id, seq: id, reason: z.enum(REPORT_REASONS) });
export const memberSettingSchema = z.object({ conversationId: id, setting: z.enum(["pin", "mute", "hide"]), on: flag });
export const imageSendSchema = z.object({ conversationId: id, clientMessageId: clientMessageIdSchema });
export const imageReadSchema = z.object({ conversationId: id, seq: id });
/** A socket's query (GET /user/im/v1/socket): browsers cannot put headers on a socket, so the chat credential travels here. */
/** The account's inbox socket: only the credential. */
export const inboxQuerySchema = z.object({ userSig: z.string().max(200) });

export const socketQuerySchema = z.object({
  conversationId: z.string().regex(/^\d{1,15}$/).transform(Number),
  since: z.string().regex(/^\d{1,15}$/).transform(Number).default(0),
  userSig: z.string().max(200),
});
