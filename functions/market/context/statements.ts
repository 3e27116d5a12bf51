/**
 * Hand-written statements for D1 batches. Written with drizzle's `sql` template, so shared
 * expressions (the tickets-left rule, the split rule) are composed rather than copied, and
 * compiled to a prepared statement on the raw binding, because a batch of atomic statements is
 * what keeps the buying invariants (one batch runs as one transaction, in order).
 */
import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";

const dialect = new SQLiteSyncDialect();

export function prepare(d1: D1Database, query: SQL): D1PreparedStatement {
  const compiled = dialect.sqlToQuery(query);
  return d1.prepare(compiled.sql).bind(...compiled.params);
}
