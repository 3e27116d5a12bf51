/**
 * Letting a member onto a conversation's socket, and closing an account's sockets. The API door
 * (functions/api/routes/chat-socket.ts) proves who is connecting (the chat credential in the
 * query, and accounts' word that the account is still signed in and not disabled) and answers
 * every refusal; here the conversation decides: an account that may not see it is refused as
 * one that does not exist, and a member's upgrade goes to the conversation's object with who is
 * connecting.
 */
import { and, eq } from "drizzle-orm";
import { conversationMembers } from "../../db/schema";
import type { ConversationFacts, ConversationRole, MarketContext } from "../context";
import type { Language } from "../context/viewer";
import { MarketError, notFound } from "../errors";
import { accessConversation, ensureMember } from "./conversations";
import { MESSAGE_RETENTION_MS } from "./rules";

/**
 * Who is let onto a conversation's socket, as what, and from where its backlog starts; with what
 * the object keeps to decide the socket's sends without D1 (its ConversationFacts).
 */
export interface SocketAdmission {
  userId: number;
  conversationId: number;
  role: ConversationRole;
  kind: ConversationFacts["kind"];
  startsAt: number | null;
  supportJoinedAt: number | null;
  /** The last sequence the client has: the object first sends every later entry. */
  since: number;
  /** Entries sent before this are not sent again (the 30-day cut, even before the cron runs). */
  notBefore: number;
  language: Language;
}

/**
 * Admits account `userId` (already proven by the door) to conversation `conversationId`'s
 * socket. Throws notFound for a conversation the account may not see, whatever the reason.
 * Side effects: the account becomes a member if its role allows (support, a party of the order),
 * and is seen now.
 */
export async function admitToConversation(ctx: MarketContext, userId: number, input: { conversationId: number; since: number }): Promise<SocketAdmission> {
  const viewerCtx: MarketContext = { ...ctx, viewer: { ...ctx.viewer, userId } };
  const { role, conversation } = await accessConversation(viewerCtx, input.conversationId).catch((error: unknown) => {
    throw error instanceof MarketError ? notFound("conversation") : error;
  });
  await ensureMember(viewerCtx, input.conversationId, userId, role);
  await ctx.db
    .update(conversationMembers)
    .set({ lastSeenAt: ctx.now() })
    .where(and(eq(conversationMembers.conversationId, input.conversationId), eq(conversationMembers.userId, userId)));
  return {
    userId,
    conversationId: input.conversationId,
    role,
    kind: conversation.kind,
    startsAt: conversation.startsAt,
    supportJoinedAt: conversation.supportJoinedAt,
    since: input.since,
    notBefore: ctx.now() - MESSAGE_RETENTION_MS,
    language: ctx.viewer.language,
  };
}

// The admission travels to the object in headers of its upgrade request: a socket cannot be
// handed over RPC, so the upgrade is a fetch, and these two functions are its one wire format.
const ADMISSION_HEADERS = {
  userId: "x-chat-user",
  conversationId: "x-chat-conversation",
  role: "x-chat-role",
  kind: "x-chat-kind",
  startsAt: "x-chat-starts-at",
  supportJoinedAt: "x-chat-support-joined-at",
  since: "x-chat-since",
  notBefore: "x-chat-not-before",
  language: "x-chat-language",
} as const satisfies Record<keyof SocketAdmission, string>;

/**
 * Hands an admitted member's socket to the conversation's object, which answers with its end of
 * the socket after sending the backlog.
 */
export function openConversationSocket(ctx: Pick<MarketContext, "conversations">, admission: SocketAdmission): Promise<Response> {
  const headers = new Headers({ upgrade: "websocket" });
  for (const [field, header] of Object.entries(ADMISSION_HEADERS)) headers.set(header, String(admission[field as keyof SocketAdmission] ?? ""));
  return ctx.conversations(admission.conversationId).fetch(new Request("https://conversation/socket", { headers }));
}

/** The admission an upgrade request carries (openConversationSocket), as the conversation's object reads it. */
export function admissionOf(request: Request): SocketAdmission {
  const number = (field: "userId" | "conversationId" | "since" | "notBefore") => Number(request.headers.get(ADMISSION_HEADERS[field]) ?? "0");
  const numberOrNull = (field: "startsAt" | "supportJoinedAt") => {
    const value = request.headers.get(ADMISSION_HEADERS[field]);
    return value ? Number(value) : null;
  };
  const role = request.headers.get(ADMISSION_HEADERS.role);
  return {
    userId: number("userId"),
    conversationId: number("conversationId"),
    // Only the door's own admission reaches the object; an unknown role is the least one.
    role: role === "provider" || role === "support" ? role : "buyer",
    kind: request.headers.get(ADMISSION_HEADERS.kind) === "order" ? "order" : "support",
    startsAt: numberOrNull("startsAt"),
    supportJoinedAt: numberOrNull("supportJoinedAt"),
    since: number("since"),
    notBefore: number("notBefore"),
    language: request.headers.get(ADMISSION_HEADERS.language) === "zh-HK" ? "zh-HK" : "en-US",
  };
}

/** Closes every socket the account has open (sign-out, a blocked account). Returns how many. */
export async function closeSocketsOf(ctx: MarketContext, userId: number): Promise<number> {
  const results = await ctx.db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(eq(conversationMembers.userId, userId));
  let closed = 0;
  for (const { id } of results) closed += await ctx.conversations(id).disconnect(userId);
  return closed;
}
