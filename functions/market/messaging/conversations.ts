/**
 * Conversations and the per-member index in D1: who may see a conversation and as what, opening
 * one, the list (newest first, pinned on top), unread counts, pin, mute, hide, the group's
 * members, support joining an order's conversation, and support's waiting queue.
 *
 * Access: the buyer; for an order's conversation, every account acting for the listing's
 * provider; support staff (any conversation: platform intervention). Anyone else gets notFound,
 * exactly as for a conversation that does not exist.
 */
import { and, asc, desc, eq, gt, isNotNull, isNull, or, sql, type SQLWrapper } from "drizzle-orm";
import {
  accountRoles,
  conversationMembers,
  conversations,
  listings,
  orders,
  sellers,
  sessions,
  users,
  type ConversationKind,
  type MemberRole,
} from "../../db/schema";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { MarketContext } from "../context";
import { prepare } from "../context/statements";
import { MarketError, notFound } from "../errors";
import { translateKey } from "../messages";
import { requireRole, rolesOf } from "../staff";
import { orderChatWindow, SUPPORT_REPLY_PROMISE_MS, type ChatWindow } from "./rules";

export interface ConversationRow {
  id: number;
  kind: ConversationKind;
  buyerUserId: number;
  orderId: number | null;
  sellerId: number | null;
  supportJoinedAt: number | null;
  lastSeq: number;
  lastMessageAt: number | null;
  lastMessagePreview: string | null;
  waitingSince: number | null;
  createdAt: number;
  /** `order` only: the order's number and its session's start. */
  orderNo: string | null;
  startsAt: number | null;
}

export interface ConversationAccess {
  conversation: ConversationRow;
  role: MemberRole;
  /** `order` only. */
  window: ChatWindow | null;
}

/**
 * An account's name as chat shows it (the account in the query as `users`): first and last name,
 * else the nickname, else `fallback`.
 */
export function accountName<Name extends string | null = string | null>(fallback: SQLWrapper | string) {
  return sql<Name>`COALESCE(NULLIF(TRIM(COALESCE(${users.firstName}, '') || ' ' || COALESCE(${users.lastName}, '')), ''), ${users.nickName}, ${fallback})`;
}

/**
 * A member's conversations (the member row already in the query) with what names them in a list:
 * the order's number, the seller's nickname and the buyer as `users` (named by accountName).
 */
export function joinConversationNames<T extends SQLiteSelect>(query: T): T {
  return query
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .leftJoin(orders, eq(orders.id, conversations.orderId))
    .leftJoin(sellers, eq(sellers.id, conversations.sellerId))
    .innerJoin(users, eq(users.id, conversations.buyerUserId)) as unknown as T;
}

function viewerId(ctx: MarketContext): number {
  if (ctx.viewer.userId === null) throw new MarketError("notLogin");
  return ctx.viewer.userId;
}

async function conversationById(ctx: MarketContext, id: number): Promise<ConversationRow | null> {
  const row = await ctx.db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      buyerUserId: conversations.buyerUserId,
      orderId: conversations.orderId,
      sellerId: conversations.sellerId,
      supportJoinedAt: conversations.supportJoinedAt,
      lastSeq: conversations.lastSeq,
      lastMessageAt: conversations.lastMessageAt,
      lastMessagePreview: conversations.lastMessagePreview,
      waitingSince: conversations.waitingSince,
      createdAt: conversations.createdAt,
      orderNo: orders.orderNo,
      startsAt: sessions.startsAt,
    })
    .from(conversations)
    .leftJoin(orders, eq(orders.id, conversations.orderId))
    .leftJoin(sessions, eq(sessions.id, orders.sessionId))
    .where(eq(conversations.id, id))
    .get();
  return row ?? null;
}

async function isProviderOf(ctx: MarketContext, userId: number, sellerId: number | null): Promise<boolean> {
  if (sellerId === null) return false;
  const row = await ctx.db
    .select({ userId: accountRoles.userId })
    .from(accountRoles)
    .where(and(eq(accountRoles.userId, userId), eq(accountRoles.role, "seller"), eq(accountRoles.sellerId, sellerId)))
    .get();
  return row !== undefined;
}

