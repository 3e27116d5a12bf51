/**
 * The house keeps its walls (DESIGN §1-§3): read from the import graph of app/ and functions/.
 *
 * Each wall asks for an empty list of crossings, so a new one fails with its importer and
 * import named.
 */
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { importGraph, marketFolderLoops, type ImportEdge } from "../support/import-graph";

const root = fileURLToPath(new URL("../..", import.meta.url));
const edges = importGraph(root);

function crossing(from: (path: string) => boolean, to: (path: string) => boolean): string[] {
  return edges
    .filter((edge: ImportEdge) => from(edge.from) && to(edge.to))
    .map((edge) => `${edge.from} -> ${edge.to}`)
    .filter((line, index, lines) => lines.indexOf(line) === index)
    .sort();
}

const under = (...folders: string[]) => (path: string) => folders.some((folder) => path.startsWith(folder));

test("the graph reader sees the imports the house writes, by relative path and by alias", () => {
  expect(edges).toContainEqual({ from: "functions/market/orders/order-buyer.ts", to: "functions/market/accounts/sessions.ts" });
  expect(edges).toContainEqual({ from: "app/routes/login.tsx", to: "app/server/third-party.server.ts" });
  expect(edges).toContainEqual({ from: "app/server/third-party.server.ts", to: "functions/market/errors.ts" });
});

test("no two folders of functions/market import each other", () => {
  expect([...marketFolderLoops(edges).keys()].sort()).toEqual([]);
});

test("functions/ never imports app/", () => {
  expect(crossing(under("functions/"), under("app/"))).toEqual([]);
});

test("screens reach the adapters and the API door only through the web door's server modules", () => {
  expect(crossing(under("app/routes/", "app/components/", "app/root.tsx"), under("functions/integrations/", "functions/api/"))).toEqual([]);
});

test("browser code imports no server module", () => {
  expect(
    crossing(under("app/platform/"), under("functions/market/preferences/", "functions/integrations/", "functions/api/", "functions/web/", "functions/db/")),
  ).toEqual([]);
});

test("the seed imports only the schema and the market's ground floor (context, money, errors, venue geometry)", () => {
  const groundFloor = under("functions/db/", "functions/market/context/", "functions/market/money/", "functions/market/errors.ts", "functions/market/venues/");
  expect(crossing(under("functions/db/seed/"), (path) => path.startsWith("functions/") && !groundFloor(path))).toEqual([]);
});

test("the domain and the screens draw seat maps from the domain's geometry, never from the seed", () => {
  expect(crossing(under("functions/market/", "functions/web/", "functions/api/", "app/"), under("functions/db/seed/"))).toEqual([]);
});

test("the domain imports neither door: the web door and the API door import the domain", () => {
  expect(crossing(under("functions/market/"), under("functions/api/", "functions/web/", "app/"))).toEqual([]);
});

test("the domain names no adapter: it owns the ports and the Worker wires the adapters in", () => {
  expect(crossing(under("functions/market/"), under("functions/integrations/", "functions/wiring.ts"))).toEqual([]);
});
