/**
 * Search's figures (`npm run bench`; BENCH_SEARCH=0 skips them): the server's latency for
 * suggestions as a buyer types, every prefix (1..N characters) of several names asked in turn
 * on one connection, as the search field asks, on the seeded catalog and on a synthetic catalog
 * of BENCH_SEARCH_TOURS tours (10,000) and BENCH_SEARCH_SHOWS shows (50,000) named in both
 * languages, generated here into a local D1 of its own (never committed as data).
 *
 * On the synthetic catalog it also weighs the index against FTS5's trigram tokenizer (decision
 * 290): the same names in an FTS5 table beside ours, each typed prefix looked up in both through
 * the D1 binding, the FTS5 table dropped afterwards (D1 cannot export a database holding one).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { join } from "node:path";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { catalogSearchRows } from "../../functions/market/search/catalog-index";
import { searchKey } from "../../functions/market/search/match";
import { candidateNames } from "../../functions/market/search/search";
import type { DemoCatalog } from "../../functions/seed";
import { CURRENCIES, LANGUAGES, demoLocations } from "../../functions/seed/places";
import { Prng } from "../../functions/seed/prng";
import { toSqlStatements } from "../../functions/seed/sql";
import { demoCategories } from "../../functions/seed/taxonomy";
import { TOURS } from "../../functions/seed/tours";
import { demoVenues } from "../../functions/seed/venues";
import { fetchOnce, percentiles, setting, type Percentiles } from "./load";
import type { RouteJs } from "./route-js";
import { ROOT } from "./serve";
import { GZIP_LEVEL } from "./size";

export const searchSettings = {
  tours: Math.round(setting("BENCH_SEARCH_TOURS", 10_000, 1)),
  shows: Math.round(setting("BENCH_SEARCH_SHOWS", 50_000, 1)),
  /** Times each prefix is asked (the first pass is a warm-up and not counted). */
  repeats: Math.round(setting("BENCH_SEARCH_REPEATS", 5, 1)),
};

/** Names typed on the seeded catalog: an artist, a title, a nickname, a city and a category, in both scripts. */
const SEEDED_NAMES = ["NOVA SEVEN", "Cheryl Mak", "Hong Kong Coliseum", "麥芷晴", "紅館", "演唱會", "The Lantern Keeper"];

export interface SearchFigures {
  catalog: string;
  /** p99 by the keyword's length in characters: 1, 2, 3 and more. */
  p99ByLength: Record<string, number>;
  prefixes: number;
  requests: number;
  latencyMs: Percentiles;
  slowest: { keyword: string; ms: number };
  errors: number;
}

export interface IndexChoice {
  names: number;
  lookups: number;
  ours: Percentiles;
  fts5: Percentiles & { count: number };
  /** FTS5 with trigrams cannot look up a keyword shorter than three characters. */
  fts5Skipped: number;
}

export interface SearchResult {
  seeded?: SearchFigures;
  synthetic?: SearchFigures;
  choice?: IndexChoice;
  notes: string[];
}

const prefixesOf = (names: string[]) => names.flatMap((name) => Array.from(name).map((_, i) => Array.from(name).slice(0, i + 1).join("")));

/** Asks every prefix of `names` `repeats` times, one request at a time, as the field would. */
async function typed(origin: string, catalog: string, names: string[], repeats: number): Promise<SearchFigures> {
  const prefixes = prefixesOf(names);
  const latencies: number[] = [];
  const byLength: Record<string, number[]> = { "1": [], "2": [], "3+": [] };
  let errors = 0;
  let slowest = { keyword: "", ms: 0 };
  for (let round = 0; round <= repeats; round++) {
    for (const keyword of prefixes) {
      const started = performance.now();
      const reply = await fetchOnce({ url: `${origin}/pub/home/v1/search?keyword=${encodeURIComponent(keyword)}&pageSize=8`, headers: { accept: "application/json" } });
      const ms = performance.now() - started;
      const ok = reply.status === 200 && (JSON.parse(reply.body) as { statusCode: number }).statusCode === 200;
      if (!ok) errors += 1;
      if (round === 0) continue;
      latencies.push(ms);
      byLength[Math.min(Array.from(keyword).length, 3) === 3 ? "3+" : String(Array.from(keyword).length)].push(ms);
      if (ms > slowest.ms) slowest = { keyword, ms };
    }
  }
  const p99ByLength = Object.fromEntries(Object.entries(byLength).map(([length, values]) => [length, percentiles(values).p99]));
  return { catalog, p99ByLength, prefixes: prefixes.length, requests: latencies.length, latencyMs: percentiles(latencies), slowest, errors };
}

