/**
 * A session's inventory version (decision 269): moved by every batch that changes what the session
 * offers (a hold or order taken, an order canceled or paid, a listing listed, changed or
 * withdrawn), in that same batch, so the listings kept at the edge under the version are never
 * ones that batch changed. Explicit statements, not triggers: D1 counts a trigger's rows in the
 * statement's `changes`, which the guarded writes decide by.
 */
import { sql, type SQL } from "drizzle-orm";
import { sessions } from "../../db/schema";
import { prepare, type D1Statements } from "../context/statements";

/**
 * Moves the version of the session `sessionId` names (a number, or SQL selecting one), when
 * `happened` (SQL) holds after the batch's earlier statements: a guarded write that changed
 * nothing moves nothing.
 */
export function inventoryVersionMove(sessionId: number | SQL, happened: SQL = sql`1`): SQL {
  return sql`UPDATE ${sessions} SET inventory_version = inventory_version + 1 WHERE id IN (${sessionId}) AND ${happened}`;
}

/** inventoryVersionMove, prepared for a batch. */
export function moveInventoryVersion(d1: D1Statements, sessionId: number | SQL, happened?: SQL): D1PreparedStatement {
  return prepare(d1, inventoryVersionMove(sessionId, happened));
}
