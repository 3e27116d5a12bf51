/**
 * The web door maps the domain's refusals to answers in one place (app/server/refusal.server.ts),
 * as the API door does in functions/api/app.ts: no screen keeps its own copy of the rule.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { MarketError, notFound } from "../../functions/market/errors";
import { isMissing, notFoundPage } from "../../app/server/refusal.server";

const root = fileURLToPath(new URL("../..", import.meta.url));

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

test("a missing record becomes the 404 screen and any other refusal or error passes through unchanged", async () => {
  const missing = thrown(() => notFoundPage(notFound("order")));
  expect(missing).toBeInstanceOf(Response);
  expect((missing as Response).status).toBe(404);

  const refusal = new MarketError("orderAlreadyPaid");
  expect(thrown(() => notFoundPage(refusal))).toBe(refusal);
  const failure = new Error("disk on fire");
  expect(thrown(() => notFoundPage(failure))).toBe(failure);
});

test("only the domain's not-found counts as missing", () => {
  expect(isMissing(notFound("tour"))).toBe(true);
  expect(isMissing(new MarketError("noPermission"))).toBe(false);
  expect(isMissing(new MarketError("notLogin"))).toBe(false);
  expect(isMissing(new Response(null, { status: 404 }))).toBe(false);
});

test("no screen keeps its own copy of the not-found rule", () => {
  const copies: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && path !== join("app", "server", "refusal.server.ts")) {
        const text = readFileSync(join(root, path), "utf8");
        if (/instanceof MarketError && error\.status === 404|function notFound(Page|AsResponse)\(/.test(text)) copies.push(path);
      }
    }
  };
  walk("app");
  expect(copies).toEqual([]);
});
