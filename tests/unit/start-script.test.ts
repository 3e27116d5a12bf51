/**
 * `npm start` runs wrangler offline-clean, as CI and the browser tests do: without
 * CLOUDFLARE_CF_FETCH_ENABLED=false wrangler fetches request.cf data from workers.cloudflare.com
 * and, offline, prints 'getaddrinfo ENOTFOUND workers.cloudflare.com' on every start. Without
 * NODE_ENV=production wrangler dev bundles React's development build into the Worker.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

const scripts = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> }).scripts;

test("the start script turns off wrangler's request.cf fetch and its metrics, and serves React's production build", () => {
  const wrangler = scripts.start.split("&&").find((part) => part.includes("wrangler dev"));
  expect(wrangler?.trim().startsWith("NODE_ENV=production CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false wrangler dev")).toBe(true);
});

test("the database setup that the start script runs first sets the same variables for its own wrangler calls", () => {
  expect(scripts.start.startsWith("npm run build && npm run db:setup &&")).toBe(true);
  const setup = readFileSync(new URL("../../functions/seed/setup.ts", import.meta.url), "utf8");
  expect(setup).toContain('CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false"');
});
