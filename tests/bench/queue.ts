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
 *                  checks the edge's document at the times its standing gives (as the waiting page
 *                  does: the copy in hand first, as of then, then a read) and asks for its
 *                  admission when the document says its turn has come; its
 *                  wait beyond the schedule is when it held the admission minus its batch's time;
 *   D1             statements that reached the database on the join and poll paths (a counter that
 *                  refuses them), and the shard's own ticks (one D1 read each).
 *
 * The shard's storage is in memory where the machine has /dev/shm (BENCH_QUEUE_DISK=1: on disk).
 *
 * `tsx tests/bench/queue.ts` runs it alone; run.ts runs it after the SSR bench. Reports, never fails.
 */
import { build } from "esbuild";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { availableParallelism } from "node:os";
import { percentiles, type Percentiles } from "./load";
import { cpuSecondsOfTree } from "./serve";
import { asOf, drawOf, nextPollIn, standingOf } from "../../functions/market/demand/queue-place";
import type { NowAdmitting } from "../../functions/market/demand/waiting-room";
import { BATCH_INTERVAL_MS, DRAW_LEAD_MS } from "../../functions/market/demand/room";
import { DOCUMENT_FRESH_MS } from "../../functions/market/demand/queue-document";

const HERE = dirname(fileURLToPath(import.meta.url));

export interface QueueSettings {
  buyers: number;
  connections: number;
  polls: number;
  batch: number;
  intervalMs: number;
  /** The draw's lead before opening (the product's minute, scaled as the batches are). */
  drawLeadMs: number;
  /**
   * Where the shard's SQLite is written: memory (/dev/shm, where the machine has it) unless
   * BENCH_QUEUE_DISK is set. Every admission writes, and a shard answers only once its writes are
   * down (its output gate): on this VM's disk the flushes held admissions for up to 2-3 s under
   * the bench's own writing (iowait to 22%), which measured the disk, not the queue; Cloudflare's
   * storage confirms a write in milliseconds (decision 316).
   */
  storage: "memory" | "disk";
}

