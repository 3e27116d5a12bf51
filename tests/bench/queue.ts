/**
 * The waiting room's figures, through ONE shard (a Durable Object in workerd, SQLite-backed),
 * reached through the product's own join, poll and admission paths (queue-worker.ts):
 *
 *   joins/s        BENCH_QUEUE_BUYERS (2,000) visitors joining an open queue (bot check, signed
 *                  queue token), BENCH_QUEUE_CONNECTIONS (64) requests in flight;
 *   polls/s        BENCH_QUEUE_POLLS (20,000) polls of the shard's 'now admitting' document, and
 *                  how many of them reached the shard (the rest came from the edge's copy);
 *   admissions/s   the same buyers, once let in, exchanging their queue token for an admission
 *                  bound to an account (place + signed token);
 *   wait beyond    2,000 buyers wait in the pre-queue; at opening they are drawn and let in by
 *   the schedule   batches (BENCH_QUEUE_BATCH, 100, every BENCH_QUEUE_INTERVAL_MS, 250 ms: a
 *                  compressed on-sale). Each buyer works out its draw value from the revealed seed,
 *                  polls the edge's document at the time its standing gives (as the waiting page
 *                  does) and asks for its admission when the document says its turn has come; its
 *                  wait beyond the schedule is when it held the admission minus its batch's time;
 *   D1             statements that reached the database on the join and poll paths (a counter that
 *                  refuses them), and the shard's own ticks (one D1 read each).
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
import { drawOf, standingOf } from "../../functions/market/demand/queue-place";
import type { NowAdmitting } from "../../functions/market/demand/waiting-room";

const HERE = dirname(fileURLToPath(import.meta.url));

export interface QueueSettings {
  buyers: number;
  connections: number;
  polls: number;
  batch: number;
  intervalMs: number;
}

export interface QueueResult {
  settings: QueueSettings;
  joinsPerSecond: number;
  joinLatencyMs: Percentiles;
  admissionsPerSecond: number;
  admissionLatencyMs: Percentiles;
  pollsPerSecond: number;
  pollLatencyMs: Percentiles;
  /** Polls (of settings.polls) that reached the shard rather than the edge's copy. */
  pollsReachingShard: number;
  /** Statements that reached D1 on the join, poll and admission paths (all runs). */
  d1Statements: number;
  /** The shard's ticks in the on-sale (each one D1 read), and its batches' count. */
  shardTicks: number;
  /** Wait beyond the batch schedule, per buyer. */
  beyondScheduleMs: Percentiles;
  /** |first estimate after opening − batch that admitted|, per buyer. */
  estimateErrorMs: Percentiles;
  polls: number;
  admitted: number;
  errors: number;
  lastError?: string;
}

type Place = { state: string; rank?: number | null; queueId?: string; seed?: string | null; queueToken?: string; shard?: number; admittedAt?: number; admissionToken?: string };

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.round(value) : fallback;
}

