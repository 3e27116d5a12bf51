/**
 * The waiting room's figures, through ONE shard (a Durable Object in workerd, SQLite-backed),
 * reached through a Worker by RPC as the product reaches it:
 *
 *   joins/s        BENCH_QUEUE_BUYERS (2,000) fresh buyers joining an open queue, BENCH_QUEUE_CONNECTIONS
 *                  (64) requests in flight;
 *   admissions/s   the same buyers asking for their place once everyone is admitted: each answer
 *                  carries a signed admission token;
 *   wait beyond    2,000 buyers wait in the pre-queue; at opening they are drawn and let in by
 *   the schedule   batches (BENCH_QUEUE_BATCH, 100, every BENCH_QUEUE_INTERVAL_MS, 250 ms: a
 *                  compressed on-sale). Each buyer polls at the time its estimate gives (as the
 *                  waiting page's refresh does) until it is admitted; its wait beyond the schedule
 *                  is when it learned of its admission minus its batch's time. p50/p99/max, and
 *                  how far the first estimate after opening was from the batch that admitted it.
 *
 * `tsx tests/bench/queue.ts` runs it alone; run.ts runs it after the SSR bench. Reports, never fails.
 */
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { percentiles, type Percentiles } from "./load";

const HERE = dirname(fileURLToPath(import.meta.url));

export interface QueueSettings {
  buyers: number;
  connections: number;
  batch: number;
  intervalMs: number;
}

export interface QueueResult {
  settings: QueueSettings;
  joinsPerSecond: number;
  joinLatencyMs: Percentiles;
  admissionsPerSecond: number;
  admissionLatencyMs: Percentiles;
  /** Wait beyond the batch schedule, per buyer. */
  beyondScheduleMs: Percentiles;
  /** |first estimate after opening − batch that admitted|, per buyer. */
  estimateErrorMs: Percentiles;
  polls: number;
  admitted: number;
  errors: number;
  lastError?: string;
}

type Place = { state: string; estimatedAt?: number; nextBatchAt?: number; admittedAt?: number; token?: string | null };

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.round(value) : fallback;
}

export function queueSettingsFromEnv(): QueueSettings {
  return {
    buyers: setting("BENCH_QUEUE_BUYERS", 2_000),
    connections: setting("BENCH_QUEUE_CONNECTIONS", 64),
    batch: setting("BENCH_QUEUE_BATCH", 100),
    intervalMs: setting("BENCH_QUEUE_INTERVAL_MS", 250),
  };
}

