/**
 * Bundling and serving for the bench. Ovation is bundled exactly as `wrangler deploy` would
 * upload it and served next to the baseline page in ONE workerd process (through Miniflare,
 * which also provides D1 from a state folder, R2 and the static-asset router), so both are
 * measured on the same runtime, core and moment. `wrangler dev` is not used: it reloads itself
 * and adds its own proxy in front of workerd.
 *
 * run.ts imports the preparation steps from here, then starts this same file as a separate
 * process (`serve.ts --serve <config>`) pinned to its own core, so the load generator and the
 * server never compete for one.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { passSignerWorker } from "../support/pass-signer-bundle";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BUILD_LOCK = "/tmp/ovation-build.lock";
const SETUP_SCRIPT = "functions/seed/setup.ts";
/** Requests carrying this host are routed to the baseline Worker; all others reach Ovation. */
export const BASELINE_HOST = "bench-baseline.localhost";
const READY = "BENCH_READY ";

const quietEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" };

function tail(text: string, lines = 25): string {
  return text.trim().split("\n").slice(-lines).join("\n");
}

export interface OvationBundle {
  /** `wrangler deploy --dry-run` output: the Worker script and any modules beside it. */
  workerDir: string;
  /** A snapshot of build/client taken with the bundle, so a colleague's rebuild mid-run changes neither. */
  clientDir: string;
  /** Time spent queueing for the shared build lock behind colleagues' builds. */
  lockWaitSeconds: number;
}

/**
 * Builds the app (unless `skipBuild`), bundles the Worker and snapshots the client assets, all
 * under the shared build lock so the three come from one and the same build.
 */
export function bundleOvation(workDir: string, { skipBuild = false, sourceMaps = false } = {}): OvationBundle {
  const workerDir = join(workDir, "worker");
  const clientDir = join(workDir, "client");
  const steps = [
    "echo BENCH_LOCKED $(date +%s%3N)",
    // Source maps from the server build through wrangler's bundle, for profile.ts to name the
    // files a CPU profile's positions fall in (vite.config.ts writes them when asked).
    skipBuild ? null : `${sourceMaps ? "OVATION_SERVER_SOURCEMAP=1 " : ""}npx react-router build`,
    `npx wrangler deploy --dry-run --outdir '${workerDir}'${sourceMaps ? " --upload-source-maps" : ""}`,
    `cp -r build/client '${clientDir}'`,
  ].filter(Boolean);
  const asked = Date.now();
  const result = spawnSync("flock", [BUILD_LOCK, "sh", "-c", steps.join(" && ")], { cwd: ROOT, env: quietEnv, encoding: "utf8" });
  const locked = Number(/BENCH_LOCKED (\d+)/.exec(result.stdout ?? "")?.[1] ?? asked);
  if (result.status !== 0 || !existsSync(workerDir) || !readdirSync(workerDir).some((file) => file.endsWith(".js"))) {
    throw new Error(`build and bundle failed (exit ${result.status}):\n${tail(`${result.stdout}\n${result.stderr}`)}`);
  }
  return { workerDir, clientDir, lockWaitSeconds: Math.max(0, (locked - asked) / 1000) };
}