/**
 * The viewer's access to conversation `id`. Throws notLogin for a guest and notFound for a
 * conversation that does not exist or that the viewer may not see. No side effects.
 */
export async function accessConversation(ctx: MarketContext, id: number): Promise<ConversationAccess> {
  const userId = viewerId(ctx);
  const conversation = await conversationById(ctx, id);
  if (!conversation) throw notFound("conversation");
  const window = conversation.startsAt === null ? null : orderChatWindow(conversation.startsAt, ctx.now());
  if (conversation.buyerUserId === userId) return { conversation, role: "buyer", window };
  if (conversation.kind === "order" && (await isProviderOf(ctx, userId, conversation.sellerId))) return { conversation, role: "provider", window };
  if ((await rolesOf(ctx)).includes("support")) return { conversation, role: "support", window };
  throw notFound("conversation");
}

/** Makes sure the account has its index row (unread, pin, mute) in the conversation. */
export async function ensureMember(ctx: MarketContext, conversationId: number, userId: number, role: MemberRole): Promise<void> {
  await ctx.db.insert(conversationMembers).values({ conversationId, userId, role, joinedAt: ctx.now(), lastSeenAt: ctx.now() }).onConflictDoNothing();
}

/** The viewer's support conversation, opened on first use. Throws notLogin. */
export async function openSupportConversation(ctx: MarketContext): Promise<ConversationAccess> {
  const userId = viewerId(ctx);
  await ctx.db.insert(conversations).values({ kind: "support", buyerUserId: userId, createdAt: ctx.now() }).onConflictDoNothing();
  const row = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.kind, "support"), eq(conversations.buyerUserId, userId)))
    .get();
  await ensureMember(ctx, row!.id, userId, "buyer");
  return accessConversation(ctx, row!.id);
}

/** A paid order's buyer and provider (seller), or null for an unpaid or unknown order. */
export async function paidOrderParties(ctx: MarketContext, orderId: number): Promise<{ id: number; buyerUserId: number; sellerId: number } | null> {
  const order = await ctx.db
    .select({ id: orders.id, buyerUserId: orders.userId, sellerId: listings.sellerId })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(and(eq(orders.id, orderId), eq(orders.status, "paid")))
    .get();
  return order ?? null;
}

/**
 * The conversation about order `orderId`, opened on first use by its buyer, its provider or
 * support. Throws notFound for an order the viewer has nothing to do with, or that is unpaid.
 * Every account acting for the provider becomes a member.
 */
export async function openOrderConversation(ctx: MarketContext, orderId: number): Promise<ConversationAccess> {
  const userId = viewerId(ctx);
  const order = await paidOrderParties(ctx, orderId);
  if (!order) throw notFound("order");
  const allowed =
    order.buyerUserId === userId || (await isProviderOf(ctx, userId, order.sellerId)) || (await rolesOf(ctx)).includes("support");
  if (!allowed) throw notFound("order");
  const id = await ensureOrderConversation(ctx, order);
  return accessConversation(ctx, id);
}

/**
 * The conversation about a paid order, made on first use with the buyer and every account acting
 * for the provider as members. No access check: callers have made theirs (or are the platform).
 */
export async function ensureOrderConversation(ctx: MarketContext, order: { id: number; buyerUserId: number; sellerId: number }): Promise<number> {
  await ctx.db
    .insert(conversations)
    .values({ kind: "order", buyerUserId: order.buyerUserId, orderId: order.id, sellerId: order.sellerId, createdAt: ctx.now() })
    .onConflictDoNothing();
  const row = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.kind, "order"), eq(conversations.orderId, order.id)))
    .get();
  const id = row!.id;
  // One batch, so the buyer and the provider's accounts become members together. The providers
  // are an INSERT … SELECT over the seller's accounts, which the query builder cannot say without
  // naming every column, and drizzle's D1 batch cannot carry a hand-written statement with bound
  // values: both are compiled for D1's own batch.
  await ctx.d1.batch([
    prepare(
      ctx.d1,
      sql`INSERT INTO ${conversationMembers} (conversation_id, user_id, role, joined_at) VALUES (${id}, ${order.buyerUserId}, 'buyer', ${ctx.now()}) ON CONFLICT DO NOTHING`,
    ),
    prepare(
      ctx.d1,
      sql`INSERT INTO ${conversationMembers} (conversation_id, user_id, role, joined_at)
          SELECT ${id}, user_id, 'provider', ${ctx.now()} FROM ${accountRoles} WHERE role = 'seller' AND seller_id = ${order.sellerId} ON CONFLICT DO NOTHING`,
    ),
  ]);
  return id;
}