/** Runs `work` over `items` with at most `limit` in flight; returns each item's latency. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++];
        const started = performance.now();
        await work(item);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, Math.max(0, ms)));

export async function queueBench(settings: QueueSettings = queueSettingsFromEnv()): Promise<QueueResult> {
  const workDir = mkdtempSync(join(tmpdir(), "ovation-queue-bench-"));
  const script = join(workDir, "worker.js");
  await build({
    entryPoints: [join(HERE, "queue-worker.ts")],
    outfile: script,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    external: ["cloudflare:workers"],
    logLevel: "silent",
  });
  const { Log, LogLevel, Miniflare } = await import("miniflare");
  const mf = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    log: new Log(LogLevel.WARN),
    // Offline: no request.cf data to fetch.
    cf: false,
    modules: true,
    scriptPath: script,
    modulesRoot: workDir,
    compatibilityDate: "2025-09-01",
    compatibilityFlags: ["nodejs_compat"],
    durableObjects: { WAITING_ROOM: { className: "WaitingRoom", useSQLite: true } },
    durableObjectsPersist: join(workDir, "do"),
  });
  let errors = 0;
  let lastError: string | undefined;
  try {
    const origin = (await mf.ready).origin;
    // Requests in flight are capped (as browsers' connections to one host are): a request waits
    // its turn here, and that wait counts in every latency and in the wait beyond the schedule.
    let inFlight = 0;
    const waiting: (() => void)[] = [];
    const call = async (path: string, room: string, body: object): Promise<Place> => {
      if (inFlight >= settings.connections) await new Promise<void>((go) => waiting.push(go));
      inFlight++;
      try {
        return await send(path, room, body);
      } finally {
        inFlight--;
        waiting.shift()?.();
      }
    };
    const send = async (path: string, room: string, body: object): Promise<Place> => {
      const response = await fetch(`${origin}${path}`, { method: "POST", body: JSON.stringify({ room, call: body }) }).catch((error: unknown) => {
        lastError = String((error as { cause?: unknown }).cause ?? error);
        return null;
      });
      if (!response || !response.ok) {
        errors++;
        await response?.body?.cancel();
        return { state: "error" };
      }
      return (await response.json()) as Place;
    };
    const ids = Array.from({ length: settings.buyers }, (_, i) => String(i + 1));

    // 1. Joins and admissions through one open shard, at full speed.
    const open = { opensAt: Date.now() - 1_000, intervalMs: 10_000, batchSize: 1_000_000, windowMs: 3_600_000 };
    let started = performance.now();
    const joins = await pool(ids, settings.connections, async (buyer) => void (await call("/join", "speed", { buyer, now: Date.now(), settings: open })));
    const joinSeconds = (performance.now() - started) / 1000;
    // Everyone joined before the next batch; let it pass, then every answer is an admission.
    const admittedSettings = { ...open, intervalMs: 1 };
    started = performance.now();
    const admissions = await pool(ids, settings.connections, async (buyer) => void (await call("/status", "speed", { buyer, now: Date.now(), settings: admittedSettings })));
    const admissionSeconds = (performance.now() - started) / 1000;

    // 2. A compressed on-sale: pre-queue, draw, batches, buyers polling on their estimates.
    const before = { opensAt: Number.MAX_SAFE_INTEGER, intervalMs: settings.intervalMs, batchSize: settings.batch, windowMs: 3_600_000 };
    await pool(ids, settings.connections, async (buyer) => void (await call("/join", "sale", { buyer, now: Date.now(), settings: before })));
    // The sale opens a second after the last arrival, however long arriving took on this machine.
    const opensAt = Date.now() + 1_000;
    const sale = { ...before, opensAt };
    await sleep(opensAt - Date.now());
    let polls = 0;
    const beyond: number[] = [];
    const estimateError: number[] = [];
    await Promise.all(
      ids.map(async (buyer) => {
        let firstEstimate: number | null = null;
        for (;;) {
          const place = await call("/status", "sale", { buyer, now: Date.now(), settings: sale });
          const seenAt = Date.now();
          polls++;
          if (place.state === "admitted" && place.admittedAt !== undefined) {
            beyond.push(Math.max(0, seenAt - place.admittedAt));
            estimateError.push(Math.abs((firstEstimate ?? place.admittedAt) - place.admittedAt));
            return;
          }
          if (place.state === "error") return;
          if (firstEstimate === null && place.estimatedAt !== undefined) firstEstimate = place.estimatedAt;
          // The waiting page refreshes at the estimate (never sooner than the next batch).
          await sleep((place.estimatedAt ?? place.nextBatchAt ?? Date.now() + settings.intervalMs) - Date.now());
        }
      }),
    );
    return {
      settings,
      joinsPerSecond: settings.buyers / joinSeconds,
      joinLatencyMs: percentiles(joins),
      admissionsPerSecond: settings.buyers / admissionSeconds,
      admissionLatencyMs: percentiles(admissions),
      beyondScheduleMs: percentiles(beyond),
      estimateErrorMs: percentiles(estimateError),
      polls,
      admitted: beyond.length,
      errors,
      lastError,
    };
  } finally {
    await mf.dispose().catch(() => undefined);
    rmSync(workDir, { recursive: true, force: true });
  }
}

export function queueReport(result: QueueResult): string[] {
  const ms = (p: Percentiles) => `p50 ${p.p50.toFixed(1)} / p99 ${p.p99.toFixed(1)} / max ${p.max.toFixed(1)} ms`;
  const s = result.settings;
  return [
    `Waiting room, one shard (${s.buyers} buyers, ${s.connections} in flight):`,
    `  joins        ${result.joinsPerSecond.toFixed(0)}/s   latency ${ms(result.joinLatencyMs)}`,
    `  admissions   ${result.admissionsPerSecond.toFixed(0)}/s   latency ${ms(result.admissionLatencyMs)}   (place + signed token)`,
    `  on-sale of ${s.buyers} pre-queued buyers, batches of ${s.batch} every ${s.intervalMs} ms: ${result.admitted} admitted in ${result.polls} polls`,
    `  wait beyond the batch schedule   ${ms(result.beyondScheduleMs)}`,
    `  first estimate vs admission      ${ms(result.estimateErrorMs)}`,
    ...(result.errors > 0 ? [`  errors: ${result.errors} (last: ${result.lastError ?? "HTTP error"})`] : []),
  ];
}

if (resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) {
  queueBench()
    .then((result) => process.stdout.write(`${queueReport(result).join("\n")}\n${JSON.stringify(result)}\n`))
    .catch((error: unknown) => process.stderr.write(`queue bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`))
    .finally(() => process.exit(0));
}
