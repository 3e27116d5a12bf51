/**
 * `npm run bench`: server-rendering speed of Ovation's main screens as ratios to a bare React
 * streaming page served by the same workerd process in the same run, and the JS/CSS each screen
 * downloads on a first visit against its budget. It reports and never fails: a broken route
 * gets its error printed in its row, and the exit code is always 0, because figures move with
 * the machine and belong in review, not in a red build.
 *
 * Settings (env): BENCH_SECONDS measured seconds per target (10), BENCH_CONNECTIONS concurrent
 * connections (8), BENCH_WARMUP_SECONDS per target (2), BENCH_ROUNDS (2: targets alternate, so
 * drift on a shared machine spreads over all of them), BENCH_SKIP_BUILD=1 to bundle the
 * existing build/, BENCH_TOUR_ID to choose the tour page.
 *
 * Then purchase contention (contention.ts) on the same server: BENCH_CONTENTION_BUYERS fresh
 * buyers per scenario (200), BENCH_CONTENTION_CONNECTIONS create calls in flight (32),
 * BENCH_CONTENTION_LISTINGS for "many listings" (100); BENCH_CONTENTION=0 skips it.
 *
 * Then the waiting room through one shard (queue.ts; its BENCH_QUEUE_* settings there);
 * BENCH_QUEUE=0 skips it.
 * Then chat through the conversations' objects (chat.ts): BENCH_CHAT=0 skips it.
 * Between the SSR figures and contention, Lighthouse mobile on the buyer's journey (lighthouse.ts):
 * BENCH_LIGHTHOUSE_RUNS per page (3, median reported), then each page's accessibility once in the
 * other themes and languages (dark, zh-HK); BENCH_LIGHTHOUSE=0 skips both. Then home, Explore, the
 * tour and pick-seat again as a host at Lighthouse's benchmark index 1,000 would see them, and home
 * with its scripts refused (lighthouse.ts `slowHostFigures`); BENCH_LIGHTHOUSE_SLOW=0 skips it.
 * First, on the idle server, search's suggestions (search.ts): the seeded catalog, then a synthetic
 * one of BENCH_SEARCH_TOURS tours and BENCH_SEARCH_SHOWS shows on a server of its own, with the
 * index weighed against FTS5; BENCH_SEARCH=0 skips it.
 * Then a far primary, simulated (far-primary.ts): the bundle served twice more, with D1's
 * primary next door and BENCH_FAR_PRIMARY_MS (80) away, each journey page's first byte
 * (BENCH_FAR_PRIMARY_REQUESTS in a row, 10) and LCP on both; BENCH_FAR_PRIMARY=0 skips it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chatBench, chatReport, type ChatResult } from "./chat";
import { SESSION_COOKIE, contention, contentionReport, registerBuyers, type ContentionResult } from "./contention";
import { farPrimaryBench, farPrimaryReport, type FarPrimaryResult } from "./far-primary";
import { queueBench, queueReport, type QueueResult } from "./queue";
import { accessibilityFigures, accessibilityReport, journeyPages, lighthouseFigures, lighthouseReport, slowHostFigures, slowHostReport, type AccessibilityFigures, type LighthouseFigures, type SlowHost } from "./lighthouse";
import { BROWSER_HEADERS, fetchOnce, load, mergeSamples, setting, summarise, type LoadSamples, type LoadSummary, type LoadTarget } from "./load";
import { BASELINE_HOST, ROOT, bundleBaseline, bundleOvation, prepareState, startServer, type RunningServer } from "./serve";
import { BUYER_PATH_BUDGET_GZIP, BUYER_PATH_ROUTES, GZIP_LEVEL, JS_BUDGET_GZIP, JS_FLOOR_BUDGET_GZIP, htmlSize, jsBudgetOf, measureRoute, type RouteSize } from "./size";
import { routeJs, type RouteJs } from "./route-js";
import { searchBench, searchFieldJs, searchReport, searchSettings, type SearchFieldJs, type SearchResult } from "./search";

/** The screens of a buyer's way to a paid order, by route id, for the manifest's JS figures. */