/** Bundles the baseline page for workerd with the conditions Ovation's server build uses. */
export async function bundleBaseline(workDir: string): Promise<string> {
  const { build } = await import("esbuild");
  const outfile = join(workDir, "baseline", "worker.js");
  await build({
    entryPoints: [join(ROOT, "tests/bench/baseline/worker.tsx")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    jsx: "automatic",
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  return outfile;
}

export interface PreparedState {
  seeded: boolean;
  /** Whether the seeded database came from the cache rather than the setup script. */
  cached: boolean;
  note?: string;
}

/** Everything the seeded database depends on; the seed is anchored to today, so the date too. */
function stateKey(): string {
  const hash = createHash("sha256").update(new Date().toISOString().slice(0, 10));
  hash.update(readFileSync(join(ROOT, "wrangler.toml")));
  const db = join(ROOT, "functions/db");
  for (const file of readdirSync(db, { recursive: true, encoding: "utf8" }).sort()) {
    const path = join(db, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A fresh D1 state folder in `stateDir`, migrated and seeded by the project's own setup script.
 * Seeding takes several wrangler runs, so the result is kept under .cache/bench and copied
 * while the schema, the seed and the day stay the same. Without the setup script the database
 * is only migrated, so pages render empty rather than not at all.
 */
export function prepareState(stateDir: string): PreparedState {
  const hasSetup = existsSync(join(ROOT, SETUP_SCRIPT));
  const cacheRoot = join(ROOT, ".cache/bench");
  const cached = join(cacheRoot, `state-${stateKey()}`);
  const hit = hasSetup && existsSync(cached);
  if (!hit) {
    const fresh = `${stateDir}.fresh`;
    const [command, args] = hasSetup
      ? ["npx", ["tsx", SETUP_SCRIPT, "--persist-to", fresh]]
      : ["npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", fresh]];
    const result = spawnSync(command, args, { cwd: ROOT, env: quietEnv, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`database setup failed (exit ${result.status}):\n${tail(`${result.stdout}\n${result.stderr}`)}`);
    if (!hasSetup) {
      renameSync(fresh, stateDir);
      return { seeded: false, cached: false, note: `${SETUP_SCRIPT} not found: database migrated but not seeded` };
    }
    // Older states are stale by definition; a rename keeps a half-written cache from ever being read.
    rmSync(cacheRoot, { recursive: true, force: true });
    mkdirSync(cacheRoot, { recursive: true });
    cpSync(fresh, `${cached}.partial`, { recursive: true });
    renameSync(`${cached}.partial`, cached);
    renameSync(fresh, stateDir);
    return { seeded: true, cached: false };
  }
  cpSync(cached, stateDir, { recursive: true });
  return { seeded: true, cached: true };
}

export interface ServeConfig {
  workerDir: string;
  clientDir: string;
  baselineScript: string;
  stateDir: string;
  /**
   * When set, the Worker is served behind far-primary-worker.ts: this many ms before every D1
   * round trip that reaches the primary (0 counts the trips without waiting).
   */
  farPrimaryMs?: number;
  /** Opens workerd's DevTools inspector for the Worker (profile.ts takes a CPU profile through it). */
  inspect?: boolean;
}

export interface ReadyMessage {
  url: string;
  tourId: string | null;
  tourNote?: string;
  /** The Worker's DevTools socket, when the config asked to inspect it. */
  inspectorUrl?: string;
}

export interface RunningServer extends ReadyMessage {
  /** The server process (Miniflare's Node), parent of workerd. */
  pid: number;
  /** Lines the server (workerd and Miniflare) printed while running, most recent last. */
  log: () => { count: number; recent: string[] };
  stop: () => Promise<void>;
}

/**
 * Starts the server process, pinned to `cpu` when given. Resolves once it listens and has
 * looked up a tour to request.
 */
export function startServer(config: ServeConfig, cpu: number | null): Promise<RunningServer> {
  const node = [process.execPath, "--import", "tsx", fileURLToPath(import.meta.url), "--serve", JSON.stringify(config)];
  const [command, ...args] = cpu === null ? node : ["taskset", "-c", String(cpu), ...node];
  const child = spawn(command, args, { cwd: ROOT, env: quietEnv, stdio: ["pipe", "pipe", "pipe"] });

  const recent: string[] = [];
  let count = 0;
  const remember = (line: string) => {
    if (!line.trim()) return;
    count += 1;
    recent.push(line);
    if (recent.length > 20) recent.shift();
  };
  createInterface({ input: child.stderr }).on("line", remember);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));

  return new Promise((resolveReady, rejectReady) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (!line.startsWith(READY)) return remember(line);
      const ready = JSON.parse(line.slice(READY.length)) as ReadyMessage | { error: string };
      if ("error" in ready) return rejectReady(new Error(`${ready.error}\n${recent.join("\n")}`));
      resolveReady({
        ...ready,
        pid: child.pid ?? 0,
        log: () => ({ count, recent: [...recent] }),
        stop: async () => {
          child.kill("SIGTERM");
          await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
          if (child.exitCode === null) child.kill("SIGKILL");
        },
      });
    });
    child.once("exit", (code) => rejectReady(new Error(`server exited (code ${code}) before it was ready:\n${recent.join("\n")}`)));
  });
}

/** Clock ticks per second in /proc/<pid>/stat: 100 on every Linux this runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) used so far by a process and every process below it, from /proc:
 * the server's Node and its workerd together. Null where /proc cannot be read.
 */
export function cpuSecondsOfTree(pid: number): number | null {
  try {
    const processes = readdirSync("/proc").filter((name) => /^\d+$/.test(name)).flatMap((name) => {
      try {
        // The command name may hold spaces and brackets: the fields counted from after its ')'.
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return [{ pid: Number(name), parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }];
      } catch {
        return [];
      }
    });
    const inTree = new Set([pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const entry of processes) if (!inTree.has(entry.pid) && inTree.has(entry.parent)) grew = inTree.add(entry.pid).size > 0;
    }
    const ticks = processes.filter((entry) => inTree.has(entry.pid)).reduce((sum, entry) => sum + entry.ticks, 0);
    return ticks / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Picks a tour that has shows, so its page has something to render; any tour otherwise. */
async function findTour(db: D1Database): Promise<Pick<ReadyMessage, "tourId" | "tourNote">> {
  const fromEnv = process.env.BENCH_TOUR_ID;
  if (fromEnv) return { tourId: fromEnv };
  const queries = [
    "SELECT tours.id AS id FROM tours JOIN shows ON shows.tour_id = tours.id ORDER BY tours.id LIMIT 1",
    "SELECT id FROM tours ORDER BY id LIMIT 1",
  ];
  let lastError = "";
  for (const query of queries) {
    try {
      const row = await db.prepare(query).first<{ id: number | string }>();
      if (row) return { tourId: String(row.id) };
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
  }
  return { tourId: null, tourNote: lastError ? `no tour found: ${lastError}` : "no tour in the database" };
}

const MODULE_TYPES: [RegExp, "ESModule" | "CommonJS" | "CompiledWasm" | "Text" | "Data"][] = [
  [/\.m?js$/, "ESModule"],
  [/\.cjs$/, "CommonJS"],
  [/\.wasm$/, "CompiledWasm"],
  [/\.(txt|html|sql)$/, "Text"],
  [/\.bin$/, "Data"],
];

/**
 * Every module wrangler wrote, entry first. wrangler names the entry after `main`
 * (functions/worker.ts → worker.js).
 */
function bundledModules(workerDir: string, main: string | undefined) {
  const files = readdirSync(workerDir, { recursive: true, encoding: "utf8" }).filter((file) => file !== "README.md" && !file.endsWith(".map") && !file.startsWith(FAR_PRIMARY_PREFIX));
  const scripts = files.filter((file) => /\.m?js$/.test(file));
  const named = main ? basename(main).replace(/\.[cm]?[jt]sx?$/, ".js") : "";
  const entry = scripts.includes(named) ? named : scripts.length === 1 ? scripts[0] : undefined;
  if (!entry) throw new Error(`cannot tell the Worker's entry among ${scripts.join(", ") || "no scripts"} in ${workerDir}`);
  return [entry, ...files.filter((file) => file !== entry)].flatMap((file) => {
    const type = MODULE_TYPES.find(([pattern]) => pattern.test(file))?.[1];
    return type ? [{ type, path: join(workerDir, file) }] : [];
  });
}

const FAR_PRIMARY_PREFIX = "far-primary-";

/**
 * An entry module in front of the bundled one (written beside it, so "./worker.js" resolves):
 * it re-exports everything of the entry and hands its default export and its own Durable Object
 * classes an env whose D1 primary is `delayMs` away (far-primary-worker.ts, bundled in).
 */
async function farPrimaryEntry(workerDir: string, entry: string, durableObjects: string[], delayMs: number): Promise<string> {
  const { build } = await import("esbuild");
  const outfile = join(workerDir, `${FAR_PRIMARY_PREFIX}${delayMs}.js`);
  const from = JSON.stringify(`./${entry}`);
  const contents = [
    `import * as entry from ${from};`,
    `import { farClass, farHandler } from ${JSON.stringify(join(ROOT, "tests/bench/far-primary-worker.ts"))};`,
    `export * from ${from};`,
    `export default farHandler(entry.default, ${delayMs});`,
    ...durableObjects.map((name) => `export const ${name} = farClass(entry.${name}, ${delayMs});`),
  ].join("\n");
  await build({
    stdin: { contents, resolveDir: workerDir, sourcefile: "far-primary-entry.js", loader: "js" },
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    external: [`./${entry}`, "node:*"],
    logLevel: "silent",
  });
  return outfile;
}

/** The classes the Worker's own Durable Object bindings name (not another script's). */
function ownDurableObjects(bindings: Record<string, string | { className: string; scriptName?: string }> | undefined): string[] {
  const names = Object.values(bindings ?? {}).flatMap((binding) => (typeof binding === "string" ? [binding] : binding.scriptName ? [] : [binding.className]));
  return [...new Set(names)];
}

async function serve(config: ServeConfig): Promise<void> {
  const { Log, LogLevel, Miniflare } = await import("miniflare");
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  // wrangler.toml decides the bindings (D1, R2, Durable Objects, vars, assets) as it does for
  // `wrangler dev`; only the script and the asset folder are swapped for this run's copies.
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(join(ROOT, "wrangler.toml"), undefined, {
    overrides: { assets: { directory: config.clientDir } },
  });
  let modules = bundledModules(config.workerDir, main);
  if (config.farPrimaryMs !== undefined) {
    const entry = basename(modules[0].path);
    const durableObjects = ownDurableObjects(workerOptions.durableObjects as Parameters<typeof ownDurableObjects>[0]);
    modules = [{ type: "ESModule", path: await farPrimaryEntry(config.workerDir, entry, durableObjects, config.farPrimaryMs) }, ...modules];
  }
  const mf = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    ...(config.inspect ? { inspectorPort: 0 } : {}),
    log: new Log(LogLevel.WARN),
    // The same layout `wrangler dev --persist-to` and the setup script use.
    defaultPersistRoot: join(config.stateDir, "v3"),
    // The Worker's request log (stdout, a line per request) is drained here rather than carried
    // to the bench: forwarding it costs this process CPU on the server's core, which deployed
    // Workers Logs never do. Errors (stderr) still reach the bench's report.
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      stdout.resume();
      stderr.pipe(process.stderr);
    },
    workers: [
      {
        ...workerOptions,
        name: "ovation",
        // Listed, not discovered: the bundle holds dynamic imports Miniflare cannot follow,
        // and wrangler has already put everything the Worker needs in this folder.
        modules,
        modulesRoot: config.workerDir,
        unsafeInspectorProxy: config.inspect,
      },
      // Its PASS_SIGNER binding's Worker (the bench signs no pass, but the binding must resolve).
      passSignerWorker(),
      {
        name: "bench-baseline",
        modules: true,
        scriptPath: config.baselineScript,
        modulesRoot: dirname(config.baselineScript),
        compatibilityDate: workerOptions.compatibilityDate,
        compatibilityFlags: workerOptions.compatibilityFlags,
        routes: [`${BASELINE_HOST}/*`],
      },
    ],
  });
  const url = await mf.ready;
  const tour = await findTour(await mf.getD1Database("DB", "ovation"));
  const inspectorUrl = config.inspect ? `${(await mf.getInspectorURL()).href.replace(/\/$/, "")}/ovation` : undefined;
  const ready: ReadyMessage = { url: url.origin, ...tour, inspectorUrl };
  process.stdout.write(`${READY}${JSON.stringify(ready)}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await mf.dispose().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // If the bench dies without stopping us, its end of the pipe closes: do not outlive it.
  process.stdin.on("end", stop).resume();
}

if (process.argv[2] === "--serve") {
  serve(JSON.parse(process.argv[3] ?? "{}") as ServeConfig).catch((error: unknown) => {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stdout.write(`${READY}${JSON.stringify({ error: message })}\n`);
    process.exit(1);
  });
}

