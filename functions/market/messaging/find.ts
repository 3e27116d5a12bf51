/**
 * Finding people and words in one's own chats (SPEC §2 TUIContact, TUISearch; issue 12).
 *
 * Contacts: the providers and support the viewer has talked to as a buyer, from the viewer's own
 * rows of the D1 index; nobody the viewer has no conversation with ever appears. Search: the
 * viewer's own conversations (membership in the index, never support's intervention access)
 * are asked, each in its own Durable Object, for text messages of the last 30 days containing
 * the words; wildcards in the words match literally. Both are capped on the server.
 */
import { and, desc, eq, gte, sql } from "drizzle-orm";
import * as z from "zod";
import {
  conversationMembers,
  conversations,
  listings,
  orders,
  sellerProfiles,
  sellers,
  users,
  type ConversationKind,
  type MemberRole,
  type SellerKind,
} from "../../db/schema";
import type { ChatMessage, MarketContext } from "../context";
import { MarketError, notFound } from "../errors";
import { accountName, joinConversationNames } from "./conversations";
import { MESSAGE_RETENTION_MS } from "./rules";
import { conversationIdSchema } from "./schemas";

/** Conversations asked at most per search (the newest ones), and results given at most. */
export const SEARCH_CONVERSATION_LIMIT = 30;
export const SEARCH_RESULT_LIMIT = 50;
export const SEARCH_TEXT_MAX = 100;
const EXCERPT_CONTEXT = 40;

export const messageSearchSchema = z.object({
  q: z.string().trim().min(1).max(SEARCH_TEXT_MAX),
  conversationId: conversationIdSchema.shape.conversationId.optional(),
});
export type MessageSearchInput = z.output<typeof messageSearchSchema>;

function viewerId(ctx: MarketContext): number {
  if (ctx.viewer.userId === null) throw new MarketError("notLogin");
  return ctx.viewer.userId;
}

/** A LIKE pattern matching `words` anywhere, with `\`, `%` and `_` taken literally (ESCAPE '\'). */
export function containsPattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface Excerpt {
  before: string;
  match: string;
  after: string;
}

/** The message around its first match, cut to a few words either side; the match as written. */
export function excerptOf(text: string, words: string): Excerpt {
  const at = text.toLowerCase().indexOf(words.toLowerCase());
  if (at < 0) return { before: text.slice(0, EXCERPT_CONTEXT * 2), match: "", after: "" };
  const start = Math.max(0, at - EXCERPT_CONTEXT);
  const end = Math.min(text.length, at + words.length + EXCERPT_CONTEXT);
  return {
    before: `${start > 0 ? "…" : ""}${text.slice(start, at)}`,
    match: text.slice(at, at + words.length),
    after: `${text.slice(at + words.length, end)}${end < text.length ? "…" : ""}`,
  };
}

interface OwnConversation {
  id: number;
  kind: ConversationKind;
  role: MemberRole;
  orderNo: string | null;
  supportJoinedAt: number | null;
  sellerName: string | null;
  buyerName: string | null;
}

/** The viewer's own conversations with a message in the last 30 days, newest first (or just `only`). */
async function ownConversations(ctx: MarketContext, userId: number, only: number | undefined): Promise<OwnConversation[]> {
  const named = ctx.db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      role: conversationMembers.role,
      orderNo: orders.orderNo,
      supportJoinedAt: conversations.supportJoinedAt,
      sellerName: sellers.nickname,
      buyerName: accountName(users.email),
    })
    .from(conversationMembers)
    .$dynamic();
  return joinConversationNames(named)
    .where(
      and(
        eq(conversationMembers.userId, userId),
        only === undefined ? undefined : eq(conversations.id, only),
        gte(conversations.lastMessageAt, ctx.now() - MESSAGE_RETENTION_MS),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(SEARCH_CONVERSATION_LIMIT);
}

/** Refuses a conversation that is not the viewer's own (no index row) as notFound, as if it did not exist. Throws notLogin. */
export async function requireOwnConversation(ctx: MarketContext, conversationId: number): Promise<void> {
  const row = await ctx.db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, viewerId(ctx))))
    .get();
  if (!row) throw notFound("conversation");
}

export interface SearchHit {
  conversationId: number;
  /** Who the viewer talks to there: the provider's or buyer's name, null for support. */
  counterpart: string | null;
  counterpartRole: MemberRole;
  group: boolean;
  orderNo: string | null;
  seq: number;
  senderId: number;
  sentAt: number;
  excerpt: Excerpt;
}

export interface SearchResult {
  q: string;
  conversationId: number | null;
  list: SearchHit[];
  /** More matched than the cap: the viewer should narrow the words. */
  capped: boolean;
}

/**
 * Messages of the last 30 days containing `q`, newest first, in the viewer's own conversations
 * or in one of them. Throws notLogin, notFound (a conversation that is not the viewer's own).
 */
