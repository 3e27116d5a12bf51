/**
 * The house keeps its walls (DESIGN §1-§3): read from the import graph of app/ and functions/.
 *
 * Where a wall is still crossed today, the crossing is listed by name below and the test asks
 * for exactly that list: a new crossing fails, and so does a listed one that is gone (strike it
 * from the list), so the list only shrinks.
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
    .sort();
}

const under = (...folders: string[]) => (path: string) => folders.some((folder) => path.startsWith(folder));

test("the graph reader sees the imports the house writes, by relative path and by alias", () => {
  expect(edges).toContainEqual({ from: "functions/market/orders/place-order.ts", to: "functions/market/context/buyer.ts" });
  expect(edges).toContainEqual({ from: "app/routes/login.tsx", to: "app/server/third-party.server.ts" });
  expect(edges).toContainEqual({ from: "app/server/third-party.server.ts", to: "functions/market/errors.ts" });
});

test("no two folders of functions/market import each other", () => {
  expect([...marketFolderLoops(edges).keys()].sort()).toEqual([
    // Still to untangle (issue 11): each pair imports the other.
    "catalog <-> listings",
    "delivery <-> orders",
    "delivery <-> payments",
    "delivery <-> selling",
    "demand <-> listings",
    "listings <-> selling",
    "orders <-> selling",
  ]);
});

test("functions/ never imports app/", () => {
  expect(crossing(under("functions/"), under("app/"))).toEqual([
    // The translations still live in app/locales; the API's and mails' messages read them there.
    "functions/api/messages.ts -> app/i18n/config.ts",
    "functions/api/messages.ts -> app/i18n/resources.ts",
    "functions/market/accounts/code-mail.ts -> app/locales/en-US/account.json",
    "functions/market/accounts/code-mail.ts -> app/locales/zh-HK/account.json",
    "functions/market/students/student-mail.ts -> app/locales/en-US/apps.json",
    "functions/market/students/student-mail.ts -> app/locales/zh-HK/apps.json",
  ]);
});

test("screens reach the adapters and the API door only through the web door's server modules", () => {
  expect(crossing(under("app/routes/", "app/components/", "app/root.tsx"), under("functions/integrations/", "functions/api/"))).toEqual([]);
});

test("browser code imports no server module", () => {
  expect(
    crossing(under("app/platform/"), under("functions/market/preferences/", "functions/integrations/", "functions/api/", "functions/web/", "functions/db/")),
  ).toEqual([]);
});

test("the seed imports only the schema and the market's ground floor (context, money, errors)", () => {
  const groundFloor = under("functions/db/", "functions/market/context/", "functions/market/money/", "functions/market/errors.ts");
  expect(crossing(under("functions/db/seed/"), (path) => path.startsWith("functions/") && !groundFloor(path))).toEqual([]);
});
