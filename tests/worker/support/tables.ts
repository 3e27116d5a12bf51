/** What the database holds, to prove a refused request saved nothing. */
import { env } from "cloudflare:test";

/** Rows in every table of the product (not SQLite's, D1's or the migrations' own). */
export async function rowCounts(): Promise<Record<string, number>> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  ).all<{ name: string }>();
  const counts: Record<string, number> = {};
  for (const { name } of tables.results) counts[name] = (await env.DB.prepare(`SELECT count(*) AS n FROM "${name}"`).first<{ n: number }>())?.n ?? 0;
  return counts;
}

/** Drops every table and view of a database, for a file to migrate it afresh. */
export async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid DESC")
    .all<{ type: "table" | "view"; name: string }>();
  if (results.length === 0) return;
  // Newest first, so a table goes before the tables its foreign keys name; IF EXISTS because
  // dropping a full-text table also drops its shadow tables.
  const drops = results.map(({ type, name }) => db.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name.replaceAll('"', '""')}"`));
  await db.batch([db.prepare("PRAGMA defer_foreign_keys = on"), ...drops]);
}
