/**
 * The pass signer Worker (functions/pass-signer) bundled as `wrangler deploy` bundles it, for the
 * worker tests' miniflare, which runs an auxiliary Worker from built JavaScript only. Rebuilt when
 * its sources or the lockfile are newer than the bundle.
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const OUT_DIR = `${root}node_modules/.cache/pass-signer`;
const SOURCES = ["functions/pass-signer/worker.ts", "functions/pass-signer/wrangler.toml", "package-lock.json"];

export function bundlePassSigner(): string {
  const bundle = `${OUT_DIR}/worker.js`;
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  if (SOURCES.every((source) => statSync(`${root}${source}`).mtimeMs <= built)) return bundle;
  const result = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", OUT_DIR, "--config", "functions/pass-signer/wrangler.toml", "--env", ""], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  if (result.status !== 0) throw new Error("bundling the pass signer failed (npx wrangler deploy --dry-run --config functions/pass-signer/wrangler.toml)");
  return bundle;
}

/**
 * The pass signer as a miniflare Worker beside the main one, under the name the main Worker's
 * PASS_SIGNER service binding names (the worker tests, the bench's server): miniflare refuses to
 * start a Worker whose binding names a service it does not run.
 */
export function passSignerWorker() {
  return { name: "ovation-pass-signer", modules: true, scriptPath: bundlePassSigner(), compatibilityDate: "2025-09-01", compatibilityFlags: ["nodejs_compat"] };
}