// ---- the synthetic catalog ---------------------------------------------------------------------

const SYLLABLES = ["ka", "ri", "no", "va", "se", "mi", "lo", "ten", "sha", "dor", "el", "an", "ru", "bo", "zen", "li", "mar", "ko", "ta", "vi", "ne", "so", "ha", "jin", "ray", "ol", "fe", "du", "ex", "qu"];
const WORDS = ["World", "Tour", "Live", "Night", "Concert", "Festival", "Dream", "Echo", "Summer", "Neon", "Story", "Show", "Encore", "Island", "Light"];

/** The Chinese of the seed's own tours, as a pool of characters real names are written with. */
function hanPool(): string[] {
  const chars = new Set<string>();
  for (const tour of TOURS) for (const char of tour.titleZh + tour.artistZh + tour.descriptionZh) if (/\p{Script=Han}/u.test(char)) chars.add(char);
  return [...chars];
}

/** Tours named in both languages, each with shows at the seed's venues and one or two sessions each, all to come. */
export function syntheticCatalog(anchor: number, tourCount: number, showCount: number): DemoCatalog {
  const prng = Prng.for("bench-search");
  const pick = <T>(list: readonly T[]) => list[prng.int(0, list.length - 1)];
  const han = hanPool();
  const latinWord = () => {
    const word = Array.from({ length: prng.int(2, 3) }, () => pick(SYLLABLES)).join("");
    return word[0].toUpperCase() + word.slice(1);
  };
  const hanWord = (length: number) => Array.from({ length }, () => pick(han)).join("");
  const categories = demoCategories();
  const { venues, venueSections } = demoVenues();
  const tours: DemoCatalog["tours"] = [];
  for (let id = 1; id <= tourCount; id++) {
    const artistEn = `${latinWord()} ${latinWord()}`;
    const artistZh = hanWord(prng.int(2, 4));
    tours.push({
      id,
      slug: `bench-tour-${id}`,
      categoryId: pick(categories).id!,
      titleEn: `${artistEn}: ${pick(WORDS)} ${latinWord()} ${pick(WORDS)}`,
      titleZh: `${artistZh}《${hanWord(prng.int(2, 5))}》${hanWord(prng.int(3, 5))}`,
      artistEn,
      artistZh,
      descriptionEn: "",
      descriptionZh: "",
      posterSeed: prng.int(1, 2_147_483_646),
      posterPalette: "neon-night",
      popularity: prng.int(0, 100),
      createdAt: anchor - 30 * 86_400_000,
    });
  }
  const shows: DemoCatalog["shows"] = [];
  const sessions: DemoCatalog["sessions"] = [];
  for (let id = 1; id <= showCount; id++) {
    const venue = pick(venues);
    const status = prng.next() < 0.85 ? "ONSALE" : prng.next() < 0.5 ? "PENDING" : "CANCEL";
    shows.push({ id, tourId: ((id - 1) % tourCount) + 1, venueId: venue.id!, cityCode: venue.cityCode, status, saleStartsAt: anchor - 86_400_000 });
    const first = anchor + prng.int(1, 300) * 86_400_000;
    const runLength = prng.int(1, 2);
    for (let n = 0; n < runLength; n++) {
      const startsAt = first + n * 86_400_000;
      sessions.push({ id: sessions.length + 1, showId: id, startsAt, saleEndsAt: startsAt - 7_200_000 });
    }
  }
  const locations = demoLocations();
  return {
    languages: LANGUAGES,
    currencies: CURRENCIES,
    locations,
    categories,
    tags: [],
    venues,
    venueSections,
    tours,
    tourTags: [],
    shows,
    sessions,
    sellers: [],
    listings: [],
    sessionPricePoints: [],
    ...catalogSearchRows({ tours, venues, locations, categories }),
    users: [],
    accountRoles: [],
  };
}