/** The order's conversation id and window for its buyer or provider, without opening one (links on order screens). */
export async function orderChatLink(ctx: MarketContext, orderId: number): Promise<{ conversationId: number | null; window: ChatWindow } | null> {
  const row = await ctx.db
    .select({ startsAt: sessions.startsAt, conversationId: conversations.id })
    .from(orders)
    .innerJoin(sessions, eq(sessions.id, orders.sessionId))
    .leftJoin(conversations, and(eq(conversations.kind, "order"), eq(conversations.orderId, orders.id)))
    .where(and(eq(orders.id, orderId), eq(orders.userId, viewerId(ctx)), eq(orders.status, "paid")))
    .get();
  return row ? { conversationId: row.conversationId, window: orderChatWindow(row.startsAt, ctx.now()) } : null;
}

export interface ConversationListItem {
  id: number;
  kind: ConversationKind;
  role: MemberRole;
  /** Who the viewer is talking to: the provider's nickname, the buyer's name, or null for support. */
  counterpart: string | null;
  counterpartRole: MemberRole;
  group: boolean;
  orderId: number | null;
  orderNo: string | null;
  lastMessagePreview: string | null;
  lastMessageAt: number | null;
  unreadCount: number;
  pinned: boolean;
  muted: boolean;
}

export interface ConversationPage {
  list: ConversationListItem[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  unreadTotal: number;
}

/**
 * The viewer's conversations: pinned first, then newest; hidden ones until a newer message.
 * `as` keeps those where the viewer has that role (the provider console: its order chats).
 * Throws notLogin.
 */
export async function listConversations(ctx: MarketContext, input: { page: number; pageSize: number; as?: MemberRole }): Promise<ConversationPage> {
  const userId = viewerId(ctx);
  const member = conversationMembers;
  const listed = ctx.db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      role: member.role,
      orderId: conversations.orderId,
      orderNo: orders.orderNo,
      supportJoinedAt: conversations.supportJoinedAt,
      lastMessagePreview: conversations.lastMessagePreview,
      lastMessageAt: conversations.lastMessageAt,
      unreadCount: member.unreadCount,
      pinnedAt: member.pinnedAt,
      muted: member.muted,
      sellerName: sellers.nickname,
      buyerName: accountName(users.email),
    })
    .from(member)
    .$dynamic();
  const results = await joinConversationNames(listed)
    .where(
      and(
        eq(member.userId, userId),
        or(isNull(member.hiddenAt), gt(conversations.lastMessageAt, member.hiddenAt)),
        input.as ? eq(member.role, input.as) : undefined,
      ),
    )
    .orderBy(isNull(member.pinnedAt), desc(member.pinnedAt), desc(sql`COALESCE(${conversations.lastMessageAt}, ${conversations.createdAt})`), desc(conversations.id))
    .limit(input.pageSize + 1)
    .offset((input.page - 1) * input.pageSize);
  const list = results.slice(0, input.pageSize).map((row): ConversationListItem => {
    const counterpartRole: MemberRole = row.role !== "buyer" ? "buyer" : row.kind === "support" ? "support" : "provider";
    return {
      id: row.id,
      kind: row.kind,
      role: row.role,
      counterpart: counterpartRole === "support" ? null : counterpartRole === "provider" ? row.sellerName : row.buyerName,
      counterpartRole,
      group: row.supportJoinedAt !== null,
      orderId: row.orderId,
      orderNo: row.orderNo,
      lastMessagePreview: row.lastMessagePreview,
      lastMessageAt: row.lastMessageAt,
      unreadCount: row.unreadCount,
      pinned: row.pinnedAt !== null,
      muted: row.muted,
    };
  });
  return { list, page: input.page, pageSize: input.pageSize, hasMore: results.length > input.pageSize, unreadTotal: await unreadTotal(ctx) };
}

