/**
 * `npm run bench:profile`: where a signed-in viewer's page spends the Worker's time. The app is
 * built with server source maps and bundled as `npm run bench` does, served by workerd with its
 * DevTools inspector open, and loaded for BENCH_SECONDS (10) with BENCH_CONNECTIONS (4) at
 * BENCH_PROFILE_PATH (/) for a freshly registered buyer, while V8's sampling profiler runs, on a
 * freshly seeded database or on the state folder BENCH_PROFILE_STATE names.
 * It writes the profile (tests/bench/results/signed-in.cpuprofile, for Chrome's DevTools) and
 * prints the self time by source (a package, or a folder of ours) and the heaviest functions.
 * Like the bench, it reports and never fails.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fetch as upgradeFetch, type WebSocket } from "miniflare";
import { SESSION_COOKIE, registerBuyers } from "./contention";
import { BROWSER_HEADERS, load, mergeSamples, setting, summarise } from "./load";
import { ROOT, bundleBaseline, bundleOvation, prepareState, startServer } from "./serve";

const seconds = setting("BENCH_SECONDS", 10, 1);
const connections = Math.round(setting("BENCH_CONNECTIONS", 4, 1));
const path = process.env.BENCH_PROFILE_PATH ?? "/";
/** Microseconds between samples: fine enough for a render of a few milliseconds. */
const SAMPLING_INTERVAL_US = 200;

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** A DevTools protocol session over the Worker's inspector socket. */
async function devtools(url: string): Promise<{ send: <T>(method: string, params?: object) => Promise<T>; close: () => void }> {
  const response = await upgradeFetch(url.replace(/^ws/, "http"), { headers: { upgrade: "websocket", origin: "http://localhost" } });
  const socket: WebSocket | null = response.webSocket;
  if (response.status !== 101 || !socket) throw new Error(`inspector refused: HTTP ${response.status}`);
  const waiting = new Map<number, (reply: { result?: unknown; error?: { message: string } }) => void>();
  socket.addEventListener("message", (event) => {
    const reply = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (reply.id !== undefined) waiting.get(reply.id)?.(reply);
  });
  socket.accept();
  let next = 1;
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        waiting.set(id, (reply) => (reply.error ? reject(new Error(`${method}: ${reply.error.message}`)) : resolve(reply.result as T)));
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Where a source file belongs: its package, or the first two folders of ours (app/routes, functions/market). */
function groupOf(source: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return inPackage[1]!;
  const ours = /(?:^|\/)((?:app|functions|build)\/[^/]+)/.exec(source);
  return ours ? ours[1]! : source || "(unmapped)";
}

function profileReport(profile: Profile, maps: Map<string, SourceMap>, requests: number): string {
  const selfUs = new Map<number, number>();
  profile.samples.forEach((node, index) => selfUs.set(node, (selfUs.get(node) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const byGroup = new Map<string, number>();
  const byFunction = new Map<string, number>();
  // Inclusive time of our own functions (app/, functions/): a sample counts once for each of
  // them on its stack, so a loader's figure holds the queries and formatting it waits on.
  const byOwnFunction = new Map<string, number>();
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const named = new Map<number, { group: string; name: string; ours: boolean }>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (!url) {
      // (program), (garbage collector), (idle): the engine's own work.
      named.set(node.id, { group: functionName, name: functionName, ours: false });
      continue;
    }
    const entry = maps.get(basename(url))?.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number; name?: string } | undefined;
    const source = entry?.originalSource ?? "";
    const where = source.replace(/^.*node_modules\//, "").replace(/^.*\/(app|functions)\//, "$1/");
    named.set(node.id, {
      group: groupOf(source),
      name: `${entry?.name ?? (functionName || "(anonymous)")} ${where}:${(entry?.originalLine ?? 0) + 1}`,
      ours: /^(app|functions)\//.test(where),
    });
  }
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const { group, name } = named.get(id)!;
    if (group === "(idle)" || us === 0) continue;
    busyUs += us;
    byGroup.set(group, (byGroup.get(group) ?? 0) + us);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = named.get(at)!;
      if (frame.ours) onStack.add(frame.name);
    }
    for (const name of onStack) byOwnFunction.set(name, (byOwnFunction.get(name) ?? 0) + us);
  }
  const top = (table: Map<string, number>, count: number) =>
    [...table.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([label, us]) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / busyUs).toFixed(1).padStart(5)}%  ${label}`);
  return [
    `busy ${(busyUs / 1000).toFixed(0)} ms over ${requests} requests: ${(busyUs / 1000 / Math.max(1, requests)).toFixed(2)} ms of the Worker's thread per page`,
    "",
    "self time by source",
    ...top(byGroup, 25),
    "",
    "self time by function",
    ...top(byFunction, 30),
    "",
    "time in our functions, with what they call",
    ...top(byOwnFunction, 30),
  ].join("\n");
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), "ovation-profile-"));
  let stop: (() => Promise<void>) | undefined;
  try {
    process.stderr.write("profile: building with server source maps and bundling\n");
    const bundle = bundleOvation(workDir, { sourceMaps: true });
    // BENCH_PROFILE_STATE: a D1 state folder to serve as it is (the search bench's synthetic
    // catalog, say) in place of a freshly seeded one.
    const stateDir = process.env.BENCH_PROFILE_STATE ?? join(workDir, "state");
    if (!process.env.BENCH_PROFILE_STATE) prepareState(stateDir);
    const server = await startServer({ workerDir: bundle.workerDir, clientDir: bundle.clientDir, baselineScript: await bundleBaseline(workDir), stateDir, inspect: true }, null);
    stop = server.stop;
    if (!server.inspectorUrl) throw new Error("the server opened no inspector");
    const maps = new Map<string, SourceMap>(
      readdirSync(bundle.workerDir)
        .filter((file) => file.endsWith(".js.map"))
        .map((file) => [file.slice(0, -".map".length), new SourceMap(JSON.parse(readFileSync(join(bundle.workerDir, file), "utf8")) as SourceMapPayload)]),
    );
    const [token] = await registerBuyers(server.url, 1, `profile-${Date.now()}`, 1);
    const target = { url: `${server.url}${path}`, headers: { ...BROWSER_HEADERS, cookie: `${SESSION_COOKIE}=${token}` } };
    process.stderr.write(`profile: warming up ${path} for a signed-in viewer\n`);
    await load(target, { connections, seconds: 3 });

    const inspector = await devtools(server.inspectorUrl);
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
    await inspector.send("Profiler.start");
    process.stderr.write(`profile: ${seconds} s of load with the profiler on\n`);
    const summary = summarise(mergeSamples([await load(target, { connections, seconds })]));
    const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
    inspector.close();

    const results = join(ROOT, "tests/bench/results");
    mkdirSync(results, { recursive: true });
    writeFileSync(join(results, "signed-in.cpuprofile"), JSON.stringify(profile));
    console.log(`${path} signed in: ${summary.requests} requests, ${summary.rps.toFixed(1)} req/s, p50 ${summary.latencyMs.p50.toFixed(1)} ms, statuses ${JSON.stringify(summary.statuses)}`);
    console.log(`source maps: ${[...maps.keys()].join(", ") || "none (positions unmapped)"}`);
    console.log(profileReport(profile, maps, summary.requests));
  } catch (error) {
    console.log(`profile failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await stop?.();
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