/** The D1 of wrangler.toml (its id names the local database's file). */
const DATABASE_ID = "00000000-0000-0000-0000-000000000000";
const quietEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" };

/**
 * A D1 state folder holding the synthetic catalog, migrated by wrangler and filled through
 * Miniflare's D1; the FTS5 comparison runs on it before the server opens it.
 */
export async function syntheticState(stateDir: string, notes: string[]): Promise<{ catalog: DemoCatalog; choice: IndexChoice }> {
  const migrated = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir], { cwd: ROOT, env: quietEnv, encoding: "utf8" });
  if (migrated.status !== 0) throw new Error(`synthetic catalog: migrations failed:\n${migrated.stderr}`);
  const started = performance.now();
  const catalog = syntheticCatalog(Date.now(), searchSettings.tours, searchSettings.shows);
  const { Log, LogLevel, Miniflare } = await import("miniflare");
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 204 }); } }",
    // Offline: no request.cf data to fetch (its warning reads like a failure).
    cf: false,
    d1Databases: { DB: DATABASE_ID },
    defaultPersistRoot: join(stateDir, "v3"),
    log: new Log(LogLevel.WARN),
  });
  try {
    const db = await mf.getD1Database("DB");
    const statements = toSqlStatements(catalog);
    for (let i = 0; i < statements.length; i += 50) await db.batch(statements.slice(i, i + 50).map((statement) => db.prepare(statement)));
    notes.push(
      `search: synthetic catalog of ${catalog.tours.length} tours, ${catalog.shows.length} shows, ${catalog.sessions.length} sessions; ` +
        `index ${catalog.searchNames.length} names, ${catalog.searchWords.length} word keys, ${catalog.searchGrams.length} grams; written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const choice = await compareWithFts5(db, catalog);
    return { catalog, choice };
  } finally {
    await mf.dispose();
  }
}

/** Typed prefixes of the synthetic names: a few artists and titles in each script. */
function syntheticNames(catalog: DemoCatalog): string[] {
  const tours = [catalog.tours[0], catalog.tours[Math.floor(catalog.tours.length / 2)], catalog.tours[catalog.tours.length - 1]];
  return [...tours.flatMap((tour) => [tour.artistEn, tour.artistZh, tour.titleEn.slice(0, 18)]), "Hong Kong", "演唱會"];
}

/** Looks every prefix up in our index (the search's own candidate statement) and in an FTS5 trigram table of the same names. */
async function compareWithFts5(db: D1Database, catalog: DemoCatalog): Promise<IndexChoice> {
  await db.batch([
    db.prepare("CREATE VIRTUAL TABLE bench_fts USING fts5(name, tokenize = 'trigram')"),
    db.prepare("INSERT INTO bench_fts (rowid, name) SELECT id, name FROM search_names"),
  ]);
  const dialect = new SQLiteSyncDialect();
  const ours: number[] = [];
  const fts5: number[] = [];
  let skipped = 0;
  const prefixes = prefixesOf(syntheticNames(catalog));
  try {
    for (let round = 0; round <= searchSettings.repeats; round++) {
      for (const keyword of prefixes) {
        const { sql, params } = dialect.sqlToQuery(candidateNames(searchKey(keyword)));
        let started = performance.now();
        await db.prepare(sql).bind(...params).all();
        if (round > 0) ours.push(performance.now() - started);
        if (Array.from(keyword).length < 3) {
          if (round > 0) skipped += 1;
          continue;
        }
        // A phrase: FTS5's syntax (quotes, NEAR, OR, *) is what a keyword must never reach unescaped.
        started = performance.now();
        await db.prepare("SELECT rowid FROM bench_fts WHERE bench_fts MATCH ? LIMIT 5000").bind(`"${keyword.replaceAll('"', '""')}"`).all();
        if (round > 0) fts5.push(performance.now() - started);
      }
    }
  } finally {
    await db.prepare("DROP TABLE bench_fts").run();
  }
  return { names: catalog.searchNames.length, lookups: prefixes.length, ours: percentiles(ours), fts5: { ...percentiles(fts5), count: fts5.length }, fts5Skipped: skipped };
}

