/**
 * A D1 binding with a read copy that lags, for proving where each statement is read: locally
 * there is one copy of the database, so D1's Sessions API always reads the primary and a test
 * could not tell a read that may be behind from one that may not.
 *
 * The double keeps two real local databases: `primary` takes every write and every read that
 * must be current, `replica` answers the other reads and is behind until `catchUp()` copies the
 * primary into it. Sessions follow D1's rules: a session starting "first-primary" reads its first
 * statement from the primary; "first-unconstrained" reads any copy; a bookmark reads a copy at
 * least that recent; after any statement, the session never reads anything older. Bookmarks
 * count the writes made through the double, in D1's format.
 *
 * Every statement is recorded with the session it ran in, how that session started, the copy
 * that answered it and whether that copy was then behind the primary.
 */

export type Copy = "primary" | "replica";

export interface RecordedStatement {
  session: number;
  start: string;
  sql: string;
  on: Copy;
  /** Read on the copy while it was behind the primary: what a decision must never do. */
  behind: boolean;
}

interface PendingStatement {
  sql: string;
  params: unknown[];
}

const WRITE = /^\s*(insert|update|delete|replace|create|drop|alter)\b/i;

function writes(sql: string): boolean {
  return WRITE.test(sql) || (/^\s*with\b/i.test(sql) && /\b(insert|update|delete)\s/i.test(sql));
}

function bookmarkOf(version: number): string {
  return `00000000-${version.toString(16).padStart(8, "0")}-00000000-${"0".repeat(32)}`;
}

function versionOf(bookmark: string): number {
  return Number.parseInt(bookmark.split("-")[1] ?? "0", 16);
}

export function laggingD1(primary: D1Database, replica: D1Database) {
  const recorded: RecordedStatement[] = [];
  let primaryVersion = 0;
  let replicaVersion = 0;
  let sessions = 0;

  function openSession(start: string = "first-unconstrained") {
    const id = (sessions += 1);
    let seen: number | null = start.startsWith("first-") ? null : versionOf(start);
    let first = true;

    /** The copy a statement (or a batch) runs on, by the session's rules. */
    function copyFor(writing: boolean): Copy {
      const mustBePrimary = writing || (first && start === "first-primary") || (seen !== null && replicaVersion < seen);
      first = false;
      return mustBePrimary ? "primary" : "replica";
    }

    function ran(copy: Copy, wrote: boolean): void {
      if (wrote) primaryVersion += 1;
      const version = copy === "primary" ? primaryVersion : replicaVersion;
      seen = Math.max(seen ?? 0, version);
    }

    function statement(pending: PendingStatement): D1PreparedStatement {
      const answer =
        (method: "all" | "first" | "run" | "raw") =>
        async (...args: unknown[]) => {
          const wrote = writes(pending.sql);
          const copy = copyFor(wrote);
          recorded.push({ session: id, start, sql: pending.sql, on: copy, behind: copy === "replica" && replicaVersion < primaryVersion });
          const real = (copy === "primary" ? primary : replica).prepare(pending.sql).bind(...pending.params);
          const result = await (real[method] as (...a: unknown[]) => Promise<unknown>)(...args);
          ran(copy, wrote);
          return result;
        };
      return {
        bind: (...params: unknown[]) => statement({ sql: pending.sql, params }),
        all: answer("all"),
        first: answer("first"),
        run: answer("run"),
        raw: answer("raw"),
        pending,
      } as unknown as D1PreparedStatement;
    }

    return {
      prepare: (sql: string) => statement({ sql, params: [] }),
      async batch(statements: D1PreparedStatement[]) {
        const pendings = statements.map((one) => (one as unknown as { pending: PendingStatement }).pending);
        const wrote = pendings.some((one) => writes(one.sql));
        const copy = copyFor(wrote);
        for (const one of pendings) recorded.push({ session: id, start, sql: one.sql, on: copy, behind: copy === "replica" && replicaVersion < primaryVersion });
        const database = copy === "primary" ? primary : replica;
        const results = await database.batch(pendings.map((one) => database.prepare(one.sql).bind(...one.params)));
        ran(copy, wrote);
        return results;
      },
      getBookmark: () => (seen === null ? null : bookmarkOf(seen)),
    } as unknown as D1DatabaseSession;
  }

  const binding = {
    withSession: openSession,
    prepare: (sql: string) => openSession("first-primary").prepare(sql),
    batch: (statements: D1PreparedStatement[]) => openSession("first-primary").batch(statements),
  } as unknown as D1Database;

  return {
    binding,
    recorded,
    /** The statements recorded since the last call, and forgets them. */
    take(): RecordedStatement[] {
      return recorded.splice(0, recorded.length);
    },
    /** Copies the primary into the replica, which is then as recent as the primary. */
    async catchUp(): Promise<void> {
      await copyDatabase(primary, replica);
      replicaVersion = primaryVersion;
    },
  };
}

/** Every ordinary table's rows, from one database into another with the same migrations. */
async function copyDatabase(from: D1Database, to: D1Database): Promise<void> {
  const { results: tables } = await from
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND sql NOT LIKE 'CREATE VIRTUAL%'")
    .all<{ name: string }>();
  const shadow = new Set<string>();
  const { results: virtuals } = await from.prepare("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL%'").all<{ name: string }>();
  for (const { name } of virtuals) for (const suffix of ["_data", "_idx", "_content", "_docsize", "_config"]) shadow.add(`${name}${suffix}`);
  const statements: D1PreparedStatement[] = [to.prepare("PRAGMA defer_foreign_keys = on")];
  for (const { name } of tables) {
    if (shadow.has(name)) continue;
    const quoted = `"${name.replaceAll('"', '""')}"`;
    statements.push(to.prepare(`DELETE FROM ${quoted}`));
    const { results: rows } = await from.prepare(`SELECT * FROM ${quoted}`).all<Record<string, unknown>>();
    for (const row of rows) {
      const columns = Object.keys(row);
      statements.push(
        to.prepare(`INSERT INTO ${quoted} (${columns.map((column) => `"${column}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).bind(...columns.map((column) => row[column])),
      );
    }
  }
  await to.batch(statements);
}
