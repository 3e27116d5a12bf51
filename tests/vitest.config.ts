/**
 * Two suites: `unit` runs pure rules in Node; `worker` runs inside workerd through the real
 * Worker entry and wrangler.toml, with D1 migrations applied to an isolated database per file.
 */
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root,
  test: {
    // The Worker logs one line per request (functions/observability.ts); tests read them through a spy.
    onConsoleLog: (log) => !log.includes('"message":"request"'),
    projects: [
      {
        root,
        plugins: [tsconfigPaths({ root })],
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", setupFiles: ["./tests/support/console-guard.ts"] },
      },
      {
        root,
        plugins: [
          tsconfigPaths({ root }),
          cloudflareTest(async () => ({
            main: "./functions/worker.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // The test deployment's own secret: pages on https://ovation.test are production's, which
              // has no public stand-in key (functions/market/config/deployment.ts).
              bindings: { TEST_MIGRATIONS: await readD1Migrations(`${root}/functions/db/migrations`), DEMAND_SIGNING_KEY: "test-demand-signing-key-7c1e" },
            },
          })),
        ],
        define: { __BUILD_ID__: JSON.stringify("test") },
        test: {
          name: "worker",
          // Each file starts its own workerd and loads the Worker's modules afresh (isolated storage per
          // file); that start is most of a file's time and waits on no other file, so every core runs
          // files (vitest's default leaves one core idle: on two cores, files ran one at a time).
          maxWorkers: Math.max(2, availableParallelism()),
          include: ["tests/worker/**/*.test.ts"],
          globalSetup: ["./tests/worker/support/fresh-build.ts"],
          setupFiles: ["./tests/worker/support/apply-migrations.ts", "./tests/worker/support/ledger-after-each.ts", "./tests/support/console-guard.ts"],
        },
      },
    ],
  },
});