const settings = {
  seconds: setting("BENCH_SECONDS", 10, 1),
  connections: Math.round(setting("BENCH_CONNECTIONS", 8, 1)),
  warmupSeconds: setting("BENCH_WARMUP_SECONDS", 2, 0),
  rounds: Math.round(setting("BENCH_ROUNDS", 2, 1)),
  skipBuild: process.env.BENCH_SKIP_BUILD === "1",
  contention: process.env.BENCH_CONTENTION !== "0",
  lighthouse: process.env.BENCH_LIGHTHOUSE !== "0",
  lighthouseRuns: Math.round(setting("BENCH_LIGHTHOUSE_RUNS", 3, 1)),
  slowHost: process.env.BENCH_LIGHTHOUSE_SLOW !== "0",
  farPrimary: process.env.BENCH_FAR_PRIMARY !== "0",
  search: process.env.BENCH_SEARCH !== "0",
};
const farPrimarySettings = {
  delayMs: setting("BENCH_FAR_PRIMARY_MS", 80, 0),
  requests: Math.round(setting("BENCH_FAR_PRIMARY_REQUESTS", 10, 1)),
};
const contentionSettings = {
  buyers: Math.round(setting("BENCH_CONTENTION_BUYERS", 200, 1)),
  connections: Math.round(setting("BENCH_CONTENTION_CONNECTIONS", 32, 1)),
  listings: Math.round(setting("BENCH_CONTENTION_LISTINGS", 100, 1)),
};

interface Row {
  name: string;
  path: string;
  /** The baseline is reached by host name on the same server. */
  host?: string;
  /** A signed-in viewer's session cookie: the page is rendered for them, never answered from the edge cache. */
  cookie?: string;
  status?: number;
  html?: { raw: number; gzip: number };
  load?: LoadSummary;
  /** Route figure divided by the baseline's: rps above 1 is faster, latency above 1 is slower. */
  ratio?: { rps: number; p50: number; p99: number };
  size?: RouteSize;
  error?: string;
  note?: string;
}

const started = Date.now();
/** When each phase began, in seconds from the start: a slow run says where its time went. */
const phases: { phase: string; at: number }[] = [];
const progress = (phase: string) => {
  const at = (Date.now() - started) / 1000;
  phases.push({ phase, at });
  process.stderr.write(`bench: ${phase} (${at.toFixed(0)} s)\n`);
};
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function commit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

/** The cores this process may run on, as taskset lists them ("0-3,6" → [0, 1, 2, 3, 6]). */
function allowedCpus(): number[] | null {
  const result = spawnSync("taskset", ["-c", "-p", String(process.pid)], { encoding: "utf8" });
  const list = result.status === 0 ? /:\s*([\d,-]+)\s*$/.exec(result.stdout)?.[1] : undefined;
  if (!list) return null;
  return list.split(",").flatMap((part) => {
    const [from, to = from] = part.split("-").map(Number);
    return Array.from({ length: to - from + 1 }, (_, index) => from + index);
  });
}

/** Sets the cores this process and its threads (and what it starts from then on) may run on. */
function setAffinity(cpus: number[]): boolean {
  return spawnSync("taskset", ["-a", "-p", "-c", cpus.join(","), String(process.pid)], { stdio: "ignore" }).status === 0;
}

interface Pinning {
  /** The server's core, or null when unpinned. */
  serverCpu: number | null;
  /** Every core this process was allowed at the start, and the load generator's share of them (null when unpinned). */
  allCpus: number[] | null;
  loadCpus: number[] | null;
  note: string;
}

/**
 * Two cores or more: the server gets the last one and this process (the load generator) the
 * rest, so neither measures the other's work.
 */
function pinCores(): Pinning {
  const allowed = allowedCpus();
  if (!allowed) return { serverCpu: null, allCpus: null, loadCpus: null, note: "not pinned (taskset unavailable)" };
  if (allowed.length < 2) return { serverCpu: null, allCpus: allowed, loadCpus: null, note: `not pinned: only cpu ${allowed.join(",")} is available` };
  const serverCpu = allowed[allowed.length - 1];
  const loadCpus = allowed.slice(0, -1);
  const pinned = setAffinity(loadCpus);
  return {
    serverCpu,
    allCpus: allowed,
    loadCpus: pinned ? loadCpus : null,
    note: `server on cpu ${serverCpu}, load generator on cpu ${pinned ? loadCpus.join(",") : "any (pinning failed)"}`,
  };
}

