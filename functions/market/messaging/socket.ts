/**
 * Opening a conversation's socket: GET /user/im/v1/socket?conversationId=&since=&userSig= with
 * `Upgrade: websocket`. Browsers cannot put headers on a socket, so the account is proven by the
 * chat credential (imInfo.userSig) in the query. A bad or expired credential is 401, a disabled
 * account 403, an account signed out of every session 401, and a conversation the account may not see 404: the same as one that does not
 * exist. Then the upgrade goes to the conversation's object with who is connecting.
 */
import { z } from "zod";
import { verifyChatCredential } from "../config/chat-credential";
import type { MarketContext } from "../context";
import { MarketError } from "../errors";
import { accessConversation, ensureMember } from "./conversations";
import { MESSAGE_RETENTION_MS } from "./rules";
import { conversationStore, conversationStub } from "./store";

const socketQuerySchema = z.object({
  conversationId: z.string().regex(/^\d{1,15}$/).transform(Number),
  since: z.string().regex(/^\d{1,15}$/).transform(Number).default(0),
  userSig: z.string().max(200),
});

function refuse(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

export async function connectConversationSocket(ctx: MarketContext, request: Request): Promise<Response> {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return refuse(426, "Expected a WebSocket upgrade");
  const url = new URL(request.url);
  const query = socketQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return refuse(400, "invalidParam");
  const userId = await verifyChatCredential(ctx, query.data.userSig);
  if (userId === null) return refuse(401, "tokenInvalid");
  const account = await ctx.d1.prepare("SELECT disabled_at AS disabledAt FROM users WHERE id = ?").bind(userId).first<{ disabledAt: number | null }>();
  if (!account) return refuse(401, "tokenInvalid");
  if (account.disabledAt !== null) return refuse(403, "accountDisable");
  // Signed out everywhere: the credential (valid up to an hour) no longer opens a socket.
  const session = await ctx.d1
    .prepare("SELECT 1 AS yes FROM user_sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? LIMIT 1")
    .bind(userId, ctx.now())
    .first();
  if (!session) return refuse(401, "tokenInvalid");
  const viewerCtx: MarketContext = { ...ctx, viewer: { ...ctx.viewer, userId } };
  let role;
  try {
    role = (await accessConversation(viewerCtx, query.data.conversationId)).role;
  } catch (error) {
    if (error instanceof MarketError) return refuse(404, "Not found");
    throw error;
  }
  await ensureMember(viewerCtx, query.data.conversationId, userId, role);
  await ctx.d1
    .prepare("UPDATE conversation_members SET last_seen_at = ? WHERE conversation_id = ? AND user_id = ?")
    .bind(ctx.now(), query.data.conversationId, userId)
    .run();
  const headers = new Headers({
    upgrade: "websocket",
    "x-chat-user": String(userId),
    "x-chat-conversation": String(query.data.conversationId),
    "x-chat-since": String(query.data.since),
    "x-chat-not-before": String(ctx.now() - MESSAGE_RETENTION_MS),
    "x-chat-language": ctx.viewer.language,
  });
  return conversationStub(ctx, query.data.conversationId).fetch("https://conversation/socket", { headers });
}

/** Closes every socket the account has open (sign-out, a blocked account). Returns how many. */
export async function closeSocketsOf(ctx: MarketContext, userId: number): Promise<number> {
  const { results } = await ctx.d1.prepare("SELECT conversation_id AS id FROM conversation_members WHERE user_id = ?").bind(userId).all<{ id: number }>();
  let closed = 0;
  for (const { id } of results) closed += await conversationStore(ctx, id).disconnect(userId);
  return closed;
}
