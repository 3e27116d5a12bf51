/**
 * The Worker bundles the domain once: the web app's server build (build/server, read after
 * `npm run build`) imports functions/ and the shared app files instead of carrying its own copy.
 */
import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";

const SERVER_BUILD = new URL("../../build/server/index.js", import.meta.url);

function serverBuild(): string {
  if (!existsSync(SERVER_BUILD)) throw new Error("build/server/index.js is missing: run `npm run build` first");
  return readFileSync(SERVER_BUILD, "utf8");
}

test("the server build imports the domain by a path relative to itself", () => {
  const build = serverBuild();
  expect(build).toContain('from"../../functions/market/orders/index.ts"');
  expect(build).toContain('from"../../functions/market/errors.ts"');
  expect(build).toContain('from"../../functions/market/translations/store.ts"');
  expect(build).not.toMatch(/from"\/[^"]*\/functions\//);
});

test("the server build carries no copy of the domain's errors or of the translations", () => {
  const build = serverBuild();
  // MarketError names itself; the about page's heading is one of the translations.
  expect(build).not.toContain('"MarketError"');
  expect(build).not.toContain("Our story");
});