/**
 * Runs `work` with this process, and what it starts meanwhile, on every core it was allowed at
 * the start (Lighthouse's Chromium, the waiting room's own workerd), then puts it back on the load
 * generator's. `work` is told whether the cores were widened.
 */
async function onEveryCore<T>(pinning: Pinning, work: (widened: boolean) => Promise<T>): Promise<T> {
  const { allCpus, loadCpus } = pinning;
  const widened = allCpus !== null && loadCpus !== null && setAffinity(allCpus);
  try {
    return await work(widened);
  } finally {
    if (widened) setAffinity(loadCpus!);
  }
}

/** How many baseline cards make a page of `bytes`: two sizes measured, a line through them. */
async function calibrateBaseline(origin: string, bytes: number): Promise<number> {
  const size = async (cards: number) =>
    Buffer.byteLength((await fetchOnce({ url: `${origin}/?cards=${cards}`, headers: { ...BROWSER_HEADERS, host: BASELINE_HOST } })).body);
  const [empty, fifty] = [await size(0), await size(50)];
  const perCard = (fifty - empty) / 50;
  if (!(perCard > 0)) throw new Error(`cards do not change the page size (${empty} and ${fifty} bytes)`);
  return Math.max(0, Math.round((bytes - empty) / perCard));
}

/** What a run has produced so far, kept outside `bench` so a failure midway still cleans up and reports. */
interface Run {
  rows: Row[];
  notes: string[];
  workDir?: string;
  /** The database's folder when it lives in memory, apart from workDir (stateFolder). */
  stateRoot?: string;
  server?: RunningServer;
  baselineCards?: number;
  contention?: ContentionResult;
  queue?: QueueResult;
  chat?: ChatResult;
  lighthouse?: LighthouseFigures[];
  slowHost?: SlowHost;
  accessibility?: AccessibilityFigures[];
  farPrimary?: FarPrimaryResult;
  journeyJs?: RouteJs[];
  searchJs?: SearchFieldJs;
  search?: SearchResult;
}

/** Free bytes /dev/shm must have to hold the database (a seeded state is a few MB). */
const MEMORY_STATE_MIN_FREE = 256 * 1024 * 1024;

/**
 * Where the server's local D1 lives: in memory (/dev/shm) where the machine has room, else in
 * the work folder. Local D1 is a SQLite file that workerd commits with fsync on its one thread,
 * so on a disk every placed order stalled every request in flight for the length of a disk
 * flush; deployed D1 commits apart from the Worker, so the disk's flush is the simulation's
 * cost, not the product's (decisions 181). Returns the folder to remove afterwards, if any.
 */
function stateFolder(workDir: string): { stateDir: string; stateRoot?: string } {
  try {
    const shm = statfsSync("/dev/shm");
    if (shm.bavail * shm.bsize >= MEMORY_STATE_MIN_FREE) {
      const stateRoot = mkdtempSync("/dev/shm/ovation-bench-");
      return { stateDir: join(stateRoot, "state"), stateRoot };
    }
  } catch {
    // No /dev/shm (not Linux): the work folder it is.
  }
  return { stateDir: join(workDir, "state") };
}

