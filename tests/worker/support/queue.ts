/** A high-demand session's waiting room for the queue tests. */
import { env } from "cloudflare:test";
import * as schema from "../../../functions/db/schema";
import { T0, testDb } from "./buying";

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const OPENS = T0 + 5 * MINUTE;

/** The dummy token Turnstile's test site keys hand the browser (siteverify's test secrets judge it). */
export const BOT_CHECK = { botCheck: "XXXX.DUMMY.TOKEN.XXXX" };

/** Marks the session high demand as support would, without a staff account (the shards get their settings on first use). */
export async function queueOn(sessionId: number, settings: { shards: number; admitPerMinute: number; opensAt?: number }) {
  await testDb.insert(schema.sessionDemand).values({
    sessionId,
    queueOn: true,
    markedBy: "support",
    shards: settings.shards,
    admitPerMinute: settings.admitPerMinute,
    opensAt: settings.opensAt ?? OPENS,
    updatedAt: T0,
  });
}

/** `count` buyer accounts created at `createdAt`, in one statement (D1 caps bound variables, so the rows come from SQL). */
export async function buyers(count: number, createdAt = T0): Promise<number[]> {
  const tag = crypto.randomUUID();
  const { results } = await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO users (email, default_language, created_at, updated_at)
     SELECT 'queue-' || ?2 || '-' || i || '@example.com', 'en-US', ?3, ?3 FROM n ORDER BY i RETURNING id`,
  )
    .bind(count, tag, createdAt)
    .all<{ id: number }>();
  return results.map((row) => row.id).sort((a, b) => a - b);
}
