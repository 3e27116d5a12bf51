/**
 * npm run deploy:check: bundles the Worker exactly as `wrangler deploy` would (minified), without
 * uploading, and prints its size and gzip size against the platform's limits (docs/scale.md).
 * Run after `npm run build`. Pass `--env stage` or `--env production` to check an environment.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Workers' compressed-size limits: 3 MiB on Free, 10 MiB on Paid (docs/scale.md). */
const FREE_LIMIT_GZIP = 3 * 1024 * 1024;

const outdir = mkdtempSync(join(tmpdir(), "ovation-deploy-check-"));
try {
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--minify", "--outdir", outdir, ...process.argv.slice(2)], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  const bundle = readFileSync(join(outdir, "worker.js"));
  const gzip = gzipSync(bundle, { level: 9 }).length;
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(`\nWorker bundle: ${kib(bundle.length)}, ${kib(gzip)} gzip (Free plan limit ${kib(FREE_LIMIT_GZIP)} gzip)`);
  if (gzip > FREE_LIMIT_GZIP) {
    console.error("The bundle is over the Free plan's compressed limit.");
    process.exitCode = 1;
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
