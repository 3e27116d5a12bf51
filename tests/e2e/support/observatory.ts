/**
 * The MDN HTTP Observatory's own scanner (its npm package), run against the local Worker.
 *
 * The package cannot be a devDependency: its install scripts download the HSTS preload and TLD
 * lists from the internet, and its server side pulls in Postgres' native client, so `npm ci`
 * would fail on an offline machine. The suite installs the pinned version once, scripts off, into
 * node_modules/.cache and gives it an empty preload list (127.0.0.1 is on no such list); the
 * scanner itself (retriever and tests) needs nothing else. Run as a script, it only installs:
 * scripts/test.sh does so beside the build, so no browser test waits on the registry.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const OBSERVATORY_VERSION = "1.4.8";
const PREFIX = resolve(`node_modules/.cache/mdn-http-observatory-${OBSERVATORY_VERSION}`);
const PACKAGE = join(PREFIX, "node_modules/@mdn/mdn-http-observatory");

/** One of the Observatory's tests on one answer, as its scanner reports it. */
export interface ObservatoryOutcome {
  test: string;
  pass: boolean;
  result: string;
}

interface Retrieval {
  responses: { auto?: { status: number } | null };
}
type ObservatoryTest = (retrieval: Retrieval) => { pass: boolean; result: string; constructor: { name: string } };

function installed(): string {
  if (!existsSync(join(PACKAGE, "package.json"))) {
    mkdirSync(PREFIX, { recursive: true });
    execFileSync(
      "npm",
      ["install", "--prefix", PREFIX, "--no-save", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error", `@mdn/mdn-http-observatory@${OBSERVATORY_VERSION}`],
      { stdio: "pipe" },
    );
  }
  const preload = join(PACKAGE, "conf/hsts-preload.json");
  if (!existsSync(preload)) writeFileSync(preload, "{}");
  return PACKAGE;
}

/** Scans one address of the server on `origin` (plain http: no TLS runs locally). */
export async function observe(origin: string, path: string): Promise<{ status: number | undefined; outcomes: ObservatoryOutcome[] }> {
  const root = installed();
  const { retrieve } = (await import(pathToFileURL(join(root, "src/retriever/retriever.js")).href)) as {
    retrieve: (hostname: string, options: { httpPort: string; httpsPort: string; path: string }) => Promise<Retrieval>;
  };
  const { ALL_TESTS } = (await import(pathToFileURL(join(root, "src/constants.js")).href)) as { ALL_TESTS: ObservatoryTest[] };
  const url = new URL(origin);
  // Its https probe goes to a port nothing listens on, so it sees the site as plain http only.
  const retrieval = await retrieve(url.hostname, { httpPort: url.port, httpsPort: "1", path });
  const outcomes = ALL_TESTS.map((run) => {
    const output = run(retrieval);
    return { test: output.constructor.name, pass: output.pass, result: output.result };
  });
  return { status: retrieval.responses.auto?.status, outcomes };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) installed();