export async function searchMessages(ctx: MarketContext, input: MessageSearchInput): Promise<SearchResult> {
  const userId = viewerId(ctx);
  if (input.conversationId !== undefined) await requireOwnConversation(ctx, input.conversationId);
  const conversations = await ownConversations(ctx, userId, input.conversationId);
  const query = { pattern: containsPattern(input.q), notBefore: ctx.now() - MESSAGE_RETENTION_MS, limit: SEARCH_RESULT_LIMIT + 1 };
  const found = await Promise.all(
    conversations.map(async (conversation) => {
      return (await ctx.conversations(conversation.id).search(query)).map((message) => hitOf(conversation, message, input.q));
    }),
  );
  const hits = found.flat().sort((a, b) => b.sentAt - a.sentAt || b.conversationId - a.conversationId || b.seq - a.seq);
  return { q: input.q, conversationId: input.conversationId ?? null, list: hits.slice(0, SEARCH_RESULT_LIMIT), capped: hits.length > SEARCH_RESULT_LIMIT };
}

function counterpartOf(conversation: Pick<OwnConversation, "kind" | "role" | "sellerName" | "buyerName">) {
  const counterpartRole: MemberRole = conversation.role !== "buyer" ? "buyer" : conversation.kind === "support" ? "support" : "provider";
  const counterpart = counterpartRole === "support" ? null : counterpartRole === "provider" ? conversation.sellerName : conversation.buyerName;
  return { counterpart, counterpartRole };
}

function hitOf(conversation: OwnConversation, message: ChatMessage, q: string): SearchHit {
  return {
    conversationId: conversation.id,
    ...counterpartOf(conversation),
    group: conversation.supportJoinedAt !== null,
    orderNo: conversation.orderNo,
    seq: message.seq,
    senderId: message.senderId,
    sentAt: message.sentAt,
    excerpt: excerptOf(message.text, q),
  };
}

export interface ProviderFacts {
  /** Out of 5, one decimal. */
  rating: number;
  /** Paid orders of the provider's listings. */
  sales: number;
  /** From the seller profile when there is one: a trader or a private seller. */
  kind: SellerKind | null;
  since: number;
}

export interface Contact {
  role: "provider" | "support";
  /** The shop's name; null for support (the screens name it). */
  name: string | null;
  sellerId: number | null;
  facts: ProviderFacts | null;
  /** The latest conversation with them, which 'message' opens. */
  conversationId: number;
  lastMessageAt: number;
  conversations: number;
}

/** Contacts shown at most: providers and support the viewer talked to most recently. */
export const CONTACT_LIMIT = 100;

/**
 * The providers and support the viewer has talked to as a buyer (a conversation of theirs with
 * a message in it), most recent first. Throws notLogin.
 */
export async function listContacts(ctx: MarketContext): Promise<Contact[]> {
  const userId = viewerId(ctx);
  // Support is a contact through the support conversation or an order chat support joined.
  // Each person's latest conversation and how many there are is a window over the viewer's
  // conversations, which the query builder cannot say: written by hand over the schema's tables.
  const results = await ctx.db.all<{
    role: "provider" | "support";
    sellerId: number | null;
    conversationId: number;
    lastMessageAt: number;
    conversations: number;
    name: string | null;
    ratingX10: number | null;
    since: number | null;
    profileKind: SellerKind | null;
    sales: number;
  }>(sql`WITH own AS (
         SELECT c.id, c.last_message_at AS at, CASE WHEN c.kind = 'support' OR c.support_joined_at IS NOT NULL THEN 1 ELSE 0 END AS withSupport,
           CASE WHEN c.kind = 'order' THEN c.seller_id END AS sellerId
         FROM ${conversationMembers} m JOIN ${conversations} c ON c.id = m.conversation_id
         WHERE m.user_id = ${userId} AND m.role = 'buyer' AND c.last_message_at IS NOT NULL),
       people AS (
         SELECT 'provider' AS role, sellerId, id, at FROM own WHERE sellerId IS NOT NULL
         UNION ALL SELECT 'support', NULL, id, at FROM own WHERE withSupport = 1),
       ranked AS (
         SELECT role, sellerId, id, at, COUNT(*) OVER w AS conversations, ROW_NUMBER() OVER (w ORDER BY at DESC, id DESC) AS n
         FROM people WINDOW w AS (PARTITION BY role, sellerId))
       SELECT r.role, r.sellerId, r.id AS conversationId, r.at AS lastMessageAt, r.conversations,
         se.nickname AS name, se.rating_x10 AS ratingX10, se.created_at AS since, sp.kind AS profileKind,
         (SELECT COUNT(*) FROM ${orders} o JOIN ${listings} l ON l.id = o.listing_id WHERE l.seller_id = r.sellerId AND o.status = 'paid') AS sales
       FROM ranked r LEFT JOIN ${sellers} se ON se.id = r.sellerId
       LEFT JOIN ${sellerProfiles} sp ON sp.user_id = (SELECT MIN(user_id) FROM ${sellerProfiles} WHERE seller_id = r.sellerId)
       WHERE r.n = 1 ORDER BY r.at DESC, r.id DESC LIMIT ${CONTACT_LIMIT}`);
  return results.map((row) => ({
    role: row.role,
    name: row.role === "provider" ? row.name : null,
    sellerId: row.sellerId,
    facts:
      row.role === "provider" && row.ratingX10 !== null
        ? { rating: row.ratingX10 / 10, sales: row.sales, kind: row.profileKind ?? null, since: row.since ?? 0 }
        : null,
    conversationId: row.conversationId,
    lastMessageAt: row.lastMessageAt,
    conversations: row.conversations,
  }));
}