export interface QueueResult {
  settings: QueueSettings;
  joinsPerSecond: number;
  joinLatencyMs: Percentiles;
  /**
   * CPU over the joins' wall time: the load generator's own (this Node process) and workerd's
   * (every process below it), in seconds, and the machine's cores, so the figure shows whether the
   * machine is the ceiling. workerd is null where /proc cannot be read.
   */
  joinCpu: { wallSeconds: number; loadGeneratorSeconds: number; workerdSeconds: number | null; cores: number };
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
    drawLeadMs: setting("BENCH_QUEUE_DRAW_LEAD_MS", Math.max(3_000, Math.round((setting("BENCH_QUEUE_INTERVAL_MS", 250) * DRAW_LEAD_MS) / BATCH_INTERVAL_MS))),
    storage: process.env.BENCH_QUEUE_DISK || !existsSync("/dev/shm") ? "disk" : "memory",
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

/**
 * Answers uncompressed: miniflare compresses for a client that accepts it, in workerd, and the
 * bench's Node spent a tenth of its time inflating them (CPU profile); at Cloudflare the edge
 * compresses, outside the Worker's CPU, and the load generator is the bench's ceiling already.
 */
const PLAIN = { "accept-encoding": "identity" };

const sleep = (ms: number) => new Promise((done) => setTimeout(done, Math.max(0, ms)));

export async function queueBench(settings: QueueSettings = queueSettingsFromEnv()): Promise<QueueResult> {
  const workDir = mkdtempSync(join(settings.storage === "memory" ? "/dev/shm" : tmpdir(), "ovation-queue-bench-"));
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
    // Named outright: the translations' bundled fallback is a dynamic import miniflare cannot
    // follow, and the bench never reads it (the queue's paths answer no refusal here).
    modules: [{ type: "ESModule", path: script }],
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
      const response = await fetch(`${origin}${path}`, body ? { method: "POST", body: JSON.stringify(body), headers: PLAIN } : { headers: PLAIN }).catch((error: unknown) => {
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
    const configure = (sessionId: number, opensAt: number, intervalMs: number, batchSize: number, drawLeadMs = 0) =>
      fetch(`${origin}/configure`, {
        method: "POST",
        body: JSON.stringify({
          sessionId,
          config: { sessionId, shard: 0, shards: 1, queueOn: true, opensAt, drawLeadMs, intervalMs, batchSize, windowMs: 3_600_000, seed: "ab".repeat(32), seedHash: "cd".repeat(32), left: 1_000_000_000 },
        }),
      }).then((answer) => answer.text());
    const buyers = Array.from({ length: settings.buyers }, (_, i) => i + 1);

    // 1. Joins through one open shard, at full speed (a batch a second lets everyone in soon after).
    await configure(1, Date.now() - 1_000, 1_000, 1_000_000);
    const tokens = new Map<number, string>();
    const ownCpuBefore = process.cpuUsage();
    const treeCpuBefore = cpuSecondsOfTree(process.pid);
    let started = performance.now();
    const joins = await pool(buyers, settings.connections, async (buyer) => {
      const place = await call("/join", "speed", { sessionId: 1 });
      if (place.queueToken) tokens.set(buyer, place.queueToken);
    });
    const joinSeconds = (performance.now() - started) / 1000;
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const treeCpuAfter = cpuSecondsOfTree(process.pid);
    const loadGeneratorSeconds = (ownCpu.user + ownCpu.system) / 1e6;
    // The tree is this process and workerd below it: workerd's share is the rest.
    const joinCpu = {
      wallSeconds: joinSeconds,
      loadGeneratorSeconds,
      workerdSeconds: treeCpuBefore === null || treeCpuAfter === null ? null : Math.max(0, treeCpuAfter - treeCpuBefore - loadGeneratorSeconds),
      cores: availableParallelism(),
    };

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
    // The draw is drawLeadMs before opening, four seconds after the last arrival however long arriving
    // took on this machine; the lead is the product's minute scaled as the batches are (10 s to
    // BENCH_QUEUE_INTERVAL_MS), at least three seconds.
    // The joins' answers left their documents in the isolate naming the opening an hour off that
    // the room had then, answered for DOCUMENT_FRESH_MS and (to reads that come while another asks
    // the shard) a moment longer: the lead starts once they are well past, as a real room's
    // opening is set before its buyers arrive.
    const opensAt = Date.now() + 2 * DOCUMENT_FRESH_MS + settings.drawLeadMs;
    await configure(2, opensAt, settings.intervalMs, settings.batch, settings.drawLeadMs);
    let salePolls = 0;
    const beyond: number[] = [];
    const estimateError: number[] = [];
    await Promise.all(
      buyers.map(async (buyer) => {
        // Its token is from before the draw: its draw value, worked out from the revealed seed as
        // the waiting page does, says where it stands against the document, with no call; it reads
        // the document when the page's own schedule says (queue-place.ts, nextPollIn).
        const place = queued.get(buyer);
        if (!place?.queueId || !place.queueToken) return;
        const luck = Math.random();
        let draw: string | null = null;
        let firstEstimate: number | null = null;
        // Its first read as the page drawn before the draw makes it.
        await sleep(nextPollIn({ opensAt, drawAt: opensAt - settings.drawLeadMs, intervalMs: settings.intervalMs }, { state: "prequeue", opensAt, drawAt: opensAt - settings.drawLeadMs, prequeued: 0 }, Date.now(), luck));
        // The copy last read: a check first asks it, as of then, whether the turn has come (asOf).
        let held: NowAdmitting | null = null;
        for (;;) {
          let standing = held ? standingOf(asOf(held, Date.now()), null, draw ?? undefined) : null;
          if (standing?.state !== "turn") {
            const answer = await fetch(`${origin}/pub/tour/v1/queue/now?sessionId=2&shard=0`, { headers: PLAIN })
              .then((response) => response.json() as Promise<{ data: NowAdmitting }>)
              .catch((error: unknown) => {
                errors++;
                lastError = String((error as { cause?: unknown }).cause ?? error);
                return null;
              });
            salePolls++;
            // A read that failed is tried again as the page does, at the slow pace, counted as an error.
            if (!answer) {
              await sleep(1_000);
              continue;
            }
            held = answer.data;
            if (held.seed && draw === null) draw = await drawOf(held.seed, place.queueId);
            standing = standingOf(asOf(held, Date.now()), null, draw ?? undefined);
          }
          if (standing.state === "turn") {
            const admitted = await call("/place", "sale", { sessionId: 2, queueToken: place.queueToken, userId: buyer });
            if (admitted.state === "admitted" && admitted.admittedAt !== undefined) {
              beyond.push(Math.max(0, Date.now() - admitted.admittedAt));
              estimateError.push(Math.abs((firstEstimate ?? admitted.admittedAt) - admitted.admittedAt));
              return;
            }
            // The pace slowed after the copy was made: the shard says not yet; read again shortly.
            if (admitted.state !== "waiting") return;
            held = null;
            await sleep(150);
            continue;
          }
          if (standing.state !== "waiting" && standing.state !== "prequeue") return;
          if (standing.state === "waiting" && firstEstimate === null) firstEstimate = standing.estimatedAt;
          await sleep(nextPollIn(held!, standing, Date.now(), luck));
        }
      }),
    );
    const sale = await figures(2);
    return {
      settings,
      joinsPerSecond: settings.buyers / joinSeconds,
      joinLatencyMs: percentiles(joins),
      joinCpu,
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

/** CPU seconds as a share of the wall time (100% is one core busy) and of the machine's cores. */
function cpu(seconds: number, { wallSeconds, cores }: { wallSeconds: number; cores: number }): string {
  const ofWall = (seconds / wallSeconds) * 100;
  return `${seconds.toFixed(2)} s (${ofWall.toFixed(0)}% of a core, ${(ofWall / cores).toFixed(0)}% of the machine)`;
}

export function queueReport(result: QueueResult): string[] {
  const ms = (p: Percentiles) => `p50 ${p.p50.toFixed(1)} / p99 ${p.p99.toFixed(1)} / max ${p.max.toFixed(1)} ms`;
  const s = result.settings;
  return [
    `Waiting room, one shard (${s.buyers} buyers, ${s.connections} in flight, its storage on ${s.storage === "memory" ? "memory (/dev/shm)" : "disk"}):`,
    `  joins        ${result.joinsPerSecond.toFixed(0)}/s   latency ${ms(result.joinLatencyMs)}   (bot check + place + signed queue token)`,
    `               CPU over the joins' ${result.joinCpu.wallSeconds.toFixed(2)} s: ${cpu(result.joinCpu.loadGeneratorSeconds, result.joinCpu)} load generator, ${result.joinCpu.workerdSeconds === null ? "workerd unknown" : `${cpu(result.joinCpu.workerdSeconds, result.joinCpu)} workerd`}; ${result.joinCpu.cores} cores`,
    `  polls        ${result.pollsPerSecond.toFixed(0)}/s   latency ${ms(result.pollLatencyMs)}   ${result.pollsReachingShard} of ${s.polls} reached the shard`,
    `  admissions   ${result.admissionsPerSecond.toFixed(0)}/s   latency ${ms(result.admissionLatencyMs)}   (bound to an account + signed admission)`,
    `  D1 statements on the join, poll and admission paths: ${result.d1Statements}; the shard's ticks in the on-sale: ${result.shardTicks} (one D1 read each)`,
    `  on-sale of ${s.buyers} pre-queued buyers, drawn ${s.drawLeadMs} ms before opening, batches of ${s.batch} every ${s.intervalMs} ms: ${result.admitted} admitted in ${result.polls} polls`,
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
