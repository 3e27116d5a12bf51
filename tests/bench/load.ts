/**
 * Closed-loop load: a fixed number of keep-alive connections, each sending its next request as
 * soon as the previous response has been read to the end, for a fixed time. Latency is taken to
 * the last byte (a streamed page is not served until it is all there) and time to first byte is
 * kept beside it, because streaming is what moves the one without the other.
 *
 * Plain node:http rather than a load-testing package: the server under test manages hundreds of
 * pages a second, far below what one core of node:http can drive, and nothing extra is installed.
 */
import { Agent, request as httpRequest } from "node:http";
import { performance } from "node:perf_hooks";

/** A phone browser: bots (curl included) get fully buffered pages, people get streamed ones. */
/** A number from the environment, or `fallback` when it is missing, not a number or below `min`. */
export function setting(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= min ? value : fallback;
}

export const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "en-US,en;q=0.9",
};

export interface LoadTarget {
  url: string;
  headers: Record<string, string>;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** A request that takes longer than this counts as an error (the server's stream times out at 5 s). */
  timeoutMs?: number;
}

/** Raw samples, so that several rounds of the same target can be merged before summarising. */
export interface LoadSamples {
  latencyMs: number[];
  ttfbMs: number[];
  statuses: Record<string, number>;
  errors: number;
  firstError?: string;
  bytes: number;
  elapsedMs: number;
}

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export interface LoadSummary {
  requests: number;
  seconds: number;
  rps: number;
  latencyMs: Percentiles;
  ttfbMs: Percentiles;
  statuses: Record<string, number>;
  errors: number;
  firstError?: string;
  meanBytes: number;
}

interface Reply {
  status: number;
  ttfbMs: number;
  latencyMs: number;
  bytes: number;
}

function send(agent: Agent, target: LoadTarget, timeoutMs: number): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(target.url, { agent, headers: target.headers }, (res) => {
      const ttfbMs = performance.now() - started;
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ttfbMs, latencyMs: performance.now() - started, bytes }));
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end();
  });
}

/** Drives `target` with `connections` concurrent connections for `seconds`, keeping every sample. */
export async function load(target: LoadTarget, options: LoadOptions): Promise<LoadSamples> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const samples: LoadSamples = { latencyMs: [], ttfbMs: [], statuses: {}, errors: 0, bytes: 0, elapsedMs: 0 };
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  async function connection(): Promise<void> {
    // One agent per loop and one socket per agent: exactly `connections` sockets, each reused.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (performance.now() < deadline) {
        try {
          const reply = await send(agent, target, timeoutMs);
          samples.latencyMs.push(reply.latencyMs);
          samples.ttfbMs.push(reply.ttfbMs);
          samples.bytes += reply.bytes;
          samples.statuses[reply.status] = (samples.statuses[reply.status] ?? 0) + 1;
        } catch (error) {
          samples.errors += 1;
          samples.firstError ??= error instanceof Error ? error.message : String(error);
          // A refused or reset connection fails instantly; pausing keeps a dead server from
          // turning the loop into a busy spin that starves the other connections.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    } finally {
      agent.destroy();
    }
  }

  await Promise.all(Array.from({ length: options.connections }, connection));
  samples.elapsedMs = performance.now() - started;
  return samples;
}

/** Merges rounds of one target: samples pooled, time added. */
export function mergeSamples(rounds: LoadSamples[]): LoadSamples {
  const merged: LoadSamples = { latencyMs: [], ttfbMs: [], statuses: {}, errors: 0, bytes: 0, elapsedMs: 0 };
  for (const round of rounds) {
    for (const value of round.latencyMs) merged.latencyMs.push(value);
    for (const value of round.ttfbMs) merged.ttfbMs.push(value);
    for (const [status, count] of Object.entries(round.statuses)) merged.statuses[status] = (merged.statuses[status] ?? 0) + count;
    merged.errors += round.errors;
    merged.firstError ??= round.firstError;
    merged.bytes += round.bytes;
    merged.elapsedMs += round.elapsedMs;
  }
  return merged;
}

/** Nearest-rank percentiles (no interpolation: every figure is a latency that was observed). */
export function percentiles(values: number[]): Percentiles {
  if (values.length === 0) return { p50: NaN, p90: NaN, p99: NaN, max: NaN, mean: NaN };
  const sorted = Float64Array.from(values).sort();
  const rank = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  let sum = 0;
  for (const value of sorted) sum += value;
  return { p50: rank(0.5), p90: rank(0.9), p99: rank(0.99), max: sorted[sorted.length - 1], mean: sum / sorted.length };
}

export function summarise(samples: LoadSamples): LoadSummary {
  const requests = samples.latencyMs.length;
  const seconds = samples.elapsedMs / 1000;
  return {
    requests,
    seconds,
    rps: seconds > 0 ? requests / seconds : 0,
    latencyMs: percentiles(samples.latencyMs),
    ttfbMs: percentiles(samples.ttfbMs),
    statuses: samples.statuses,
    errors: samples.errors,
    firstError: samples.firstError,
    meanBytes: requests > 0 ? samples.bytes / requests : 0,
  };
}

/** One request, read to the end: what a first visit receives, and when its first byte came. */
export async function fetchOnce(target: LoadTarget): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined>; ttfbMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(target.url, { headers: target.headers }, (res) => {
      const ttfbMs = performance.now() - started;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers, ttfbMs }));
      res.on("error", reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error("no answer within 15000 ms")));
    req.on("error", reject);
    req.end();
  });
}
