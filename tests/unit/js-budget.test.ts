/**
 * The JS a first visit to each route downloads, gzip, read from the build's route manifest
 * (tests/bench/route-js.ts): a size budget, not a timing. The goal (tests/bench/size.ts
 * `jsBudgetOf`): 100 KiB for the root every route pays, 105 on each screen of a buyer's way, 110
 * on every other route. Routes not there yet are listed below with the most they may weigh
 * today, so any growth fails and every saving should lower their line; a route not listed must
 * keep to its budget.
 * `npx tsx scripts/js-ceilings.ts` rewrites the list from the current build.
 * Needs a build (npm run build; `npm test` builds first).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { routeJs } from "../bench/route-js";
import { BUYER_PATH_ROUTES, jsBudgetOf } from "../bench/size";

const KIB = 1024;

/**
 * Ceilings (KiB gzip) for routes above their budget: none today. Every page carries a floor of
 * about 95 KiB (terser, two passes, decision 275; the browser's own translator, decision 276):
 * react-dom, React Router, React and the root's chrome and listeners. Forms that validate in the
 * browser add conform and zod/mini's core (decision 174); parts a buyer does not use in the first
 * second come after hydration (decision 317).
 */
const CEILINGS: Record<string, number> = {};

const clientDir = fileURLToPath(new URL("../../build/client", import.meta.url));
const routes = routeJs(clientDir);

describe("first-visit JS per route", () => {
  test("the build lists the routes of a buyer's way to a paid order", () => {
    for (const id of ["root", ...BUYER_PATH_ROUTES]) {
      expect(routes.has(id), id).toBe(true);
    }
  });

  for (const [id, route] of routes) {
    const ceiling = CEILINGS[id] === undefined ? jsBudgetOf(id) : CEILINGS[id] * KIB;
    test(`${id} loads at most ${(ceiling / KIB).toFixed(1)} KiB of JS on a first visit`, () => {
      const largest = route.files.slice(0, 5).map((file) => `${file.path} ${(file.gzip / KIB).toFixed(1)} KiB`);
      expect(route.gzip, `${id}: ${(route.gzip / KIB).toFixed(1)} KiB; largest: ${largest.join(", ")}`).toBeLessThanOrEqual(ceiling);
    });
  }

  test("no ceiling is kept for a route that is already within its budget or gone", () => {
    const loose = Object.keys(CEILINGS).filter((id) => !routes.has(id) || routes.get(id)!.gzip <= jsBudgetOf(id));
    expect(loose).toEqual([]);
  });
});
