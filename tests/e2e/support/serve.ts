/**
 * Serves the production build for browser tests: a fresh local D1 (migrated and seeded) in its
 * own state folder, then `wrangler dev` on the test port. Playwright starts and stops it.
 */
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";

const STATE = `tests/e2e/.state/${process.env.E2E_PORT ?? "8790"}`;
const PORT = process.env.E2E_PORT ?? "8790";
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true", WRANGLER_SEND_METRICS: "false" };

rmSync(STATE, { recursive: true, force: true });
const setup = spawnSync("npx", ["tsx", "functions/seed/setup.ts", "--persist-to", STATE], { stdio: "inherit", env });
if (setup.status !== 0) process.exit(setup.status ?? 1);

const server = spawn(
  "npx",
  ["wrangler", "dev", "--ip", "127.0.0.1", "--port", PORT, "--persist-to", STATE, "--live-reload=false", "--show-interactive-dev-session=false", "--var", "ANALYTICS_EVERYWHERE:true"],
  { stdio: "inherit", env },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
