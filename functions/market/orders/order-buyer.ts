/**
 * Who places an order: the signed-in viewer, or the session the viewer presented and the door
 * left unchecked (docs/decisions.md 172), which the order's own read checks, so a create waits
 * on D1 once less. Either way a session that opens nothing is refused with SPEC §8's codes
 * before any rule of the order, as when the door checks it.
 */
import type { MarketContext } from "../context";
import type { PresentedSession } from "../context/viewer";
import { MarketError } from "../errors";
import { judgeSession, lookupSessionByHash, sessionRefusal, type SessionLookup, type SessionRow } from "../accounts/sessions";

export type OrderBuyer = { userId: number; presented: null } | { userId: null; presented: PresentedSession };

/** The buyer as the viewer stands. Throws notLogin for a guest who presented no session. */
export function orderBuyerOf(ctx: Pick<MarketContext, "viewer">): OrderBuyer {
  const { userId, presentedSession } = ctx.viewer;
  if (userId !== null) return { userId, presented: null };
  if (presentedSession) return { userId: null, presented: presentedSession };
  throw new MarketError("notLogin");
}

/** The account of a valid session; throws SPEC §8's refusal otherwise. */
function accountOf(session: SessionLookup): number {
  if (session.status !== "valid") throw sessionRefusal(session);
  return session.userId;
}

/** The buyer's account, checking a presented session on its own: for a create refused before its read. */
export async function confirmBuyer(ctx: Pick<MarketContext, "db" | "d1" | "now">, buyer: OrderBuyer): Promise<number> {
  if (buyer.presented === null) return buyer.userId;
  return accountOf(await lookupSessionByHash(ctx, buyer.presented.tokenHash, buyer.presented.publicId));
}

/** The session columns as a LEFT JOIN gives them: every one null when the token opens no session. */
export type JoinedSession = { [Column in keyof SessionRow]: SessionRow[Column] | null } | null;

/** The viewer's account as a buyer, a presented session checked on its own: for a create refused before it is read (a malformed body). */
export async function confirmOrderBuyer(ctx: Pick<MarketContext, "db" | "d1" | "now" | "viewer">): Promise<number> {
  return confirmBuyer(ctx, orderBuyerOf(ctx));
}

/** The buyer's account, judging a presented session by the row the order's read gave for it. */
export async function buyerOfRead(ctx: Pick<MarketContext, "db" | "now">, buyer: OrderBuyer, session: JoinedSession): Promise<number> {
  if (buyer.presented === null) return buyer.userId;
  // The session's columns are NOT NULL, so a session that was found has every one.
  const found = session?.id == null ? undefined : (session as SessionRow);
  return accountOf(await judgeSession(ctx, found, buyer.presented.publicId));
}

/** The context with the buyer signed in, for what the order asks next (coupon, admission, answer). */
export function asBuyer<Context extends Pick<MarketContext, "viewer">>(ctx: Context, userId: number): Context {
  return ctx.viewer.userId === userId ? ctx : { ...ctx, viewer: { ...ctx.viewer, userId, presentedSession: null } };
}