export function queueSettingsFromEnv(): QueueSettings {
  return {
    buyers: setting("BENCH_QUEUE_BUYERS", 2_000),
    connections: setting("BENCH_QUEUE_CONNECTIONS", 64),
    polls: setting("BENCH_QUEUE_POLLS", 20_000),
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
      void room;
      const response = await fetch(`${origin}${path}`, body ? { method: "POST", body: JSON.stringify(body) } : undefined).catch((error: unknown) => {
        lastError = String((error as { cause?: unknown }).cause ?? error);
        return null;
      });
      if (!response || !response.ok) {
        errors++;
        lastError = response ? `${response.status} ${await response.text()}` : lastError;
        return { state: "error" };
      }
      return (await response.json()) as Place;
    };
    const figures = async (sessionId: number) => (await (await fetch(`${origin}/figures?sessionId=${sessionId}`)).json()) as { documentReads: number; ticks: number; d1Statements: number; admitted: number };
    const configure = (sessionId: number, opensAt: number, intervalMs: number, batchSize: number) =>
      fetch(`${origin}/configure`, {
        method: "POST",
        body: JSON.stringify({
          sessionId,
          config: { sessionId, shard: 0, shards: 1, queueOn: true, opensAt, intervalMs, batchSize, windowMs: 3_600_000, seed: "ab".repeat(32), seedHash: "cd".repeat(32), left: 1_000_000_000 },
        }),
      }).then((answer) => answer.text());
    const buyers = Array.from({ length: settings.buyers }, (_, i) => i + 1);

    // 1. Joins through one open shard, at full speed (a batch a second lets everyone in soon after).
    await configure(1, Date.now() - 1_000, 1_000, 1_000_000);
    const tokens = new Map<number, string>();
    let started = performance.now();
    const joins = await pool(buyers, settings.connections, async (buyer) => {
      const place = await call("/join", "speed", { sessionId: 1 });
      if (place.queueToken) tokens.set(buyer, place.queueToken);
    });
    const joinSeconds = (performance.now() - started) / 1000;

    // 2. Polls of the shard's public document, as every waiting page makes them.
    const readsBefore = (await figures(1)).documentReads;
    const polls = Array.from({ length: settings.polls }, (_, i) => i);
    started = performance.now();
    const pollLatencies = await pool(polls, settings.connections, async () => void (await call(`/pub/tour/v1/queue/now?sessionId=1&shard=0`, "speed", null as unknown as object)));
    const pollSeconds = (performance.now() - started) / 1000;
    const pollsReachingShard = (await figures(1)).documentReads - readsBefore;

    // 3. Admissions: each buyer's turn has come; its queue token is bound to an account and exchanged for an admission.
    await sleep(1_100);
    started = performance.now();
    const admissions = await pool(buyers, settings.connections, async (buyer) => void (await call("/place", "speed", { sessionId: 1, queueToken: tokens.get(buyer), userId: buyer })));
    const admissionSeconds = (performance.now() - started) / 1000;

    // 4. A compressed on-sale: pre-queue, draw, batches, buyers polling the edge's document.
    await configure(2, Date.now() + 3_600_000, settings.intervalMs, settings.batch);
    const queued = new Map<number, Place>();
    await pool(buyers, settings.connections, async (buyer) => {
      const place = await call("/join", "sale", { sessionId: 2 });
      if (place.queueToken) queued.set(buyer, place);
    });
    // The sale opens a second after the last arrival, however long arriving took on this machine.
    const opensAt = Date.now() + 1_000;
    await configure(2, opensAt, settings.intervalMs, settings.batch);
    await sleep(opensAt - Date.now());
    let salePolls = 0;
    const beyond: number[] = [];
    const estimateError: number[] = [];
    await Promise.all(
      buyers.map(async (buyer) => {
        // Its token is from before the draw: its draw value, worked out from the revealed seed as
        // the waiting page does, says where it stands against the document, with no call.
        const place = queued.get(buyer);
        if (!place?.queueId || !place.queueToken) return;
        let draw: string | null = null;
        let firstEstimate: number | null = null;
        for (;;) {
          const answer = (await (await fetch(`${origin}/pub/tour/v1/queue/now?sessionId=2&shard=0`)).json()) as { data: NowAdmitting };
          salePolls++;
          if (answer.data.seed && draw === null) draw = await drawOf(answer.data.seed, place.queueId);
          const standing = standingOf(answer.data, null, draw ?? undefined);
          if (standing.state === "turn") {
            const admitted = await call("/place", "sale", { sessionId: 2, queueToken: place.queueToken, userId: buyer });
            if (admitted.state === "admitted" && admitted.admittedAt !== undefined) {
              beyond.push(Math.max(0, Date.now() - admitted.admittedAt));
              estimateError.push(Math.abs((firstEstimate ?? admitted.admittedAt) - admitted.admittedAt));
            }
            return;
          }
          // As the page does: just after the time its standing gives, with up to half a second of jitter.
          const jitter = Math.floor(Math.random() * 500);
          if (standing.state === "prequeue") {
            await sleep(Math.min(250, Math.max(50, standing.opensAt - Date.now() + 50)) + jitter);
            continue;
          }
          if (standing.state !== "waiting") return;
          if (firstEstimate === null) firstEstimate = standing.estimatedAt;
          await sleep(Math.min(30_000, Math.max(250, standing.estimatedAt - Date.now() + 100)) + jitter);
        }
      }),
    );
    const sale = await figures(2);
    return {
      settings,
      joinsPerSecond: settings.buyers / joinSeconds,
      joinLatencyMs: percentiles(joins),
      pollsPerSecond: settings.polls / pollSeconds,
      pollLatencyMs: percentiles(pollLatencies),
      pollsReachingShard,
      admissionsPerSecond: settings.buyers / admissionSeconds,
      admissionLatencyMs: percentiles(admissions),
      beyondScheduleMs: percentiles(beyond),
      estimateErrorMs: percentiles(estimateError),
      polls: salePolls,
      admitted: beyond.length,
      d1Statements: sale.d1Statements,
      shardTicks: sale.ticks,
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
    `  joins        ${result.joinsPerSecond.toFixed(0)}/s   latency ${ms(result.joinLatencyMs)}   (bot check + place + signed queue token)`,
    `  polls        ${result.pollsPerSecond.toFixed(0)}/s   latency ${ms(result.pollLatencyMs)}   ${result.pollsReachingShard} of ${s.polls} reached the shard`,
    `  admissions   ${result.admissionsPerSecond.toFixed(0)}/s   latency ${ms(result.admissionLatencyMs)}   (bound to an account + signed admission)`,
    `  D1 statements on the join, poll and admission paths: ${result.d1Statements}; the shard's ticks in the on-sale: ${result.shardTicks} (one D1 read each)`,
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
