/**
 * One event's check-in record: a SQLite-backed Durable Object per session whose door scans
 * Ovation entry codes. It settles a ticket scanned at two gates: the first admission to reach it
 * wins (an online scanner asks it as it scans; an offline one on its next sync), and every
 * admission gets a sequence number so scanners catch up on the others' admissions by polling
 * `since` (door.ts). Admissions are never deleted, so the rowid `seq` only grows, with no gaps
 * (a refused second admission takes no number).
 */
import { DurableObject } from "cloudflare:workers";

declare global {
  namespace Cloudflare {
    interface Env {
      /** One Durable Object per session: its door's check-in record (worker.ts exports it as CheckIn). */
      CHECK_IN: DurableObjectNamespace<CheckInObject>;
    }
  }
}

export interface Admission {
  ticketId: number;
  /** The gate's name as its scanner set it ("North 3"). */
  gate: string;
  /** When it was scanned (the scanner's clock, checked by the Worker). */
  at: number;
  seq: number;
}

export interface AdmitCall {
  ticketId: number;
  gate: string;
  at: number;
}

/** This scan's admission, or the one that was first. */
export type AdmitAnswer = { admitted: true; admission: Admission } | { admitted: false; first: Admission };

/** The check-in record of session `sessionId`. */
export function checkInOf(env: Pick<Env, "CHECK_IN">, sessionId: number): DurableObjectStub<CheckInObject> {
  return env.CHECK_IN.get(env.CHECK_IN.idFromName(`session:${sessionId}`));
}

/** How many admissions one `since` answer carries; a scanner far behind asks again. */
export const ADMISSIONS_PAGE = 500;

export class CheckInObject extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS admissions (seq INTEGER PRIMARY KEY, ticket_id INTEGER NOT NULL UNIQUE, gate TEXT NOT NULL, at INTEGER NOT NULL)`,
    );
  }

  /** Admits each ticket unless one admission of it is already here (the unique ticket id decides). */
  admit(calls: AdmitCall[]): AdmitAnswer[] {
    return calls.map((call) => {
      const inserted = this.sql
        .exec<{ seq: number }>(
          `INSERT INTO admissions (ticket_id, gate, at) VALUES (?, ?, ?) ON CONFLICT (ticket_id) DO NOTHING RETURNING seq`,
          call.ticketId,
          call.gate,
          call.at,
        )
        .toArray();
      if (inserted.length === 1) return { admitted: true, admission: { ...call, seq: inserted[0].seq } };
      return { admitted: false, first: this.admissionOf(call.ticketId)! };
    });
  }

  /** Admissions after `seq`, in order. */
  since(seq: number): Admission[] {
    return this.sql
      .exec<{ seq: number; ticket_id: number; gate: string; at: number }>(
        `SELECT seq, ticket_id, gate, at FROM admissions WHERE seq > ? ORDER BY seq LIMIT ?`,
        seq,
        ADMISSIONS_PAGE,
      )
      .toArray()
      .map((row) => ({
        seq: row.seq,
        ticketId: row.ticket_id,
        gate: row.gate,
        at: row.at,
      }));
  }

  private admissionOf(ticketId: number): Admission | null {
    const row = this.sql
      .exec<{ seq: number; ticket_id: number; gate: string; at: number }>(`SELECT seq, ticket_id, gate, at FROM admissions WHERE ticket_id = ?`, ticketId)
      .toArray()[0];
    return row ? { seq: row.seq, ticketId: row.ticket_id, gate: row.gate, at: row.at } : null;
  }
}