/** The tab bar's count: unread messages in the viewer's conversations that are not muted (0 for a guest). */
export async function unreadTotal(ctx: MarketContext): Promise<number> {
  if (ctx.viewer.userId === null) return 0;
  const row = await ctx.db
    .select({ total: sql<number>`COALESCE(SUM(${conversationMembers.unreadCount}), 0)` })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.userId, ctx.viewer.userId), eq(conversationMembers.muted, false)))
    .get();
  return row?.total ?? 0;
}

export type MemberSetting = "pin" | "mute" | "hide";

/** Pins, mutes or hides (on) the conversation for the viewer alone, or undoes it. Throws notLogin, notFound. */
export async function setMemberSetting(ctx: MarketContext, input: { conversationId: number; setting: MemberSetting; on: boolean }) {
  const access = await accessConversation(ctx, input.conversationId);
  const userId = viewerId(ctx);
  await ensureMember(ctx, input.conversationId, userId, access.role);
  const value = input.on ? ctx.now() : null;
  const change = { pin: { pinnedAt: value }, mute: { muted: input.on }, hide: { hiddenAt: value } }[input.setting];
  await ctx.db
    .update(conversationMembers)
    .set(change)
    .where(and(eq(conversationMembers.conversationId, input.conversationId), eq(conversationMembers.userId, userId)));
}

export interface GroupMember {
  userId: number;
  role: MemberRole;
  name: string;
}

/**
 * The conversation's members as the index knows them, buyer first: each one's role, whether they
 * muted it, the shop a provider speaks as and the account's name. No access check: callers have one.
 */
export function memberRows(ctx: Pick<MarketContext, "db">, conversationId: number) {
  const member = conversationMembers;
  return ctx.db
    .select({ userId: member.userId, role: member.role, muted: member.muted, sellerName: sellers.nickname, name: accountName<string>("Buyer") })
    .from(member)
    .innerJoin(conversations, eq(conversations.id, member.conversationId))
    .innerJoin(users, eq(users.id, member.userId))
    .leftJoin(sellers, eq(sellers.id, conversations.sellerId))
    .where(eq(member.conversationId, conversationId))
    .orderBy(sql`CASE ${member.role} WHEN 'buyer' THEN 0 WHEN 'provider' THEN 1 ELSE 2 END`, asc(member.userId));
}

/** The conversation's members and their roles (TUIGroup). Throws notLogin, notFound. */
export async function groupMembers(ctx: MarketContext, conversationId: number): Promise<GroupMember[]> {
  await accessConversation(ctx, conversationId);
  const results = await memberRows(ctx, conversationId);
  // Providers speak as their shop and support as the platform, in the viewer's language: neither's own name is shown.
  const supportName = await translateKey("chat:roles.supportName", ctx.viewer.language);
  return results.map((row) => ({
    userId: row.userId,
    role: row.role,
    name: row.role === "provider" ? (row.sellerName ?? "Provider") : row.role === "support" ? supportName : row.name,
  }));
}

export interface QueueItem {
  id: number;
  kind: ConversationKind;
  orderNo: string | null;
  buyerName: string;
  lastMessagePreview: string | null;
  waitingSince: number;
  waitingMs: number;
  /** Past SPEC §9's 48-hour reply promise. */
  overdue: boolean;
}

/** Support's queue: conversations waiting for support, longest waiting first. Throws notLogin, notFound (not support). */
export async function supportQueue(ctx: MarketContext, input: { limit: number }): Promise<QueueItem[]> {
  await requireRole(ctx, "support");
  const results = await ctx.db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      orderNo: orders.orderNo,
      lastMessagePreview: conversations.lastMessagePreview,
      waitingSince: conversations.waitingSince,
      buyerName: accountName<string>(users.email),
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.buyerUserId))
    .leftJoin(orders, eq(orders.id, conversations.orderId))
    .where(isNotNull(conversations.waitingSince))
    .orderBy(asc(conversations.waitingSince))
    .limit(input.limit);
  return results.map((row) => {
    // Only waiting conversations are asked for.
    const waitingSince = row.waitingSince!;
    const waitingMs = ctx.now() - waitingSince;
    return { ...row, waitingSince, waitingMs, overdue: waitingMs > SUPPORT_REPLY_PROMISE_MS };
  });
}
