/**
 * Chat for native apps and the browser, under SPEC §7's /user/im/v1/ prefix (groups under
 * /user/im/v1/group/), and support's queue. Every call needs a signed-in account; a
 * conversation the caller may not see is not found.
 *
 *   GET  /user/im/v1/socket                 ?conversationId=&since=&userSig=   WebSocket (chat-socket.ts, frames.ts)
 *   GET  /user/im/v1/conversation/list      ?page=&pageSize=                  ConversationPage
 *   POST /user/im/v1/conversation/open      { orderId } | { kind: "support" } { conversationId, role, window }
 *   POST /user/im/v1/conversation/setting   { conversationId, setting: pin|mute|hide, on }
 *   GET  /user/im/v1/unread                                                    { unreadTotal }
 *   GET  /user/im/v1/message/list           ?conversationId=&before=|since=&pageSize=   HistoryPage
 *   POST /user/im/v1/message/send           { conversationId, clientMessageId, text, replyTo? }   ChatMessage
 *   POST /user/im/v1/message/image          multipart { conversationId, clientMessageId, file }   ChatMessage (kind image)
 *   GET  /user/im/v1/message/image          ?conversationId=&seq=            the image's bytes (members only)
 *   POST /user/im/v1/message/read           { conversationId, seq }
 *   POST /user/im/v1/message/recall         { conversationId, seq }          ChatMessage (the recall)
 *   POST /user/im/v1/message/report         { conversationId, seq, reason }
 *   GET  /user/im/v1/group/members          ?conversationId=                  GroupMember[]
 *   POST /user/im/v1/group/join             { conversationId }  (support)
 *   GET  /support/v1/im/queue                                                  QueueItem[] (support)
 */
import type { Context, Hono } from "hono";
import type { z } from "zod";
import type { ApiEnv } from "../api-env";
import { invalidParam, ok } from "../envelope";
import { requireSignedIn } from "../session";
import { answerChatSocket, answerInboxSocket } from "./chat-socket";
import {
  conversationIdSchema,
  conversationListSchema,
  groupMembers,
  historySchema,
  imageReadSchema,
  imageSendSchema,
  joinAsSupport,
  listConversations,
  markRead,
  memberSettingSchema,
  openConversationSchema,
  openOrderConversation,
  openSupportConversation,
  readHistory,
  readSchema,
  recallMessage,
  recallSchema,
  reportMessage,
  reportSchema,
  sendMessage,
  sendSchema,
  setMemberSetting,
  supportQueue,
  unreadTotal,
  type ConversationAccess,
} from "../../market/messaging";
import { imageResponse, readImage, sendImage, uploadedImageOf } from "../../market/messaging/media";

async function body(c: Context<ApiEnv>): Promise<unknown> {
  return c.req.raw.json().catch(() => ({}));
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidParam(parsed.error);
  return parsed.data;
}

/** The market context of a signed-in caller (the API's SPEC §8 refusals otherwise). */
function signedIn(c: Context<ApiEnv>) {
  requireSignedIn(c);
  return c.get("market");
}

function describe(access: ConversationAccess) {
  const { conversation, role, window } = access;
  return {
    conversationId: conversation.id,
    kind: conversation.kind,
    role,
    orderId: conversation.orderId,
    orderNo: conversation.orderNo,
    group: conversation.supportJoinedAt !== null,
    window,
  };
}

export function registerMessagingRoutes(api: Hono<ApiEnv>) {
  // The socket proves its account with the chat credential in the query, not a session.
  api.get("/user/im/v1/socket", (c) => answerChatSocket(c.get("market"), c.req.raw));
  api.get("/user/im/v1/inbox", (c) => answerInboxSocket(c.get("market"), c.req.raw));

  api.get("/user/im/v1/conversation/list", async (c) => {
    const market = signedIn(c);
    return c.json(ok(await listConversations(market, parse(conversationListSchema, c.req.query()))));
  });

  api.post("/user/im/v1/conversation/open", async (c) => {
    const market = signedIn(c);
    const input = parse(openConversationSchema, await body(c));
    const access = "orderId" in input ? await openOrderConversation(market, input.orderId) : await openSupportConversation(market);
    return c.json(ok(describe(access)));
  });

  api.post("/user/im/v1/conversation/setting", async (c) => {
    const market = signedIn(c);
    await setMemberSetting(market, parse(memberSettingSchema, await body(c)));
    return c.json(ok(null));
  });

  api.get("/user/im/v1/unread", async (c) => c.json(ok({ unreadTotal: await unreadTotal(signedIn(c)) })));

  api.get("/user/im/v1/message/list", async (c) => {
    const market = signedIn(c);
    const input = parse(historySchema, c.req.query());
    return c.json(ok(await readHistory(market, input)));
  });

  api.post("/user/im/v1/message/send", async (c) => {
    const market = signedIn(c);
    const input = parse(sendSchema, await body(c));
    const message = await sendMessage(market, { ...input, replyTo: input.replyTo ?? null });
    return c.json(ok(message));
  });

  api.post("/user/im/v1/message/image", async (c) => {
    const market = signedIn(c);
    const form = await c.req.raw.formData().catch(() => new FormData());
    const input = parse(imageSendSchema, { conversationId: form.get("conversationId"), clientMessageId: form.get("clientMessageId") });
    const file = await uploadedImageOf(form.get("file"));
    return c.json(ok(await sendImage(market, { ...input, file })));
  });

  api.get("/user/im/v1/message/image", async (c) => {
    const market = signedIn(c);
    const input = parse(imageReadSchema, c.req.query());
    return imageResponse(await readImage(market, input));
  });

  api.post("/user/im/v1/message/read", async (c) => {
    const market = signedIn(c);
    const input = parse(readSchema, await body(c));
    await markRead(market, input);
    return c.json(ok(null));
  });

  api.post("/user/im/v1/message/recall", async (c) => {
    const market = signedIn(c);
    const input = parse(recallSchema, await body(c));
    return c.json(ok(await recallMessage(market, input)));
  });

  api.post("/user/im/v1/message/report", async (c) => {
    const market = signedIn(c);
    const input = parse(reportSchema, await body(c));
    return c.json(ok(await reportMessage(market, input)));
  });

  api.get("/user/im/v1/group/members", async (c) => {
    const market = signedIn(c);
    const { conversationId } = parse(conversationIdSchema, c.req.query());
    return c.json(ok(await groupMembers(market, conversationId)));
  });

  api.post("/user/im/v1/group/join", async (c) => {
    const market = signedIn(c);
    const { conversationId } = parse(conversationIdSchema, await body(c));
    return c.json(ok(describe(await joinAsSupport(market, conversationId))));
  });

  api.get("/support/v1/im/queue", async (c) => c.json(ok(await supportQueue(signedIn(c), { limit: 100 }))));
}
