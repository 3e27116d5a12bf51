/**
 * Browser tests: real Chromium at a 390x844 phone viewport against the production build served
 * by `wrangler dev` (workerd) over a fresh, migrated and seeded local D1.
 */
import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./support/chromium";
import { networkOfItsOwn } from "./support/network";

/** Override with E2E_PORT when another server already holds the default. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8790);
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: "../../test-results",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    ...devices["Pixel 7"],
    baseURL: E2E_ORIGIN,
    browserName: "chromium",
    viewport: { width: 390, height: 844 },
    // A phone's layout at one device pixel per CSS pixel: the tests read layout, not pixels, and
    // software rasterizing four times the pixels was a large part of the suite's time.
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
    // Each test worker is its own network to the Worker (support/network.ts).
    extraHTTPHeaders: networkOfItsOwn(),
    timezoneId: "Asia/Hong_Kong",
    // A trace records the screen all along (a large share of the browser's work): in CI only a
    // retried test is traced, and the retry of a failure is what needs one.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // The service worker (public/sw.js) keeps every page a browser opens, work that every new
    // context repeats: it is proven by offline.spec.ts, which allows it; the other journeys are
    // tested against the network, as on a first visit.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: chromiumPath(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
    },
  },
  webServer: {
    command: "npx tsx tests/e2e/support/serve.ts",
    cwd: "../..",
    url: `${E2E_ORIGIN}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