/**
 * The figures: the seeded catalog on the running server at `origin`, then the synthetic catalog
 * on a server of its own, started by `serveSynthetic` on the state folder prepared here.
 */
export async function searchBench(
  origin: string,
  syntheticDir: string,
  serveSynthetic: (stateDir: string) => Promise<{ url: string; stop: () => Promise<void> }>,
): Promise<SearchResult> {
  const result: SearchResult = { notes: [] };
  result.seeded = await typed(origin, "seeded", SEEDED_NAMES, searchSettings.repeats);
  const { catalog, choice } = await syntheticState(syntheticDir, result.notes);
  result.choice = choice;
  const server = await serveSynthetic(syntheticDir);
  try {
    result.synthetic = await typed(server.url, `synthetic (${catalog.tours.length} tours, ${catalog.shows.length} shows)`, syntheticNames(catalog), searchSettings.repeats);
  } finally {
    await server.stop();
  }
  return result;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "—");

/** What the search field costs home's first visit (its own chunk, gzip bytes), and the combobox it fetches on focus. */
export interface SearchFieldJs {
  field: number | null;
  combobox: number | null;
}

/** Read from the build: the field's chunk among home's first-visit files, the combobox's chunk in the assets. */
export function searchFieldJs(clientDir: string, home: RouteJs | undefined): SearchFieldJs {
  const field = home?.files.find((file) => /(^|\/)search-field-[^/]+\.js$/.test(file.path))?.gzip ?? null;
  const assets = join(clientDir, "assets");
  const combobox = readdirSync(assets).find((name) => /^search-combobox-[^/]+\.js$/.test(name));
  return { field, combobox: combobox ? gzipSync(readFileSync(join(assets, combobox)), { level: GZIP_LEVEL }).length : null };
}

const kib = (bytes: number | null) => (bytes === null ? "—" : (bytes / 1024).toFixed(2));

export function searchReport(result: SearchResult, js?: SearchFieldJs): string[] {
  const out = ["", "Search suggestions (GET /pub/home/v1/search, every prefix typed in turn on one connection, latency to the last byte):"];
  if (js) out.push(`  JS: the search field adds ${kib(js.field)} KiB gzip to home's first visit (goal ≤ 3); its combobox, fetched when the field is focused, ${kib(js.combobox)} KiB`);
  for (const figures of [result.seeded, result.synthetic]) {
    if (!figures) continue;
    out.push(
      `  ${figures.catalog}: ${figures.prefixes} prefixes × ${searchSettings.repeats}, p50 ${ms(figures.latencyMs.p50)} ms, p99 ${ms(figures.latencyMs.p99)} ms, ` +
        `max ${ms(figures.latencyMs.max)} ms ("${figures.slowest.keyword}")${figures.errors ? `, ${figures.errors} failed` : ""}; goal p99 ≤ 30 ms at 10,000 tours`,
      `    p99 by keyword length: 1 character ${ms(figures.p99ByLength["1"])} ms, 2 characters ${ms(figures.p99ByLength["2"])} ms, 3 or more ${ms(figures.p99ByLength["3+"])} ms`,
    );
  }
  if (result.choice) {
    const { choice } = result;
    out.push(
      `  index lookup over ${choice.names} names (D1 binding, ${choice.lookups} prefixes): ours p50 ${ms(choice.ours.p50)} / p99 ${ms(choice.ours.p99)} ms; ` +
        `FTS5 trigram p50 ${ms(choice.fts5.p50)} / p99 ${ms(choice.fts5.p99)} ms, ${choice.fts5Skipped} of its ${choice.fts5Skipped + choice.fts5.count} lookups not made (under three characters, which trigrams cannot match)`,
    );
  }
  out.push(...result.notes.map((note) => `  note: ${note}`));
  return out;
}
