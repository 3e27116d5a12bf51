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
