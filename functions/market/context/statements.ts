/**
 * Hand-written statements for D1 batches. Written with drizzle's `sql` template, so shared
 * expressions (the tickets-left rule, the split rule) are composed rather than copied, and
 * compiled to a prepared statement on the raw binding, because a batch of atomic statements is
 * what keeps the buying invariants (one batch runs as one transaction, in order).
 */
import { drizzle } from "drizzle-orm/d1";
import { getTableColumns, is, Param, Placeholder, sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect, type AnySQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";

import type { Database } from "./index";

const dialect = new SQLiteSyncDialect();

/** The statements and batches of a D1 session (or a binding): all a statement here needs. */
export type D1Statements = Pick<D1DatabaseSession, "prepare" | "batch">;

/**
 * A drizzle that prepares against nothing: the template a query is built on once. Made on first
 * use, so a browser bundle that imports this module for another export carries no drizzle.
 */
function unbound(): Database {
  return drizzle({
    prepare: () => ({}),
    batch: () => Promise.reject(new Error("a query built once runs on a request's session")),
  } as unknown as D1Database);
}

/**
 * A drizzle query built once and run, on each call, on the given request's D1 session: building
 * one walks its columns and joins (milliseconds for a dozen joins), CPU that a query asked on
 * every call would otherwise pay each time. The built query answers through its `stmt`, its D1
 * statement, so each call runs a copy of it whose statement is the session's.
 */
export function preparedOnce<Query extends object>(build: (db: Database) => Query): (d1: D1Statements) => Query {
  let template: (Query & { query: { sql: string } }) | undefined;
  return (d1) => {
    template ??= build(unbound()) as Query & { query: { sql: string } };
    return Object.create(template, { stmt: { value: d1.prepare(template.query.sql) } }) as Query;
  };
}

/**
 * A hand-written statement compiled to SQL once and bound, on each call, with its placeholders'
 * values by name (sql.placeholder): compiling walks the whole template, CPU that a statement
 * every order runs would otherwise pay each time. A value without a placeholder stays as written.
 */
export function compiledOnce<Name extends string>(build: () => SQL): (d1: D1Statements, values: Record<Name, unknown>) => D1PreparedStatement {
  let compiled: { sql: string; binds: ((values: Record<string, unknown>) => unknown)[] } | undefined;
  return (d1, values) => {
    compiled ??= compile(build());
    return d1.prepare(compiled.sql).bind(...compiled.binds.map((bind) => bind(values)));
  };
}

function compile(query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const binds = params.map((param) => {
    // A placeholder compared with a column comes wrapped in a Param that maps the value for the driver.
    const wrapped = is(param, Param) && is(param.value, Placeholder) ? param : null;
    const placeholder = is(param, Placeholder) ? param : wrapped ? (wrapped.value as Placeholder) : null;
    if (!placeholder) return () => param;
    const { name } = placeholder;
    return (values: Record<string, unknown>) => {
      if (!(name in values)) throw new Error(`no value for placeholder ${name}`);
      return wrapped ? wrapped.encoder.mapToDriverValue(values[name]) : values[name];
    };
  });
  return { sql: text, binds };
}

export function prepare(d1: D1Statements, query: SQL): D1PreparedStatement {
  const compiled = dialect.sqlToQuery(query);
  return d1.prepare(compiled.sql).bind(...compiled.params);
}

/** `column IN (the ids)`, as one bound JSON parameter however many ids there are (D1 caps bound parameters at 100). */
export function inJson(column: AnySQLiteColumn, values: readonly (number | string)[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}

/**
 * A row of `table` as a hand-written statement returns it (RETURNING *: columns by their SQL
 * names, values as stored), in the shape drizzle's own reads give (keys and modes of the schema).
 */
export function rowOf<T extends SQLiteTable>(table: T, stored: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = stored[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
