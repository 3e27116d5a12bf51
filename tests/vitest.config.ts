/**
 * Two suites: `unit` runs pure rules in Node; `worker` runs inside workerd through the real
 * Worker entry and wrangler.toml, every file on emptied storage with D1's migrations applied.
 */
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import tsconfigPaths from "vite-tsconfig-paths";
import { outboundDouble } from "./support/outbound-double";
import { APNS_RELAY_ORIGIN, APNS_RELAY_TOKEN } from "./support/apns-relay-double";
import { TEST_PASS_CERTIFICATE, TEST_PASS_IDENTITY, TEST_PASS_KEY, TEST_WWDR_CERTIFICATE } from "./support/pass-certificates";
import { passSignerWorker } from "./support/pass-signer-bundle";
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
              // REPLICA_DB: the read copy that lags behind D1 in tests of where reads go (support/lagging-d1.ts).
              d1Databases: ["REPLICA_DB"],
              // The test deployment's own secret: pages on https://ovation.test are production's, which
              // has no public stand-in key (functions/market/config/deployment.ts).
              bindings: { TEST_MIGRATIONS: await readD1Migrations(`${root}/functions/db/migrations`), DEMAND_SIGNING_KEY: "test-demand-signing-key-7c1e", SESSION_SIGNING_KEY: "test-session-signing-key-51d0", ENTRY_SEALING_KEY: "test-entry-sealing-key-9a4f",
                // Cloudflare's documented Turnstile test keys: the widget and siteverify always pass.
                TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
                TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA",
                // The tests' own VAPID key (not the local demo's): a P-256 private JWK.
                // The tests' own pass certificate (support/pass-certificates.ts) and the APNs relay's double.
                APPLE_PASS_TYPE_ID: TEST_PASS_IDENTITY.passTypeIdentifier,
                APPLE_TEAM_ID: TEST_PASS_IDENTITY.teamIdentifier,
                APPLE_PASS_CERTIFICATE: TEST_PASS_CERTIFICATE,
                APPLE_PASS_KEY: TEST_PASS_KEY,
                APPLE_WWDR_CERTIFICATE: TEST_WWDR_CERTIFICATE,
                APPLE_PASS_UPDATE_RELAY: `${APNS_RELAY_ORIGIN}/passes`,
                APPLE_PASS_UPDATE_RELAY_TOKEN: APNS_RELAY_TOKEN,
                VAPID_PRIVATE_KEY: JSON.stringify({ kty: "EC", crv: "P-256", x: "qGq3tq7U9iuWMCN_rIici8FuOsn07jSjznsJhMelnG0", y: "Bt74msdiGb8WWXxJC9J9izbCtEq4eSf4GKbIECxJAL4", d: "X06LbqZhKa47hoZptiGLRKxLEYHFlwJwLIN5vYgGMtQ" }),
              },
              // What leaves the Worker: Turnstile's siteverify, the push service and the APNs relay, each answered by its double.
              outboundService: outboundDouble,
              // The pass signer Worker the PASS_SIGNER service binding names, bundled as wrangler deploys it.
              workers: [passSignerWorker()],
            },
          })),
        ],
        define: { __BUILD_ID__: JSON.stringify("test") },
        test: {
          name: "worker",
          // One workerd per vitest worker, kept from file to file (`isolate: false`): a workerd started
          // and the Worker's modules loaded afresh for every file was most of the suite's time. Each
          // file still starts from empty storage and forgotten in-memory copies
          // (support/apply-migrations.ts). Every core runs files (vitest's default leaves
          // one idle). The timeouts are a guard for a loaded machine, not a speed figure: a file's
          // setup (emptying storage, migrating D1) that overran vitest's 10 s default kept running
          // beside the next file's and emptied its storage under it.
          maxWorkers: Math.max(2, availableParallelism()),
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          include: ["tests/worker/**/*.test.ts"],
          globalSetup: ["./tests/worker/support/fresh-build.ts"],
          setupFiles: ["./tests/worker/support/apply-migrations.ts", "./tests/worker/support/ledger-after-each.ts", "./tests/support/console-guard.ts"],
        },
      },
    ],
  },
});
