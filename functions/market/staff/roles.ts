/**
 * Who may open the provider and support consoles. Roles live in account_roles; a console asks
 * for its role on every request and, to an account without it, answers exactly what a missing
 * page answers (not found), so buyers never learn a console is there.
 */
import { and, eq } from "drizzle-orm";
import { accountRoles, type StaffRole } from "../../db/schema";
import type { MarketContext } from "../context";
import { MarketError, notFound } from "../errors";

export interface StaffMember {
  userId: number;
  role: StaffRole;
  /** `seller` only: the provider this account acts for. */
  sellerId: number | null;
}

/**
 * The viewer as a holder of `role`. Throws notLogin for a guest (so the console can send them to
 * sign in) and notFound for any account without the role. No side effects.
 */
export async function requireRole(ctx: MarketContext, role: StaffRole): Promise<StaffMember> {
  const userId = ctx.viewer.userId;
  if (userId === null) throw new MarketError("notLogin");
  const [row] = await ctx.db
    .select({ sellerId: accountRoles.sellerId })
    .from(accountRoles)
    .where(and(eq(accountRoles.userId, userId), eq(accountRoles.role, role)))
    .limit(1);
  if (!row || (role === "seller" && row.sellerId === null)) throw notFound("page");
  return { userId, role, sellerId: row.sellerId };
}

/** The viewer's roles, for showing console entry points (an empty list for buyers and guests). */
export async function rolesOf(ctx: MarketContext): Promise<StaffRole[]> {
  const userId = ctx.viewer.userId;
  if (userId === null) return [];
  const rows = await ctx.db.select({ role: accountRoles.role }).from(accountRoles).where(eq(accountRoles.userId, userId));
  return rows.map((row) => row.role);
}
