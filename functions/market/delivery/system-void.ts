/**
 * The system ending a delivery because its tickets left the buyer another way: resold here
 * (selling/fan-resale.ts) or refunded in full (aftersales/refunds.ts). Its codes stop working and
 * it takes no more steps, its entry codes die (so no step mail reaches a buyer who no longer holds the tickets); one
 * `voided` event by the system, noted with the reason's key, tells the timeline why.
 */
import { sql, type SQL } from "drizzle-orm";
import { deliveries, deliveryEvents, entryTickets, ticketChangedAt } from "../../db/schema";
import type { SystemNoteKey } from "./delivery-types";

/** The statements that void the delivery of order `orderId` (SQL) at `now`, each only where `guard` holds. */
export function systemVoidStatements(orderId: SQL, guard: SQL, note: SystemNoteKey, now: number): SQL[] {
  return [
    sql`INSERT INTO ${deliveryEvents} (delivery_id, order_id, from_state, to_state, step, actor, note, created_at)
        SELECT d.id, d.order_id, d.state, 'voided', 'voided', 'system', ${note}, ${now}
        FROM ${deliveries} d WHERE d.order_id = ${orderId} AND d.state <> 'voided' AND ${guard}`,
    sql`UPDATE ${deliveries}
        SET state = 'voided', version = version + 1, due_at = NULL, pickup_code = NULL, redemption_code = NULL,
            voucher_code = NULL, voucher_code_expires_at = NULL, state_at = ${now}, updated_at = ${now}
        WHERE order_id = ${orderId} AND state <> 'voided' AND ${guard}`,
    // Ovation-issued entry codes of the order stop working at the door (a resale has moved its
    // tickets on, with new secrets, before this runs: market/entry/issue.ts).
    sql`UPDATE ${entryTickets} SET state = 'void', sealed_secret = NULL, version = version + 1, updated_at = ${ticketChangedAt(now)}
        WHERE order_id = ${orderId} AND state = 'valid' AND ${guard}`,
  ];
}
