/**
 * A conversation's socket, the API door's side: GET /user/im/v1/socket?conversationId=&since=&userSig=
 * with `Upgrade: websocket`. Browsers cannot put headers on a socket, so the account is proven by
 * the chat credential (imInfo.userSig) in the query, and the answers are plain statuses rather
 * than the envelope: no upgrade 426, a bad query 400, a bad or expired credential 401, a disabled
 * account 403, an account signed out of every session 401 (the credential outlives the session by
 * up to an hour), and a conversation the account may not see 404, the same as one that does not
 * exist. A member's upgrade is answered by the conversation's object.
 *
 * GET /user/im/v1/inbox?userSig= is the account's inbox socket (messaging/inbox-object.ts), proven
 * the same way: it is only told when the account's conversations changed.
 */
import type { z } from "zod";
import { sessionStillOpen } from "../../market/accounts/sessions";
import { verifyChatCredential } from "../../market/config/chat-credential";
import type { MarketContext } from "../../market/context";
import { MarketError } from "../../market/errors";
import { admitToConversation, inboxQuerySchema, openConversationSocket, socketQuerySchema } from "../../market/messaging";
import { inboxOf } from "../../market/messaging/inbox-object";

function refuse(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/**
 * A socket upgrade's account and query: the upgrade, the query by `schema`, the chat credential in
 * it, the account still signed in and not blocked; else the refusal to answer.
 */
async function provenSocket<Query extends { userSig: string }>(
  market: MarketContext,
  request: Request,
  schema: z.ZodType<Query>,
): Promise<{ userId: number; query: Query } | Response> {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return refuse(426, "Expected a WebSocket upgrade");
  const query = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return refuse(400, "invalidParam");
  const userId = await verifyChatCredential(market, query.data.userSig);
  if (userId === null) return refuse(401, "tokenInvalid");
  const session = await sessionStillOpen(market, userId);
  if (session === "disabled") return refuse(403, "accountDisable");
  if (session === "signedOut") return refuse(401, "tokenInvalid");
  return { userId, query: query.data };
}

export async function answerChatSocket(market: MarketContext, request: Request): Promise<Response> {
  const proven = await provenSocket(market, request, socketQuerySchema);
  if (proven instanceof Response) return proven;
  try {
    return await openConversationSocket(market, await admitToConversation(market, proven.userId, proven.query));
  } catch (error) {
    if (error instanceof MarketError && error.status === 404) return refuse(404, "Not found");
    throw error;
  }
}

export async function answerInboxSocket(market: MarketContext, request: Request): Promise<Response> {
  const proven = await provenSocket(market, request, inboxQuerySchema);
  if (proven instanceof Response) return proven;
  return inboxOf(market.env, proven.userId).fetch(new Request("https://inbox/socket", { headers: { upgrade: "websocket" } }));
}