async function bench(run: Run): Promise<void> {
  const { rows, notes } = run;
  const workDir = mkdtempSync(join(tmpdir(), "ovation-bench-"));
  run.workDir = workDir;

  progress(settings.skipBuild ? "bundling the existing build" : "building and bundling");
  const bundle = bundleOvation(workDir, { skipBuild: settings.skipBuild });
  if (bundle.lockWaitSeconds >= 1) notes.push(`waited ${bundle.lockWaitSeconds.toFixed(0)} s for the shared build lock`);
  const baselineScript = await bundleBaseline(workDir);
  try {
    const byRoute = routeJs(bundle.clientDir);
    run.journeyJs = ["root", ...BUYER_PATH_ROUTES].flatMap((id) => byRoute.get(id) ?? []);
    run.searchJs = searchFieldJs(bundle.clientDir, byRoute.get("routes/home"));
  } catch (error) {
    notes.push(`first-visit JS by route unavailable: ${messageOf(error)}`);
  }
  progress("setting up the database");
  const { stateDir, stateRoot } = stateFolder(workDir);
  run.stateRoot = stateRoot;
  const state = prepareState(stateDir);
  if (state.note) notes.push(state.note);
  if (state.cached) notes.push("database: seeded state reused from .cache/bench (same schema, seed and day)");
  notes.push(stateRoot ? "database: local D1 in memory (/dev/shm)" : "database: local D1 on disk (no room in /dev/shm): contention pays the disk's flushes");

  const pinning = pinCores();
  notes.push(pinning.note);
  progress("starting workerd");
  const serveConfig = { workerDir: bundle.workerDir, clientDir: bundle.clientDir, baselineScript, stateDir };
  const server = await startServer(serveConfig, pinning.serverCpu);
  run.server = server;
  if (server.tourNote) notes.push(server.tourNote);

  // Before the SSR figures, while the server is idle and its database as seeded.
  if (settings.search) {
    progress(`search (${searchSettings.tours} tours for the synthetic catalog)`);
    run.search = await searchBench(server.url, join(stateRoot ?? workDir, "search-synthetic"), (syntheticDir) =>
      startServer({ ...serveConfig, stateDir: syntheticDir }, pinning.serverCpu),
    );
  }

  const routes: Row[] = [
    { name: "home", path: "/" },
    { name: "show list", path: "/show-list" },
    server.tourId === null
      ? { name: "tour detail", path: "/tourDetail?id=…", error: server.tourNote ?? "no tour to request" }
      : { name: "tour detail", path: `/tourDetail?id=${encodeURIComponent(server.tourId)}` },
  ];
  // The same screens for a signed-in viewer: rendered on every request, as the edge cache keeps
  // only signed-out pages (functions/web/page-cache.ts).
  try {
    const [token] = await registerBuyers(server.url, 1, `ssr-${Date.now()}`, 1);
    const cookie = `${SESSION_COOKIE}=${token}`;
    routes.push(...routes.filter((row) => !row.error).map((row) => ({ name: `${row.name} (signed in)`, path: row.path, cookie })));
  } catch (error) {
    notes.push(`signed-in rows skipped: ${messageOf(error)}`);
  }
  const targetOf = (row: Row): LoadTarget => ({
    url: `${server.url}${row.path}`,
    headers: { ...BROWSER_HEADERS, ...(row.host ? { host: row.host } : {}), ...(row.cookie ? { cookie: row.cookie } : {}) },
  });

  // First visits: status, HTML and the assets it pulls in.
  for (const row of routes.filter((r) => !r.error)) {
    try {
      const first = await fetchOnce(targetOf(row));
      row.status = first.status;
      if (first.status >= 400) row.note = `answers HTTP ${first.status}: the figures are for that answer, not the screen`;
      row.html = htmlSize(first.body);
      row.size = measureRoute(first.body, bundle.clientDir);
      if (row.size.js.notPreloaded.length > 0) notes.push(`${row.name}: JS imported but not preloaded by the HTML: ${row.size.js.notPreloaded.join(", ")}`);
    } catch (error) {
      row.error = messageOf(error);
    }
  }

  const home = routes[0];
  let baselineCards = 40;
  try {
    if (home.html) baselineCards = await calibrateBaseline(server.url, home.html.raw);
    else notes.push("home page unavailable: baseline left at 40 cards");
  } catch (error) {
    notes.push(`baseline calibration failed (${messageOf(error)}): left at 40 cards`);
  }
  run.baselineCards = baselineCards;
  const baseline: Row = { name: "baseline (React stream)", path: `/?cards=${baselineCards}`, host: BASELINE_HOST };
  try {
    const first = await fetchOnce(targetOf(baseline));
    baseline.status = first.status;
    baseline.html = htmlSize(first.body);
  } catch (error) {
    baseline.error = messageOf(error);
  }
  rows.push(baseline, ...routes);

  const measured = rows.filter((row) => !row.error);
  if (settings.warmupSeconds > 0) {
    progress(`warming up (${settings.warmupSeconds} s per target)`);
    for (const row of measured) await load(targetOf(row), { connections: settings.connections, seconds: settings.warmupSeconds });
  }
  const samples = new Map<Row, LoadSamples[]>(measured.map((row) => [row, []]));
  for (let round = 1; round <= settings.rounds; round++) {
    progress(`measuring, round ${round} of ${settings.rounds}`);
    for (const row of measured) {
      samples.get(row)!.push(await load(targetOf(row), { connections: settings.connections, seconds: settings.seconds / settings.rounds }));
    }
  }
  for (const row of measured) {
    row.load = summarise(mergeSamples(samples.get(row)!));
    if (row.load.requests === 0) row.error = `no request completed${row.load.firstError ? `: ${row.load.firstError}` : ""}`;
    const troubles = [row.note];
    if (row.load.errors > 0) troubles.push(`${row.load.errors} request(s) failed: ${row.load.firstError}`);
    const unexpected = Object.entries(row.load.statuses).filter(([status]) => Number(status) !== row.status);
    if (unexpected.length > 0) troubles.push(`under load also answered ${unexpected.map(([status, count]) => `HTTP ${status} ×${count}`).join(", ")}`);
    row.note = troubles.filter(Boolean).join("; ") || undefined;
  }
  const base = baseline.load && baseline.load.requests > 0 ? baseline.load : undefined;
  if (base) {
    for (const row of routes) {
      if (!row.load || row.load.requests === 0) continue;
      row.ratio = {
        rps: row.load.rps / base.rps,
        p50: row.load.latencyMs.p50 / base.latencyMs.p50,
        p99: row.load.latencyMs.p99 / base.latencyMs.p99,
      };
    }
  }

  // After the SSR figures and on an otherwise idle server: one browser, one page at a time.
  if (settings.lighthouse) {
    progress(`lighthouse (${settings.lighthouseRuns} run(s) per page)`);
    const journey = await journeyPages(server.url, server.tourId);
    if (journey.note) notes.push(journey.note);
    // Chromium on every core, the server's too (it only answers one page's requests at a time):
    // Lighthouse multiplies the main thread's observed tasks by four, assuming a host whose other
    // processes (browser, GPU, network) do not take turns with it. Squeezed onto the one core the
    // load generator keeps on a two-core machine, every task's wall time grew with theirs and
    // blocking time tripled (docs/decisions.md 180).
    await onEveryCore(pinning, async (widened) => {
      if (widened) notes.push(`Lighthouse: Chromium on cpu ${pinning.allCpus!.join(",")}`);
      run.lighthouse = await lighthouseFigures(server.url, journey.pages, journey.cookie, settings.lighthouseRuns);
      if (settings.slowHost) {
        progress("lighthouse as a slow host");
        run.slowHost = (await slowHostFigures(server.url, journey.pages, settings.lighthouseRuns, run.lighthouse)) ?? undefined;
      }
      run.accessibility = await accessibilityFigures(server.url, journey.pages, journey.cookie);
    });
  }

  // After the SSR figures, on servers of their own (each its own copy of the seeded database):
  // the main server stays idle meanwhile and its database untouched for what follows.
  if (settings.farPrimary) {
    progress(`far primary (${farPrimarySettings.delayMs} ms)`);
    // Chromium paints on every core, as for Lighthouse; the servers keep the server's core.
    run.farPrimary = await onEveryCore(pinning, () =>
      farPrimaryBench((farPrimaryMs) => {
        const farState = join(stateRoot ?? workDir, `far-primary-${farPrimaryMs}`);
        prepareState(farState);
        return startServer({ ...serveConfig, stateDir: farState, farPrimaryMs }, pinning.serverCpu);
      }, farPrimarySettings),
    );
  }

  // After the SSR figures, so the orders it places change none of them.
  if (settings.contention) {
    progress("purchase contention");
    run.contention = await contention(server.url, contentionSettings, server.pid || null);
  }
  if (process.env.BENCH_CHAT !== "0") {
    progress("chat");
    run.chat = await chatBench(server.url, { conversations: Math.round(setting("BENCH_CHAT_CONVERSATIONS", 100, 1)) });
  }
  // The waiting room runs in its own workerd (queue.ts), after the server's figures are taken,
  // on every core as when run alone: left on the load generator's one core, its workerd and its
  // buyers took turns there and its wait beyond the schedule read p99 1.96 s for 0.2-0.4 s.
  if (process.env.BENCH_QUEUE !== "0") {
    progress("waiting room");
    run.queue = await onEveryCore(pinning, () => queueBench());
  }
}

