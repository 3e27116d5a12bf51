/**
 * Serves the production build for browser tests: a fresh local D1 (migrated and seeded) in its
 * own state folder, then `wrangler dev` on the test port, with the push service double beside it
 * (support/push-service.ts). Playwright starts and stops it.
 */
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { pushServicePort, servePushService } from "./push-service";

const STATE = `tests/e2e/.state/${process.env.E2E_PORT ?? "8790"}`;
const PORT = process.env.E2E_PORT ?? "8790";
// NODE_ENV=production: wrangler dev otherwise bundles React's and React Router's development
// builds into the Worker, which render pages several times slower than the deployed Worker.
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true", WRANGLER_SEND_METRICS: "false", NODE_ENV: "production" };

// `--seed-only` prepares the database and stops: scripts/test.sh seeds it beside the build (each
// mostly uses one core of two), then serves it with E2E_SEEDED=1 instead of seeding it again.
if (process.env.E2E_SEEDED !== "1") {
  rmSync(STATE, { recursive: true, force: true });
  const setup = spawnSync("npx", ["tsx", "functions/seed/setup.ts", "--persist-to", STATE], { stdio: "inherit", env });
  if (setup.status !== 0) process.exit(setup.status ?? 1);
}
if (process.argv.includes("--seed-only")) process.exit(0);

// The push service the Worker sends to (the local demo's PUSH_SERVICE_RELAY): a double beside it.
const pushPort = pushServicePort(Number(PORT));
const pushService = servePushService(pushPort);

const server = spawn(
  "npx",
  // The pass signer Worker runs beside the app, as in `npm start` (its PASS_SIGNER binding).
  ["wrangler", "dev", "-c", "wrangler.toml", "-c", "functions/pass-signer/wrangler.toml", "--ip", "127.0.0.1", "--port", PORT, "--persist-to", STATE, "--live-reload=false", "--show-interactive-dev-session=false", "--var", "ANALYTICS_EVERYWHERE:true", "--var", `PUSH_SERVICE_RELAY:http://127.0.0.1:${pushPort}`],
  { stdio: ["ignore", "inherit", "pipe"], env },
);
// A browser that leaves a page while it is still streaming (every test's next navigation, every
// closed context) makes workerd report the socket it could no longer write to (a broken pipe, or a
// connection the browser reset). That is the browser's doing, not a fault: those lines are
// dropped with the native stack and blank lines workerd writes after them; everything else
// wrangler says is kept.
const CLIENT_GONE = /disconnected: ::write\(fd, buffer\.begin\(\), buffer\.size\(\)\): (Broken pipe|Connection reset by peer)/;
const REPORT_TAIL = /^\s*(stack: .*)?$/;
let inDroppedReport = false;
createInterface({ input: server.stderr! }).on("line", (line) => {
  if (CLIENT_GONE.test(line)) inDroppedReport = true;
  else if (!(inDroppedReport && REPORT_TAIL.test(line))) {
    inDroppedReport = false;
    process.stderr.write(`${line}\n`);
  }
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  pushService.close();
  process.exit(code ?? 0);
});
