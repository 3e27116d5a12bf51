/**
 * The JS a first visit to each route downloads, gzip, read from the build's route manifest
 * (tests/bench/route-js.ts): a size budget, not a timing. The goal is 110 KiB on every route
 * (issue 16). Routes not there yet are listed below with the most they may weigh today, so any
 * growth fails and every saving should lower their line; a route not listed must keep to 110.
 * Needs a build (npm run build; `npm test` builds first).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { routeJs } from "../bench/route-js";

const KIB = 1024;
const BUDGET = 110 * KIB;

/**
 * Today's ceilings (KiB gzip) for the routes above the budget. Every page carries a floor of
 * about 104 KiB (react-dom 42, React Router 38, i18next 14, the entry and root): see
 * docs/decisions/speed.md for what is left to reach 110.
 */
const CEILINGS: Record<string, number> = {};

const clientDir = fileURLToPath(new URL("../../build/client", import.meta.url));
const routes = routeJs(clientDir);

describe("first-visit JS per route", () => {
  test("the build lists the routes of a buyer's way to a paid order", () => {
    for (const id of ["routes/home", "routes/show-list", "routes/tour-detail", "routes/pick-seat", "routes/confirm-ticket", "routes/confirm-order", "routes/order-detail", "routes/pay-success"]) {
      expect(routes.has(id), id).toBe(true);
    }
  });

  for (const [id, route] of routes) {
    const ceiling = CEILINGS[id] === undefined ? BUDGET : CEILINGS[id] * KIB;
    test(`${id} loads at most ${(ceiling / KIB).toFixed(1)} KiB of JS on a first visit`, () => {
      const largest = route.files.slice(0, 5).map((file) => `${file.path} ${(file.gzip / KIB).toFixed(1)} KiB`);
      expect(route.gzip, `${id}: ${(route.gzip / KIB).toFixed(1)} KiB; largest: ${largest.join(", ")}`).toBeLessThanOrEqual(ceiling);
    });
  }

  test("no ceiling is kept for a route that is already within the budget or gone", () => {
    const loose = Object.keys(CEILINGS).filter((id) => !routes.has(id) || routes.get(id)!.gzip <= BUDGET);
    expect(loose).toEqual([]);
  });
});
