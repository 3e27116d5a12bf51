/**
 * A conversation's socket, the API door's side: GET /user/im/v1/socket?conversationId=&since=&userSig=
 * with `Upgrade: websocket`. Browsers cannot put headers on a socket, so the account is proven by
 * the chat credential (imInfo.userSig) in the query, and the answers are plain statuses rather
 * than the envelope: no upgrade 426, a bad query 400, a bad or expired credential 401, a disabled
 * account 403, an account signed out of every session 401 (the credential outlives the session by
 * up to an hour), and a conversation the account may not see 404, the same as one that does not
 * exist. A member's upgrade is answered by the conversation's object.
 */
import { sessionStillOpen } from "../../market/accounts/sessions";
import { verifyChatCredential } from "../../market/config/chat-credential";
import type { MarketContext } from "../../market/context";
import { MarketError } from "../../market/errors";
import { admitToConversation, openConversationSocket, socketQuerySchema } from "../../market/messaging";

function refuse(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

export async function answerChatSocket(market: MarketContext, request: Request): Promise<Response> {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return refuse(426, "Expected a WebSocket upgrade");
  const query = socketQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return refuse(400, "invalidParam");
  const userId = await verifyChatCredential(market, query.data.userSig);
  if (userId === null) return refuse(401, "tokenInvalid");
  const session = await sessionStillOpen(market, userId);
  if (session === "disabled") return refuse(403, "accountDisable");
  if (session === "signedOut") return refuse(401, "tokenInvalid");
  try {
    return await openConversationSocket(market, await admitToConversation(market, userId, query.data));
  } catch (error) {
    if (error instanceof MarketError && error.status === 404) return refuse(404, "Not found");
    throw error;
  }
}
