/**
 * npm run deploy:check: bundles each Worker (the app's, and the pass signer beside it) exactly as
 * `wrangler deploy` would (minified), without
 * uploading and without the network, and prints its size and gzip size against the platform's
 * limits (docs/scale.md) and the parts that weigh most. A broken wrangler.toml, binding or import
 * fails it, and so does a bundle over the product's own gzip ceiling; CI runs it for production
 * (.ci/run). Wrangler's own output is shown only on failure.
 * Run after `npm run build`. Pass `--env stage` or `--env production` to check an environment.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Workers' compressed-size limits: 3 MiB on Free, 10 MiB on Paid (docs/scale.md). */
const FREE_LIMIT_GZIP = 3 * 1024 * 1024;

/**
 * The product's ceiling, well under the plan's: the Worker was 447 KiB gzip once a page's CSS and
 * the translations came from the static assets and zod was imported so its unused parts drop out
 * (docs/decisions.md 278, 284), 436 KiB once the screens stopped bundling react-i18next (286),
 * 447 KiB with search (its index writer, folding, ranking and API: decisions 290-292), 466 KiB
 * with tickets at the gate (entry tickets, the door's check-in object, the QR drawn on the server
 * for the ticket's first paint, RS256 wallet links and three screens: decision 299), 456 KiB
 * once the FAQ and the agreements came from the static assets too (decision 306), and 465 KiB
 * with the stadium on-sale's queue and purchase limits (the shards' own settings and draw, the
 * edge-kept poll, the bot gate's port and adapter, the fairness report, the limits' guards:
 * decisions 300-304), and 477 KiB with web push (the devices' store and settings, the outbox and
 * its sender, each event's notification, RFC 8291/8292 through @block65/webcrypto-web-push, and
 * the notifications page: decisions 307-308), 481 KiB with Apple Wallet passes (the pass's
 * contents, the pass web service and its registrations; the signing itself is the pass signer's:
 * decision 309), and 482 KiB with the bot check at Place order, the placement pace and Stripe's
 * authorise-then-capture (decisions 310-312), and 470 KiB once loaders, mails and the API wrote
 * their words with the product's translator instead of i18next (decision 318). A change that adds weight fails here, where it is made; raise it only with a
 * reason written down.
 */
const CEILING_GZIP = 472 * 1024;

/**
 * The pass signer (functions/pass-signer, decision 309): passkit-generator with node-forge and joi,
 * 142 KiB gzip, which is why it is a Worker of its own rather than part of the app's.
 */
const PASS_SIGNER_CEILING_GZIP = 150 * 1024;

const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;

/** A bundle input's owner: its npm package, or the project folder it lives in. */
function partOf(input: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (inPackage) return inPackage[1];
  const [top, next] = input.split("/");
  return next && ["functions", "app", "build"].includes(top) ? `${top}/${next}` : top;
}

/** Bundles one Worker's config and prints its figures; false when it fails or is over its ceiling. */
function checkWorker(label: string, configArgs: string[], ceiling: number): boolean {
  const outdir = mkdtempSync(join(tmpdir(), "ovation-deploy-check-"));
  try {
    const run = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--minify", "--outdir", outdir, "--metafile", join(outdir, "meta.json"), ...configArgs, ...process.argv.slice(2)], {
      encoding: "utf8",
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    });
    if (run.status !== 0) {
      process.stdout.write(run.stdout);
      process.stderr.write(run.stderr);
      console.error(`${label}: wrangler deploy --dry-run failed (exit ${run.status})`);
      return false;
    }
    const bundle = readFileSync(join(outdir, "worker.js"));
    const gzip = gzipSync(bundle, { level: 9 }).length;
    const meta = JSON.parse(readFileSync(join(outdir, "meta.json"), "utf8")) as { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
    const parts = new Map<string, number>();
    for (const output of Object.values(meta.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) parts.set(partOf(input), (parts.get(partOf(input)) ?? 0) + bytesInOutput);
    }
    const largest = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(`${label}${process.argv.includes("--env") ? ` (${process.argv.slice(2).join(" ")})` : ""}: ${kib(bundle.length)}, ${kib(gzip)} gzip (ceiling ${kib(ceiling)}, Free plan limit ${kib(FREE_LIMIT_GZIP)} gzip)`);
    console.log(`  largest parts (minified): ${largest.map(([part, bytes]) => `${part} ${kib(bytes)}`).join(", ")}`);
    if (gzip > FREE_LIMIT_GZIP) {
      console.error(`${label}: over the Free plan's compressed limit.`);
      return false;
    }
    if (gzip > ceiling) {
      console.error(`${label}: over its ceiling of ${kib(ceiling)} gzip (scripts/deploy-check.ts).`);
      return false;
    }
    return true;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const app = checkWorker("Worker bundle", [], CEILING_GZIP);
const signer = checkWorker("Pass signer bundle", ["--config", "functions/pass-signer/wrangler.toml"], PASS_SIGNER_CEILING_GZIP);
if (!app || !signer) process.exitCode = 1;
