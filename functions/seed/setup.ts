/**
 * `npm run db:setup [-- --persist-to DIR]`: prepares the local D1 database. Applies the
 * migrations, then seeds the demo catalog if (and only if) it has no tours yet, so running it
 * again never duplicates or overwrites anything; a catalog seeded before search's index gets
 * the index of its own rows (search-backfill.ts). Uses the project's own wrangler, locally.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { demoCatalog, withDemoStaff } from "./index";
import { SEARCH_BACKFILL_READS, SEARCH_INDEX_COUNT, searchBackfillScript } from "./search-backfill";
import { toSqlScript } from "./sql";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const wrangler = join(root, "node_modules", ".bin", process.platform === "win32" ? "wrangler.cmd" : "wrangler");

function persistTo(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--persist-to") return argv[i + 1];
    if (argv[i].startsWith("--persist-to=")) return argv[i].slice("--persist-to=".length);
  }
  return undefined;
}

const persist = persistTo(process.argv.slice(2));
const local = ["--local", ...(persist ? ["--persist-to", resolve(persist)] : [])];

/** Runs wrangler quietly; its output is shown only when it fails. */
function run(args: string[]): string {
  const result = spawnSync(wrangler, args, {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    // CI=true keeps wrangler from asking for confirmation.
    env: { ...process.env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  if (result.error || result.status !== 0) {
    process.stderr.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed${result.error ? `: ${result.error.message}` : ""}`);
  }
  return result.stdout;
}

/** The rows of one SELECT. */
function query<Row>(sql: string): Row[] {
  const out = run(["d1", "execute", "DB", ...local, "--json", "--command", sql]);
  const parsed = JSON.parse(out.slice(out.indexOf("["))) as { results: Row[] }[];
  return parsed[0]?.results ?? [];
}

const count = (sql: string) => Number(query<{ n: number }>(sql)[0]?.n ?? 0);

/** Runs a .sql script written to a folder of its own, removed afterwards. */
function runScript(script: string) {
  const dir = mkdtempSync(join(tmpdir(), "ovation-seed-"));
  const file = join(dir, "seed.sql");
  try {
    writeFileSync(file, script);
    run(["d1", "execute", "DB", ...local, "--file", file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A catalog seeded before search's index existed gets the index of its own rows. */
function backfillSearchIndex() {
  if (count(SEARCH_INDEX_COUNT) > 0) return;
  const { script, names } = searchBackfillScript({
    tours: query(SEARCH_BACKFILL_READS.tours),
    venues: query(SEARCH_BACKFILL_READS.venues),
    locations: query(SEARCH_BACKFILL_READS.locations),
    categories: query(SEARCH_BACKFILL_READS.categories),
  });
  if (names === 0) return;
  console.log(`db:setup: indexing the catalog for search (${names} names)`);
  runScript(script);
}

async function main() {
  const where = persist ? ` in ${resolve(persist)}` : "";
  console.log(`db:setup: applying migrations${where}`);
  run(["d1", "migrations", "apply", "DB", ...local]);

  const tours = count("SELECT COUNT(*) AS n FROM tours");
  if (tours > 0) {
    console.log(`db:setup: catalog already seeded (${tours} tours), leaving it as it is`);
    backfillSearchIndex();
    return;
  }

  const anchor = new Date();
  // The provider and support accounts come with a fresh catalog (README: 'Sign in as provider or support').
  const catalog = await withDemoStaff(demoCatalog(anchor), anchor);
  console.log(
    `db:setup: seeding ${catalog.tours.length} tours, ${catalog.shows.length} shows, ` +
      `${catalog.sessions.length} sessions, ${catalog.listings.length} listings, ${catalog.users.length} staff accounts`,
  );
  runScript(toSqlScript(catalog));
  console.log("db:setup: done");
}

main().catch((error: unknown) => {
  console.error(`db:setup: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
