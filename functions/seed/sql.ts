/**
 * Writes the demo catalog into D1 as multi-row INSERTs with escaped literals: as a .sql script
 * (for `wrangler d1 execute --file`) or straight into a D1 binding (for tests). Tables go in
 * foreign-key order.
 */
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import * as schema from "../db/schema";
import type { DemoCatalog } from "./demo-catalog";

/** D1 refuses a statement longer than 100 KB; rows per INSERT stop well short of it. */
const MAX_STATEMENT_CHARS = 90_000;
const MAX_ROWS_PER_INSERT = 250;

const TABLES: { [K in keyof DemoCatalog]: Table } = {
  languages: schema.languages,
  currencies: schema.currencies,
  locations: schema.locations,
  categories: schema.categories,
  tags: schema.tags,
  venues: schema.venues,
  venueSections: schema.venueSections,
  tours: schema.tours,
  tourTags: schema.tourTags,
  shows: schema.shows,
  sessions: schema.sessions,
  sellers: schema.sellers,
  listings: schema.listings,
  sessionPricePoints: schema.sessionPricePoints,
  searchNames: schema.searchNames,
  searchWords: schema.searchWords,
  searchGrams: schema.searchGrams,
  users: schema.users,
  accountRoles: schema.accountRoles,
};

/** In insertion order: every table after the tables it references. */
const INSERT_ORDER = Object.keys(TABLES) as (keyof DemoCatalog)[];

type SqlValue = string | number | null;

type Columns = { key: string; name: string; fallback: unknown }[];

function columnsOf(table: Table): Columns {
  return Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    name: column.name,
    fallback: column.hasDefault ? column.default : null,
  }));
}

/** A row value as SQLite stores it: booleans as 0/1, absent values as the column default or NULL. */
function toSqlValue(value: unknown, fallback: unknown): SqlValue {
  const v = value === undefined ? fallback : value;
  if (v === null || v === undefined) return null;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`cannot store ${v}`);
    return v;
  }
  if (typeof v === "string") return v;
  throw new Error(`cannot store a ${typeof v}`);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A SQL literal: strings single-quoted with quotes doubled; NUL is not allowed in SQLite text. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  if (value.includes("\u0000")) throw new Error("text may not contain NUL");
  return `'${value.replace(/'/g, "''")}'`;
}

function rowValues(row: Record<string, unknown>, columns: Columns): SqlValue[] {
  return columns.map((c) => toSqlValue(row[c.key], c.fallback));
}

/** The catalog's tables (all, or some: the search index alone) as INSERT statements (no trailing semicolons), in foreign-key order. */
export function toSqlStatements(catalog: Partial<DemoCatalog>): string[] {
  const statements: string[] = [];
  for (const key of INSERT_ORDER) {
    const rows = (catalog[key] ?? []) as Record<string, unknown>[];
    if (!rows.length) continue;
    const table = TABLES[key];
    const columns = columnsOf(table);
    const head = `INSERT INTO ${quoteIdent(getTableName(table))} (${columns.map((c) => quoteIdent(c.name)).join(", ")}) VALUES\n`;
    let tuples: string[] = [];
    let length = head.length;
    for (const row of rows) {
      const tuple = `(${rowValues(row, columns).map(sqlLiteral).join(", ")})`;
      if (tuples.length && (tuples.length >= MAX_ROWS_PER_INSERT || length + tuple.length + 2 > MAX_STATEMENT_CHARS)) {
        statements.push(head + tuples.join(",\n"));
        tuples = [];
        length = head.length;
      }
      tuples.push(tuple);
      length += tuple.length + 2;
    }
    statements.push(head + tuples.join(",\n"));
  }
  return statements;
}

/** The catalog as one .sql script. */
export function toSqlScript(catalog: Partial<DemoCatalog>): string {
  return `${toSqlStatements(catalog).join(";\n\n")};\n`;
}

/**
 * Inserts the catalog into an empty database as one batch (one transaction) of the multi-row
 * statements above. The values are the seed's own constants, written as escaped literals
 * rather than bound: D1 allows 100 bound parameters per statement, and binding 7,000 listings
 * that way takes ~60 times longer. Throws on a conflict (the database was not empty).
 */
export async function seedDatabase(db: D1Database, catalog: DemoCatalog): Promise<void> {
  await db.batch(toSqlStatements(catalog).map((statement) => db.prepare(statement)));
}
