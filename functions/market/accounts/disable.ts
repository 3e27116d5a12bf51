/**
 * Blocking an account (support): it can no longer sign in or use a session, and whatever it has
 * open ends now: every session is revoked and every chat socket closed (a blocked user must not
 * keep reading or writing a conversation through a socket opened before).
 */
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import type { MarketContext } from "../context";
import { notFound } from "../errors";
import { closeSocketsOf } from "../messaging/socket";
import { requireRole } from "../staff";
import { revokeAccountSessions } from "./sessions";

/** Disables account `userId`. Throws notLogin, notFound (not support, or no such account). Returns how many sockets were closed. */
export async function disableAccount(ctx: MarketContext, userId: number): Promise<{ socketsClosed: number }> {
  await requireRole(ctx, "support");
  // An account already blocked keeps the time it was first blocked.
  const updated = await ctx.db
    .update(users)
    .set({ disabledAt: sql`COALESCE(${users.disabledAt}, ${ctx.now()})` })
    .where(eq(users.id, userId))
    .run();
  if (updated.meta.changes === 0) throw notFound("user");
  await revokeAccountSessions(ctx, userId);
  return { socketsClosed: await closeSocketsOf(ctx, userId) };
}