// ---- report ----------------------------------------------------------------------------------

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const fixed = (value: number | undefined, digits: number) => (value === undefined || !Number.isFinite(value) ? "—" : value.toFixed(digits));

function table(rows: Row[]): string {
  const header = ["route", "status", "HTML KB", "req/s", "×base", "p50 ms", "×base", "p99 ms", "×base", "JS gz KiB", `vs ${kib(JS_BUDGET_GZIP)}`, "CSS gz KiB head/linked"];
  const lines = rows.map((row) => {
    const own = row.host === BASELINE_HOST && row.load ? 1 : undefined;
    const size = row.size;
    const budget = !size ? "—" : size.budget.overBy > 0 ? `over ${kib(size.budget.overBy)}` : `under ${kib(-size.budget.overBy)}`;
    return [
      `${row.name} ${row.path}`,
      row.error ? "ERROR" : String(row.status ?? "—"),
      row.html ? (row.html.raw / 1000).toFixed(1) : "—",
      fixed(row.load?.rps, 0),
      fixed(own ?? row.ratio?.rps, 2),
      fixed(row.load?.latencyMs.p50, 1),
      fixed(own ?? row.ratio?.p50, 2),
      fixed(row.load?.latencyMs.p99, 1),
      fixed(own ?? row.ratio?.p99, 2),
      size ? kib(size.js.gzip) : "—",
      budget,
      size ? `${kib(size.cssInHead.gzip)} / ${kib(size.css.gzip)}` : "—",
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  return [format(header), widths.map((width) => "─".repeat(width)).join("  "), ...lines.map(format)].join("\n");
}

/** The run's temporary folders: the work folder and, when apart from it, the database's. */
function removeFolders(run: Run): void {
  for (const dir of [run.workDir, run.stateRoot]) if (dir) rmSync(dir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0];
  const run: Run = { rows: [], notes: [] };
  const { rows, notes } = run;
  // Interrupted: no figures, but no server or temporary folder left behind either.
  process.once("SIGINT", () => {
    void (run.server?.stop() ?? Promise.resolve()).finally(() => {
      removeFolders(run);
      process.exit(130);
    });
  });
  let failure: string | undefined;
  let serverLog: { count: number; recent: string[] } | undefined;
  try {
    await bench(run);
  } catch (error) {
    failure = messageOf(error);
  } finally {
    if (run.server) {
      serverLog = run.server.log();
      await run.server.stop();
    }
    removeFolders(run);
  }

  const totalSeconds = (Date.now() - started) / 1000;
  const loadAverage = { start: loadBefore, end: loadavg()[0], cores: cpus().length };
  // Colleagues' builds and test runs share this machine: say how busy it was.
  notes.push(`machine load (1-min average) ${loadAverage.start.toFixed(1)} at start, ${loadAverage.end.toFixed(1)} at end, on ${cpus().length} cores; absolute figures move with it, ratios less`);
  const out: string[] = [""];
  out.push(
    `Ovation SSR bench — ${settings.connections} connections, ${settings.seconds} s per target in ${settings.rounds} round(s) after ${settings.warmupSeconds} s warm-up; browser user agent; latency to the last byte`,
  );
  if (rows.length > 0) {
    out.push("", table(rows), "");
    out.push("  ×base: the route's figure over the baseline's (req/s above 1 is faster than the floor, latency above 1 is slower).");
    out.push(`  JS/CSS: what a first visit downloads, gzip -${GZIP_LEVEL} per file; the JS budget is ${kib(JS_BUDGET_GZIP)} KiB per route.`);
    out.push("  CSS head/linked: carried in the HTML's head (part of HTML KB) / stylesheets linked, each a request before first paint.");
  }
  const overBudget = rows.filter((row) => row.size && row.size.budget.overBy > 0);
  if (overBudget.length > 0) {
    out.push("", "Over the JS budget, largest files (gzip KiB):");
    for (const row of overBudget) {
      const largest = row.size!.js.files.slice(0, 4).map((file) => `${file.path.split("/").pop()} ${kib(file.gzip)}`);
      out.push(`  ${row.name}: ${largest.join(", ")}`);
    }
  }
  const problems = rows.filter((row) => row.error || row.note).map((row) => `  ${row.name}: ${row.error ?? row.note}`);
  if (problems.length > 0) out.push("", "Rows to read with care:", ...problems);
  if (run.journeyJs && run.journeyJs.length > 0) {
    out.push("", `First-visit JS on a buyer's way, from the build's route manifest (gzip KiB; budget ${kib(JS_FLOOR_BUDGET_GZIP)} for the root every route pays, ${kib(BUYER_PATH_BUDGET_GZIP)} on this way, ${kib(JS_BUDGET_GZIP)} elsewhere; tests/unit/js-budget.test.ts):`);
    for (const route of run.journeyJs) {
      const over = route.gzip - jsBudgetOf(route.id);
      out.push(`  ${route.id.replace("routes/", "").padEnd(16)} ${kib(route.gzip).padStart(6)}  ${over > 0 ? `over ${kib(over)}` : `under ${kib(-over)}`}  CSS files ${route.css.length}`);
    }
  }
  if (run.search) out.push(...searchReport(run.search, run.searchJs));
  if (run.lighthouse) out.push("", ...lighthouseReport(run.lighthouse, settings.lighthouseRuns));
  if (run.slowHost) out.push("", ...slowHostReport(run.slowHost, settings.lighthouseRuns));
  if (run.accessibility) out.push("", ...accessibilityReport(run.accessibility));
  if (run.farPrimary) out.push("", ...farPrimaryReport(run.farPrimary));
  if (run.contention) out.push("", ...contentionReport(run.contention));
  if (run.queue) out.push("", ...queueReport(run.queue));
  if (run.chat) out.push(...chatReport(run.chat));
  if (failure) out.push("", `The bench could not finish: ${failure}`);
  if (notes.length > 0) out.push("", ...notes.map((note) => `  note: ${note}`));
  if (serverLog && serverLog.count > 0) out.push("", `The server logged ${serverLog.count} line(s); the last:`, ...serverLog.recent.slice(-8).map((line) => `  | ${line}`));
  out.push("", `Took ${totalSeconds.toFixed(0)} s. Figures: tests/bench/results/latest.json`);
  process.stdout.write(`${out.join("\n")}\n`);

  const resultsDir = join(ROOT, "tests/bench/results");
  mkdirSync(resultsDir, { recursive: true });
  const json = {
    at: new Date(started).toISOString(),
    commit: commit(),
    node: process.version,
    settings: { ...settings, farPrimary: settings.farPrimary ? farPrimarySettings : false, gzipLevel: GZIP_LEVEL, jsBudgetGzip: JS_BUDGET_GZIP, userAgent: BROWSER_HEADERS["user-agent"] },
    baselineCards: run.baselineCards,
    seconds: totalSeconds,
    phases,
    loadAverage,
    rows,
    contention: run.contention,
    queue: run.queue,
    chat: run.chat,
    lighthouse: run.lighthouse,
    slowHost: run.slowHost,
    accessibility: run.accessibility,
    farPrimary: run.farPrimary,
    search: run.search,
    journeyJs: run.journeyJs?.map((route) => ({ id: route.id, gzip: route.gzip, cssFiles: route.css.length })),
    notes,
    error: failure,
    serverLog,
  };
  writeFileSync(join(resultsDir, "latest.json"), `${JSON.stringify(json, null, 2)}\n`);
}

main()
  .catch((error: unknown) => process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`))
  .finally(() => process.exit(0));
