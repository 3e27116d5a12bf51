/**
 * Telling Apple Wallet's devices that a pass changed (apple-wallet.ts): a ticket changed since a
 * device was last told of it (resold, transferred, voided, let in, or its event moved) has a
 * later updated_at than the registration's `told_at`.
 */
import { and, eq, sql } from "drizzle-orm";
import { applePassRegistrations, entryTickets } from "../../db/schema";
import type { MarketContext } from "../context";

/** Registrations one run wakes at most (the minute's chore takes the rest next time). */
const TELL_BATCH = 500;

/**
 * Wakes the devices of passes whose ticket changed since each was last told: each registration
 * is claimed by the UPDATE that records the change it is told of, so two runs never tell one
 * device of one change twice; a token Apple says is gone (410) is dropped.
 */
export async function tellMovedPasses(ctx: MarketContext): Promise<number> {
  const identity = ctx.walletPasses.identity(ctx.viewer);
  if (!identity) return 0;
  const claimed = await ctx.db.all<{ device: string; ticket: number; token: string }>(sql`
    UPDATE ${applePassRegistrations}
    SET told_at = (SELECT updated_at FROM ${entryTickets} et WHERE et.id = ticket_id), updated_at = ${ctx.now()}
    WHERE rowid IN (SELECT r.rowid FROM ${applePassRegistrations} r INNER JOIN ${entryTickets} et ON et.id = r.ticket_id
                    WHERE et.updated_at > r.told_at LIMIT ${TELL_BATCH})
    RETURNING device_library_id AS device, ticket_id AS ticket, push_token AS token`);
  if (claimed.length === 0) return 0;
  const statuses = await ctx.walletPasses.tellDevices(identity.passTypeIdentifier, [...new Set(claimed.map((row) => row.token))]);
  const gone = claimed.filter((row) => statuses.get(row.token) === 410);
  for (const row of gone) {
    await ctx.db
      .delete(applePassRegistrations)
      .where(and(eq(applePassRegistrations.deviceLibraryId, row.device), eq(applePassRegistrations.ticketId, row.ticket)));
  }
  return claimed.length;
}
